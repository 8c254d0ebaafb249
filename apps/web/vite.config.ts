import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { serverEnv } from './app/lib/env.server.ts';

// Dev only: the production server (server.js) proxies the same paths to the API.
const api = serverEnv.apiUrl;

// What every page runs (UI primitives, the API client, i18n, the layout and the traffic log) goes
// in one chunk rather than a dozen sub-kilobyte ones: fewer requests and better compression.
const SHELL = ['/app/components/', '/app/lib/', '/app/features/layout/', '/app/features/analytics/', '/app/features/account/login-store.ts', '/app/features/account/login-session.ts', '/app/features/account/use-hydrated.ts'];

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    rollupOptions: {
      output: {
        manualChunks(id) {
          // Form helpers stay with the forms (login popup, account pages), which load on demand.
          if (id.includes('/text-field.') || id.includes('/form-errors.')) return undefined;
          if (SHELL.some((part) => id.includes(part)) && !id.includes('.server.')) return 'shell';
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, rewrite: (p) => p.replace(/^\/api/, ''), ws: true },
      '/uploads': api,
      '/sandbox': api,
    },
  },
});
