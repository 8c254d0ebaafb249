import { defineConfig } from 'vitest/config';

// Unit tests for pure TypeScript under app/ (the browser journeys are Playwright's, in tests/e2e).
export default defineConfig({
  test: {
    include: ['app/**/*.test.ts'],
    environment: 'node',
  },
});
