// The activity pages (flash sale, group-buy) count down on the server's clock, never the browser's
// alone: a shopper whose computer is two minutes fast must not see "buy" before the server opens a
// sale (it would only get 'Event not started'), nor a team open that the server has closed. Every
// answer with a countdown carries `serverTime` (epoch ms); the page keeps the difference to the
// browser's clock and reads "now" as Date.now() plus that difference.
//
// lib/activity/ is what the activity features share; it loads with their chunks, not with the
// shell (vite.config.ts), so the landing pages' weight does not grow with it.
import { useEffect, useState } from 'react';

/**
 * Server time minus browser time, from one answer: the server read its clock somewhere between the
 * request leaving (sentAt) and the answer arriving (receivedAt); the middle is the best guess
 * (Cristian's algorithm). Without sentAt (data that came with the page), receivedAt alone: the
 * estimate is then late by the delivery time, so a countdown reaches zero a little late, never early.
 */
export function clockOffset(serverTime: number, receivedAt: number, sentAt: number = receivedAt): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

/** A reading of the server's clock with the moments its request left and its answer came back. */
export interface ClockReading {
  serverTime: number;
  sentAt: number;
  receivedAt: number;
}

/** An activity's state at `now` (server time): reference §3's 1 not started, 2 running, 3 ended. */
export function activityStateAt(window: { startAt: number; endAt: number }, now: number): 1 | 2 | 3 {
  if (now >= window.endAt) return 3;
  if (now < window.startAt) return 1;
  return 2;
}

/**
 * The server's "now" in the browser, ticking each second; null during the server render and before
 * hydration, so server and browser markup agree. `serverTime` is the page data's clock reading;
 * `resync` (a newer reading) replaces the estimate.
 */
export function useServerNow(serverTime: number, resync: ClockReading | null = null): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  const [now, setNow] = useState<number | null>(null);
  // The page data's reading, taken when the page (or its data) arrived.
  useEffect(() => setOffset(clockOffset(serverTime, Date.now())), [serverTime]);
  useEffect(() => {
    if (resync) setOffset(clockOffset(resync.serverTime, resync.receivedAt, resync.sentAt));
  }, [resync]);
  useEffect(() => {
    if (offset === null) return;
    const tick = () => setNow(Date.now() + offset);
    tick();
    // Ticks on the second boundary of the server's clock, so a countdown never shows a second twice.
    let timer = 0;
    const schedule = () => {
      const wait = 1_000 - ((Date.now() + offset) % 1_000) + 5;
      timer = window.setTimeout(() => {
        tick();
        schedule();
      }, wait);
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, [offset]);
  return now;
}
