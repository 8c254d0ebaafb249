import { defineConfig } from 'vite';
import { consoleChunks, onwarn } from '../../scripts/vite-build.ts';

// The merchant center: a static single-page app, served with its API proxy by server.js.
// React's automatic JSX runtime through esbuild; no dev-only plugins are needed for the build.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  // The known harmless warnings of the dependencies are dropped (scripts/vite-build.ts), and the framework is a chunk of its own.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000, rollupOptions: { onwarn, output: { manualChunks: consoleChunks } } },
});
