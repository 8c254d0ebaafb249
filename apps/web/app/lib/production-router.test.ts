import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// server.js runs React Router's production build through production-router.js (decision 048).
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resolveIn = (register: boolean) =>
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `${register ? `import { register } from 'node:module'; register('./production-router.js', ${JSON.stringify(pathToFileURL(`${web}/`).href)});` : ''}
       const express = await import('@react-router/express');
       console.log(import.meta.resolve('react-router'), typeof express.createRequestHandler);`,
    ],
    { cwd: web, encoding: 'utf8' },
  ).trim();

describe('the production resolve hook', () => {
  it('sends react-router to its production build, and without it the package names the development one', () => {
    expect(resolveIn(true)).toMatch(/\/react-router\/dist\/production\/index\.mjs function$/);
    expect(resolveIn(false)).toMatch(/\/react-router\/dist\/development\/index\.mjs function$/);
  });
});
