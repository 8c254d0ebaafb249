// The chat runtime's presence cache on Redis (decision 063): a send's code 12 check reads presence
// from this instance's cache, and a socket opening or closing on any instance drops every
// instance's copy of its keys at once. The TTL here is a minute, so only the invalidation can
// explain a change seen within a second. Skipped without Redis (the twin has no cache).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCaches, type Caches } from '../../lib/cache.ts';
import { TEST_REDIS_URL } from '../../test/test-app.ts';
import { redisRuntime, type ChatRuntime } from './runtime.ts';

const REDIS_URL = TEST_REDIS_URL;

describe.skipIf(!REDIS_URL)('chat presence cache across instances', () => {
  const prefix = `bazaar-test-runtime-${process.pid}:`;
  const channel = `${prefix}cache`;
  const instances: Array<{ redis: Redis; caches: Caches; runtime: ChatRuntime }> = [];

  async function instance() {
    const redis = new Redis(REDIS_URL!, { keyPrefix: prefix, enableAutoPipelining: true });
    const caches = await createCaches({ redisUrl: REDIS_URL, channel });
    const made = { redis, caches, runtime: redisRuntime(redis, caches, { ttlMs: 60_000, max: 100 }) };
    instances.push(made);
    return made;
  }

  let a: Awaited<ReturnType<typeof instance>>;
  let b: Awaited<ReturnType<typeof instance>>;

  beforeAll(async () => {
    a = await instance();
    b = await instance();
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.runtime.close();
      await i.caches.close();
      i.redis.disconnect();
    }
  });

  async function until(check: () => Promise<boolean>, timeoutMs = 1_000): Promise<void> {
    for (const end = Date.now() + timeoutMs; !(await check()); ) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it("extends members' presence in one command: each member's expiry, each key's expired members dropped and its TTL", async () => {
    const user = `u:refresh-${Date.now()}`;
    const agents = `svc-refresh-${Date.now()}`;
    // An expired member (a crashed instance's socket) and a live one.
    await a.redis.zadd(`chat:on:${user}`, Date.now() - 1_000, 'gone', Date.now() + 1_000, 'peer-1');
    await a.redis.pexpire(`chat:on:${user}`, 1_000);
    const before = Date.now();
    // A key twice (two agents' sockets under the pool's key).
    await a.runtime.presence.refresh([
      { keys: [user], member: 'peer-1' },
      { keys: [`a:1`, agents], member: 'agent-1' },
      { keys: [`a:2`, agents], member: 'agent-2' },
    ]);
    expect(await a.redis.zrange(`chat:on:${user}`, 0, -1)).toEqual(['peer-1']);
    expect(Number(await a.redis.zscore(`chat:on:${user}`, 'peer-1'))).toBeGreaterThan(before + 40_000);
    expect(await a.redis.pttl(`chat:on:${user}`)).toBeGreaterThan(40_000);
    expect((await a.redis.zrange(`chat:on:${agents}`, 0, -1)).sort()).toEqual(['agent-1', 'agent-2']);
    expect(await a.redis.pttl(`chat:on:${agents}`)).toBeGreaterThan(40_000);
    expect(await a.redis.zrange('chat:on:a:2', 0, -1)).toEqual(['agent-2']);
    await a.redis.del(`chat:on:${user}`, `chat:on:${agents}`, 'chat:on:a:1', 'chat:on:a:2');
  });

  it('reads a key once from Redis, then from the cache', async () => {
    const shop = `s:cache-${Date.now()}`;
    // On A itself: an invalidation from B arriving after the first read would (rightly) read again.
    await a.runtime.presence.add([shop], 'seller-1');
    const zcount = vi.spyOn(a.redis, 'zcount');
    try {
      expect(await a.runtime.presence.online([shop])).toEqual([true]);
      expect(await a.runtime.presence.online([shop, shop])).toEqual([true, true]);
      expect(zcount).toHaveBeenCalledTimes(1);
    } finally {
      zcount.mockRestore();
    }
  });

  it('a seller who leaves or comes back on another instance is seen at once', async () => {
    const shop = `s:away-${Date.now()}`;
    expect(await a.runtime.presence.online([shop])).toEqual([false]);
    // Online on B: A's cached "offline" is dropped.
    await b.runtime.presence.add([shop], 'seller-1');
    await until(async () => (await a.runtime.presence.online([shop]))[0] === true);
    // Gone from B: A's cached "online" is dropped (a minute's TTL: only the invalidation explains it).
    await b.runtime.presence.remove([shop], 'seller-1');
    await until(async () => (await a.runtime.presence.online([shop]))[0] === false);
    // A second socket of the shop: one of two leaving keeps the shop online.
    await b.runtime.presence.add([shop], 'seller-1');
    await a.runtime.presence.add([shop], 'seller-2');
    await until(async () => (await a.runtime.presence.online([shop]))[0] === true);
    await b.runtime.presence.remove([shop], 'seller-1');
    await new Promise((r) => setTimeout(r, 100));
    expect(await a.runtime.presence.online([shop])).toEqual([true]);
    expect(await b.runtime.presence.online([shop])).toEqual([true]);
    await a.runtime.presence.remove([shop], 'seller-2');
    // The instance that made the change sees it without waiting for Redis.
    expect(await a.runtime.presence.online([shop])).toEqual([false]);
    await until(async () => (await b.runtime.presence.online([shop]))[0] === false);
  });
});
