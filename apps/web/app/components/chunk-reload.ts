import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '@bazaar/shared/constants/limits';

// Section 8: a route chunk that fails to load (usually after a new deploy) reloads the page,
// at most once a minute so a chunk that is really gone cannot cause a reload loop.
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

export function mayReloadNow(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt) || lastReloadAt > now) return true;
  return now - lastReloadAt >= CHUNK_RELOAD_MIN_INTERVAL_MS;
}

/** Reloads the page unless it already did so within the last minute; says whether it did. */
export function reloadForChunkError(): boolean {
  const now = Date.now();
  let last: number | null = null;
  try {
    const stored = sessionStorage.getItem(CHUNK_RELOAD_KEY);
    last = stored === null ? null : Number(stored);
    if (!mayReloadNow(last, now)) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without session storage there is no way to rate-limit: don't risk a loop.
    return false;
  }
  window.location.reload();
  return true;
}
