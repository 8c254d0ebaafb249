// Every capped field refuses over-long input with its rule's message (shared zod schemas) instead
// of cutting it silently: no input or textarea of the storefront carries maxLength.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('capped fields', () => {
  it('never cut what the shopper typed: no maxLength, no slicing of an input value', () => {
    const offenders = sources(APP).filter((file) => {
      const code = readFileSync(file, 'utf8');
      return /\bmaxLength\s*=|\.value\.slice\(\s*0\s*,/.test(code);
    });
    expect(offenders.map((file) => path.relative(APP, file))).toEqual([]);
  });
});
