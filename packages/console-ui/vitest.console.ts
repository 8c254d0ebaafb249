import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const INCLUDE = /^src\/.*\.test\.tsx?$/;

/**
 * The console's test files that mock a module (`vi.mock`): those keep a module graph of their own,
 * since a module an earlier file loaded unmocked would stay so. The rest share one (below).
 */
function filesThatMockModules(root: string): string[] {
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .filter((file) => INCLUDE.test(file) && readFileSync(path.join(root, file), 'utf8').includes('vi.mock('));
}

const mocking = filesThatMockModules(process.cwd());

// The test set-up of every console (this package and both consoles): components render in happy-dom
// (Ant Design needs a DOM), with this package's setup (media queries answered, a console.error
// fails the test). Each console's vitest.config.ts is this.
//
// The files share one module graph and one DOM per worker (`isolate: false`) unless they mock a
// module: importing Ant Design and the console again for every file was half of each suite's time
// (measured 2026-12-06 on the merchant center's 11 files: 80 s and 56 s of CPU isolated, 38 s and
// 31 s shared). The setup file still runs for each file, and it cleans the DOM after every test.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'happy-dom',
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    // Ant Design renders slowly in happy-dom on a busy two-core machine.
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mocking, isolate: false } },
      ...(mocking.length > 0 ? [{ extends: true as const, test: { name: 'mocking', include: mocking } }] : []),
    ],
  },
});
