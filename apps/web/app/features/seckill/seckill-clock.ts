// The flash sale's buy button and countdown, read on the server's clock (lib/activity/server-clock.ts):
// a shopper whose computer is two minutes fast must not see "buy" before the server opens the sale.
import { activityStateAt } from '../../lib/activity/server-clock.ts';

/** The buy button of /secdetail: not started, buy, sold out or ended. */
export type BuyButtonState = 'notStarted' | 'buy' | 'soldOut' | 'ended';

export function buyButtonState(activity: { startAt: number; endAt: number }, stocksLeft: number, now: number): BuyButtonState {
  const state = activityStateAt(activity, now);
  if (state === 3) return 'ended';
  if (state === 1) return 'notStarted';
  return stocksLeft > 0 ? 'buy' : 'soldOut';
}

/** The countdown's target: the start while not started, the end while running, none once ended. */
export function countdownTarget(activity: { startAt: number; endAt: number }, now: number): { to: 'start' | 'end'; at: number } | null {
  const state = activityStateAt(activity, now);
  if (state === 1) return { to: 'start', at: activity.startAt };
  if (state === 2) return { to: 'end', at: activity.endAt };
  return null;
}
