// Boots the compiled production server (dist/server.js, `npm run build -w @bazaar/server`; decision
// 049) on a fresh embedded database and asks it what a first visitor's pages ask: it must migrate,
// seed, answer the home data, a keyword search (the index, jieba for a long phrase) and a product.
// .ci/run runs it, so a path or import that only breaks in the bundle fails CI, not production.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SMOKE_API_PORT ?? 18199);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bazaar-smoke-'));
const child = spawn(process.execPath, ['--max-semi-space-size=8', '--heap-growing-percent=50', '--expose-gc', 'dist/server.js'], {
  cwd: server,
  env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', API_PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function get(url, headers = {}) {
  const res = await fetch(`${base}${url}`, { headers: { 'accept-language': 'zh', ...headers } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

try {
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dist/server.js exited with ${child.exitCode}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('dist/server.js did not answer /healthz within 240 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  const home = await get('/index/home');
  if (!home.categories?.length) throw new Error('/index/home has no categories');
  const page = await get(`/search/page?keyword=${encodeURIComponent('青花瓷茶杯')}&current=1&size=5`);
  const tea = await get(`/search/page?keyword=${encodeURIComponent('茶')}&current=1&size=5`);
  if (!tea.records?.length) throw new Error('a search for 茶 found nothing');
  const detail = await get(`/prod/prodInfo?prodId=${tea.records[0].prodId}`);
  if (!detail.skuList?.length) throw new Error('the product detail has no SKUs');
  console.log(`compiled server: home, search (${page.total} and ${tea.total} matches) and a product answered`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1_000));
  rmSync(dataDir, { recursive: true, force: true });
}
