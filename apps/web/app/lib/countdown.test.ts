import { describe, expect, it } from 'vitest';
import { formatCountdown, splitCountdown } from './countdown.ts';

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours when needed, never below zero', () => {
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(-5)).toBe('00:00');
  });

  it('rounds a part-second up, so every page reads the same second and 00:00 means over', () => {
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(29 * 60_000 + 40_500)).toBe('29:41');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
  });
});

describe('splitCountdown', () => {
  it('counts whole days and shows the rest as hh:mm:ss, rounded up', () => {
    expect(splitCountdown(2 * 86_400_000 + 3_723_000)).toEqual({ days: 2, clock: '01:02:03' });
    expect(splitCountdown(86_400_000 - 1)).toEqual({ days: 1, clock: '00:00:00' });
    expect(splitCountdown(59_001)).toEqual({ days: 0, clock: '00:01:00' });
    expect(splitCountdown(-1)).toEqual({ days: 0, clock: '00:00:00' });
  });
});
