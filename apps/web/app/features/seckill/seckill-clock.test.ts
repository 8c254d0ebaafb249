import { describe, expect, it } from 'vitest';
import { buyButtonState, countdownTarget } from './seckill-clock.ts';

const activity = { startAt: 1_000_000, endAt: 2_000_000 };

describe('buyButtonState', () => {
  it('turns live at the start on the server clock, and says sold out or ended', () => {
    expect(buyButtonState(activity, 10, 999_999)).toBe('notStarted');
    expect(buyButtonState(activity, 10, 1_000_000)).toBe('buy');
    expect(buyButtonState(activity, 0, 1_500_000)).toBe('soldOut');
    expect(buyButtonState(activity, 10, 2_000_000)).toBe('ended');
    expect(buyButtonState(activity, 0, 2_000_001)).toBe('ended');
  });
});

describe('countdownTarget', () => {
  it('counts to the start, then to the end, then nothing', () => {
    expect(countdownTarget(activity, 0)).toEqual({ to: 'start', at: 1_000_000 });
    expect(countdownTarget(activity, 1_000_000)).toEqual({ to: 'end', at: 2_000_000 });
    expect(countdownTarget(activity, 2_000_000)).toBeNull();
  });
});
