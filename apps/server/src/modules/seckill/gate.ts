// The flash sale's stock gate and its queue of accepted attempts (decision 062).
//
// With Redis: each SKU's flash stock is a counter, each activity's units per user a hash, the
// one-time order path a key per user and product, and one Lua script per attempt checks the path,
// the stock and the per-user limit, takes the units, records the user, consumes the path and
// appends the attempt to a Redis Stream, atomically: an attempt Redis accepted is in the stream
// before the shopper hears "accepted". Order writers (any number, on any instance) read the stream
// through one consumer group; an entry a dead writer left pending is claimed again (XAUTOCLAIM).
//
// Without Redis (`npm start`, the PGlite tests): the same rules on Maps in this process, and an
// in-process queue with the same delivery, acknowledgement and reclaim. One process only, as the
// embedded database is.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { DELIVERY_TYPE, ORDER_MOLD } from '@bazaar/shared/constants/order-status';
import type { Address } from '@bazaar/shared/schemas/address';
import type { AppContext } from '../../context.ts';

/** What one attempt answered: accepted, or why not. */
export const GATE = {
  accepted: 1,
  /** No such path for this user and product, or it ran out. */
  pathExpired: -1,
  /** The activity's stock is not in the gate (not loaded yet, or already unloaded). */
  notLoaded: -2,
  insufficient: -3,
  overLimit: -4,
  /** The path was just used by a submit of the same shopper. */
  duplicate: -5,
  /** More than the allowed requests of this user in the window (submit only). */
  hot: -6,
  /** The choice was made for another activity than the one submit was asked for (submit only). */
  otherActivity: -7,
  /** Submit named another shop than the choice's (submit only). */
  otherShop: -8,
  /** Physical goods chosen without an address (submit only). */
  noAddress: -9,
  /** The shopper's session mark is not the one its cached session was verified under (submit only): nothing was done (decision 068). */
  staleSession: -10,
} as const;
export type GateAnswer = (typeof GATE)[keyof typeof GATE];

/** An accepted attempt as queued: everything its order needs, so a writer reads nothing else. */
export interface SeckillAttempt {
  orderNumber: string;
  userId: string;
  seckillId: number;
  seckillSkuId: number;
  skuId: number;
  prodId: number;
  shopId: number;
  count: number;
  /** The activity price, fen. */
  price: number;
  freight: number;
  mold: number;
  dvyType: number;
  prodNameZh: string;
  prodNameEn: string | null;
  skuNameZh: string;
  skuNameEn: string | null;
  pic: string;
  isRefund: number;
  remarks: string | null;
  address: {
    receiver: string;
    mobile: string;
    provinceId: number;
    province: string;
    cityId: number;
    city: string;
    areaId: number;
    area: string;
    addr: string;
  } | null;
  maxCancelTime: number;
  /** Epoch ms when the gate accepted it (the order's time). */
  acceptedAt: number;
}

/** What confirm keeps under the path for submit (JSON): the priced line and the address copy. */
export type SeckillChoice = Omit<SeckillAttempt, keyof SubmitFields | 'dvyType' | 'address'> & { address: Address | null; expiresAt: number };

/** What submit adds to the choice: the request's own fields. */
export interface SubmitFields {
  userId: string;
  orderNumber: string;
  remarks: string | null;
  maxCancelTime: number;
  /** Epoch ms on the app's clock. */
  acceptedAt: number;
}

/** The queued attempt of a choice and a submit (the writer's one shape). */
export function attemptOf(choice: SeckillChoice, f: SubmitFields): SeckillAttempt {
  const virtual = choice.mold === ORDER_MOLD.virtual;
  const a = choice.address;
  return {
    orderNumber: f.orderNumber,
    userId: f.userId,
    seckillId: choice.seckillId,
    seckillSkuId: choice.seckillSkuId,
    skuId: choice.skuId,
    prodId: choice.prodId,
    shopId: choice.shopId,
    count: choice.count,
    price: choice.price,
    freight: choice.freight,
    mold: choice.mold,
    dvyType: virtual ? DELIVERY_TYPE.none : DELIVERY_TYPE.express,
    prodNameZh: choice.prodNameZh,
    prodNameEn: choice.prodNameEn,
    skuNameZh: choice.skuNameZh,
    skuNameEn: choice.skuNameEn,
    pic: choice.pic,
    isRefund: choice.isRefund,
    remarks: f.remarks,
    address: a && !virtual ? { receiver: a.receiver, mobile: a.mobile, provinceId: a.provinceId, province: a.province, cityId: a.cityId, city: a.city, areaId: a.areaId, area: a.area, addr: a.addr } : null,
    maxCancelTime: f.maxCancelTime,
    acceptedAt: f.acceptedAt,
  };
}

