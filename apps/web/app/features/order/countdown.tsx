import { useEffect, useState } from 'react';

/** An API time ('yyyy-MM-dd HH:mm:ss', GMT+8) as epoch milliseconds. */
export function apiTimeToMs(value: string): number {
  return new Date(`${value.replace(' ', 'T')}+08:00`).getTime();
}

/** 'mm:ss', or 'h:mm:ss' from an hour up. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/**
 * Milliseconds left until `endTime`, ticking every second in the browser. Null during the server
 * render and before hydration, so server and client markup agree.
 */
export function useRemaining(endTime: string | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!endTime) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endTime]);
  if (!endTime || now === null) return null;
  return Math.max(0, apiTimeToMs(endTime) - now);
}
