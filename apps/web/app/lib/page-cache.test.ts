// The storefront server's anonymous page cache (page-cache.js beside server.js).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousPageCache } from '../../page-cache.js';

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
