// The flash sale's clock runs on the server's time, never the browser's alone: a shopper whose
// computer is two minutes fast must not see "buy" before the server opens the sale (it would only
// get 'Event not started'), nor one whose computer is slow see it late. Every flash-sale answer
// carries `serverTime` (epoch ms); the page keeps the difference to the browser's clock and reads
// "now" as Date.now() plus that difference.
import { useEffect, useState } from 'react';
import type { SeckillState } from '@bazaar/shared/constants/seckill';

/**
 * Server time minus browser time, from one answer: the server read its clock somewhere between the
 * request leaving (sentAt) and the answer arriving (receivedAt); the middle is the best guess
 * (Cristian's algorithm). Without sentAt (data that came with the page), receivedAt alone: the
 * estimate is then late by the delivery time, so a countdown reaches zero a little late, never early.
 */
export function clockOffset(serverTime: number, receivedAt: number, sentAt: number = receivedAt): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

/** The activity's state at `now` (server time): reference §3's 1 not started, 2 running, 3 ended. */
export function stateAt(window: { startAt: number; endAt: number }, now: number): SeckillState {
  if (now >= window.endAt) return 3;
  if (now < window.startAt) return 1;
  return 2;
}

/** The buy button of /secdetail: not started, buy, sold out or ended. */
export type BuyButtonState = 'notStarted' | 'buy' | 'soldOut' | 'ended';

export function buyButtonState(activity: { startAt: number; endAt: number }, stocksLeft: number, now: number): BuyButtonState {
  const state = stateAt(activity, now);
  if (state === 3) return 'ended';
  if (state === 1) return 'notStarted';
  return stocksLeft > 0 ? 'buy' : 'soldOut';
}

/** The countdown's target: the start while not started, the end while running, none once ended. */
export function countdownTarget(activity: { startAt: number; endAt: number }, now: number): { to: 'start' | 'end'; at: number } | null {
  const state = stateAt(activity, now);
  if (state === 1) return { to: 'start', at: activity.startAt };
  if (state === 2) return { to: 'end', at: activity.endAt };
  return null;
}

/**
 * The server's "now" in the browser, ticking each second; null during the server render and before
 * hydration, so server and browser markup agree. `serverTime` is the page data's clock reading;
 * `resync` (a newer reading with the moments its request left and came back) replaces the estimate.
 */
export function useServerNow(serverTime: number, resync: { serverTime: number; sentAt: number; receivedAt: number } | null = null): number | null {
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
