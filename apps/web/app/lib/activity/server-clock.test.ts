import { describe, expect, it } from 'vitest';
import { activityStateAt, clockOffset } from './server-clock.ts';

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

describe('activityStateAt', () => {
  it('is not started before the start, running from it, ended from the end', () => {
    expect(activityStateAt(activity, 999_999)).toBe(1);
    expect(activityStateAt(activity, 1_000_000)).toBe(2);
    expect(activityStateAt(activity, 1_999_999)).toBe(2);
    expect(activityStateAt(activity, 2_000_000)).toBe(3);
  });
});
