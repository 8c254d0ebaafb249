import { buildApp } from './app.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { createCaches } from './lib/cache.ts';
import { createMemoryKv, createRedisKv } from './lib/kv.ts';
import { createProviders } from './providers/create-providers.ts';
import { jobHandlers, scheduleRecurringJobs } from './jobs.ts';
import { startJobSweeper } from './lib/jobs.ts';
import { IDLE_COLLECT_AFTER_MS, startIdleCollector } from './lib/idle-collector.ts';
import { ensureSerialInstance } from './lib/serial-number.ts';
import { sandboxStartRefusal } from './providers/sandboxes.ts';

const env = loadEnv();
const log = createLogger(env.LOG_LEVEL);
const refusal = sandboxStartRefusal(env);
if (refusal) {
  log.fatal(refusal);
  process.exit(1);
}

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
await database.migrate();
await ensureSerialInstance(database.db);
// Imported only here: the seed's modules (pictures, areas, pinyin) stay out of a production server's memory.
if (env.SEED_ON_START) await (await import('./db/seed/seed.ts')).seedIfEmpty(database.db, { dataDir: env.dataDir, log, merchantUrl: `http://localhost:${env.MERCHANT_PORT}/` });

const kv = env.REDIS_URL ? createRedisKv(env.REDIS_URL) : createMemoryKv();
const now = () => new Date();
const ctx: AppContext = {
  env,
  database,
  db: database.db,
  kv,
  caches: await createCaches({ redisUrl: env.REDIS_URL }),
  providers: await createProviders(env, database.db, now, log),
  now,
};
const app = await buildApp({ ctx, logger: log });
// Any number of instances may sweep: each due job goes to exactly one (FOR UPDATE SKIP LOCKED).
if (env.JOBS_ENABLED) await scheduleRecurringJobs(ctx);
const stopJobs = env.JOBS_ENABLED ? startJobSweeper(ctx.db, jobHandlers(ctx), ctx.now, log) : () => undefined;
// With node --expose-gc (npm run start:prod): memory is given back once a burst of traffic is over
// (HTTP responses, and the chat's events over its sockets).
const gc = (globalThis as { gc?: () => void }).gc;
const stopCollector = gc ? startIdleCollector(app, gc, IDLE_COLLECT_AFTER_MS, () => app.chatHub.eventsHandled) : () => undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    stopJobs();
    stopCollector();
    await app.close();
    await kv.close();
    await ctx.caches.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: env.HOST, port: env.API_PORT });
app.log.info(`Bazaar API on http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.API_PORT} (docs at /docs, database: ${database.kind}${env.DATABASE_URL ? '' : ` in ${env.dataDir}`})`);
