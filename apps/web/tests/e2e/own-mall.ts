// A second API + storefront pair for a journey that needs settings the shared pair (playwright.config.ts
// webServer) must not have, such as after-sales periods shortened to seconds: setting them there would
// change every other journey. The pair has its own data: a fresh DATA_DIR (embedded PGlite) or, when
// DATABASE_URL is set (CI), a database of its own created beside the shared one and dropped at stop.
// It runs without REDIS_URL: one API instance keeps its KV in process (decision 004). Its ports are
// the shared pair's plus the journey's own offset (OWN_MALL_OFFSETS; its consoles would take +1 and
// +2), so the journeys' own pairs, running at once in parallel workers, never meet.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface OwnMall {
  apiUrl: string;
  webUrl: string;
  stop: () => Promise<void>;
}

/** Each journey file with an own pair has its own port offset: two at once never share a port. */
export const OWN_MALL_OFFSETS = { aftersaleDeadline: 5, chatService: 10, groupExpiry: 15 } as const;
const here = path.dirname(new URL(import.meta.url).pathname);
const webDir = path.resolve(here, '../..');
const serverDir = path.resolve(webDir, '../server');

/** The newest modification time of the files under `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * How the own API starts: compiled, as the shared API (playwright.config.ts builds it when it starts
 * that one, so always in CI), when the build is newer than the server's and the shared package's
 * sources; otherwise (a reused shared pair with sources edited since) from the sources with tsx,
 * which costs seconds of CPU at start (decision 069).
 */
function apiCommand(): { args: string[]; env: Record<string, string> } {
  const dist = path.join(serverDir, 'dist/server.js');
  const fresh = existsSync(dist) && statSync(dist).mtimeMs >= Math.max(newestMtime(path.join(serverDir, 'src')), newestMtime(path.join(serverDir, '../../packages/shared/src')));
  if (!fresh) return { args: ['--import', 'tsx', 'src/server.ts'], env: {} };
  return {
    args: ['--max-semi-space-size=8', '--heap-growing-percent=50', '--expose-gc', 'dist/server.js'],
    env: { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' },
  };
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before answering ${url}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the pair with `env` added to the API's environment (the storefront's is the shared pair's). */
export async function startOwnMall(env: Record<string, string>, offset: (typeof OWN_MALL_OFFSETS)[keyof typeof OWN_MALL_OFFSETS]): Promise<OwnMall> {
  // The shared pair's ports as playwright.config.ts reads them.
  const apiPort = Number(process.env.API_PORT || 18080) + offset;
  const webPort = Number(process.env.WEB_PORT || 13000) + offset;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-e2e-own-'));
  const sharedDb = process.env.DATABASE_URL;
  const dbName = sharedDb ? `${new URL(sharedDb).pathname.slice(1) || 'bazaar'}_own_${randomBytes(4).toString('hex')}` : null;
  const dbUrl = sharedDb && dbName ? Object.assign(new URL(sharedDb), { pathname: `/${dbName}` }).toString() : undefined;
  if (sharedDb && dbName) execFileSync('createdb', [`--maintenance-db=${sharedDb}`, dbName], { stdio: 'pipe' });

  const { REDIS_URL: _redis, DATABASE_URL: _db, ...inherited } = process.env;
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    if (sharedDb && dbName) execFileSync('dropdb', [`--maintenance-db=${sharedDb}`, '--if-exists', '--force', dbName], { stdio: 'pipe' });
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // As the shared API (playwright.config.ts), in one Node process so that stopping it stops the server.
    const command = apiCommand();
    const api = spawn(process.execPath, command.args, {
      cwd: serverDir,
      env: {
        ...inherited,
        ...command.env,
        ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
        API_PORT: String(apiPort),
        MERCHANT_PORT: String(webPort + 1),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SANDBOX_PROVIDERS: 'loopback',
        SMS_PER_IP_PER_HOUR: '100000',
        LOGIN_PER_IP_PER_MINUTE: '100000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(api);
    // A fresh database migrates and seeds at the first start.
    await waitFor(`${apiUrl}/healthz`, api, 'the own API', 180_000);
    const web = spawn(process.execPath, ['server.js'], {
      cwd: webDir,
      env: { ...inherited, WEB_PORT: String(webPort), API_PORT: String(apiPort), API_URL: apiUrl, HOST: '127.0.0.1', NODE_ENV: 'production', WEB_WORKERS: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(web);
    await waitFor(`${webUrl}/`, web, 'the own storefront', 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrl, webUrl, stop };
}
