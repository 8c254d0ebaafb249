import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, api, setServerTransport } from './api.ts';
import { nodeTransport } from './api-transport.server.ts';

// A real HTTP server stands in for the API: what the storefront's loaders send and how answers map.
let server: http.Server;
let base = '';
const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === '/refused') {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'x-error-code': 'cart.errors.stock' });
        return res.end('库存不足');
      }
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 2_000);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: '青花瓷茶杯', extra: 1, echo: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  seen.length = 0;
  setServerTransport(nodeTransport);
});

describe('the server transport (node:http)', () => {
  it('sends the language, token and JSON body, and parses the answer with the schema', async () => {
    const answer = await api('/p/thing', { baseUrl: base, method: 'POST', body: { count: 2 }, token: 'tok', lang: 'en', schema: z.object({ name: z.string(), echo: z.object({ count: z.number() }) }) });
    expect(answer).toEqual({ name: '青花瓷茶杯', echo: { count: 2 } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/p/thing', body: '{"count":2}' });
    expect(seen[0]!.headers).toMatchObject({ authorization: 'tok', 'accept-language': 'en', 'content-type': 'application/json' });
    // Loopback answers are not compressed: nothing asks for it.
    expect(seen[0]!.headers['accept-encoding']).toBeUndefined();
  });

  it('turns a refusal into an ApiError with its text and error code', async () => {
    const error = await api('/refused', { baseUrl: base }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, text: '库存不足', code: 'cart.errors.stock' });
  });

  it('answers a network failure as status 0 and passes an abort through', async () => {
    const closed = await api('/x', { baseUrl: 'http://127.0.0.1:1' }).catch((e: unknown) => e);
    expect(closed).toMatchObject({ status: 0 });
    const abort = new AbortController();
    const pending = api('/slow', { baseUrl: base, signal: abort.signal }).catch((e: unknown) => e);
    setTimeout(() => abort.abort(), 20);
    expect(((await pending) as Error).name).toBe('AbortError');
  });

  it('keeps the connection for the next call', async () => {
    await api('/a', { baseUrl: base });
    await api('/b', { baseUrl: base });
    expect(seen.map((s) => s.headers.connection)).toEqual(['keep-alive', 'keep-alive']);
  });
});
