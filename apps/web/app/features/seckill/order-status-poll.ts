// After submit the flash order is written from a queue (decision 062): the confirm page asks
// createOrderStatus every 3 s, at most 10 times (reference §5.6), then shows the failure text.
import { SECKILL_STATUS_POLL_MAX, SECKILL_STATUS_POLL_MS } from '@bazaar/shared/constants/seckill';
import type { SeckillOrderStatus } from '@bazaar/shared/schemas/seckill';

export type PollOutcome = { outcome: 'created' } | { outcome: 'failed'; message: string | null } | { outcome: 'timeout' } | { outcome: 'stopped' };

export interface PollOptions {
  /** One createOrderStatus call; a rejection (a 'hot' refusal, a lost connection) counts as a try that told nothing. */
  check: () => Promise<SeckillOrderStatus>;
  /** Waits; rejects or resolves early when the page is left (the signal aborts). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  intervalMs?: number;
  maxTries?: number;
  /** Whether an error ends the polling at once (a 401: the shopper is no longer logged in). */
  isFatal?: (error: unknown) => boolean;
  /** Called before each try with its number (1-based), for the page's "queuing" line. */
  onTry?: (n: number) => void;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Polls until the order exists, fails, or the tries run out; each try comes one interval after the last. */
export async function pollOrderStatus({
  check,
  sleep: wait = sleep,
  signal,
  intervalMs = SECKILL_STATUS_POLL_MS,
  maxTries = SECKILL_STATUS_POLL_MAX,
  isFatal = () => false,
  onTry,
}: PollOptions): Promise<PollOutcome> {
  for (let n = 1; n <= maxTries; n++) {
    await wait(intervalMs, signal);
    if (signal?.aborted) return { outcome: 'stopped' };
    onTry?.(n);
    try {
      const status = await check();
      if (signal?.aborted) return { outcome: 'stopped' };
      if (status.created || status.state === 'created') return { outcome: 'created' };
      if (status.state === 'failed') return { outcome: 'failed', message: status.message };
    } catch (error) {
      if (signal?.aborted) return { outcome: 'stopped' };
      if (isFatal(error)) return { outcome: 'stopped' };
    }
  }
  return { outcome: 'timeout' };
}
