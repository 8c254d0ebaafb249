import { defineConfig } from 'vite';

// The merchant center: a static single-page app, served with its API proxy by server.js.
// React's automatic JSX runtime through esbuild; no dev-only plugins are needed for the build.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
