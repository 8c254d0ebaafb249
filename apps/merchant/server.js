// Serves the built merchant center (dist/) and proxies /api and /uploads to the API, so the
// console calls its own origin (no CORS, and uploaded images load as plain images).
// The only reader of process.env in the console.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';

const root = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.MERCHANT_PORT ?? 3001);
const host = process.env.HOST || '127.0.0.1';
const api = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

const app = express();
app.disable('x-powered-by');
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Ant Design writes its component styles into <style> elements at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
);
// The API believes X-Forwarded-For from this machine, so its per-address limits count each merchant.
app.use('/api', createProxyMiddleware({ target: api, changeOrigin: false, xfwd: true, pathRewrite: { '^/api': '' } }));
app.use(createProxyMiddleware({ target: api, changeOrigin: false, pathFilter: (pathname) => pathname.startsWith('/uploads/') }));
app.use(express.static(path.join(root, 'dist'), { index: false, maxAge: '1y', immutable: true }));
// A single page: every other path is the console's page (never cached, so a new build shows at once).
app.get('*', (_req, res) => {
  res.setHeader('Cache-Control', 'no-cache');
  res.sendFile(path.join(root, 'dist', 'index.html'));
});

app.listen(port, host, () => {
  console.log(`[merchant] merchant center on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
});
