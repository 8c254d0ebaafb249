// An id read from a page's address (a path segment or a query parameter): the API takes ids from 1 to
// PostgreSQL's integer maximum, written without a sign or leading zero. Anything else is no id: the
// page answers its 404 message or ignores the parameter, and the API is never asked.

/** The largest id the API takes (2^31 - 1). */
export const ID_MAX = 2_147_483_647;

/** The id the text names, or null when it names none. */
export function positiveId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= ID_MAX ? n : null;
}