/**
 * Submit in one step: the 5-in-5-s count, the choice under the path, its checks (activity, shop,
 * address), then what `attempt` does. The activity (its window checked by the caller, its maxNum
 * and maxCancelTime given here) is the one the path was issued for; a choice of another answers
 * `otherActivity` and the caller takes the long way.
 */
export interface SubmitInput extends Omit<SubmitFields, 'acceptedAt'> {
  path: string;
  /** The app's clock, epoch ms (also the attempt's acceptedAt). */
  now: number;
  /** 0: this request was counted already. */
  hotWindowMs: number;
  hotLimit: number;
  seckillId: number;
  /** The shop submit named, if any. */
  shopId: number | undefined;
  /** -1 = no limit. */
  maxNum: number;
  /**
   * The shopper's cached session, checked first: the subject's revocation mark (its kv key, which
   * the gate shares: the same prefix) must still be `mark` (null: no mark), else `staleSession`.
   */
  sessionMark?: { key: string; mark: string | null };
}

export interface QueuedAttempt {
  id: string;
  attempt: SeckillAttempt;
}

export interface AttemptInput {
  seckillId: number;
  seckillSkuId: number;
  prodId: number;
  userId: string;
  path: string;
  count: number;
  /** -1 = no limit. */
  maxNum: number;
  now: number;
}

export interface SeckillGate {
  readonly kind: 'redis' | 'memory';
  /**
   * Loads an activity's stock and holders once (a second call while it is loaded does nothing and
   * answers false). Keys live until `expiresAt`.
   */
  load(seckillId: number, skus: Array<{ seckillSkuId: number; stocks: number }>, holders: Array<{ userId: string; units: number }>, expiresAt: number): Promise<boolean>;
  isLoaded(seckillId: number): Promise<boolean>;
  /** Units left per SKU (null: not in the gate). */
  stocks(seckillId: number, seckillSkuIds: number[]): Promise<Array<number | null>>;
  /** Units this user holds in the activity (queued or ordered, not cancelled). */
  held(seckillId: number, userId: string): Promise<number>;
  /** The user's live path for a product, or null. */
  path(userId: string, prodId: number, now: number): Promise<string | null>;
  /** Keeps a new path (replacing an old one) until `expiresAt`. */
  savePath(userId: string, prodId: number, path: string, expiresAt: number): Promise<void>;
  /** Whether the path was consumed by a submit lately (a second click). */
  pathUsed(path: string): Promise<boolean>;
  /** Confirm's choice under a path. */
  saveChoice(userId: string, path: string, choice: string, expiresAt: number): Promise<void>;
  choice(userId: string, path: string): Promise<string | null>;
  /** Submit's one atomic step (one Redis round trip): count, choice, its checks, then path, stock, limit, take, record, queue. */
  submit(input: SubmitInput): Promise<GateAnswer>;
  /** A cancelled or failed attempt's units go back (only while the activity is loaded). */
  giveBack(seckillId: number, seckillSkuId: number, userId: string, count: number): Promise<void>;
  unload(seckillId: number, seckillSkuIds: number[]): Promise<void>;
  /** Counts a request of the user; answers how many fell in the window begun by the first (`now` is the app's clock). */
  hit(userId: string, windowMs: number, now: number): Promise<number>;
  queue: SeckillQueue;
  close(): Promise<void>;
}

