import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Removes the run's API data directory (only one this config created under the temp dir). */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.BAZAAR_E2E_DATA_DIR;
  if (dir && path.dirname(dir) === tmpdir() && path.basename(dir).startsWith('bazaar-e2e-')) await rm(dir, { recursive: true, force: true });
}
