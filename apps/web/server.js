// Production server for the storefront: static assets, a proxy to the API for the browser
// (/api, /uploads, /sandbox and the chat socket), and React Router SSR for everything else.
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createRequestHandler } from '@react-router/express';
import { anonymousPageCache } from './page-cache.js';

const port = Number(process.env.WEB_PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const api = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
// How long a page rendered for a visitor who is not logged in is served again to others (0 = off).
const pageCacheMs = Number(process.env.SSR_CACHE_MS ?? 2000);

const app = express();
app.disable('x-powered-by');

const apiProxy = createProxyMiddleware({ target: api, changeOrigin: false, ws: true, xfwd: true, pathRewrite: { '^/api': '' } });
app.use('/api', apiProxy);
const passThrough = (pathname) => pathname.startsWith('/uploads/') || pathname === '/sandbox' || pathname.startsWith('/sandbox/');
app.use(createProxyMiddleware({ target: api, pathFilter: passThrough, xfwd: true }));

app.use(compression());
// Hashed file names never change content: no validators needed, only a long cache life.
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', etag: false, lastModified: false }));
app.use(express.static('build/client', { maxAge: '1h' }));
app.use(anonymousPageCache({ ttlMs: pageCacheMs }));
app.all('*', createRequestHandler({ build: await import('./build/server/index.js') }));

const server = app.listen(port, host, () => {
  console.log(`Bazaar storefront on http://localhost:${port}`);
});
server.on('upgrade', apiProxy.upgrade);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