export interface SeckillQueue {
  /** New attempts for this consumer, waiting up to blockMs when there are none. */
  read(consumer: string, count: number, blockMs: number): Promise<QueuedAttempt[]>;
  /** Attempts delivered to some consumer and not acknowledged for minIdleMs, now this consumer's. */
  claimStale(consumer: string, minIdleMs: number, count: number): Promise<QueuedAttempt[]>;
  /** Done with these (written, or written before): they leave the queue. */
  ack(ids: string[]): Promise<void>;
  /** Attempts in the queue (delivered or not). */
  size(): Promise<number>;
}

// Submit's whole step, in as few arguments as the command can carry (each argument is a string
// ioredis converts, measures and concatenates into the command's text: decision 062's sixth pass).
// No KEYS: every key is named here from the prefixes (fixed per gate, written into the script's
// text) and the user, path and choice, on one Redis primary, not a cluster (decision 062).
// ARGV[1], what is fixed per activity and cached: 'seckillId|maxNum|maxCancelTime|hotWindowMs|hotLimit'.
// ARGV[2], the request's own: 'userId|path|now|shopId|orderNumber|remarks' (only the last may hold a
// '|': the others are ids, digits and the path's [A-Za-z0-9_-]). ARGV[3] and ARGV[4], only with the
// shopper's cached session (decision 068): its revocation mark's key (under the kv's prefix) and the
// mark it was verified under ('' for none: a mark is never empty), compared first.
// The stream entry is the choice as confirm stored it plus this request's fields, so nothing is
// parsed or serialized again on the API's side.
const SUBMIT_SCRIPT = (kvPrefix: string, p: string) => `
local function split(s, n)
  local out, i = {}, 1
  for k = 1, n do
    local j = string.find(s, '|', i, true)
    out[k] = string.sub(s, i, j - 1)
    i = j + 1
  end
  out[n + 1] = string.sub(s, i)
  return out
end
local kv, p = ${luaString(kvPrefix)}, ${luaString(p)}
if ARGV[3] and (redis.call('GET', kv .. ARGV[3]) or '') ~= ARGV[4] then return -10 end
local a = split(ARGV[1], 4)
local r = split(ARGV[2], 5)
local user, path, nowText = r[1], r[2], r[3]
local now = tonumber(nowText)
local win = tonumber(a[4])
if win > 0 then
  local hotKey = p .. 'hot:' .. user
  local n = 1
  local v = redis.call('GET', hotKey)
  local start = nil
  if v then
    local sep = string.find(v, '|', 1, true)
    start = tonumber(string.sub(v, 1, sep - 1))
    if now >= start and now < start + win then n = tonumber(string.sub(v, sep + 1)) + 1 else start = nil end
  end
  if start then redis.call('SET', hotKey, start .. '|' .. n, 'KEEPTTL') else redis.call('SET', hotKey, now .. '|1', 'PX', win) end
  if n > tonumber(a[5]) then return -6 end
end
local usedKey = p .. 'used:' .. path
local used = redis.call('EXISTS', usedKey) == 1
local raw = redis.call('GET', p .. 'choice:' .. user .. ':' .. path)
if not raw then if used then return -5 end return -1 end
local c = cjson.decode(raw)
if tostring(c.seckillId) ~= a[1] then return -7 end
if r[4] ~= '' and tostring(c.shopId) ~= r[4] then return -8 end
if c.mold ~= ${ORDER_MOLD.virtual} and type(c.address) ~= 'table' then return -9 end
local stockKey = p .. c.seckillId .. ':stock:' .. c.seckillSkuId
local heldKey = p .. c.seckillId .. ':held'
local pathKey = p .. 'path:' .. user .. ':' .. c.prodId
local pv = redis.call('GET', pathKey)
if not pv then if used then return -5 end return -1 end
local sep = string.find(pv, '|', 1, true)
if not sep or string.sub(pv, 1, sep - 1) ~= path then if used then return -5 end return -1 end
if tonumber(string.sub(pv, sep + 1)) <= now then return -1 end
local stock = redis.call('GET', stockKey)
if not stock then return -2 end
local n = tonumber(c.count)
if tonumber(stock) < n then return -3 end
local max = tonumber(a[2])
local held = tonumber(redis.call('HGET', heldKey, user) or '0')
if max >= 0 and held + n > max then return -4 end
redis.call('DECRBY', stockKey, n)
redis.call('HINCRBY', heldKey, user, n)
redis.call('DEL', pathKey)
redis.call('SET', usedKey, '1', 'PX', ${USED_PATH_MS})
redis.call('XADD', p .. 'attempts', '*', 'c', raw, 'u', user, 'o', r[5], 'r', r[6], 'x', a[3], 't', nowText)
return 1
`;

