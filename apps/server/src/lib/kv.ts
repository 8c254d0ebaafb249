// A small key-value port: Redis when REDIS_URL is set, an in-process map otherwise.
// Used for one-time codes, locks and rate-limit counters.
import { Redis } from 'ioredis';

export interface Kv {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step; only one caller ever gets the value. */
  take(key: string): Promise<string | null>;
  /** Deletes one or more keys in one request. */
  del(...keys: string[]): Promise<void>;
  /** Increments a counter whose window starts at its first increment. */
  incr(key: string, windowMs: number): Promise<number>;
  /** Remaining life in ms, or -1 when absent. */
  ttl(key: string): Promise<number>;
  close(): Promise<void>;
  /** The Redis connection behind a Redis store, for libraries that keep their own keys there (rate limits). */
  readonly redis?: Redis;
}

export function createMemoryKv(now: () => number = Date.now): Kv {
  const store = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      store.delete(key);
      return undefined;
    }
    return entry;
  };
  // Sweep expired keys now and then so the map cannot grow without bound.
  const sweeper = setInterval(() => {
    for (const key of store.keys()) live(key);
  }, 60_000);
  sweeper.unref();
  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      store.set(key, { value, expiresAt: now() + ttlMs });
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      store.set(key, { value, expiresAt: now() + ttlMs });
      return true;
    },
    async take(key) {
      const entry = live(key);
      store.delete(key);
      return entry?.value ?? null;
    },
    async del(...keys) {
      for (const key of keys) store.delete(key);
    },
    async incr(key, windowMs) {
      const entry = live(key);
      const next = entry ? Number(entry.value) + 1 : 1;
      store.set(key, { value: String(next), expiresAt: entry?.expiresAt ?? now() + windowMs });
      return next;
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? entry.expiresAt - now() : -1;
    },
    async close() {
      clearInterval(sweeper);
      store.clear();
    },
  };
}

/**
 * incr's counters and their windows, one command for all the incr calls of a turn of the event loop:
 * the chat counts every message, each read in its own socket callback, and auto-pipelining flushes
 * per tick, so a MULTI of INCR and PEXPIRE NX per call was a transaction object and a socket write
 * per message (decision 063).
 */
const INCR_IN_WINDOWS = `local out = {}
for i = 1, #KEYS do
  out[i] = redis.call('INCR', KEYS[i])
  redis.call('PEXPIRE', KEYS[i], ARGV[i], 'NX')
end
return out`;

type KvRedis = Redis & { kvIncrInWindows(numberOfKeys: number, ...keysThenWindows: Array<string | number>): Promise<number[]> };

export function createRedisKv(url: string, prefix = 'bazaar:'): Kv & { readonly redis: Redis } {
  // Auto-pipelining sends the commands issued in one tick of the event loop as one write, so
  // parallel requests share round trips to Redis.
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false, enableAutoPipelining: true }) as KvRedis;
  redis.defineCommand('kvIncrInWindows', { lua: INCR_IN_WINDOWS });
  let incrs: Array<{ key: string; windowMs: number; resolve(n: number): void; reject(err: unknown): void }> = [];
  const flushIncrs = () => {
    const batch = incrs;
    incrs = [];
    redis.kvIncrInWindows(batch.length, ...batch.map((q) => q.key), ...batch.map((q) => q.windowMs)).then(
      (counts) => batch.forEach((q, i) => q.resolve(Number(counts[i]))),
      (err: unknown) => batch.forEach((q) => q.reject(err)),
    );
  };
  return {
    redis,
    async get(key) {
      return redis.get(key);
    },
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async take(key) {
      return redis.getdel(key);
    },
    async del(...keys) {
      if (keys.length) await redis.del(...keys);
    },
    incr(key, windowMs) {
      return new Promise((resolve, reject) => {
        if (incrs.push({ key, windowMs, resolve, reject }) === 1) setImmediate(flushIncrs);
      });
    },
    async ttl(key) {
      const ms = await redis.pttl(key);
      return ms < 0 ? -1 : ms;
    },
    async close() {
      await redis.quit();
    },
  };
}
