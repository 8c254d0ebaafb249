// npm run db:seed [-- --products N]: migrates, then seeds the demo mall (or tops its catalogue up to N).
// With PGlite, stop the server first: a PGlite data directory has one user at a time.
import { parseArgs } from 'node:util';
import { openDatabase } from '../client.ts';
import { loadEnv } from '../../env.ts';
import { DEFAULT_PRODUCTS, seedIfEmpty } from './seed.ts';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const products = values.products === undefined ? DEFAULT_PRODUCTS : Number(values.products);
if (!Number.isInteger(products) || products < 0) {
  console.error(`--products must be a whole number, got ${values.products}`);
  process.exit(1);
}

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
const started = Date.now();
try {
  await database.migrate();
  const log = { info: (msg: string) => console.log(msg) };
  const wrote = await seedIfEmpty(database.db, { dataDir: env.dataDir, log, products, merchantUrl: `http://localhost:${env.MERCHANT_PORT}/` });
  console.log(wrote ? `seed done in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})` : 'already seeded; nothing to do');
} finally {
  await database.close();
}
