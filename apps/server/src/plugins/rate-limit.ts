// Per-address rate limits with @fastify/rate-limit: counters in Redis when REDIS_URL is set (shared
// by every instance), in memory otherwise. A route names its rule in its config,
// `{ config: { limit: 'login' } }`; routes of one rule share one counter per client address
// (`request.ip`, which honours only the configured proxies). Over the limit: 429 with the
// localized 'too many requests' text.
import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { tooMany } from '../lib/app-error.ts';
import { addRouteOnRequest } from './route-hooks.ts';

export const LIMIT_RULES = ['login', 'sms', 'search', 'paymentNotice', 'upload'] as const;
export type LimitRule = (typeof LIMIT_RULES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate-limit rule this route counts against. */
    limit?: LimitRule;
  }
}

const MINUTE_MS = 60_000;

type Counted = { current: number; ttl: number };
type IncrCallback = (err: Error | null, result?: Counted) => void;
interface CounterStore {
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
}
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => CounterStore;

/**
 * The library's memory store answers every caller with the same mutable record, so requests that
 * arrive in one tick all read the burst's final count and all get refused. This one hands each
 * caller a snapshot of its own count. (The Redis store answers each call from its own script run.)
 */
class SnapshotLocalStore implements CounterStore {
  private readonly inner: CounterStore;
  constructor(private readonly options: StoreOptions) {
    this.inner = new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
  }
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.inner.incr(key, (err, result) => callback(err, result && { current: result.current, ttl: result.ttl }), timeWindow, max);
  }
  child(options: StoreOptions): SnapshotLocalStore {
    return new SnapshotLocalStore({ ...this.options, ...options });
  }
}

export function limitRules(env: Env): Record<LimitRule, { max: number; timeWindow: number }> {
  return {
    login: { max: env.LOGIN_PER_IP_PER_MINUTE, timeWindow: MINUTE_MS },
    sms: { max: env.SMS_PER_IP_PER_HOUR, timeWindow: 60 * MINUTE_MS },
    search: { max: env.SEARCH_PER_IP_PER_MINUTE, timeWindow: MINUTE_MS },
    paymentNotice: { max: env.PAYMENT_NOTICE_PER_IP_PER_MINUTE, timeWindow: MINUTE_MS },
    upload: { max: env.UPLOAD_PER_IP_PER_MINUTE, timeWindow: MINUTE_MS },
  };
}

export const rateLimitPlugin = fp(async (app) => {
  const { ctx } = app;
  await app.register(rateLimit, {
    global: false,
    ...(ctx.kv.redis ? { redis: ctx.kv.redis, nameSpace: 'rate-limit:' } : { store: SnapshotLocalStore as unknown as FastifyRateLimitStoreCtor }),
  });
  const rules = limitRules(ctx.env);
  const limiters = Object.fromEntries(
    LIMIT_RULES.map((rule) => [rule, app.createRateLimit({ ...rules[rule], keyGenerator: (request: FastifyRequest) => `${rule}:${request.ip}` })]),
  ) as Record<LimitRule, ReturnType<typeof app.createRateLimit>>;

  // Only the routes that name a rule get the hook (plugins/route-hooks.ts): the others run nothing for it.
  app.addHook('onRoute', (route) => {
    const rule = (route.config as FastifyContextConfig | undefined)?.limit;
    if (!rule) return;
    const limiter = limiters[rule];
    addRouteOnRequest(route, async (request, reply) => {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw tooMany();
    });
  });
});
