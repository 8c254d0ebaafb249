import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX } from '../constants/limits.ts';
import { IdListBodySchema } from './collection.ts';

// The batch-cancel and footprint-delete bodies: an empty list and a list over the limit are told apart.
describe('IdListBodySchema', () => {
  const firstError = (value: unknown) => {
    const result = IdListBodySchema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it.each([
    [[], 'collection.errors.idList'],
    [Array.from({ length: PAGE_SIZE_MAX + 1 }, (_, i) => i + 1), 'collection.errors.idListTooLong'],
    [Array.from({ length: PAGE_SIZE_MAX }, (_, i) => i + 1), null],
    [[1, '2'], null],
  ])('%j -> %s', (value, expected) => {
    expect(firstError(value)).toBe(expected);
  });
});
