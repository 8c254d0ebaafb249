// Site-wide answers that every server render needs and that change only when an operator edits
// them (site config, service switch): kept a few seconds per storefront process, so a burst of
// page views costs one API call instead of one each. Browsers still fetch them on every route
// change through the root loader; they may lag an edit by at most SHARED_DATA_TTL_MS.
//
// The same lru-cache as the API's cache helper (apps/server/src/lib/cache.ts): a TTL, a size bound
// and single-flight loads. The TTL stays this short on purpose: the storefront hears no Redis
// invalidation, so a short life is how an edit reaches every storefront process.
import { LRUCache } from 'lru-cache';

export const SHARED_DATA_TTL_MS = 3_000;
/** A handful of keys are used (one per site-wide answer); the bound only guards against a misuse. */
const MAX_ENTRIES = 100;

export type SharedData = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** A shared-data store on its own clock (tests move it); `ttlMs` for data that changes even less often. */
export function createSharedData(now: () => number = () => Date.now(), ttlMs = SHARED_DATA_TTL_MS): SharedData {
  const store = new LRUCache<string, { value: unknown }, () => Promise<unknown>>({
    max: MAX_ENTRIES,
    ttl: ttlMs,
    perf: { now },
    ttlResolution: 0,
    // Readers of a missing key share one load; a failed load is not kept, the next render asks again.
    fetchMethod: async (_key, _stale, { context: load }) => ({ value: await load() }),
  });
  return async <T>(key: string, load: () => Promise<T>) => (await store.fetch(key, { context: load }))!.value as T;
}

/** This storefront process's shared data. */
export const sharedData: SharedData = createSharedData();
