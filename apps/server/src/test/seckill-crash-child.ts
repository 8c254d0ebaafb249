// The flash-sale crash tests' child (http/seckill.crash.test.ts), killed with SIGKILL mid-way:
// - `writer`: an order writer only, taking batches of 10, that dies with two of them pending (below);
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
  // Two batches written and acknowledged; the third written and not acknowledged (as a writer killed
  // between its commit and its acknowledgement); the fourth taken and held unwritten. Then it
  // prints "holding N" and waits for the kill, with 20 attempts pending in the stream.
  const gate = seckillGate(ctx);
  const name = writerName();
  const ack = gate.queue.ack;
  let written = 0;
  for (let taken = 0; ; ) {
    const batch = await gate.queue.read(name, 10, 1000);
    if (batch.length === 0) continue;
    taken += 1;
    if (taken === 4) {
      process.stdout.write(`holding ${written}\n`);
      setInterval(() => undefined, 1000);
      break;
    }
    gate.queue.ack = taken === 3 ? async () => undefined : ack;
    written += await writeQueued(ctx, batch);
    process.stdout.write(`wrote ${written}\n`);
  }
} else {
  const app = await buildApp({ ctx });
  await app.listen({ host: '127.0.0.1', port: Number(port) });
  process.stdout.write('listening\n');
}
