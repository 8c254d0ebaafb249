// Product detail benchmarks (issue 3): GET /prod/prodInfo over many product ids, and SSR of
// /detail/{id}. Targets on the 2-core machine (API, storefront and load generator together):
// prodInfo >= 5,000 req/s with 100,000 products; SSR /detail >= 300 req/s.
//
// Usage: npm run build && node bench/detail.mjs [--products 100000] [--ids 2000] [--duration 15] [--skip-seed] [--uncached]
// --uncached measures first requests only (issue 13, target >= 3,000 req/s at 100,000 products):
// every request asks for a product id nobody asked for before, so the 30 s detail cache never
// answers; ids of products off the shelf (about 2 %) answer 400 and count as errors.
// --healthz also measures GET /healthz at the same 10 connections (the framework's floor: every
// hook of the API, no database); --cpu prints the CPU milliseconds per request of the API and of
// the PostgreSQL backends of DATABASE_URL's database (from /proc; the load generator is left out); --profile DIR runs the API
// under node --cpu-prof (write DIR/*.cpuprofile, summarize with bench/profile-summary.mjs).
// BENCH_API_PORT and BENCH_WEB_PORT pick the ports (18520 and 13520 by default). With --uncached
// only the API is started. BENCH_API_CMD=compiled runs the API from apps/server/dist (npm run
// build -w @bazaar/server) instead of through tsx; BENCH_API_NODE_ARGS adds node options (V8 flags)
// to a compiled or profiled API's command line.
// --products seeds the data directory up to that many products first (about 2 minutes on PGlite
// for 100,000; a directory already seeded that far is left as it is). BENCH_DATA_DIR picks the
// directory; with --skip-seed a directory seeded earlier is used as it is.
import autocannon from 'autocannon';
import { apiCommand, cpuMs } from './load.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiMemory, apiNodeOptions } from './api-memory.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const duration = arg('duration', 15);
const products = arg('products', 0);
const idCount = arg('ids', 2000);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-detail-'));

if (!process.argv.includes('--skip-seed')) {
  console.log(`seeding ${products || 'the demo'} products into ${dataDir}...`);
  const seeded = spawnSync('npx', ['tsx', 'src/db/seed/cli.ts', ...(products > 0 ? ['--products', String(products)] : [])], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

function run(title, url, requests, { connections, seconds = duration }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, requests, headers: { 'accept-language': 'zh' } }, (err, result) => {
      if (err) return reject(err);
      resolve({
        title,
        connections,
        reqPerSec: Math.round(result.requests.average),
        p50: result.latency.p50,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    });
  });
}

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

/**
 * API and storefront in their own process groups, so stopping also ends the node processes that
 * npx and tsx start below them.
 */
