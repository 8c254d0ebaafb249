// Ant Design asks the page for media queries (responsive grids and tables); happy-dom answers none.
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait longer than their 1 s default: Ant Design renders slowly on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

// As in the other suites, a console.error during a test (a React or Ant Design warning) fails it.
beforeEach(() => {
  vi.spyOn(console, 'error');
});
afterEach(() => {
  cleanup();
  expect(console.error).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});
