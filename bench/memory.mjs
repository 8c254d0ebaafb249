// The API's memory after the load runs (issue 13, target: the server's RSS <= 200 MiB). Starts the
// API alone, prints its memory after start, then runs three loads and prints it after each:
//   1. the uncached product detail (bench/detail.mjs --uncached: each id once, 10 connections);
//   2. search with distinct words at 8 connections (as bench/search.mjs --mode distinct: two- and
//      one-character Chinese, pinyin and English words from the catalogue's names, each once);
//   3. the API calls behind the storefront's pages (home, list, detail, cart, orders; buyer01 logged
//      in), 10 connections.
// Each line gives the server process's RSS (from /proc) and its V8 heap (from a Node diagnostic
// report), and the other node processes of the API's group (npx and the tsx command line when the
// API runs through `npx tsx`). Usage:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/COPY_OF_bazaar_perf_100k node bench/memory.mjs [--duration 10] [--detail-requests 10000]
// BENCH_API_PORT picks the port (18540). BENCH_API_CMD picks how the API runs: `npx-tsx` (the
// default, as the other benchmarks start it), `node-tsx` (node --import tsx, one process) or
// `compiled` (node dist/server.js after `npm run build -w @bazaar/server`). BENCH_API_NODE_OPTIONS
// passes Node and V8 options to the API (e.g. --max-semi-space-size=4); BENCH_API_NODE_ARGS puts
// options on node's command line (for node-tsx and compiled), where V8 flags NODE_OPTIONS refuses go.
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { apiMemory, apiNodeOptions, serverProcess, serverSnapshot } from './api-memory.mjs';
import { cipher } from './mall-api.mjs';
import { apiCommand, waitFor } from './load.mjs';
import { catalogueWords } from './search-words.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argValue = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const duration = Number(argValue('duration', 10));
// A fixed number of uncached details instead of --duration seconds of them, so runs on a busy
// machine put the same load through the API (the detail cache fills with what was asked).
const detailRequests = Number(argValue('detail-requests', 0));
const apiPort = Number(process.env.BENCH_API_PORT ?? 18540);
const api = `http://127.0.0.1:${apiPort}`;
const mode = process.env.BENCH_API_CMD ?? 'npx-tsx';
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a copy of a database seeded with --products 100000 (see docs/benchmarks.md).');
  process.exit(1);
}

const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const commands = {
  'npx-tsx': ['npx', ['tsx', 'src/server.ts']],
  'node-tsx': ['node', [...nodeArgs, '--import', 'tsx', 'src/server.ts']],
  // As `npm run start:prod` runs it (its allocator settings and V8 flags), plus BENCH_API_NODE_ARGS.
  compiled: apiCommand(),
};
if (!commands[mode]) throw new Error(`BENCH_API_CMD: one of ${Object.keys(commands).join(', ')}`);
const [command, commandArgs, commandEnv = {}] = commands[mode];
const child = spawn(command, commandArgs, {
  // BENCH_SERVER_DIR measures another checkout's API (e.g. main's, for a before/after).
  cwd: process.env.BENCH_SERVER_DIR ?? path.join(root, 'apps/server'),
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SANDBOX_PROVIDERS: 'loopback',
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'false',
    API_PORT: String(apiPort),
    DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'bazaar-bench-memory'),
    // The load comes from one address.
    SEARCH_PER_IP_PER_MINUTE: '100000000',
    NODE_OPTIONS: apiNodeOptions(),
    ...commandEnv,
  },
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // gone
  }
};
process.on('exit', stop);


function load(requests, connections, headers = {}, amount = 0) {
  return new Promise((resolve, reject) => {
    autocannon({ url: api, connections, ...(amount ? { amount } : { duration }), headers: { 'accept-language': 'zh', ...headers }, requests }, (err, r) =>
      err ? reject(err) : resolve({ reqPerSec: Math.round(r.requests.average), non2xx: r.non2xx + r.errors }),
    );
  });
}

/** Every path once, `parallel` at a time over kept-alive connections. */
async function distinctRun(paths, parallel) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  let next = 0;
  let failures = 0;
  const one = (p) =>
    new Promise((resolve, reject) => {
      http
        .get(`${api}${p}`, { agent, headers: { 'accept-language': 'zh' } }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) failures++;
            resolve();
          });
        })
        .on('error', reject);
    });
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < paths.length) await one(paths[next++]);
  }));
  agent.destroy();
  return { requests: paths.length, reqPerSec: Math.round(paths.length / ((performance.now() - started) / 1000)), failures };
}

