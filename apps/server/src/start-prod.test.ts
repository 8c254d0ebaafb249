// `npm run start:prod` is written out three more times: in the README, by the compiled smoke test and
// by the journeys' server. A change of its options (decision 049) must reach them all.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.resolve(server, file), 'utf8');
const startProd = String((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['start:prod']);

describe('npm run start:prod', () => {
  it('is the command the README gives for production, and the one the journeys start', () => {
    expect(startProd).toMatch(/ node .*dist\/server\.js$/);
    expect(read('../../README.md')).toContain(`\`${startProd}\``);
    expect(read('../web/playwright.config.ts')).toContain(startProd);
  });

  it('gives the compiled smoke test its node options', () => {
    const options = startProd.split(' ').filter((word) => word.startsWith('--'));
    expect(read('scripts/smoke-compiled.mjs')).toContain([...options, 'dist/server.js'].map((word) => `'${word}'`).join(', '));
  });
});
