// The chat's moving parts per API instance (decision 063): the bus that carries events to every
// instance's sockets, and presence (who has a socket open, on any instance). With Redis
// (ctx.kv.redis) the bus is one pub/sub channel and presence sorted sets; without it both stay in
// this process (the twin). One runtime per AppContext, made on first use (the socket route, a flow
// publishing a transfer, the expiry job) and closed with the app.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CHAT_HEARTBEAT_MS } from '@bazaar/shared/constants/chat';
import type { ChatMessage } from '@bazaar/shared/schemas/chat';
import type { AppContext } from '../../context.ts';
import type { Caches } from '../../lib/cache.ts';

/** Where an event goes: `u:<userId>` a shopper, `s:<shopId>` a shop's sellers, `a:<adminId>` an agent, `svc` every agent. */
export type ChatTarget = string;

export type ChatEvent =
  /** A stored message, to both sides' sockets; `unread`: the targets whose unread totals it moved (one event, not two). */
  | { t: 'msg'; to: ChatTarget[]; m: ChatMessage; unread?: ChatTarget[] }
  /** A coded frame; content is the i18n key, translated per socket. */
  | { t: 'frame'; to: ChatTarget[]; code: number; data: unknown; key: string | null; params?: Record<string, string | number> }
  /** The unread totals of these targets changed: each socket reads its own. */
  | { t: 'unread'; to: ChatTarget[] }
  /** A newer login of the account: its older sockets get code 11 and close. */
  | { t: 'kick'; account: string; generation: number }
  /** What these targets' sockets were not sent since `since` (ms): a shop back from away gets the messages that waited. */
  | { t: 'replay'; to: ChatTarget[]; since: number };

type Envelope = ChatEvent & { from: string };

export interface ChatBus {
  readonly instanceId: string;
  /** Hands the event to this instance's sockets at once and to the other instances through Redis. */
  publish(event: ChatEvent): void;
  onEvent(handler: (event: ChatEvent) => void): void;
  /** After the Redis subscriber came back from a drop: `since` is when it was lost (minus a margin). */
  onResubscribed(handler: (since: Date) => void): void;
  close(): Promise<void>;
}

export interface ChatPresence {
  /** Marks the member online under each key until two and a half beats from now. */
  add(keys: readonly string[], member: string): Promise<void>;
  remove(keys: readonly string[], member: string): Promise<void>;
  /** Extends many members at once (one Redis command: the hub hands it a slice of its sockets per tick). */
  refresh(entries: ReadonlyArray<{ keys: readonly string[]; member: string }>): Promise<void>;
  /** Is anyone online under each key? */
  online(keys: readonly string[]): Promise<boolean[]>;
  /** Is anyone online under the key, when this instance can tell without asking Redis (its cache); else undefined. */
  known(key: string): boolean | undefined;
}

export interface ChatRuntime {
  bus: ChatBus;
  presence: ChatPresence;
  /** A per-account login counter shared by every instance (the newest socket wins, code 11 for the rest). */
  nextGeneration(account: string): Promise<number>;
  close(): Promise<void>;
}

const PRESENCE_TTL_MS = Math.round(CHAT_HEARTBEAT_MS * 2.5);
/** Messages sent while the subscriber was away are replayed from a little before it went. */
const REPLAY_MARGIN_MS = 5_000;

/**
 * Who is online, as this instance last read it from Redis (a send's code 12 check reads one key per
 * message: at 1,000 messages/s that was a ZCOUNT each). Every instance's copy of a key is dropped
 * when a socket under it opens or closes anywhere (`ctx.caches`' invalidation through Redis, sent
 * after the sorted set changed; a read in flight meanwhile is not kept), so a seller who goes away
 * or comes back on another instance is seen at the next message. What no event announces (a
 * crashed instance's sockets expiring from the sets) is seen within the TTL.
 */
export const PRESENCE_CACHE = 'chat.presence';
export const PRESENCE_CACHE_OPTIONS = { ttlMs: 2_000, max: 20_000 };

/**
 * Extends members' presence: KEYS[i] gets ARGV[i + 3] until ARGV[1]; each key once loses what expired
 * by ARGV[2] and lives ARGV[3] ms more (what a ZADD, a ZREMRANGEBYSCORE and a PEXPIRE per key did).
 */
const PRESENCE_REFRESH = `
local expires, now, ttl = ARGV[1], ARGV[2], ARGV[3]
local seen = {}
for i = 1, #KEYS do
  local k = KEYS[i]
  redis.call('ZADD', k, expires, ARGV[i + 3])
  if not seen[k] then
    seen[k] = true
    redis.call('ZREMRANGEBYSCORE', k, 0, now)
    redis.call('PEXPIRE', k, ttl)
  end
end
return #KEYS`;

