import { describe, expect, it } from 'vitest';
import { ID_MAX, positiveId } from './positive-id.ts';

describe('positiveId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', ID_MAX],
    ['2147483648', null],
    ['99999999999', null],
    ['0', null],
    ['01', null],
    ['-3', null],
    ['1.5', null],
    ['1e3', null],
    [' 7', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('reads %s as %s', (value, expected) => {
    expect(positiveId(value)).toBe(expected);
  });
});
