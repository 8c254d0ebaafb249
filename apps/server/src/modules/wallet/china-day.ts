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
 * When points earned at `at` end (issue 25): points earned in a (GMT+8) year expire at the end of
 * the `years`-th year after it, so with 1 the points of 2026 are usable until 31 December 2027 and
 * end at 2028-01-01 00:00 GMT+8 (the nightly run). Every batch of a year ends at the same instant.
 */
export function expiryAfterYears(at: Date, years: number): Date {
  return yearEnd(Number(chinaDay(at).slice(0, 4)) + years);
}

/** The end of a GMT+8 year: 00:00 GMT+8 on the next 1 January. */
export function yearEnd(year: number): Date {
  return chinaMidnight(`${String(year + 1).padStart(4, '0')}-01-01`);
}
