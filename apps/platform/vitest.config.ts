import { defineConfig } from 'vitest/config';

// The platform console's data layer and pages render in happy-dom (Ant Design needs a DOM), with the
// shared console components' setup: media queries answered, a console.error fails the test.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['../../packages/console-ui/src/test/setup.ts'],
    // Ant Design renders slowly in happy-dom on a busy two-core machine.
    testTimeout: 30_000,
  },
});