/** The subscriber connection's name in CLIENT LIST (the Redis-drop test kills it by name). */
export const SUBSCRIBER_NAME = 'bazaar-chat-sub';

const runtimes = new WeakMap<AppContext, ChatRuntime>();

export function chatRuntime(ctx: AppContext): ChatRuntime {
  let runtime = runtimes.get(ctx);
  if (!runtime) {
    runtime = ctx.kv.redis ? redisRuntime(ctx.kv.redis, ctx.caches) : memoryRuntime();
    runtimes.set(ctx, runtime);
  }
  return runtime;
}

const holders = new WeakMap<AppContext, number>();

/**
 * The context's runtime for one more app (the socket plugin of each app built on the context): tests
 * and tools build a second app on the same context, and its close must not end the first one's
 * presence and delivery. `releaseChatRuntime` closes the runtime when its last app closes.
 */
export function holdChatRuntime(ctx: AppContext): ChatRuntime {
  holders.set(ctx, (holders.get(ctx) ?? 0) + 1);
  return chatRuntime(ctx);
}

export async function releaseChatRuntime(ctx: AppContext): Promise<void> {
  const left = (holders.get(ctx) ?? 1) - 1;
  holders.set(ctx, left);
  if (left > 0) return;
  const runtime = runtimes.get(ctx);
  runtimes.delete(ctx);
  await runtime?.close();
}

function localBus(instanceId: string, forward: ((event: Envelope) => void) | null) {
  const handlers: Array<(event: ChatEvent) => void> = [];
  const resubscribed: Array<(since: Date) => void> = [];
  const deliver = (event: ChatEvent) => {
    for (const handler of handlers) handler(event);
  };
  return {
    deliver,
    resubscribed,
    bus: {
      instanceId,
      publish(event: ChatEvent) {
        deliver(event);
        // `from` first: a subscriber knows its own publishes by their first characters (redisRuntime).
        forward?.({ from: instanceId, ...event });
      },
      onEvent(handler: (event: ChatEvent) => void) {
        handlers.push(handler);
      },
      onResubscribed(handler: (since: Date) => void) {
        resubscribed.push(handler);
      },
    },
  };
}

function memoryRuntime(): ChatRuntime {
  const { bus } = localBus(randomUUID(), null);
  const sets = new Map<string, Map<string, number>>();
  let generation = 0;
  const generations = new Map<string, number>();
  const presence: ChatPresence = {
    async add(keys, member) {
      const until = Date.now() + PRESENCE_TTL_MS;
      for (const key of keys) {
        let set = sets.get(key);
        if (!set) sets.set(key, (set = new Map()));
        set.set(member, until);
      }
    },
    async remove(keys, member) {
      for (const key of keys) {
        const set = sets.get(key);
        set?.delete(member);
        if (set?.size === 0) sets.delete(key);
      }
    },
    async refresh(entries) {
      for (const entry of entries) await presence.add(entry.keys, entry.member);
    },
    async online(keys) {
      return keys.map((key) => presence.known(key)!);
    },
    known(key) {
      const set = sets.get(key);
      if (!set) return false;
      const now = Date.now();
      for (const [member, until] of set) {
        if (until > now) return true;
        set.delete(member);
      }
      return false;
    },
  };
  return {
    bus: { ...bus, close: async () => {} },
    presence,
    async nextGeneration(account) {
      generation += 1;
      generations.set(account, generation);
      return generation;
    },
    async close() {
      sets.clear();
    },
  };
}

