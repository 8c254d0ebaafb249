import { describe, expect, it } from 'vitest';
import { buyButtonState, clockOffset, countdownTarget, stateAt } from './seckill-clock.ts';

const activity = { startAt: 1_000_000, endAt: 2_000_000 };

describe('clockOffset', () => {
  it('takes the middle of the round trip as the moment the server read its clock', () => {
    // The browser is 90 s fast: the server said 100_000 while the browser read 190_000 +- 50 ms.
    expect(clockOffset(100_000, 190_050, 189_950)).toBe(-90_000);
    expect(clockOffset(500_000, 400_000, 399_000)).toBe(100_500);
  });

  it('without the request time uses the arrival, so the estimate is late, never early', () => {
    expect(clockOffset(100_000, 100_300)).toBe(-300);
  });
});

describe('stateAt', () => {
  it('is not started before the start, running from it, ended from the end', () => {
    expect(stateAt(activity, 999_999)).toBe(1);
    expect(stateAt(activity, 1_000_000)).toBe(2);
    expect(stateAt(activity, 1_999_999)).toBe(2);
    expect(stateAt(activity, 2_000_000)).toBe(3);
  });
});

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
