// A short-lived cache of server-rendered pages for visitors who are not logged in.
// Anonymous pages are the same for everyone with the same URL and language, and a burst of
// visitors (a sale starting, a link shared) would otherwise render the same page once each.
// Pages are kept a few seconds, concurrent misses for one page render it once, and anything
// personal is never stored: requests with a token cookie (but for shared pages, below), responses
// that set a cookie, and anything but a 200 HTML document pass straight through.
//
// Shared pages (`sharedPage`, shared-pages.js: the home page, the product list, the product page,
// the cart and the order list) are rendered the same for a shopper and a visitor, and the shopper's
// own parts are filled in by the browser. A shopper's request for one is answered from the same
// stored page: its token cookie is removed before the page is rendered, and the request is marked
// (SHARED_PAGE_HEADER) so the loaders leave the shopper's data to the browser (decision 052).
//
// A stored page is compressed at most once per encoding (br, gzip), when a visitor first asks for
// it, and those bytes are served to everyone after; a client that accepts neither gets the page as
// is. With `encodings: null` (COMPRESS=false: a reverse proxy compresses) only the page is kept.
import zlib from 'node:zlib';
import { SHARED_PAGE_HEADER } from './shared-pages.js';

const TOKEN_COOKIE = /(?:^|;\s*)token=/;
const TOKEN_COOKIE_PART = /(?:^|;\s*)token=[^;]*/g;
const LANGUAGE_COOKIE = /(?:^|;\s*)language=([^;]*)/;
const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'vary', 'set-cookie', 'connection', 'date', 'etag']);

/** @typedef {{ brQuality: number, gzipLevel: number }} Encodings */
/** @typedef {{ expiresAt: number, status: number, headers: Record<string, string | string[]>, body: Buffer, encoded: { br?: Buffer, gzip?: Buffer } }} Entry */

/**
 * The encoding to answer with: br when the client accepts it, else gzip, else none. q=0 refuses
 * one; `*` stands for any not named.
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | null}
 */
export function chooseEncoding(header) {
  if (!header) return null;
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (name) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * @param {Buffer} body
 * @param {'br' | 'gzip'} encoding
 * @param {Encodings} levels
 */
function encode(body, encoding, levels) {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: levels.gzipLevel });
}

/**
 * The Cookie header without the token: a shared page is rendered as for a visitor.
 * @param {string} cookies
 */
function withoutToken(cookies) {
  return cookies.replace(TOKEN_COOKIE_PART, '').replace(/^;\s*/, '');
}

/**
 * @param {{ ttlMs: number, maxEntries?: number, now?: () => number, encodings?: Encodings | null, sharedPage?: (path: string) => boolean }} options
 * @returns {import('express').RequestHandler}
 */
export function anonymousPageCache({ ttlMs, maxEntries = 500, now = Date.now, encodings = null, sharedPage = () => false }) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  /** @type {Map<string, Array<() => void>>} requests waiting for a page that is being rendered */
  const waiting = new Map();

  /** @param {import('express').Request} req @param {import('express').Response} res @param {Entry} entry */
  function send(req, res, entry) {
    res.status(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader('x-page-cache', 'hit');
    let body = entry.body;
    if (encodings) {
      res.setHeader('vary', 'Accept-Encoding');
      const encoding = chooseEncoding(req.headers['accept-encoding']);
      if (encoding) {
        body = entry.encoded[encoding] ??= encode(entry.body, encoding, encodings);
        res.setHeader('content-encoding', encoding);
      }
    }
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return function pageCache(req, res, next) {
    delete req.headers[SHARED_PAGE_HEADER];
    if (ttlMs <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    // Documents only: React Router's data requests (.data) and assets are left alone.
    if (!(req.headers.accept ?? '').includes('text/html') && !(req.headers.accept ?? '').includes('*/*')) return next();
    if (req.path.endsWith('.data') || req.path.includes('.')) return next();
    let cookies = req.headers.cookie ?? '';
    const shared = sharedPage(req.path);
    if (TOKEN_COOKIE.test(cookies)) {
      if (!shared) return next();
      cookies = withoutToken(cookies);
      if (cookies) req.headers.cookie = cookies;
      else delete req.headers.cookie;
    }
    if (shared) req.headers[SHARED_PAGE_HEADER] = '1';

    const key = `${LANGUAGE_COOKIE.exec(cookies)?.[1] ?? ''}|${req.originalUrl}`;
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now()) {
      // Refresh its place for the size bound (a Map keeps insertion order).
      entries.delete(key);
      entries.set(key, hit);
      return send(req, res, hit);
    }
    const queue = waiting.get(key);
    if (queue) {
      // Someone is rendering this page right now: wait for it, then serve the stored copy (or render).
      queue.push(() => {
        const ready = entries.get(key);
        if (ready && ready.expiresAt > now()) send(req, res, ready);
        else next();
      });
      return;
    }
    waiting.set(key, []);

    const chunks = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = (chunk, ...rest) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      return write(chunk, ...rest);
    };
    res.end = (chunk, ...rest) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      const result = end(chunk, ...rest);
      const type = String(res.getHeader('content-type') ?? '');
      if (res.statusCode === 200 && type.startsWith('text/html') && !res.getHeader('set-cookie') && req.method === 'GET') {
        const headers = {};
        for (const [name, value] of Object.entries(res.getHeaders())) if (!DROPPED_HEADERS.has(name) && value !== undefined) headers[name] = value;
        entries.set(key, { expiresAt: now() + ttlMs, status: 200, headers, body: Buffer.concat(chunks), encoded: {} });
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
      }
      const queued = waiting.get(key) ?? [];
      waiting.delete(key);
      for (const resume of queued) resume();
      return result;
    };
    // A request that dies before it ends must not leave the waiters hanging.
    res.on('close', () => {
      const queued = waiting.get(key);
      if (!queued) return;
      waiting.delete(key);
      for (const resume of queued) resume();
    });
    next();
  };
}
