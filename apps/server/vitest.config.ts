import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // One fork, no isolation: all files share one app and one database (see test/test-app.ts).
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    isolate: false,
    testTimeout: 20_000,
    // The first file seeds the shared database (about 15 s idle; several times that on a busy machine).
    hookTimeout: 240_000,
  },
});
