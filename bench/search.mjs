// Search benchmarks (issue 3): GET /search/page for a two-character Chinese word, a one-character
// word and an English word, and SSR of /list?pn=, on a 100,000-product catalogue.
// Usage:
//   (cd apps/server && DATA_DIR=/tmp/bazaar-100k npm run db:seed -- --products 100000)   # once, ~2-3 min
//   npm run build -w @bazaar/web
//   BENCH_DATA_DIR=/tmp/bazaar-100k node bench/search.mjs [--duration 10]
// On PostgreSQL: seed with DATABASE_URL set instead of DATA_DIR, and run with the same DATABASE_URL
// (and REDIS_URL if wanted); BENCH_DATA_DIR then only names the folder for uploaded pictures.
// Targets on the 2-core machine: API p95 <= 20 ms for each kind; SSR /list?pn= >= 300 req/s.
// autocannon reports p97.5, not p95; p97.5 <= 20 ms implies p95 <= 20 ms.
//
// --mode distinct (issue 13): words nobody asked for, so the 10-second result cache never answers.
// Each kind's pool (two-character Chinese words, single characters, pinyin, English words, all taken
// from the catalogue's own names) is asked at --connections (default 8) parallel requests, every word
// exactly once; exact p50/p95/p99 over all requests and req/s = requests / wall time.
//   DATABASE_URL=... BENCH_DATA_DIR=/tmp/x node bench/search.mjs --mode distinct [--connections 8]
// BENCH_API_CMD=compiled runs the compiled API (npm run build -w @bazaar/server) as production does;
// BENCH_API_NODE_ARGS adds node options (bench/load.mjs apiCommand). [--profile DIR]
// It also prints the CPU each request cost the API's processes, the database's backends (PostgreSQL,
// from pg_stat_activity) and this load generator, read from /proc, and the API's resident memory
// after the runs: on a shared machine CPU per request compares code better than req/s does.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { apiCommand } from './load.mjs';
import { percentile } from './mall-api.mjs';
import { catalogueWords } from './search-words.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const duration = Number(arg('duration', 10));
const mode = arg('mode', 'hot');
const connections = Number(arg('connections', 8));
const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) {
  console.error('Set BENCH_DATA_DIR to a data directory seeded with --products 100000 (see the header).');
  process.exit(1);
}
const apiPort = Number(process.env.BENCH_API_PORT ?? 18120);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 13120);
const api = `http://127.0.0.1:${apiPort}`;
const web = `http://127.0.0.1:${webPort}`;

// The same words a shopper types: the seeded hot words and names of the catalogue.
const KINDS = {
  'two-character Chinese': ['手机', '茶杯', '耳机', '帐篷', '坚果'],
  'one-character Chinese': ['茶', '杯', '鞋', '包', '米'],
  'English word': ['phone', 'teacup', 'headphones', 'tent', 'nuts'],
};

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

/** Each server in its own process group, so stopping it stops tsx's child too. */
function start(command, args, cwd, apiEnv = {}) {
  // The load comes from one address: the per-address search limit would refuse most of it.
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    SANDBOX_PROVIDERS: 'loopback',
    LOG_LEVEL: 'warn',
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    API_URL: api,
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    SEARCH_PER_IP_PER_MINUTE: '100000000',
    ...apiEnv,
  };
  return spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const searchPath = (word) => `/search/page?keyword=${encodeURIComponent(word)}&size=20`;

/** First request for each word and page (nothing cached): exact percentiles over many keys. */
async function cold(words) {
  const times = [];
  for (const word of words) {
    for (const current of [1, 2, 3, 4]) {
      const t = performance.now();
      const res = await fetch(`${api}${searchPath(word)}&current=${current}`, {
        headers: { 'accept-language': 'zh' },
      });
      await res.text();
      times.push(performance.now() - t);
      if (!res.ok) throw new Error(`${word}: HTTP ${res.status}`);
    }
  }
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

function load(title, base, paths, connections) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration,
        headers: { 'accept-language': 'zh' },
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({
          title,
          connections,
          reqPerSec: Math.round(r.requests.average),
          p50: r.latency.p50,
          p90: r.latency.p90,
          p97_5: r.latency.p97_5,
          p99: r.latency.p99,
          errors: r.errors + r.non2xx,
        });
      },
    );
  });
}

