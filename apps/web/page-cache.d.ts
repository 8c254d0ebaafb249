import type { RequestHandler } from 'express';

/** Compression levels of stored pages; null keeps only the page (a reverse proxy compresses). */
export type PageEncodings = { brQuality: number; gzipLevel: number };

/** See page-cache.js. */
export function anonymousPageCache(options: { ttlMs: number; maxEntries?: number; now?: () => number; encodings?: PageEncodings | null; sharedPage?: (path: string) => boolean }): RequestHandler;

/** The encoding a page is answered with for an Accept-Encoding header: br, else gzip, else none. */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null;
