import { describe, expect, it } from 'vitest';
import { nextSerialNumber } from './serial-number.ts';

describe('nextSerialNumber', () => {
  it('answers 19 digits, unique and increasing even within one millisecond', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    const numbers = Array.from({ length: 10_000 }, () => nextSerialNumber(now));
    expect(numbers.every((n) => /^\d{19}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
    const sorted = [...numbers].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    expect(sorted).toEqual(numbers);
  });

  it('never goes backwards when the clock does', () => {
    const a = nextSerialNumber(Date.parse('2026-11-23T10:00:05Z'));
    const b = nextSerialNumber(Date.parse('2026-11-23T09:00:00Z'));
    expect(BigInt(b) > BigInt(a)).toBe(true);
  });
});
