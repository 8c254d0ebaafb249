import { describe, expect, it } from 'vitest';
import { formatApiTime } from './api-time.ts';

describe('formatApiTime', () => {
  it('writes GMT+8 to the second, the same for every instant of a second and moving with the next', () => {
    const at = Date.UTC(2026, 11, 31, 15, 59, 59);
    expect(formatApiTime(new Date(at))).toBe('2026-12-31 23:59:59');
    expect(formatApiTime(new Date(at + 999))).toBe('2026-12-31 23:59:59');
    expect(formatApiTime(new Date(at + 1_000))).toBe('2027-01-01 00:00:00');
    expect(formatApiTime(new Date(at - 1))).toBe('2026-12-31 23:59:58');
    expect(formatApiTime(new Date(-1))).toBe('1970-01-01 07:59:59');
    expect(() => formatApiTime(new Date(NaN))).toThrow(RangeError);
  });
});
