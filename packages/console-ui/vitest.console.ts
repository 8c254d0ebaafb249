import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The test set-up of every console (this package and both consoles): components render in happy-dom
// (Ant Design needs a DOM), with this package's setup (media queries answered, a console.error
// fails the test). Each console's vitest.config.ts is this.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    // Ant Design renders slowly in happy-dom on a busy two-core machine.
    testTimeout: 30_000,
  },
});
