import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '@bazaar/shared/constants/limits';
import { isChunkLoadError, mayReloadNow } from './chunk-reload.ts';

describe('chunk reload', () => {
  const now = 1_800_000_000_000;

  it('reloads the first time and again only after a minute', () => {
    expect(mayReloadNow(null, now)).toBe(true);
    expect(mayReloadNow(now - 1_000, now)).toBe(false);
    expect(mayReloadNow(now - CHUNK_RELOAD_MIN_INTERVAL_MS + 1, now)).toBe(false);
    expect(mayReloadNow(now - CHUNK_RELOAD_MIN_INTERVAL_MS, now)).toBe(true);
  });

  it('does not trust a stored time that is broken or in the future', () => {
    expect(mayReloadNow(Number.NaN, now)).toBe(true);
    expect(mayReloadNow(now + 5_000, now)).toBe(true);
  });

  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/home-abc.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('error loading dynamically imported module'), true],
    [new Error('Unable to preload CSS for /assets/app.css'), true],
    ['Loading chunk 42 failed.', true],
    [new Error('Network request failed'), false],
    [null, false],
    [{ message: 'Failed to fetch dynamically imported module' }, false],
  ])('isChunkLoadError(%s) = %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
