// Calendar days in China time (GMT+8, no daylight saving), whatever the server's own zone: the
// sign-in day, the nightly points run and the end of a batch all count in them.
const GMT8_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** 'yyyy-MM-dd' of `at` in GMT+8. */
export function chinaDay(at: Date): string {
  return new Date(at.getTime() + GMT8_MS).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 00:00 GMT+8 at the start of `day`. */
export function chinaMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - GMT8_MS);
}

/** The next 00:00 GMT+8 strictly after `at`. */
export function nextChinaMidnight(at: Date): Date {
  return chinaMidnight(addDays(chinaDay(at), 1));
}

/**
 * When points earned at `at` end: `years` later, at the midnight after that day (the nightly run),
 * so they can be used all through their last day. 29 February earns until 1 March's end.
 */
export function expiryAfterYears(at: Date, years: number): Date {
  const [y, m, d] = chinaDay(at).split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
  return chinaMidnight(addDays(last, 1));
}
