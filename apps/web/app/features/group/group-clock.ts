// A team's countdown, on the server's clock (lib/activity/server-clock.ts).
import { splitCountdown } from '../../lib/countdown.ts';

/** What is left until `endAt` at `now`: days and 'hh:mm:ss' (seconds rounded up, so 00:00:00 only once over). */
export function timeLeft(endAt: number, now: number): { days: number; clock: string; over: boolean } {
  return { ...splitCountdown(endAt - now), over: endAt - now <= 0 };
}
