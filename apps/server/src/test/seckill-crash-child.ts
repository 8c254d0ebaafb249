// The flash-sale crash tests' child (http/seckill.crash.test.ts), killed with SIGKILL mid-way:
// - `writer`: an order writer only, taking small batches slowly, printing "wrote N" after each;
// - `api`: a whole API instance listening on a port, with no order writer, printing "listening".
// Arguments: the mode, the database URL, the Redis URL, the key prefix of the parent's Redis keys
// (so both use one gate and one queue), and for `api` the port.
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { createCaches } from '../lib/cache.ts';
import { createRedisKv } from '../lib/kv.ts';
import { ensureSerialInstance } from '../lib/serial-number.ts';
import { createProviders } from '../providers/create-providers.ts';
import { writeQueued } from '../flows/write-seckill-orders.ts';
import { seckillGate, writerName } from '../modules/seckill/gate.ts';

const [mode, databaseUrl, redisUrl, prefix, port] = process.argv.slice(2);
const env = loadEnv({
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  LOG_LEVEL: 'silent',
  SECKILL_WRITERS: '0',
  JOBS_ENABLED: 'false',
  LOGIN_PER_IP_PER_MINUTE: '100000',
  API_PORT: port ?? '0',
});
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: 'memory://', poolSize: 8 });
await ensureSerialInstance(database.db);
const now = () => new Date();
const ctx: AppContext = {
  env,
  database,
  db: database.db,
  kv: createRedisKv(env.REDIS_URL!, prefix!),
  caches: await createCaches({ redisUrl: env.REDIS_URL, channel: `${prefix}cache` }),
  providers: await createProviders(env, database.db, now),
  now,
};

if (mode === 'writer') {
  const gate = seckillGate(ctx);
  const name = writerName();
  let written = 0;
  for (;;) {
    const batch = await gate.queue.read(name, 10, 1000);
    if (batch.length === 0) continue;
    written += await writeQueued(ctx, batch);
    process.stdout.write(`wrote ${written}\n`);
    // Slow enough that the kill lands between or inside batches.
    await new Promise((r) => setTimeout(r, 60));
  }
} else {
  const app = await buildApp({ ctx });
  await app.listen({ host: '127.0.0.1', port: Number(port) });
  process.stdout.write('listening\n');
}