/** A Lua long string of a prefix (configuration, not input). */
function luaString(text: string): string {
  if (text.includes(']==]') || /[\r\n]/.test(text)) throw new Error(`A key prefix the gate's script cannot carry: ${JSON.stringify(text)}`);
  return `[==[${text}]==]`;
}

// KEYS: loaded marker, holders hash, then one stock key per SKU. ARGV: expiresAt ms, then
// (stocks per SKU), then userId/units pairs after the count of SKUs.
const LOAD_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local at = ARGV[1]
local skus = tonumber(ARGV[2])
for i = 1, skus do
  redis.call('SET', KEYS[2 + i], ARGV[2 + i], 'PXAT', at)
end
local i = 3 + skus
while i < #ARGV do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  i = i + 2
end
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('PEXPIREAT', KEYS[2], at) end
redis.call('SET', KEYS[1], '1', 'PXAT', at)
return 1
`;

const GIVE_BACK_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('INCRBY', KEYS[1], ARGV[2])
local left = redis.call('HINCRBY', KEYS[2], ARGV[1], -tonumber(ARGV[2]))
if left <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
return 1
`;

// The window starts at the first request (on the app's clock, ARGV[2]); the key also expires by itself.
const HIT_SCRIPT = `
local v = redis.call('GET', KEYS[1])
local now = tonumber(ARGV[2])
local win = tonumber(ARGV[1])
if v then
  local sep = string.find(v, '|', 1, true)
  local start = tonumber(string.sub(v, 1, sep - 1))
  if now >= start and now < start + win then
    local n = tonumber(string.sub(v, sep + 1)) + 1
    redis.call('SET', KEYS[1], start .. '|' .. n, 'KEEPTTL')
    return n
  end
end
redis.call('SET', KEYS[1], now .. '|1', 'PX', win)
return 1
`;

/** A used path is remembered this long, so a second click of submit hears "do not submit twice". */
const USED_PATH_MS = 60_000;
const GROUP = 'writers';
/** Activities whose submit argument a gate keeps (cleared past it: a mall runs a few at once). */
const ACTIVITY_PARTS_MAX = 1000;

interface ActivityPart {
  maxNum: number;
  maxCancelTime: number;
  hotWindowMs: number;
  hotLimit: number;
  text: string;
}

interface GateRedis extends Redis {
  seckillLoad(...args: Array<string | number>): Promise<number>;
  seckillGiveBack(...args: Array<string | number>): Promise<number>;
  seckillHit(...args: Array<string | number>): Promise<number>;
  seckillSubmit(...args: Array<string | number>): Promise<number>;
}

type StreamEntries = Array<[string, string[]]>;

/** An entry's attempt: submit's choice 'c' with its fields, or 'a', a whole attempt as an earlier version queued it (still read while such entries drain). */
function attemptOfFields(fields: string[]): SeckillAttempt {
  if (fields[0] === 'a') return JSON.parse(fields[1]!) as SeckillAttempt;
  const f = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) f.set(fields[i]!, fields[i + 1]!);
  return attemptOf(JSON.parse(f.get('c')!) as SeckillChoice, {
    userId: f.get('u')!,
    orderNumber: f.get('o')!,
    remarks: f.get('r') || null,
    maxCancelTime: Number(f.get('x')),
    acceptedAt: Number(f.get('t')),
  });
}

function parseEntries(entries: StreamEntries | null | undefined): QueuedAttempt[] {
  const out: QueuedAttempt[] = [];
  for (const [id, fields] of entries ?? []) {
    // A deleted entry still pending comes back with no fields (XAUTOCLAIM); it has nothing to write.
    if (!fields || fields.length < 2) {
      out.push({ id, attempt: null as unknown as SeckillAttempt });
      continue;
    }
    out.push({ id, attempt: attemptOfFields(fields) });
  }
  return out;
}

