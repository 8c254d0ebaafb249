import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination.tsx';

describe('pageWindow', () => {
  it('lists every page when there are few', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });

  it('keeps the first and last pages and a window around the current one', () => {
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 'gap', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 10, 11, 12]);
  });
});
