// kv.incr: a counter whose window starts at its first increment, the same in memory and on Redis
// (where it is one Lua command: the chat counts every message with it).
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../test/test-app.ts';
import { createMemoryKv, createRedisKv, type Kv } from './kv.ts';

const REDIS_URL = TEST_REDIS_URL;
const stores: Array<[string, () => Kv]> = [['memory', () => createMemoryKv()]];
if (REDIS_URL) stores.push(['redis', () => createRedisKv(REDIS_URL, `bazaar-test-kv-${process.pid}:`)]);

describe.each(stores)('kv.incr (%s)', (_name, make) => {
  const kv = make();
  afterAll(() => kv.close());

  it('counts within a window that starts at the first increment and is not extended', async () => {
    const key = `incr-${Date.now()}`;
    expect(await kv.incr(key, 60_000)).toBe(1);
    const first = await kv.ttl(key);
    expect(first).toBeGreaterThan(55_000);
    expect(first).toBeLessThanOrEqual(60_000);
    await new Promise((r) => setTimeout(r, 30));
    expect(await Promise.all([kv.incr(key, 60_000), kv.incr(key, 60_000)])).toEqual([2, 3]);
    expect(await kv.ttl(key)).toBeLessThan(first);
  });

  it('counts many keys asked in the same turn, each in its own window', async () => {
    const keys = Array.from({ length: 5 }, (_, i) => `many-${Date.now()}-${i}`);
    expect(await Promise.all([...keys, keys[0]!].map((key, i) => kv.incr(key, 60_000 + i * 1000)))).toEqual([1, 1, 1, 1, 1, 2]);
    const ttls = await Promise.all(keys.map((key) => kv.ttl(key)));
    ttls.forEach((ttl, i) => {
      expect(ttl).toBeGreaterThan(55_000 + i * 1000);
      expect(ttl).toBeLessThanOrEqual(60_000 + i * 1000);
    });
  });

  it('starts again after the window', async () => {
    const key = `window-${Date.now()}`;
    expect(await kv.incr(key, 50)).toBe(1);
    expect(await kv.incr(key, 50)).toBe(2);
    await new Promise((r) => setTimeout(r, 80));
    expect(await kv.incr(key, 50)).toBe(1);
  });
});
