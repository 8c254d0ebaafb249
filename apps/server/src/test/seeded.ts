// The demo seed, written once per test run into the shared test database (see test-app.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedIfEmpty } from '../db/seed/seed.ts';
import { getTestApp, type TestApp } from './test-app.ts';

let seeded: Promise<TestApp> | undefined;

/** The test app with the default demo mall in its database, without its pictures (seed.test draws them). */
export function ensureSeeded(): Promise<TestApp> {
  seeded ??= (async () => {
    const testApp = await getTestApp();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-seed-'));
    await seedIfEmpty(testApp.ctx.db, { dataDir, pictures: false });
    return testApp;
  })();
  return seeded;
}
