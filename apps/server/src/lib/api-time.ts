// The API's time format (reference section 1): 'yyyy-MM-dd HH:mm:ss' in GMT+8, whatever the
// server's own time zone.
const GMT8_MS = 8 * 3_600_000;

// The last second formatted: a burst (a thousand chat messages a second) formats the same second
// over and over, and each time was a Date and three strings.
let lastSecond = NaN;
let lastText = '';

export function formatApiTime(date: Date): string {
  const ms = date.getTime();
  const second = Math.floor(ms / 1000);
  if (second === lastSecond) return lastText;
  const text = new Date(ms + GMT8_MS).toISOString().slice(0, 19).replace('T', ' ');
  lastSecond = second;
  lastText = text;
  return text;
}
