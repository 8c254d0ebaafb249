import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Caches } from './lib/cache.ts';
import type { Kv } from './lib/kv.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';

/** What modules and flows are given. Built once in server.ts (or by a test) and passed to buildApp. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  kv: Kv;
  /** In-memory caches; a change drops every instance's copy (lib/cache.ts). */
  caches: Caches;
  sms: SmsProvider;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
