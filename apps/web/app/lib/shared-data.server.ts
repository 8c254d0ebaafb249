// Site-wide answers that every server render needs and that change only when an operator edits
// them (site config, service switch): kept a few seconds per storefront process, so a burst of
// page views costs one API call instead of one each. Browsers still fetch them on every route
// change through the root loader; they may lag an edit by at most SHARED_DATA_TTL_MS.
export const SHARED_DATA_TTL_MS = 3_000;

const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

export function sharedData<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expiresAt: now + SHARED_DATA_TTL_MS, value });
  // A failure is not kept: the next render asks again.
  value.catch(() => entries.delete(key));
  return value;
}