const TICK_MS = 1000 / 100; // /proc reports CPU in clock ticks of 10 ms (USER_HZ 100)
/** CPU milliseconds of a process (Linux /proc), 0 once it is gone. */
function pidCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
/** Pids of a process group (the API: npx, tsx and the server). */
function groupPids(pgid) {
  const pids = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid) pids.push(Number(pid));
    } catch {
      // gone
    }
  }
  return pids;
}
/** Resident memory of a process in MiB. */
function rssMiB(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}
/** The PostgreSQL backends serving this database (the API's pool), by pg_stat_activity. */
async function pgBackends() {
  if (!process.env.DATABASE_URL) return [];
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const r = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return r.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}
/** CPU ms so far of the API's process group, of the database's backends (those in `seen`, which grows) and of this load generator. */
async function cpuNow(seen) {
  for (const pid of await pgBackends()) seen.add(pid);
  const api = groupPids(children[0].pid).reduce((sum, pid) => sum + pidCpuMs(pid), 0);
  const db = [...seen].reduce((sum, pid) => sum + pidCpuMs(pid), 0);
  const usage = process.cpuUsage();
  return { api, db, load: (usage.user + usage.system) / 1000 };
}

/** Every path once, `parallel` at a time over kept-alive connections; exact percentiles. */
async function distinctRun(paths, parallel) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  const times = [];
  let next = 0;
  let failures = 0;
  const one = (p) =>
    new Promise((resolve, reject) => {
      const t = performance.now();
      http
        .get(`${api}${p}`, { agent, headers: { 'accept-language': 'zh' } }, (res) => {
          res.resume();
          res.on('end', () => {
            times.push(performance.now() - t);
            if (res.statusCode !== 200) failures++;
            resolve();
          });
        })
        .on('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < paths.length) await one(paths[next++]);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    reqPerSec: Math.round(times.length / seconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1],
    failures,
  };
}

/** Distinct words of each kind from the catalogue's names (browsed in both languages), minus the hot words. */
async function distinctPools() {
  const hot = new Set(Object.values(KINDS).flat());
  const { bigrams, chars, pinyins, english } = await catalogueWords(api);
  const pool = (set) => [...set].filter((w) => !hot.has(w));
  return {
    'two-character Chinese': pool(bigrams),
    'one character': pool(chars),
    pinyin: pool(pinyins),
    'English word': pool(english),
  };
}

async function distinctMode() {
  const pools = await distinctPools();
  // Warm-up (JIT, connection pools) on the hot words only, which the pools leave out.
  await load('warm-up', api, Object.values(KINDS).flat().map(searchPath), 4);
  // And the uncached path itself (each connection's prepared statements, the JIT of the search), on
  // every word of every pool asking for its second page: the same code as the measured first pages,
  // none of their cards, and nothing the measured pages could find cached.
  await distinctRun(
    Object.values(pools).flatMap((words) => words.map((w) => `${searchPath(w)}&current=2`)),
    connections,
  );
  const rows = [];
  const seen = new Set();
  for (const [kind, words] of Object.entries(pools)) {
    // CPU per request from /proc: before and after the run; a backend first seen after it counts whole.
    const before = await cpuNow(seen);
    const run = await distinctRun(words.map(searchPath), connections);
    const after = await cpuNow(seen);
    const perRequest = (key) => (after[key] - before[key]) / run.n;
    rows.push({ kind, words: words.length, ...run, cpu: { api: perRequest('api'), db: perRequest('db'), load: perRequest('load') } });
  }
  const apiRss = Math.max(...groupPids(children[0].pid).map(rssMiB));
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `\nMachine: ${os.cpus().length} cores (${cpu}), Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  console.log(`Distinct words, each asked once, ${connections} connections:\n`);
  console.log('| query kind | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | failures | CPU ms/request: API | PostgreSQL | load generator |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.kind} | ${r.n} | ${r.reqPerSec} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.failures} | ${r.cpu.api.toFixed(2)} | ${r.cpu.db.toFixed(2)} | ${r.cpu.load.toFixed(2)} |`,
    );
  console.log(`\nAPI resident memory after the runs: ${apiRss.toFixed(0)} MiB`);
}

