import { useCallback, useEffect, useRef, useState } from 'react';
import type { SeckillDetail } from '@bazaar/shared/schemas/seckill';
import { apiData } from '../../lib/api.ts';
import { activityStateAt, useServerNow } from '../../lib/activity/server-clock.ts';

/** The most a refresh at the start waits, at random, so a crowd's pages do not all ask in the same millisecond. */
const START_JITTER_MS = 800;

/**
 * The seckill detail as it moves on in the browser: the server's clock (from the page data, then
 * refined by one call on arrival that measures its round trip), a fresh read of the stocks when the
 * sale opens and whenever the page asks (after a refusal for stock). The button's state comes from
 * this clock, so it turns live at the start without a reload. A 204 (the activity ended meanwhile)
 * is the app shell's: the toast and the way home (section 8).
 */
export function useLiveSeckill(initial: SeckillDetail): { detail: SeckillDetail; now: number | null; refresh: () => Promise<void> } {
  const [detail, setDetail] = useState(initial);
  const [resync, setResync] = useState<{ serverTime: number; sentAt: number; receivedAt: number } | null>(null);
  const seckillId = initial.seckillId;
  useEffect(() => setDetail(initial), [initial]);

  const refresh = useCallback(async () => {
    const sentAt = Date.now();
    try {
      const next = await apiData<SeckillDetail>('/seckill/prod', { query: { seckillId }, silent: true });
      setResync({ serverTime: next.serverTime, sentAt, receivedAt: Date.now() });
      setDetail(next);
    } catch {
      // Kept as it was: a lost connection leaves the page's data, a 204 leaves the page.
    }
  }, [seckillId]);

  // One read on arrival: the clock's round trip, and stocks newer than a cached page's.
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const now = useServerNow(initial.serverTime, resync);

  // The sale opens: the stocks are read again, a moment later (the button is live already).
  const state = now === null ? null : activityStateAt(detail, now);
  const previous = useRef(state);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (before !== 1 || state !== 2) return;
    const timer = window.setTimeout(() => void refresh(), Math.floor(Math.random() * START_JITTER_MS));
    return () => window.clearTimeout(timer);
  }, [state, refresh]);

  return { detail, now, refresh };
}