/** Distinct search words from the catalogue's names, as bench/search.mjs --mode distinct takes them. */
async function distinctWords() {
  const { bigrams, chars, pinyins, english } = await catalogueWords(api);
  return [...bigrams, ...chars, ...pinyins, ...english];
}

const rows = [];
const note = async (phase, detail = '') => {
  rows.push({ phase, detail, memory: await apiMemory(child.pid), load: os.loadavg()[0].toFixed(1) });
  console.log(`${phase}${detail ? ` (${detail})` : ''}: ${rows.at(-1).memory}`);
};

try {
  await waitFor(`${api}/healthz`);
  await new Promise((r) => setTimeout(r, 2000));
  await note('after start');

  // 1. The uncached detail: each id once, counting up from 1.
  let id = 1;
  const detail = await load([{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/prod/prodInfo?prodId=${id++}` }) }], 10, {}, detailRequests);
  await note('after the uncached detail', `${detail.reqPerSec} req/s, ${id - 1} ids, ${detail.non2xx} non-2xx`);

  // 2. Search with distinct words.
  const words = await distinctWords();
  const search = await distinctRun(words.map((w) => `/search/page?keyword=${encodeURIComponent(w)}&size=20`), 8);
  await note('after search with distinct words', `${search.requests} words, ${search.reqPerSec} req/s, ${search.failures} failures`);

  // 3. The storefront pages' API calls, logged in as buyer01.
  const login = await fetch(`${api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'buyer01', passWord: cipher('bazaar123') }) });
  const token = login.ok ? (await login.json()).accessToken : undefined;
  const top = (await (await fetch(`${api}/search/page?size=50&sort=2`)).json()).records.map((r) => r.prodId);
  const paths = [
    '/index/home', '/category/tree', '/search/hotSearch', '/webConfig/getPcWebConfig', '/shop/notice/noticeList/0',
    `/search/page?keyword=${encodeURIComponent('手机')}&size=20`, `/search/page?keyword=${encodeURIComponent('茶杯')}&size=20`,
    ...top.flatMap((p) => [`/prod/prodInfo?prodId=${p}`, `/prod/prodCommData?prodId=${p}`, `/combo/prodCombos?prodId=${p}`, `/marking/discount/getDiscountByProdId?prodId=${p}`]),
    ...(token ? ['/p/user/userInfo', '/p/user/centerInfo', '/p/myOrder/myOrder?current=1&size=10&status=0', '/p/shopCart/getShopCartExpiryProdList'] : []),
  ];
  const pages = await load(paths.map((p) => ({ method: 'GET', path: p })), 10, token ? { authorization: token } : {});
  await note('after the pages\' API calls', `${paths.length} paths, ${pages.reqPerSec} req/s, ${pages.non2xx} non-2xx${token ? '' : ', not logged in'}`);
  await new Promise((r) => setTimeout(r, 5000));
  await note('5 s later, idle');
  // The idle collector (lib/idle-collector.ts) runs once a whole minute passed without a response:
  // read after its first chance (60 to 120 s of quiet, as its check runs once a minute) and a moment more.
  await new Promise((r) => setTimeout(r, 120_000));
  await note('125 s later, idle (after the idle collection)');
  const snapshot = await serverSnapshot(serverProcess(child.pid).pid);
  if (snapshot) {
    rows.push({ phase: 'after a full collection (heap snapshot)', detail: '', load: os.loadavg()[0].toFixed(1), memory: `server RSS ${snapshot.rssMiB?.toFixed(1)} MiB, live V8 heap ${snapshot.liveMiB?.toFixed(1)} MiB: ${snapshot.kinds}; objects: ${snapshot.objects}` });
    console.log(`${rows.at(-1).phase}: ${rows.at(-1).memory}`);
  }

  console.log(`\nMachine: ${os.cpus().length} cores, Node ${process.version}; API run as ${mode}${process.env.BENCH_API_NODE_OPTIONS ? ` with ${process.env.BENCH_API_NODE_OPTIONS}` : ''}: ${Object.entries(commandEnv).map(([k, v]) => `${k}=${v} `).join('')}${command} ${commandArgs.join(' ')}; duration ${duration}s\n`);
  console.log('| after | load | what ran | memory |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.phase} | ${r.load} | ${r.detail} | ${r.memory} |`);
} finally {
  stop();
}
process.exit(0);
