// The API's time format without zod, so browser code that only reads times (countdowns) does not
// pull the schemas into every page's JavaScript.

/** 'yyyy-MM-dd HH:mm:ss' in GMT+8 (the API's time format) as epoch milliseconds. */
export function parseApiTime(value: string): number {
  return Date.parse(`${value.replace(' ', 'T')}+08:00`);
}
