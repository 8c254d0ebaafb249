import { describe, expect, it } from 'vitest';
import { timeLeft } from './group-clock.ts';

describe('the group clock', () => {
  it('counts a team down in days and hh:mm:ss, over only at its end', () => {
    expect(timeLeft(10_000, 8_500)).toEqual({ days: 0, clock: '00:00:02', over: false });
    expect(timeLeft(10_000, 10_000)).toEqual({ days: 0, clock: '00:00:00', over: true });
    expect(timeLeft(90_061_000 + 86_400_000, 0)).toEqual({ days: 2, clock: '01:01:01', over: false });
  });
});