async function startServers(apiPort, webPort, { web = true } = {}) {
  // Seeded above (or earlier): the API must not seed again while it is measured.
  const env = { ...process.env, NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback', LOG_LEVEL: 'warn', SEED_ON_START: 'false', API_PORT: String(apiPort), WEB_PORT: String(webPort), DATA_DIR: dataDir, NODE_OPTIONS: apiNodeOptions() };
  const start = (command, args, cwd, extraEnv = {}) => spawn(command, args, { cwd: path.resolve(root, cwd), env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const profileAt = process.argv.indexOf('--profile');
  const profileDir = profileAt > 0 ? process.argv[profileAt + 1] : '';
  const [command, args, apiEnv] = apiCommand(profileDir ? path.resolve(String(profileDir)) : '');
  // BENCH_SERVER_DIR measures another checkout's API (e.g. main's, for a before/after).
  const children = [start(command, args, process.env.BENCH_SERVER_DIR ?? 'apps/server', apiEnv)];
  const stop = async () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  };
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/healthz`);
    if (!web) return { api: `http://127.0.0.1:${apiPort}`, stop, apiGroup: children[0].pid };
    children.push(start('node', ['server.js'], 'apps/web'));
    await waitFor(`http://127.0.0.1:${webPort}/`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { api: `http://127.0.0.1:${apiPort}`, web: `http://127.0.0.1:${webPort}`, stop, apiGroup: children[0].pid };
}

/** PostgreSQL backends serving this benchmark's database (their title names it; others' work is left out). */
const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : '';
const ourBackend = (pid) => {
  try {
    return database !== '' && readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres: ') && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `);
  } catch {
    return false;
  }
};
/** A run with the CPU per request of the API's process group and of the database's PostgreSQL backends. */
async function measured(title, url, requests, options, apiGroup) {
  const api0 = cpuMs((_pid, pgrp) => pgrp === apiGroup);
  const pg0 = cpuMs(ourBackend);
  const result = await run(title, url, requests, options);
  const count = Math.max(1, result.reqPerSec * (options.seconds ?? duration));
  return { ...result, apiCpu: (cpuMs((_pid, pgrp) => pgrp === apiGroup) - api0) / count, pgCpu: (cpuMs(ourBackend) - pg0) / count };
}

const apiPort = Number(process.env.BENCH_API_PORT ?? 18520);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 13520);
const mall = await startServers(apiPort, webPort, { web: !process.argv.includes('--uncached') });
if (process.argv.includes('--uncached')) {
  try {
    const productCount = products || 456;
    // Ids from the top down warm the process up; the measured run counts up from 1, each id once.
    let down = productCount;
    let up = 1;
    const fresh = (next) => [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/prod/prodInfo?prodId=${next()}` }) }];
    const loadBefore = os.loadavg()[0];
    await run('warm-up', mall.api, fresh(() => down--), { connections: 10, seconds: 3 });
    const results = [];
    if (process.argv.includes('--healthz')) results.push(await measured('GET /healthz (the framework floor)', mall.api, [{ method: 'GET', path: '/healthz' }], { connections: 10 }, mall.apiGroup));
    const result = await measured('GET /prod/prodInfo, each id once (uncached)', mall.api, fresh(() => up++), { connections: 10 }, mall.apiGroup);
    results.push(result);
    if (up >= down) console.log('warning: the measured ids reached the warm-up ids; use more products or a shorter --duration');
    console.log(`\nMachine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after; ${productCount} products; ${up - 1} ids asked; duration ${duration}s\n`);
    console.log('| scenario | connections | req/s | p50 ms | p97.5 ms | p99 ms | non-2xx | API CPU ms/req | PostgreSQL CPU ms/req |\n|---|---|---|---|---|---|---|---|---|');
    for (const r of results) console.log(`| ${r.title} | ${r.connections} | ${r.reqPerSec} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.errors} | ${r.apiCpu.toFixed(3)} | ${r.pgCpu.toFixed(3)} |`);
    if (process.argv.includes('--memory')) console.log(`\nAPI after the runs: ${await apiMemory(mall.apiGroup)}`);
  } finally {
    await mall.stop();
  }
  process.exit(0);
}
try {
  // Product ids spread over the whole catalogue; off-shelf ones (a 400) are left out.
  const productCount = products || 456;
  const step = Math.max(1, Math.floor(productCount / idCount));
  const ids = [];
  for (let id = 1; id <= productCount && ids.length < idCount; id += step) {
    if ((await fetch(`${mall.api}/prod/prodInfo?prodId=${id}`)).ok) ids.push(id);
  }
  console.log(`${ids.length} product ids between ${ids[0]} and ${ids[ids.length - 1]}`);
  const apiRequests = ids.map((id) => ({ method: 'GET', path: `/prod/prodInfo?prodId=${id}` }));
  const pageRequests = ids.slice(0, 500).map((id) => ({ method: 'GET', path: `/detail/${id}` }));

  await run('warm-up', mall.api, apiRequests, { connections: 10 });
  await run('warm-up', mall.web, pageRequests, { connections: 10 });
  const results = [
    await run(`GET /prod/prodInfo (${ids.length} ids)`, mall.api, apiRequests, { connections: 100 }),
    await run(`SSR /detail/{id} (${pageRequests.length} ids)`, mall.web, pageRequests, { connections: 50 }),
  ];
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\nMachine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${productCount} products; duration ${duration}s\n`);
  console.log('| scenario | connections | req/s | p50 ms | p97.5 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.title} | ${r.connections} | ${r.reqPerSec} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.errors} |`);
} finally {
  await mall.stop();
}
