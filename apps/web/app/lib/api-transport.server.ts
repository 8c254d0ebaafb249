// The storefront server's client for the API (decision 048). Global fetch (undici) builds WHATWG
// Request, Response and stream objects for every call and asks for compressed answers: on a
// logged-in page's three or four calls that was 0.3 ms of CPU each. node:http with a keep-alive
// agent costs 0.13 ms and the API answers uncompressed, which it can do cheaply over loopback.
import http from 'node:http';
import https from 'node:https';
import type { Transport } from './api.ts';

/** Sockets kept open to the API per storefront process: above the page concurrency one process sees. */
const MAX_SOCKETS = 64;
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
};

export const nodeTransport: Transport = (url, { method, headers, body, signal }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
    const request = client.request(target, { method, headers, agent, signal }, (response) => {
      response.setEncoding('utf8');
      let text = '';
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const { statusCode = 0 } = response;
        resolve({
          status: statusCode,
          text,
          header: (name) => {
            const value = response.headers[name.toLowerCase()];
            return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
          },
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    // api() sends JSON text; FormData goes through fetch (api.ts), so any other body is a mistake.
    if (body !== undefined && typeof body !== 'string') {
      request.destroy();
      reject(new TypeError('nodeTransport sends only text bodies'));
      return;
    }
    request.end(body);
  });
