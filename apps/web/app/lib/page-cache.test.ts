// The storefront server's anonymous page cache (page-cache.js beside server.js).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { anonymousPageCache, chooseEncoding } from '../../page-cache.js';
import { SHARED_PAGE_HEADER, isSharedPage } from '../../shared-pages.js';

let base = '';
let renders = 0;
let clock = 1_000_000;
let close: () => void = () => undefined;

beforeAll(async () => {
  const app = express();
  app.use(anonymousPageCache({ ttlMs: 2_000, maxEntries: 3, now: () => clock }));
  app.get('/page', async (req, res) => {
    renders += 1;
    await new Promise((r) => setTimeout(r, 30));
    res.type('html');
    res.write(`<p>render ${renders} for ${req.headers.cookie ?? 'nobody'}</p>`);
    res.end('<p>end</p>');
  });
  app.get('/sets-cookie', (_req, res) => {
    renders += 1;
    res.cookie('language', 'en').type('html').send(`render ${renders}`);
  });
  app.get('/missing', (_req, res) => {
    renders += 1;
    res.status(404).type('html').send(`render ${renders}`);
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = (path: string, cookie?: string) => fetch(`${base}${path}`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

describe('anonymousPageCache', () => {
  it('renders a burst of anonymous requests once and serves copies until the TTL ends', async () => {
    const before = renders;
    const bodies = await Promise.all(Array.from({ length: 8 }, () => get('/page?x=1').then((r) => r.text())));
    expect(renders - before).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('<p>end</p>');
    const hit = await get('/page?x=1');
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    clock += 2_000;
    expect(await (await get('/page?x=1')).text()).toContain(`render ${before + 2}`);
  });

  it('keeps languages and URLs apart and never caches logged-in visitors', async () => {
    const zh = await (await get('/page?x=2', 'language=zh')).text();
    const en = await (await get('/page?x=2', 'language=en')).text();
    expect(zh).not.toBe(en);
    const before = renders;
    await get('/page?x=2', 'language=zh; token=abc');
    await get('/page?x=2', 'language=zh; token=abc');
    expect(renders - before).toBe(2);
  });

  it('does not store responses that set a cookie or are not 200', async () => {
    const before = renders;
    await get('/sets-cookie');
    await get('/sets-cookie');
    await get('/missing');
    await get('/missing');
    expect(renders - before).toBe(4);
  });

  it('holds at most maxEntries pages', async () => {
    clock += 10_000;
    for (const x of ['a', 'b', 'c', 'd']) await get(`/page?y=${x}`);
    const before = renders;
    await get('/page?y=a'); // the oldest was dropped
    expect(renders - before).toBe(1);
  });
});

describe('anonymousPageCache compression', () => {
  let zipped = '';
  let plain = '';
  let zippedRenders = 0;
  const closers: (() => void)[] = [];
  const PAGE = `<!DOCTYPE html><html><body>${'<p>a product card with a long name</p>'.repeat(200)}</body></html>`;

  async function serve(encodings: { brQuality: number; gzipLevel: number } | null) {
    const app = express();
    app.use(anonymousPageCache({ ttlMs: 60_000, encodings }));
    app.get('/page', (req, res) => {
      zippedRenders += 1;
      res.type('html').send(`${PAGE}<!-- ${req.query.x} ${req.headers.cookie ?? ''} -->`);
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => server.close());
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    zipped = await serve({ brQuality: 2, gzipLevel: 3 });
    plain = await serve(null);
  });
  afterAll(() => closers.forEach((c) => c()));

  /** The raw answer (fetch would decode it). */
  function raw(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get(url, { headers: { accept: 'text/html', ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  it('answers br, gzip or the page itself as the client accepts, each decoding to the same page', async () => {
    const first = await raw(`${zipped}/page?x=1`, { 'accept-encoding': 'br, gzip' });
    const page = `${PAGE}<!-- 1  -->`;
    expect(first.headers['x-page-cache']).toBeUndefined();
    const br = await raw(`${zipped}/page?x=1`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers).toMatchObject({ 'x-page-cache': 'hit', 'content-encoding': 'br', vary: 'Accept-Encoding', 'content-length': String(br.body.length) });
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.body.length).toBeLessThan(page.length / 5);
    const gzip = await raw(`${zipped}/page?x=1`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    const none = await raw(`${zipped}/page?x=1`, {});
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    expect(none.body.toString()).toBe(page);
  });

  it('compresses a stored page once per encoding, not on every hit', async () => {
    const br = vi.spyOn(zlib, 'brotliCompressSync');
    const gzip = vi.spyOn(zlib, 'gzipSync');
    try {
      await raw(`${zipped}/page?x=2`, { 'accept-encoding': 'br' });
      const bodies = new Set<string>();
      for (let i = 0; i < 5; i++) bodies.add((await raw(`${zipped}/page?x=2`, { 'accept-encoding': 'br, gzip' })).body.toString('base64'));
      for (let i = 0; i < 3; i++) await raw(`${zipped}/page?x=2`, { 'accept-encoding': 'gzip' });
      expect(bodies.size).toBe(1);
      expect(br).toHaveBeenCalledTimes(1);
      expect(gzip).toHaveBeenCalledTimes(1);
    } finally {
      br.mockRestore();
      gzip.mockRestore();
    }
  });

  it('never stores a logged-in page, compressed or not', async () => {
    const before = zippedRenders;
    for (let i = 0; i < 2; i++) {
      const res = await raw(`${zipped}/page?x=3`, { 'accept-encoding': 'br', cookie: 'token=abc' });
      expect(res.headers['x-page-cache']).toBeUndefined();
      expect(res.body.toString()).toContain('token=abc');
    }
    expect(zippedRenders - before).toBe(2);
  });

  it('with COMPRESS=false (encodings null) serves the page as is, for the proxy in front to compress', async () => {
    await raw(`${plain}/page?x=4`, { 'accept-encoding': 'br, gzip' });
    const hit = await raw(`${plain}/page?x=4`, { 'accept-encoding': 'br, gzip' });
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBeUndefined();
    expect(hit.body.toString()).toBe(`${PAGE}<!-- 4  -->`);
  });
});

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['deflate', null],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['BR', 'br'],
  ])('%s -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('anonymousPageCache shared pages (decision 052)', () => {
  let sharedBase = '';
  let sharedRenders = 0;
  let closeShared: () => void = () => undefined;
  beforeAll(async () => {
    const app = express();
    app.use(anonymousPageCache({ ttlMs: 60_000, sharedPage: isSharedPage }));
    app.get(['/', '/list', '/detail/:id', '/user-center/uc-address'], (req, res) => {
      sharedRenders += 1;
      res.type('html').send(`render ${sharedRenders} cookie=${req.headers.cookie ?? '-'} shared=${req.headers[SHARED_PAGE_HEADER] ?? '-'}`);
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    sharedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closeShared = () => server.close();
  });
  afterAll(() => closeShared());
  const ask = (path: string, headers: Record<string, string> = {}) => fetch(`${sharedBase}${path}`, { headers: { accept: 'text/html', ...headers } }).then((r) => r.text());

  it('renders a shared page without the token, once, for shoppers and visitors alike', async () => {
    const first = await ask('/detail/7', { cookie: 'language=en; token=alice-token' });
    expect(first).toBe('render 1 cookie=language=en shared=1');
    expect(await ask('/detail/7', { cookie: 'token=bob-token; language=en' })).toBe(first);
    expect(await ask('/detail/7', { cookie: 'language=en' })).toBe(first);
    const onlyToken = await ask('/list?pn=1', { cookie: 'token=carol-token' });
    expect(onlyToken).toBe('render 2 cookie=- shared=1');
    expect(sharedRenders).toBe(2);
  });

  it('leaves a personal page to be rendered for its shopper, and drops a mark a client sends', async () => {
    const before = sharedRenders;
    const page = '/user-center/uc-address';
    expect(await ask(page, { cookie: 'token=alice-token', [SHARED_PAGE_HEADER]: '1' })).toBe(`render ${before + 1} cookie=token=alice-token shared=-`);
    expect(await ask(page, { cookie: 'token=alice-token' })).toBe(`render ${before + 2} cookie=token=alice-token shared=-`);
  });

  it('knows the home page, the product list, the product page, the cart and the order list in either language, and nothing else', () => {
    for (const path of ['/', '/en', '/en/', '/list', '/en/list', '/detail', '/detail/12', '/en/detail/12', '/cart', '/en/cart', '/user-center/uc-order', '/en/user-center/uc-order']) expect(isSharedPage(path), path).toBe(true);
    for (const path of ['/listing', '/detail/12/x', '/user-center', '/user-center/uc-address', '/submit-order', '/zh/list', '/shopIndex', '/cart/x']) expect(isSharedPage(path), path).toBe(false);
  });
});
