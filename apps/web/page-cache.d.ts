import type { RequestHandler } from 'express';

/** See page-cache.js. */
export function anonymousPageCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }): RequestHandler;