async function hotMode() {
  children.push(start('node', ['server.js'], path.join(root, 'apps/web')));
  await waitFor(`${web}/`);
  const catalogue = await (await fetch(`${api}/search/page?size=1`)).json();
  console.log(`catalogue: ${catalogue.total} products on shelf in open shops`);

  // Cold: many distinct words (category names of the tree), each page asked once.
  const tree = await (await fetch(`${api}/category/tree`)).json();
  const treeEn = await (
    await fetch(`${api}/category/tree`, {
      headers: { 'accept-language': 'en' },
    })
  ).json();
  const flat = (nodes) => nodes.flatMap((n) => [n.categoryName, ...flat(n.children)]);
  const zhNames = [...new Set(flat(tree))];
  const coldWords = {
    'two-character Chinese': [...new Set(zhNames.map((n) => n.slice(0, 2)))],
    'one-character Chinese': [...new Set(zhNames.map((n) => n.slice(0, 1)))],
    'English word': [
      ...new Set(
        flat(treeEn)
          .map((n) => n.split(/[^A-Za-z]+/)[0].toLowerCase())
          .filter((w) => w.length > 2),
      ),
    ],
  };
  const coldRows = [];
  for (const [kind, words] of Object.entries(coldWords)) coldRows.push({ kind, ...(await cold(words)) });

  // Warm-up (JIT), then steady load over the hot words.
  await load('warm-up', api, Object.values(KINDS).flat().map(searchPath), 4);
  const rows = [];
  for (const [kind, words] of Object.entries(KINDS)) {
    rows.push(await load(`GET /search/page, ${kind} (${words.join(', ')})`, api, words.map(searchPath), 1));
    rows.push(await load(`GET /search/page, ${kind}`, api, words.map(searchPath), 8));
  }
  const listPaths = Object.values(KINDS)
    .flat()
    .map((w) => `/list?pn=${encodeURIComponent(w)}`);
  await load('warm-up', web, listPaths, 10);
  rows.push(await load('SSR /list?pn= (the 15 words)', web, listPaths, 50));

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `\nMachine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; duration ${duration}s\n`,
  );
  console.log('Cold (first request of each word and page, sequential):\n');
  console.log('| query kind | requests | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---|---|---|---|');
  for (const r of coldRows) console.log(`| ${r.kind} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} |`);
  console.log('\nSteady load (autocannon):\n');
  console.log('| scenario | connections | req/s | p50 ms | p90 ms | p97.5 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.title} | ${r.connections} | ${r.reqPerSec} | ${r.p50} | ${r.p90} | ${r.p97_5} | ${r.p99} | ${r.errors} |`);
}

// --profile DIR: a V8 CPU profile of the API (node --cpu-prof), written when it stops; summarize it
// with `node bench/profile-summary.mjs DIR/*.cpuprofile`.
const profileDir = arg('profile', '');
const [apiCmd, apiArgs, apiEnv] = apiCommand(profileDir ? path.resolve(profileDir) : '');
// BENCH_SERVER_DIR runs another checkout's API (e.g. main's, for a before/after), as bench/memory.mjs does.
const children = [start(apiCmd, apiArgs, process.env.BENCH_SERVER_DIR ?? path.join(root, 'apps/server'), apiEnv)];
try {
  await waitFor(`${api}/healthz`);
  if (mode === 'distinct') {
    const catalogue = await (await fetch(`${api}/search/page?size=1`)).json();
    console.log(`catalogue: ${catalogue.total}${catalogue.totalCapped ? '+' : ''} products on shelf in open shops`);
    await distinctMode();
  } else {
    await hotMode();
  }
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 1000));
}
