// Starts a production API + storefront on private ports and a throw-away embedded database
// (or DATABASE_URL), for benchmarks. Returns their URLs and a stop function.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitFor(url, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

export async function startMall({ apiPort = 18500, webPort = 13500, web = true, dataDir } = {}) {
  const env = {
    ...process.env,
    NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback',
    LOG_LEVEL: 'warn',
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    DATA_DIR: dataDir ?? process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-')),
  };
  // Each server runs in its own process group, so stop() ends npx and the node it starts.
  const children = [spawn('npx', ['tsx', 'src/server.ts'], { cwd: path.join(root, 'apps/server'), env, stdio: ['ignore', 'inherit', 'inherit'], detached: true })];
  await waitFor(`http://127.0.0.1:${apiPort}/healthz`);
  if (web) {
    children.push(spawn('node', ['server.js'], { cwd: path.join(root, 'apps/web'), env, stdio: ['ignore', 'ignore', 'inherit'], detached: true }));
    await waitFor(`http://127.0.0.1:${webPort}/`);
  }
  return {
    api: `http://127.0.0.1:${apiPort}`,
    web: `http://127.0.0.1:${webPort}`,
    async stop() {
      for (const child of children) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      await new Promise((r) => setTimeout(r, 1_000));
    },
  };
}
