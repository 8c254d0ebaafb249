import { defineConfig } from 'vitest/config';

// The shared console components render in happy-dom (Ant Design needs a DOM); pure helpers too.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // Ant Design renders slowly in happy-dom on a busy two-core machine.
    testTimeout: 30_000,
  },
});
