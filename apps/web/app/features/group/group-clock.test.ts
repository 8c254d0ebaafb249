import { describe, expect, it } from 'vitest';
import { activityStateAt, clockOffset, timeLeft } from './group-clock.ts';

describe('the group clock', () => {
  it('takes the middle of the round trip as the moment the server read its clock', () => {
    // The browser is 90 s fast: the server said 100_000 while the browser read 190_000 +- 50 ms.
    expect(clockOffset(100_000, 190_050, 189_950)).toBe(-90_000);
    // Without the request's time the estimate is late by the delivery, never early.
    expect(clockOffset(100_000, 100_300)).toBe(-300);
  });

  it('reads the activity as not started, running from its start, ended from its end', () => {
    const window = { startAt: 1_000, endAt: 2_000 };
    expect(activityStateAt(window, 999)).toBe(1);
    expect(activityStateAt(window, 1_000)).toBe(2);
    expect(activityStateAt(window, 1_999)).toBe(2);
    expect(activityStateAt(window, 2_000)).toBe(3);
  });

  it('counts a team down in days and hh:mm:ss, over only at its end', () => {
    expect(timeLeft(10_000, 8_500)).toEqual({ days: 0, clock: '00:00:02', over: false });
    expect(timeLeft(10_000, 10_000)).toEqual({ days: 0, clock: '00:00:00', over: true });
    expect(timeLeft(90_061_000 + 86_400_000, 0)).toEqual({ days: 2, clock: '01:01:01', over: false });
  });
});