export function createRedisGate(url: string, prefix: string): SeckillGate {
  const options = { maxRetriesPerRequest: 2, enableAutoPipelining: true };
  const redis = new Redis(url, options) as GateRedis;
  // Blocking reads wait on their own connection, so they never hold up the gate's commands.
  const reader = new Redis(url, { maxRetriesPerRequest: null });
  redis.defineCommand('seckillLoad', { lua: LOAD_SCRIPT });
  redis.defineCommand('seckillGiveBack', { numberOfKeys: 2, lua: GIVE_BACK_SCRIPT });
  redis.defineCommand('seckillHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const p = `${prefix}seckill:`;
  redis.defineCommand('seckillSubmit', { numberOfKeys: 0, lua: SUBMIT_SCRIPT(prefix, p) });
  const keys = {
    stream: `${p}attempts`,
    loaded: (sid: number) => `${p}${sid}:loaded`,
    held: (sid: number) => `${p}${sid}:held`,
    stock: (sid: number, skuId: number) => `${p}${sid}:stock:${skuId}`,
    path: (uid: string, prodId: number) => `${p}path:${uid}:${prodId}`,
    used: (path: string) => `${p}used:${path}`,
    choice: (uid: string, path: string) => `${p}choice:${uid}:${path}`,
    hit: (uid: string) => `${p}hot:${uid}`,
  };
  let group: Promise<void> | undefined;
  /** Set once the group exists: submit (the burst's one call) then skips the await. */
  let groupReady = false;
  const ensureGroup = () =>
    (group ??= redis
      .xgroup('CREATE', keys.stream, GROUP, '0', 'MKSTREAM')
      .then(() => {
        groupReady = true;
      })
      .catch((err: Error) => {
        if (!/BUSYGROUP/.test(err.message)) {
          group = undefined;
          throw err;
        }
        groupReady = true;
      }));
  const ttlFrom = (expiresAt: number) => Math.max(1000, expiresAt - Date.now());
  // Submit's first argument, fixed per activity (and whether the request is counted): built once, not per attempt.
  const activityParts = new Map<number, ActivityPart[]>();
  const activityPart = (input: SubmitInput): string => {
    let parts = activityParts.get(input.seckillId);
    if (parts) {
      for (const part of parts) if (part.maxNum === input.maxNum && part.maxCancelTime === input.maxCancelTime && part.hotWindowMs === input.hotWindowMs && part.hotLimit === input.hotLimit) return part.text;
    } else {
      if (activityParts.size >= ACTIVITY_PARTS_MAX) activityParts.clear();
      activityParts.set(input.seckillId, (parts = []));
    }
    // An activity edited in place leaves its old parts behind; a few at most.
    if (parts.length >= 4) parts.shift();
    const text = `${input.seckillId}|${input.maxNum}|${input.maxCancelTime}|${input.hotWindowMs}|${input.hotLimit}`;
    parts.push({ maxNum: input.maxNum, maxCancelTime: input.maxCancelTime, hotWindowMs: input.hotWindowMs, hotLimit: input.hotLimit, text });
    return text;
  };

  return {
    kind: 'redis',
    async load(seckillId, skus, holders, expiresAt) {
      // PXAT wants a moment ahead of Redis's clock; an already past end keeps the keys a minute.
      const at = Math.max(expiresAt, Date.now() + 60_000);
      const args = [
        2 + skus.length,
        keys.loaded(seckillId),
        keys.held(seckillId),
        ...skus.map((s) => keys.stock(seckillId, s.seckillSkuId)),
        at,
        skus.length,
        ...skus.map((s) => s.stocks),
        ...holders.filter((h) => h.units > 0).flatMap((h) => [h.userId, h.units]),
      ];
      return (await redis.seckillLoad(...args)) === 1;
    },
    async isLoaded(seckillId) {
      return (await redis.exists(keys.loaded(seckillId))) === 1;
    },
    async stocks(seckillId, ids) {
      if (ids.length === 0) return [];
      const values = await redis.mget(...ids.map((id) => keys.stock(seckillId, id)));
      return values.map((v) => (v === null ? null : Number(v)));
    },
    async held(seckillId, userId) {
      return Number((await redis.hget(keys.held(seckillId), userId)) ?? 0);
    },
    async path(userId, prodId, now) {
      const value = await redis.get(keys.path(userId, prodId));
      if (!value) return null;
      const [path, expiresAt] = value.split('|');
      return Number(expiresAt) > now ? path! : null;
    },
    async savePath(userId, prodId, path, expiresAt) {
      await redis.set(keys.path(userId, prodId), `${path}|${expiresAt}`, 'PX', ttlFrom(expiresAt));
    },
    async pathUsed(path) {
      return (await redis.exists(keys.used(path))) === 1;
    },
    async saveChoice(userId, path, choice, expiresAt) {
      await redis.set(keys.choice(userId, path), choice, 'PX', ttlFrom(expiresAt));
    },
    async choice(userId, path) {
      return redis.get(keys.choice(userId, path));
    },
    async submit(input) {
      if (!groupReady) await ensureGroup();
      if (input.userId.includes('|') || input.path.includes('|')) throw new Error('A user id or order path with a "|" cannot be submitted (the script splits on it)');
      const request = `${input.userId}|${input.path}|${input.now}|${input.shopId ?? ''}|${input.orderNumber}|${input.remarks ?? ''}`;
      const mark = input.sessionMark;
      const answer = mark
        ? await redis.seckillSubmit(activityPart(input), request, mark.key, mark.mark ?? '')
        : await redis.seckillSubmit(activityPart(input), request);
      return answer as GateAnswer;
    },
    async giveBack(seckillId, seckillSkuId, userId, count) {
      await redis.seckillGiveBack(keys.stock(seckillId, seckillSkuId), keys.held(seckillId), userId, count);
    },
    async unload(seckillId, ids) {
      await redis.del(keys.loaded(seckillId), keys.held(seckillId), ...ids.map((id) => keys.stock(seckillId, id)));
    },
    async hit(userId, windowMs, now) {
      return redis.seckillHit(keys.hit(userId), windowMs, now);
    },
    queue: {
      async read(consumer, count, blockMs) {
        await ensureGroup();
        // BLOCK 0 would wait forever: a read that must not wait goes without it, on the command connection.
        const result = (
          blockMs > 0
            ? await reader.xreadgroup('GROUP', GROUP, consumer, 'COUNT', count, 'BLOCK', blockMs, 'STREAMS', keys.stream, '>')
            : await redis.xreadgroup('GROUP', GROUP, consumer, 'COUNT', count, 'STREAMS', keys.stream, '>')
        ) as Array<[string, StreamEntries]> | null;
        return parseEntries(result?.[0]?.[1]);
      },
      async claimStale(consumer, minIdleMs, count) {
        await ensureGroup();
        const [, entries] = (await redis.xautoclaim(keys.stream, GROUP, consumer, minIdleMs, '0-0', 'COUNT', count)) as [string, StreamEntries, string[]?];
        return parseEntries(entries);
      },
      async ack(ids) {
        if (ids.length === 0) return;
        // Acknowledged and deleted together: the stream holds only attempts not yet written.
        await redis.multi().xack(keys.stream, GROUP, ...ids).xdel(keys.stream, ...ids).exec();
      },
      async size() {
        return redis.xlen(keys.stream);
      },
    },
    async close() {
      reader.disconnect();
      await redis.quit();
    },
  };
}

interface MemoryEntry {
  id: string;
  attempt: SeckillAttempt;
  consumer: string | null;
  deliveredAt: number;
}

/** The same gate and queue in this process (no Redis): the same answers, in one synchronous step each. */
export function createMemoryGate(clock: () => number = Date.now, readMark: (key: string) => Promise<string | null> = async () => null): SeckillGate {
  const loaded = new Map<number, number>();
  const stock = new Map<string, number>();
  const held = new Map<number, Map<string, number>>();
  const paths = new Map<string, { path: string; expiresAt: number }>();
  const used = new Map<string, number>();
  const choices = new Map<string, { choice: string; expiresAt: number }>();
  const hits = new Map<string, { count: number; until: number }>();
  const entries: MemoryEntry[] = [];
  let sequence = 0;
  let waiters: Array<() => void> = [];
  const wake = () => {
    const list = waiters;
    waiters = [];
    for (const w of list) w();
  };
  const sweep = setInterval(() => {
    const now = clock();
    for (const [k, v] of paths) if (v.expiresAt <= now) paths.delete(k);
    for (const [k, v] of used) if (v <= now) used.delete(k);
    for (const [k, v] of choices) if (v.expiresAt <= now) choices.delete(k);
    for (const [k, v] of hits) if (v.until <= now) hits.delete(k);
    for (const [sid, until] of loaded) if (until <= now) unloadNow(sid);
  }, 60_000);
  sweep.unref();
  const skuKey = (sid: number, skuId: number) => `${sid}:${skuId}`;
  function unloadNow(seckillId: number) {
    loaded.delete(seckillId);
    held.delete(seckillId);
    for (const key of [...stock.keys()]) if (key.startsWith(`${seckillId}:`)) stock.delete(key);
  }
  const deliver = (list: MemoryEntry[], consumer: string) =>
    list.map((e) => {
      e.consumer = consumer;
      e.deliveredAt = clock();
      return { id: e.id, attempt: e.attempt };
    });

  /** The attempt's one synchronous step (no await inside): as atomic here as the Lua script is in Redis. */
  function attemptNow(input: AttemptInput, attempt: () => SeckillAttempt): GateAnswer {
    const pathKey = `${input.userId}:${input.prodId}`;
    const p = paths.get(pathKey);
    const wasUsed = (used.get(input.path) ?? 0) > clock();
    if (!p || p.path !== input.path) return wasUsed ? GATE.duplicate : GATE.pathExpired;
    if (p.expiresAt <= input.now) return GATE.pathExpired;
    const key = skuKey(input.seckillId, input.seckillSkuId);
    const left = stock.get(key);
    if (left === undefined) return GATE.notLoaded;
    if (left < input.count) return GATE.insufficient;
    const holders = held.get(input.seckillId)!;
    const mine = holders.get(input.userId) ?? 0;
    if (input.maxNum >= 0 && mine + input.count > input.maxNum) return GATE.overLimit;
    stock.set(key, left - input.count);
    holders.set(input.userId, mine + input.count);
    paths.delete(pathKey);
    used.set(input.path, clock() + USED_PATH_MS);
    sequence += 1;
    entries.push({ id: `${Date.now()}-${sequence}`, attempt: attempt(), consumer: null, deliveredAt: 0 });
    wake();
    return GATE.accepted;
  }
  function hitNow(userId: string, windowMs: number, now: number): number {
    const h = hits.get(userId);
    if (!h || h.until <= now) {
      hits.set(userId, { count: 1, until: now + windowMs });
      return 1;
    }
    h.count += 1;
    return h.count;
  }

  return {
    kind: 'memory',
    async load(seckillId, skus, holders, expiresAt) {
      if (loaded.has(seckillId)) return false;
      for (const s of skus) stock.set(skuKey(seckillId, s.seckillSkuId), s.stocks);
      held.set(seckillId, new Map(holders.filter((h) => h.units > 0).map((h) => [h.userId, h.units])));
      loaded.set(seckillId, Math.max(expiresAt, clock() + 60_000));
      return true;
    },
    async isLoaded(seckillId) {
      return loaded.has(seckillId);
    },
    async stocks(seckillId, ids) {
      return ids.map((id) => stock.get(skuKey(seckillId, id)) ?? null);
    },
    async held(seckillId, userId) {
      return held.get(seckillId)?.get(userId) ?? 0;
    },
    async path(userId, prodId, now) {
      const p = paths.get(`${userId}:${prodId}`);
      return p && p.expiresAt > now ? p.path : null;
    },
    async savePath(userId, prodId, path, expiresAt) {
      paths.set(`${userId}:${prodId}`, { path, expiresAt });
    },
    async pathUsed(path) {
      return (used.get(path) ?? 0) > clock();
    },
    async saveChoice(userId, path, choice, expiresAt) {
      choices.set(`${userId}:${path}`, { choice, expiresAt });
    },
    async choice(userId, path) {
      const c = choices.get(`${userId}:${path}`);
      return c && c.expiresAt > clock() ? c.choice : null;
    },
    async submit(input) {
      // The session's mark is read from the in-process kv first, then synchronous throughout, as the script is atomic.
      if (input.sessionMark && (await readMark(input.sessionMark.key)) !== input.sessionMark.mark) return GATE.staleSession;
      if (input.hotWindowMs > 0 && hitNow(input.userId, input.hotWindowMs, input.now) > input.hotLimit) return GATE.hot;
      const wasUsed = (used.get(input.path) ?? 0) > clock();
      const c = choices.get(`${input.userId}:${input.path}`);
      if (!c || c.expiresAt <= clock()) return wasUsed ? GATE.duplicate : GATE.pathExpired;
      const choice = JSON.parse(c.choice) as SeckillChoice;
      if (choice.seckillId !== input.seckillId) return GATE.otherActivity;
      if (input.shopId !== undefined && input.shopId !== choice.shopId) return GATE.otherShop;
      if (choice.mold !== ORDER_MOLD.virtual && !choice.address) return GATE.noAddress;
      const { seckillSkuId, prodId, count } = choice;
      return attemptNow({ seckillId: input.seckillId, seckillSkuId, prodId, userId: input.userId, path: input.path, count, maxNum: input.maxNum, now: input.now }, () =>
        attemptOf(choice, { userId: input.userId, orderNumber: input.orderNumber, remarks: input.remarks, maxCancelTime: input.maxCancelTime, acceptedAt: input.now }),
      );
    },
    async giveBack(seckillId, seckillSkuId, userId, count) {
      const key = skuKey(seckillId, seckillSkuId);
      const left = stock.get(key);
      if (left === undefined) return;
      stock.set(key, left + count);
      const holders = held.get(seckillId);
      const mine = (holders?.get(userId) ?? 0) - count;
      if (mine > 0) holders?.set(userId, mine);
      else holders?.delete(userId);
    },
    async unload(seckillId) {
      unloadNow(seckillId);
    },
    async hit(userId, windowMs, now) {
      return hitNow(userId, windowMs, now);
    },
    queue: {
      async read(consumer, count, blockMs) {
        let fresh = entries.filter((e) => e.consumer === null);
        if (fresh.length === 0 && blockMs > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, blockMs);
            timer.unref();
            waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
          fresh = entries.filter((e) => e.consumer === null);
        }
        return deliver(fresh.slice(0, count), consumer);
      },
      async claimStale(consumer, minIdleMs, count) {
        const now = clock();
        return deliver(entries.filter((e) => e.consumer !== null && e.deliveredAt + minIdleMs <= now).slice(0, count), consumer);
      },
      async ack(ids) {
        const done = new Set(ids);
        for (let i = entries.length - 1; i >= 0; i -= 1) if (done.has(entries[i]!.id)) entries.splice(i, 1);
      },
      async size() {
        return entries.length;
      },
    },
    async close() {
      clearInterval(sweep);
      wake();
    },
  };
}

const gates = new WeakMap<AppContext, SeckillGate>();

/** This app's gate: Redis when the app has Redis (the same key prefix as its kv), else in process. */
export function seckillGate(ctx: AppContext): SeckillGate {
  let gate = gates.get(ctx);
  if (!gate) {
    const prefix = ctx.kv.redis?.options.keyPrefix ?? 'bazaar:';
    gate = ctx.env.REDIS_URL && ctx.kv.redis ? createRedisGate(ctx.env.REDIS_URL, prefix) : createMemoryGate(
            () => ctx.now().getTime(),
            (key) => ctx.kv.get(key),
          );
    gates.set(ctx, gate);
  }
  return gate;
}

/** Closes this app's gate (the app's close hook). */
export async function closeSeckillGate(ctx: AppContext): Promise<void> {
  const gate = gates.get(ctx);
  gates.delete(ctx);
  await gate?.close();
}

/** A consumer name unique to this writer of this process. */
export const writerName = () => `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
