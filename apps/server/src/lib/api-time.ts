// The API's time format (reference section 1): 'yyyy-MM-dd HH:mm:ss' in GMT+8, whatever the
// server's own time zone.
const GMT8_MS = 8 * 3_600_000;

export function formatApiTime(date: Date): string {
  return new Date(date.getTime() + GMT8_MS).toISOString().slice(0, 19).replace('T', ' ');
}
