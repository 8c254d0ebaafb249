// The one countdown of the storefront: the order list, the order detail, the payment page and the
// WeChat QR page all show the time left to pay with this hook and this format, so two of them
// never disagree by a second (one rounding down while the other rounds up).
import { useEffect, useState } from 'react';
import { parseApiTime } from '@bazaar/shared/constants/api-time';

/**
 * 'mm:ss', or 'h:mm:ss' from an hour up. Whole seconds are rounded up: the display reads 00:00
 * only once the time is over, and a fresh 30-minute order shows 30:00.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1_000));
  const h = Math.floor(total / 3_600);
  const m = Math.floor((total % 3_600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/**
 * Milliseconds left until `end` (epoch ms, or an API time 'yyyy-MM-dd HH:mm:ss' in GMT+8), ticking
 * every second in the browser. Null during the server render and before hydration, so server and
 * client markup agree, and when there is no end.
 */
export function useCountdown(end: number | string | null): number | null {
  const endMs = typeof end === 'string' ? parseApiTime(end) : end;
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (endMs === null || Number.isNaN(endMs)) return;
    const tick = () => setLeft(Math.max(0, endMs - Date.now()));
    tick();
    const timer = window.setInterval(tick, 1_000);
    return () => window.clearInterval(timer);
  }, [endMs]);
  return endMs === null || Number.isNaN(endMs) ? null : left;
}

/**
 * A countdown of days: whole days and the rest as 'hh:mm:ss' (a promotion ending in 2 days reads
 * "2天 03:12:45"). Seconds are rounded up as in formatCountdown.
 */
export function splitCountdown(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.ceil(ms / 1_000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, clock: `${pad(Math.floor(rest / 3_600))}:${pad(Math.floor((rest % 3_600) / 60))}:${pad(rest % 60)}` };
}
