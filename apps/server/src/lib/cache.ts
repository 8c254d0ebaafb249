// The one in-memory cache of the server, on lru-cache: a TTL and a size bound for every cache, and
// single-flight loads (readers of a missing key share one load; a failed load is not kept). A
// change made through one instance drops the entries of every instance: with REDIS_URL the
// invalidation is published on a Redis channel that each instance listens to.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface CacheOptions<V = unknown> {
  /** How long an entry is served, at most. */
  ttlMs: number;
  /** Most entries kept; the least recently used go first. */
  max: number;
  /**
   * Most bytes kept, as `sizeOf` counts them (with the key): for caches whose entries differ in
   * size, so the bound is the memory and not only the count. The least recently used go first.
   */
  maxBytes?: number;
  /** The bytes one value holds (required with maxBytes). */
  sizeOf?: (value: V) => number;
}

/** What lru-cache keeps per entry beyond the value (its slots, the key and the box), roughly. */
const ENTRY_OVERHEAD_BYTES = 64;

/** The bytes a string holds in V8: one per character when all are Latin-1, two otherwise. */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}

export interface Cache<V> {
  /** The cached value, or `load()`'s (one load per key at a time). `load` may shorten this entry's life with `ttl(ms)`. */
  get(key: string, load: (ttl: (ms: number) => void) => Promise<V>): Promise<V>;
  /** The cached value when one is kept and fresh, else undefined; never loads (a hot path that can do without get's promises). */
  cached(key: string): V | undefined;
  /** How many entries are kept (an expired one counts until it is read or swept). */
  count(): number;
}

export interface Caches {
  /** This instance's cache of that name, made on first use with these options. */
  named<V>(name: string, options: CacheOptions<V>): Cache<V>;
  /** Drops some keys (or all) of a named cache here and, through Redis, in every other instance. */
  invalidate(name: string, keys?: string[]): Promise<void>;
  /** Calls `listener` whenever a named cache is dropped, here or (through Redis) by another instance. */
  onInvalidate(name: string, listener: () => void): void;
  /** Drops the expired entries of every cache now (a timer does it every SWEEP_EVERY_MS). */
  sweep(): void;
  close(): Promise<void>;
}

const CHANNEL = 'bazaar:cache:invalidate';
/**
 * lru-cache drops an expired entry only when it is read or pushed out, so a burst's entries (16 MiB
 * of product details, a thousand search pages) would stay after it until new traffic replaced them.
 * Every cache is swept this often instead, so an idle server gives that memory back.
 */
const SWEEP_EVERY_MS = 5_000;

interface Invalidation {
  from: string;
  name: string;
  keys?: string[];
}

/** Caches for one app instance; `now` is the app's clock (tests move it). */
export async function createCaches(options: { redisUrl?: string; now?: () => number; channel?: string } = {}): Promise<Caches> {
  const instanceId = randomUUID();
  const channel = options.channel ?? CHANNEL;
  const perf = { now: options.now ?? (() => Date.now()) };
  const stores = new Map<string, LRUCache<string, { value: unknown }, (ttl: (ms: number) => void) => Promise<unknown>>>();

  const listeners = new Map<string, (() => void)[]>();

  function dropLocal(name: string, keys?: string[]) {
    for (const listener of listeners.get(name) ?? []) listener();
    const store = stores.get(name);
    if (!store) return;
    if (keys) for (const key of keys) store.delete(key);
    else store.clear();
  }

  // A subscribed connection can only listen, so publishing takes a second one.
  const publisher = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const subscriber = options.redisUrl ? new Redis(options.redisUrl) : null;
  if (subscriber) {
    subscriber.on('message', (_channel: string, message: string) => {
      const event = JSON.parse(message) as Invalidation;
      if (event.from !== instanceId) dropLocal(event.name, event.keys);
    });
    await subscriber.subscribe(channel);
  }

  const sweep = () => {
    for (const store of stores.values()) store.purgeStale();
  };
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS);
  sweeper.unref();

  return {
    named<V>(name: string, { ttlMs, max, maxBytes, sizeOf }: CacheOptions<V>): Cache<V> {
      let store = stores.get(name);
      if (!store) {
        if (maxBytes !== undefined && !sizeOf) throw new Error(`cache ${name}: maxBytes needs sizeOf`);
        store = new LRUCache({
          max,
          ...(maxBytes !== undefined && sizeOf
            ? {
                maxSize: maxBytes,
                sizeCalculation: (boxed: { value: unknown }, key: string) =>
                  Math.max(1, Math.ceil(sizeOf(boxed.value as V) + stringBytes(key) + ENTRY_OVERHEAD_BYTES)),
              }
            : {}),
          ttl: ttlMs,
          perf,
          // Read the (movable) clock at every check instead of once per millisecond.
          ttlResolution: 0,
          // A key dropped (invalidate) or evicted while its load is in flight: the readers waiting
          // on that load still get its value, and lru-cache does not store it (the slot is gone).
          // Without this, lru-cache rejects them with "deleted"/"evicted" and the request fails.
          ignoreFetchAbort: true,
          fetchMethod: async (_key, _stale, { options: entry, context: load }) => {
            const value = await load((ms) => {
              entry.ttl = Math.max(1, Math.min(ms, ttlMs));
            });
            return { value };
          },
        });
        stores.set(name, store);
      }
      const lru = store;
      return {
        async get(key, load) {
          const boxed = await lru.fetch(key, { context: load as (ttl: (ms: number) => void) => Promise<unknown> });
          return boxed!.value as V;
        },
        // A load in flight holds no value yet: undefined, as for a missing or expired entry.
        cached: (key) => lru.get(key)?.value as V | undefined,
        count: () => lru.size,
      };
    },
    async invalidate(name, keys) {
      dropLocal(name, keys);
      if (publisher) await publisher.publish(channel, JSON.stringify({ from: instanceId, name, ...(keys ? { keys } : {}) } satisfies Invalidation));
    },
    sweep,
    onInvalidate(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    },
    async close() {
      clearInterval(sweeper);
      await Promise.all([subscriber?.quit(), publisher?.quit()]);
    },
  };
}
