import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // React Router v8's behaviour now (decision 020). Middleware stays off: loaders get their
  // context from getLoadContext in server.js (the CSP nonce).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Loaders see the raw request: lib/root-data.server.ts pageUrl() reads a data request's page.
    v8_passThroughRequests: true,
    // Data requests of '/a/' go to '/a/_.data'; server.js and page-cache.js skip every '.data' path.
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
