// The group-buy pages count down on the server's clock, never the browser's alone: a team's end and
// the activity's window are the server's, and a shopper whose computer is a few minutes off must not
// see a team open that the server has closed. Every group answer with a countdown carries
// `serverTime` (epoch ms); the page keeps the difference to the browser's clock, refined by each
// read of the open teams (the middle of the request's round trip, as the flash sale's clock does).
import { useEffect, useState } from 'react';
import { splitCountdown } from '../../lib/countdown.ts';

/** Server time minus browser time, from one answer read between `sentAt` and `receivedAt` (without sentAt: late, never early). */
export function clockOffset(serverTime: number, receivedAt: number, sentAt: number = receivedAt): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

/** A reading of the server's clock with the moments its request left and its answer came back. */
export interface ClockReading {
  serverTime: number;
  sentAt: number;
  receivedAt: number;
}

/**
 * The server's "now" in the browser, ticking each second; null during the server render and before
 * hydration, so server and browser markup agree. `serverTime` comes with the page's data; `resync`
 * (a newer reading) replaces the estimate.
 */
export function useServerClock(serverTime: number, resync: ClockReading | null = null): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setOffset(clockOffset(serverTime, Date.now())), [serverTime]);
  useEffect(() => {
    if (resync) setOffset(clockOffset(resync.serverTime, resync.receivedAt, resync.sentAt));
  }, [resync]);
  useEffect(() => {
    if (offset === null) return;
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = window.setInterval(tick, 1_000);
    return () => window.clearInterval(timer);
  }, [offset]);
  return now;
}

/** The activity's state at `now` (server time): 1 not started, 2 running, 3 ended. */
export function activityStateAt(window: { startAt: number; endAt: number }, now: number): 1 | 2 | 3 {
  if (now >= window.endAt) return 3;
  if (now < window.startAt) return 1;
  return 2;
}

/** What is left until `endAt` at `now`: days and 'hh:mm:ss' (seconds rounded up, so 00:00:00 only once over). */
export function timeLeft(endAt: number, now: number): { days: number; clock: string; over: boolean } {
  return { ...splitCountdown(endAt - now), over: endAt - now <= 0 };
}
