// The storefront's HTTP server in one process: static assets, a proxy to the API for the browser
// (/api, /uploads, /sandbox and the chat socket), and React Router SSR for everything else.
// server.js reads the environment and runs one of these per worker.
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { createRequestHandler } from '@react-router/express';
import { anonymousPageCache } from './page-cache.js';
import { apiProxies } from './api-proxy.js';
import { isSharedPage } from './shared-pages.js';
import { forwardedHeaders } from './forwarded.js';
import { contentSecurityPolicy } from './security-headers.js';

/**
 * Starts listening; `onListening` runs once the port is open.
 * @param {{ port: number, host: string, api: string, pageCacheMs: number, encodings: import('./page-cache.js').PageEncodings | null, trustedProxies: string | undefined, alipayGatewayUrl: string | undefined, amap: boolean }} settings
 * @param {() => void} onListening
 */
export async function startStorefront({ port, host, api, pageCacheMs, encodings, trustedProxies, alipayGatewayUrl, amap }, onListening) {
  const app = express();
  app.disable('x-powered-by');

  // The API believes our X-Forwarded-For (it trusts loopback), so we set it to the real client.
  const setForwarded = forwardedHeaders(trustedProxies);
  // req.protocol (so https pages and Secure cookies behind a TLS proxy) follows the same rule.
  app.set('trust proxy', (trustedProxies ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  app.use((req, _res, next) => {
    setForwarded(req);
    next();
  });
  const proxies = apiProxies(api);
  app.use('/api', proxies.calls);
  app.use(proxies.passThrough);

  // Proxied answers keep the API's own security headers; everything served from here gets these.
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: contentSecurityPolicy({ alipayGatewayUrl, amap }),
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Agrees with the policy's frame-ancestors 'none' (helmet's default would say SAMEORIGIN).
      xFrameOptions: { action: 'deny' },
    }),
  );
  if (encodings) app.use(compression({ level: encodings.gzipLevel, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: encodings.brQuality } } }));
  // Hashed file names never change content: no validators needed, only a long cache life.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', etag: false, lastModified: false }));
  // Every file there has a dot in its name; asking the disk about each page's path (a stat per
  // page request, 2% of a page's CPU) finds nothing.
  const files = express.static('build/client', { maxAge: '1h', index: false });
  app.use((req, res, next) => (req.path.includes('.') ? files(req, res, next) : next()));
  // Pages the storefront does not render (the payment sandboxes) name no icon, so browsers ask for /favicon.ico.
  app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
  app.use(anonymousPageCache({ ttlMs: pageCacheMs, encodings, sharedPage: isSharedPage }));
  if (encodings) app.use(coalesceWrites);
  app.all(
    '*',
    createRequestHandler({
      build: await import('./build/server/index.js'),
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
    }),
  );

  const server = app.listen(port, host, onListening);
  server.on('upgrade', (req, socket, head) => {
    setForwarded(req);
    proxies.socket.upgrade(req, socket, head);
  });

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => server.close(() => process.exit(0)));
  }
}

/**
 * React writes a page in chunks of about 2 KB and React Router flushes the compressor after each:
 * dozens of compressor calls and flushes a page, which cost CPU (0.9 ms instead of 0.2 for the
 * home page with brotli) and ratio. Rendered answers are gathered per turn of the event loop
 * instead, then written and flushed as one piece, so a streamed page (deferred data) still sends
 * each part as soon as it is rendered. A page is held in memory whole anyway, so the writer's
 * backpressure is not needed here.
 * @type {import('express').RequestHandler}
 */
function coalesceWrites(_req, res, next) {
  const write = res.write;
  const end = res.end;
  const flush = res.flush;
  /** @type {Buffer[]} */
  let pending = [];
  let flushAsked = false;
  let scheduled = false;
  const take = () => {
    const body = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    return body;
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (res.writableEnded) return;
      if (pending.length) write.call(res, take());
      if (flushAsked && typeof flush === 'function') flush.call(res);
      flushAsked = false;
    });
  };
  const toBuffer = (chunk, encoding) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
  res.write = (chunk, encoding, callback) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    if (chunk !== undefined && chunk !== null) pending.push(toBuffer(chunk, encoding));
    schedule();
    if (done) process.nextTick(done);
    return true;
  };
  res.flush = () => {
    flushAsked = true;
    schedule();
  };
  res.end = (chunk, encoding, callback) => {
    const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') pending.push(toBuffer(chunk, encoding));
    return pending.length ? end.call(res, take(), done) : end.call(res, done);
  };
  next();
}
