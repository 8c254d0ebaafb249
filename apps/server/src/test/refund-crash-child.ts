// The crash test's child (flows/refund-money.concurrency.test.ts): an API instance without HTTP
// that runs executeRefund over the refund numbers it is given, a few at a time, printing "settled"
// for each one done, until the parent kills it with SIGKILL in the middle.
// Arguments: the database URL, the Redis URL, then the refund numbers.
import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { createCaches } from '../lib/cache.ts';
import { createRedisKv } from '../lib/kv.ts';
import { createProviders } from '../providers/create-providers.ts';
import type { AppContext } from '../context.ts';
import { executeRefund } from '../flows/refund-money.ts';

const [databaseUrl, redisUrl, ...refundSns] = process.argv.slice(2);
const env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: 'memory://', poolSize: 4 });
const now = () => new Date();
const ctx: AppContext = {
  env,
  database,
  db: database.db,
  kv: createRedisKv(env.REDIS_URL!, `bazaar-crash-${process.pid}:`),
  caches: await createCaches({ redisUrl: env.REDIS_URL, channel: `bazaar-crash-${process.pid}:cache` }),
  providers: await createProviders(env, database.db, now),
  now,
};
for (let i = 0; i < refundSns.length; i += 3) {
  await Promise.all(
    refundSns.slice(i, i + 3).map(async (sn) => {
      const outcome = await executeRefund(ctx, sn);
      process.stdout.write(`${outcome === 'refunded' ? 'settled' : 'sent'} ${sn}\n`);
    }),
  );
  // Slow enough that the kill lands mid-way.
  await new Promise((r) => setTimeout(r, 150));
}
process.stdout.write('all done\n');
setInterval(() => undefined, 1_000);
