// Production server for the storefront: static assets, a proxy to the API for the browser
// (/api, /uploads, /sandbox and the chat socket), and React Router SSR for everything else.
import { randomBytes } from 'node:crypto';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createRequestHandler } from '@react-router/express';
import { anonymousPageCache } from './page-cache.js';
import { forwardedHeaders } from './forwarded.js';
import { contentSecurityPolicy } from './security-headers.js';

const port = Number(process.env.WEB_PORT ?? 3000);
// Loopback only unless HOST opens it wider (0.0.0.0, ::, an interface address).
const host = process.env.HOST || '127.0.0.1';
const api = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
// How long a page rendered for a visitor who is not logged in is served again to others (0 = off).
const pageCacheMs = Number(process.env.SSR_CACHE_MS ?? 2000);

const app = express();
app.disable('x-powered-by');

// The API believes our X-Forwarded-For (it trusts loopback), so we set it to the real client.
const setForwarded = forwardedHeaders(process.env.TRUSTED_PROXIES);
// req.protocol (so https pages and Secure cookies behind a TLS proxy) follows the same rule.
app.set('trust proxy', (process.env.TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean));
app.use((req, _res, next) => {
  setForwarded(req);
  next();
});
const apiProxy = createProxyMiddleware({ target: api, changeOrigin: false, ws: true, pathRewrite: { '^/api': '' } });
app.use('/api', apiProxy);
const passThrough = (pathname) => pathname.startsWith('/uploads/') || pathname === '/sandbox' || pathname.startsWith('/sandbox/');
app.use(createProxyMiddleware({ target: api, pathFilter: passThrough }));

// Proxied answers keep the API's own security headers; everything served from here gets these.
app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: contentSecurityPolicy({ alipayGatewayUrl: process.env.ALIPAY_GATEWAY_URL, amap: Boolean(process.env.AMAP_JS_KEY && process.env.AMAP_SECURITY_CODE) }),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
);
app.use(compression());
// Hashed file names never change content: no validators needed, only a long cache life.
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', etag: false, lastModified: false }));
app.use(express.static('build/client', { maxAge: '1h' }));
// Pages the storefront does not render (the payment sandboxes) name no icon, so browsers ask for /favicon.ico.
app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
app.use(anonymousPageCache({ ttlMs: pageCacheMs }));
app.all(
  '*',
  createRequestHandler({
    build: await import('./build/server/index.js'),
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
  }),
);

const server = app.listen(port, host, () => {
  console.log(`Bazaar storefront on http://${host.includes(':') ? `[${host}]` : host}:${port}`);
});
server.on('upgrade', (req, socket, head) => {
  setForwarded(req);
  apiProxy.upgrade(req, socket, head);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
