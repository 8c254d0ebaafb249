import { openDatabase } from './client.ts';
import { loadEnv } from '../env.ts';

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
await database.migrate();
await database.close();
console.log(`migrated (${database.kind})`);
