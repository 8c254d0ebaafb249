import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Caches } from './lib/cache.ts';
import type { Kv } from './lib/kv.ts';
import type { Providers } from './providers/create-providers.ts';

/** What modules and flows are given. Built once in server.ts (or by a test) and passed to buildApp. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  kv: Kv;
  /** In-memory caches; a change drops every instance's copy (lib/cache.ts). */
  caches: Caches;
  /** SMS, payment and courier, built once from env (providers/create-providers.ts); tests may put fakes here. */
  providers: Providers;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
