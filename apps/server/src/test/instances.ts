// Extra API instances on the test run's PostgreSQL + Redis, as a second server process would be:
// its own pool, its own Redis connections, its own app. Only meaningful when DATABASE_URL and
// REDIS_URL are set (PGlite's memory database cannot be shared), so tests using it skip otherwise.
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BazaarApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { createCaches } from '../lib/cache.ts';
import { createRedisKv } from '../lib/kv.ts';
import { createProviders } from '../providers/create-providers.ts';
import { getTestApp, SHARED_INFRASTRUCTURE } from './test-app.ts';
export { SHARED_INFRASTRUCTURE };

export interface TestInstance {
  app: BazaarApp;
  ctx: AppContext;
  close(): Promise<void>;
}

/** A second API instance beside the shared test app (which has migrated the database). */
export async function createTestInstance(): Promise<TestInstance> {
  const main = await getTestApp();
  const env = main.ctx.env;
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: 'memory://', poolSize: 4 });
  const kv = createRedisKv(env.REDIS_URL!, `bazaar-test-${process.pid}:`);
  const caches = await createCaches({ redisUrl: env.REDIS_URL, channel: `bazaar-test-${process.pid}:cache` });
  const now = () => new Date();
  const ctx: AppContext = { env, database, db: database.db, kv, caches, providers: await createProviders(env, database.db, now), now };
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await kv.close();
      await caches.close();
      await database.close();
    },
  };
}

/**
 * A second instance for the whole test file on PostgreSQL + Redis (none on PGlite), opened before
 * its tests and closed after them: answers the apps to spread requests over, the shared app first.
 * Call it after the file's own beforeAll that seeds the shared app.
 */
export function appsOfFile(first: () => BazaarApp): () => BazaarApp[] {
  let second: TestInstance | null = null;
  beforeAll(async () => {
    if (SHARED_INFRASTRUCTURE) second = await createTestInstance();
  });
  afterAll(async () => {
    await second?.close();
  });
  return () => [first(), ...(second ? [second.app] : [])];
}
