// One app and one database for the whole test run (vitest runs files in one fork without
// isolation), because PGlite takes seconds to start. Tests make their own unique data.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BazaarApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { createCaches } from '../lib/cache.ts';
import { createMemoryKv, createRedisKv } from '../lib/kv.ts';
import { ensureSerialInstance } from '../lib/serial-number.ts';
import { createProviders } from '../providers/create-providers.ts';
import { advanceTestClock, resetTestClock, testNow } from './clock.ts';

export interface TestApp {
  app: BazaarApp;
  ctx: AppContext;
  /** Moves the app's clock (not the process's) forward. */
  advanceClock(ms: number): void;
  resetClock(): void;
}

/** The run uses PostgreSQL and Redis, so several API instances can share them (test/instances.ts). */
export const SHARED_INFRASTRUCTURE = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
/** The run's Redis, if any: tests of what only exists on Redis skip without it. */
export const TEST_REDIS_URL = process.env.REDIS_URL;

let instance: Promise<TestApp> | undefined;

export function getTestApp(): Promise<TestApp> {
  instance ??= createTestApp();
  return instance;
}

async function createTestApp(): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    LOG_LEVEL: 'silent',
    // The suite logs in hundreds of times from one address; plugins/rate-limit.test.ts checks the limit with its own app.
    LOGIN_PER_IP_PER_MINUTE: '100000',
    UPLOAD_PER_IP_PER_MINUTE: '100000',
    // Tests write products straight to the database and search at once (decision 050).
    SEARCH_INDEX_SYNC_MS: '0',
    // Uploads and other files of a test run stay out of the developer's data/ folder.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bazaar-test-')),
  });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: 'memory://', poolSize: 10 });
  await database.migrate();
  await ensureSerialInstance(database.db);
  const now = testNow;
  const kv = env.REDIS_URL ? createRedisKv(env.REDIS_URL, `bazaar-test-${process.pid}:`) : createMemoryKv(() => now().getTime());
  // Each test run listens on its own channel, so runs sharing a Redis never drop each other's caches.
  const caches = await createCaches({ redisUrl: env.REDIS_URL, now: () => now().getTime(), channel: `bazaar-test-${process.pid}:cache` });
  const ctx: AppContext = { env, database, db: database.db, kv, caches, providers: await createProviders(env, database.db, now), now };
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    advanceClock: advanceTestClock,
    resetClock: resetTestClock,
  };
}

let counter = 0;
/** A phone number no other test uses in this run. */
export function uniquePhone(): string {
  counter += 1;
  const n = (Date.now() % 1_000_000) * 1000 + (process.pid % 10) * 100 + (counter % 100);
  return `13${String(n).padStart(9, '0').slice(-9)}`;
}
