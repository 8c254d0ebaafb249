import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { serverEnv } from './app/lib/env.server.ts';

// Dev only: the production server (server.js) proxies the same paths to the API.
const api = serverEnv.apiUrl;

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    proxy: {
      '/api': { target: api, rewrite: (p) => p.replace(/^\/api/, ''), ws: true },
      '/uploads': api,
      '/sandbox': api,
    },
  },
});