export function redisRuntime(redis: Redis, caches: Caches, cacheOptions = PRESENCE_CACHE_OPTIONS): ChatRuntime {
  const prefix = redis.options.keyPrefix ?? '';
  const channel = `${prefix}chat`;
  const instanceId = randomUUID();
  // The shared connection publishes (and holds presence); a subscriber needs its own connection.
  // The events of one turn of the event loop (a batch of stored messages: see SendBatcher) go out
  // as one publish of an array, in order: one command here and one parse on each other instance
  // for the lot, not one per message.
  let outgoing: Envelope[] = [];
  const flush = () => {
    const events = outgoing;
    outgoing = [];
    redis.publish(channel, JSON.stringify(events.length === 1 ? events[0] : events)).catch(() => {
      // Redis is away: the message is stored, and the other instances' replay (below) or the
      // client's resume brings it to their sockets.
    });
  };
  const { bus, deliver, resubscribed } = localBus(instanceId, (event) => {
    if (outgoing.push(event) === 1) setImmediate(flush);
  });
  const subscriber = redis.duplicate({ keyPrefix: '', maxRetriesPerRequest: null, enableAutoPipelining: false, connectionName: SUBSCRIBER_NAME });
  let lostAt: number | null = null;
  let closing = false;
  // This instance's own publishes come back too; they were delivered here already. Each of its
  // envelopes starts with `from` (localBus), and one publish holds one instance's events only, so
  // the first characters tell without parsing the lot.
  const own = [`{"from":${JSON.stringify(instanceId)}`, `[{"from":${JSON.stringify(instanceId)}`];
  subscriber.on('message', (_channel: string, raw: string) => {
    if (raw.startsWith(own[0]!) || raw.startsWith(own[1]!)) return;
    let events: Envelope | Envelope[];
    try {
      events = JSON.parse(raw) as Envelope | Envelope[];
    } catch {
      return;
    }
    for (const event of Array.isArray(events) ? events : [events]) {
      if (event.from !== instanceId) deliver(event);
    }
  });
  subscriber.on('close', () => {
    if (!closing && lostAt === null) lostAt = Date.now();
  });
  subscriber.on('error', () => {
    // ioredis reconnects by itself; 'close' above records when the subscription was lost.
  });
  subscriber.on('ready', () => {
    if (lostAt === null) return;
    const since = new Date(lostAt - REPLAY_MARGIN_MS);
    lostAt = null;
    // ioredis re-subscribes on its own; subscribing again is harmless and sure.
    subscriber
      .subscribe(channel)
      .then(() => {
        for (const handler of resubscribed) handler(since);
      })
      .catch(() => {});
  });
  const ready = subscriber.subscribe(channel);
  ready.catch(() => {});

  const key = (k: string) => `chat:on:${k}`;
  const presenceRedis = redis as Redis & { chatPresenceRefresh(numberOfKeys: number, ...keysThenArgs: Array<string | number>): Promise<unknown> };
  presenceRedis.defineCommand('chatPresenceRefresh', { lua: PRESENCE_REFRESH });
  const onlineCache = caches.named<boolean>(PRESENCE_CACHE, cacheOptions);
  /**
   * Online under one key, from the cache or Redis (a plain command: auto-pipelining joins a turn's
   * reads in one write). A failed read answers offline and is not kept.
   */
  const onlineAt = (k: string) => onlineCache.get(k, async () => Number(await redis.zcount(key(k), Date.now(), '+inf')) > 0).catch(() => false);
  /** After the sets changed: every instance reads these keys again. */
  const changed = (keys: readonly string[]) => caches.invalidate(PRESENCE_CACHE, [...keys]).catch(() => {});
  const presence: ChatPresence = {
    async add(keys, member) {
      const until = Date.now() + PRESENCE_TTL_MS;
      const pipeline = redis.pipeline();
      for (const k of keys) pipeline.zadd(key(k), until, member).pexpire(key(k), PRESENCE_TTL_MS);
      await pipeline.exec();
      await changed(keys);
    },
    async remove(keys, member) {
      const pipeline = redis.pipeline();
      for (const k of keys) pipeline.zrem(key(k), member);
      await pipeline.exec();
      await changed(keys);
    },
    async refresh(entries) {
      if (entries.length === 0) return;
      const now = Date.now();
      const keys: string[] = [];
      const members: string[] = [];
      for (const entry of entries)
        for (const k of entry.keys) {
          keys.push(key(k));
          members.push(entry.member);
        }
      // One script, not three commands per key: a pipeline of 3,000 commands took ioredis 20 to 90 ms
      // of the event loop to build and as long again to read the answers; the script's one command
      // under 1 ms (Redis runs the 3,000 calls in about 5 ms).
      await presenceRedis.chatPresenceRefresh(keys.length, ...keys, now + PRESENCE_TTL_MS, now, PRESENCE_TTL_MS, ...members);
    },
    async online(keys) {
      return Promise.all(keys.map(onlineAt));
    },
    known(k) {
      return onlineCache.cached(k);
    },
  };
  return {
    bus: {
      ...bus,
      close: async () => {
        closing = true;
        await ready.catch(() => {});
        subscriber.disconnect();
      },
    },
    presence,
    async nextGeneration(account) {
      return redis.incr(`chat:login:${account}`);
    },
    async close() {
      closing = true;
      await ready.catch(() => {});
      subscriber.disconnect();
    },
  };
}
