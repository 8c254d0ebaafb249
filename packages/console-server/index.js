// Serves a built console (the merchant center or the platform console: a single page in dist/) and
// proxies /api (the chat socket's upgrade too) and /uploads to the API, so the console calls its own origin (no CORS, and uploaded
// images and the private documents' signed links load as plain images). Each console's server.js
// reads its environment and hands the settings here.
import path from 'node:path';
import express from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';

/**
 * @param {{ name: string, distDir: string, port: number, host: string, apiUrl: string }} options
 * @returns {import('node:http').Server}
 */
export function serveConsole({ name, distDir, port, host, apiUrl }) {
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
  // The API believes X-Forwarded-For from this machine, so its per-address limits count each person.
  app.use('/api', createProxyMiddleware({ target: apiUrl, changeOrigin: false, xfwd: true, pathRewrite: { '^/api': '' } }));
  app.use(createProxyMiddleware({ target: apiUrl, changeOrigin: false, pathFilter: (pathname) => pathname.startsWith('/uploads/') }));
  // The chat socket (decision 063) upgrades under /api/im/ on the console's own origin too.
  const socket = createProxyMiddleware({ target: apiUrl, changeOrigin: false, ws: true, xfwd: true, pathRewrite: { '^/api': '' } });
  app.use(express.static(distDir, { index: false, maxAge: '1y', immutable: true }));
  // A single page: every other path is the console's page (never cached, so a new build shows at once).
  app.get('*', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(distDir, 'index.html'));
  });
  const server = app.listen(port, host, () => {
    console.log(`${name} on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
  });
  server.on('upgrade', (req, sock, head) => {
    if (req.url?.startsWith('/api/im/')) socket.upgrade(req, sock, head);
    else sock.destroy();
  });
  return server;
}
