// Flash sale at the limit (issue 27, decision 062): 2,000 logged-in shoppers press "buy" on one SKU
// of flash stock 1,000 (limit 1 each), against two API instances on PostgreSQL + Redis. Each shopper
// first opens the confirm page (orderPath + confirm, not measured), then waits out the 5-in-5-s
// window; then all submit at once. Reports attempts/s over the burst, p50/p99 of an attempt, how long
// after the burst the last accepted attempt was written as an order, and the exactly-once counts
// (accepted = orders = distinct buyers = units the gate and PostgreSQL lost). In the same run, a bare
// Fastify route on the same machine, hit the same way, is the ceiling; it is then measured again as
// two processes (the API's shape: on two cores they share the machine with the client as the two
// instances do), reported beside it.
// Usage: createdb bazaar_flash && DATABASE_URL=postgres://postgres@127.0.0.1:5432/bazaar_flash \
//          REDIS_URL=redis://127.0.0.1:6379/6 node bench/flash-sale.mjs [--shoppers 2000] [--stock 1000] [--connections 200] [--port 18142] [--rate R] [--warmup N] [--profile DIR] [--trace-compiles]
// BENCH_API_CMD=compiled runs the instances as `npm run start:prod` does (after `npm run build -w
// @bazaar/server`), else tsx; --profile DIR writes each instance's CPU profile there (node --cpu-prof),
// summed up by `node bench/profile-summary.mjs DIR/*.cpuprofile` (the bench prints the burst's
// --window for it).
// It also reports the CPU time both API processes spent over the burst per attempt (Linux /proc): on
// a shared machine that moves far less with the load than attempts/s does.
// --trace-compiles runs the instances with V8's --trace-opt --trace-deopt and reports what TurboFan
// compiled during the burst (decision 062, ninth pass): how many functions, how many of them had
// been compiled before and deoptimized since, their concurrent compile time, and the deopts.
// --rate R (attempts/s) sends the attempts, and then the bare route's requests, open loop at R per
// second instead of all at once (each at its own time, whatever is still waiting), and measures each
// from the time it was due: the latency at that rate, without the burst's own queue (Little's law: 2,000
// requests at once wait about 2,000 / capacity on average whatever the server does). Without it, the burst.
// --warmup N (default 8000) first runs N submits of N other shoppers (their own confirm pages, a second
// activity of stock N/2 on another product: accepted and refused alike, and their orders written) on
// the API instances, and N requests on the bare route, before either is measured: both JITs warm on
// the route they are measured on (decision 062). The default was 1,000 until decision 062's tenth
// pass found the bare route still compiling after it (125 µs per request; 20-35 µs after 8,000), so
// the ceiling it set was not one. --warmup 0 measures as the figures before
// 2026-12-06 23:00 UTC did: the bare route cold (its process had served one request), the API
// instances warm from the confirm phase but not on submit.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import pg from 'pg';
import { Redis } from 'ioredis';
import { apiNodeCommand, argValue } from './load.mjs';
import { machine, percentile as pct } from './mall-api.mjs';

const SHOPPERS = Number(argValue('shoppers', 2000));
const STOCK = Number(argValue('stock', 1000));
const CONNECTIONS = Number(argValue('connections', 200));
const PORT = Number(argValue('port', 18142));
const RATE = Number(argValue('rate', 0));
const WARMUP = Number(argValue('warmup', 8000));
const PROFILE_DIR = argValue('profile', '') ? path.resolve(argValue('profile', '')) : '';
const TRACE_COMPILES = process.argv.includes('--trace-compiles');
// apiCommand reads the extra node options when it is called.
if (TRACE_COMPILES) process.env.BENCH_API_NODE_ARGS = `${process.env.BENCH_API_NODE_ARGS ?? ''} --trace-opt --trace-deopt`;
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('Set DATABASE_URL and REDIS_URL (the flash sale is measured on PostgreSQL + Redis).');

const root = new URL('..', import.meta.url).pathname;
const children = [];
/** V8's compile and deopt lines of the instances (--trace-compiles), each with its port and when it arrived. */
const v8Lines = [];
function startApi(port, seed) {
  const [command, args, commandEnv] = apiNodeCommand(PROFILE_DIR);
  const child = spawn(command, args, {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, ...commandEnv, NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback', LOG_LEVEL: 'warn', LOG_REQUESTS: 'false', API_PORT: String(port), SEED_ON_START: seed ? 'true' : 'false', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bazaar-flash-')) },
    stdio: ['ignore', TRACE_COMPILES ? 'pipe' : 'ignore', 'inherit'],
  });
  if (TRACE_COMPILES) {
    let rest = '';
    child.stdout.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      const at = performance.now();
      for (const line of lines) if (line.startsWith('[completed compiling') || line.startsWith('[bailout')) v8Lines.push({ port, at, line });
    });
  }
  children.push(child);
  return waitUp(`http://127.0.0.1:${port}/healthz`);
}
async function waitUp(url) {
  for (const deadline = Date.now() + 300_000; ; ) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function call(port, method, urlPath, token, body, started = performance.now()) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, agent, headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: token } : {}), ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, text, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs `work(i)` for i < n with at most `limit` at once. */
async function pool(n, limit, work) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, n) }, async () => {
    while (next < n) await work(next++);
  }));
}

/** Runs `work(i, due)` for i < n: all at once through `pool` (the burst), or open loop at RATE per second. */
async function fire(n, work) {
  if (!RATE) return pool(n, CONNECTIONS, (i) => work(i, performance.now()));
  const t0 = performance.now();
  const all = [];
  for (let i = 0; i < n; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    all.push(work(i, due));
  }
  await Promise.all(all);
}

/** User + system CPU ms of these processes so far (Linux; clock ticks of 10 ms), or NaN elsewhere. */
function cpuMs(pids) {
  try {
    return pids.reduce((ms, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ms + (Number(fields[11]) + Number(fields[12])) * 10;
    }, 0);
  } catch {
    return Number.NaN;
  }
}

/**
 * What TurboFan compiled from `from` to `to` (performance.now()): the functions (a function is its
 * instance and its SharedFunctionInfo), those of them compiled before `from` too (so deoptimized in
 * between), the compile's concurrent phase summed (wall time on V8's worker threads), and the deopts.
 */
function compilesBetween(from, to) {
  const compiled = /^\[completed compiling \S+ <JSFunction (\S*) \(sfi = (\w+)\)>.* took [\d.]+, ([\d.]+), [\d.]+ ms/;
  const before = new Set();
  let concurrentMs = 0;
  let deopts = 0;
  const names = [];
  for (const { port, at, line } of v8Lines) {
    const m = compiled.exec(line);
    const key = m && `${port} ${m[2]}`;
    if (at < from) {
      if (key) before.add(key);
    } else if (at <= to) {
      if (!m) deopts += 1;
      else {
        names.push(`${m[1] || '(anonymous)'}${before.has(key) ? '*' : ''}`);
        concurrentMs += Number(m[3]);
      }
    }
  }
  return { functions: names.length, again: names.filter((n) => n.endsWith('*')).length, concurrentMs, deopts, names };
}

/** Longer than PostgreSQL's idle statistics flush (10 s), see the burst's count of transactions. */
const STATS_FLUSH_MS = 11_000;

const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
try {
  // The first instance migrates and seeds; the second joins it.
  await startApi(PORT, true);
  await startApi(PORT + 1, false);
  const ports = [PORT, PORT + 1];

  // The shoppers (and the warm-up's, up to 100,000 in all) with a live token each, written straight
  // (registering them through the API would take minutes).
  const shoppers = Array.from({ length: SHOPPERS + WARMUP }, (_, i) => ({ id: randomBytes(16).toString('hex'), mobile: `165${String(Date.now() % 1e3).padStart(3, '0')}${String(i).padStart(5, '0')}`, token: randomBytes(32).toString('hex') }));
  for (let i = 0; i < shoppers.length; i += 500) {
    const part = shoppers.slice(i, i + 500);
    await db.query(`insert into users (id, mobile, nick_name) select * from unnest($1::text[], $2::text[], $3::text[]) on conflict do nothing`, [part.map((s) => s.id), part.map((s) => s.mobile), part.map((_, j) => `flash${i + j}`)]);
    await db.query(
      `insert into auth_tokens (token_hash, audience, subject, expires_at) select h, 'shopper', s, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(h, s)`,
      [part.map((s) => createHash('sha256').update(s.token).digest('hex')), part.map((s) => s.id)],
    );
  }
  // One SKU of an on-shelf product of an open shop, sold as virtual goods (no address needed), flash stock STOCK, limit 1.
  const { rows: [pick, warmPick] } = await db.query(`
    select p.id as prod_id, p.shop_id, s.id as sku_id from products p join shops sh on sh.id = p.shop_id and sh.status = 1
    join lateral (select id from skus where product_id = p.id and status = 1 order by id limit 1) s on true
    where p.status = 1 and p.prod_type = 0 order by p.id desc limit 2`);
  /** A running flash sale of one SKU of the product, limit 1. */
  async function flashSale(product, stock, name) {
    await db.query('update products set mold = 1 where id = $1', [product.prod_id]);
    const { rows: [activity] } = await db.query(
      `insert into seckills (shop_id, product_id, name_zh, name_en, start_time, end_time, max_num, audit_status) values ($1, $2, $3, $3, now() - interval '1 minute', now() + interval '1 hour', 1, 1) returning id`,
      [product.shop_id, product.prod_id, name],
    );
    const { rows: [sku] } = await db.query(`insert into seckill_skus (seckill_id, sku_id, seckill_price, seckill_stocks, original_stocks) values ($1, $2, 990, $3, $3) returning id`, [activity.id, product.sku_id, stock]);
    return [activity, sku];
  }
  const [sk, skSku] = await flashSale(pick, STOCK, 'Bench flash sale');
  const [warmSk, warmSku] = WARMUP ? await flashSale(warmPick, Math.floor(WARMUP / 2), 'Bench warm-up') : [];

  // The confirm page of every shopper (not measured): the one-time path and the confirmed choice.
  // Shoppers from SHOPPERS on are the warm-up's, on its own activity.
  const paths = new Array(SHOPPERS + WARMUP);
  await pool(SHOPPERS + WARMUP, CONNECTIONS, async (i) => {
    const port = ports[i % 2];
    const [product, sku] = i < SHOPPERS ? [pick, skSku] : [warmPick, warmSku];
    const p = await call(port, 'GET', `/p/seckill/orderPath?prodId=${product.prod_id}`, shoppers[i].token);
    if (p.status !== 200) throw new Error(`orderPath ${p.status} ${p.text}`);
    paths[i] = JSON.parse(p.text).orderPath;
    const c = await call(port, 'POST', `/p/seckill/${paths[i]}/confirm`, shoppers[i].token, { addrId: 0, prodId: product.prod_id, shopId: product.shop_id, seckillSkuId: sku.id, prodCount: 1 });
    if (c.status !== 200) throw new Error(`confirm ${c.status} ${c.text}`);
  });
  // Out of every shopper's 5-in-5-s window.
  await new Promise((r) => setTimeout(r, 5_500));
  if (WARMUP) {
    // The warm-up's submits, all at once, then its orders written (the writers warm too).
    let warmAccepted = 0;
    await pool(WARMUP, CONNECTIONS, async (j) => {
      const i = SHOPPERS + j;
      const r = await call(ports[i % 2], 'POST', `/p/seckill/${paths[i]}/submit`, shoppers[i].token, { orderShopParam: { shopId: warmPick.shop_id, remarks: '' } });
      if (r.status === 200) warmAccepted += 1;
    });
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const { rows: [row] } = await db.query('select count(*)::int as n from orders where seckill_id = $1', [warmSk.id]);
      if (row.n >= warmAccepted) break;
    }
  }

  // PostgreSQL transactions of the bench's database over the burst and its writing (each of the API's
  // statements outside a transaction is one; an order writer's batch is one), less the bench's own.
  const xacts = async () => Number((await db.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()')).rows[0].n);
  // A backend flushes its statistics at most once a second while busy, and only after 10 s once idle
  // (PostgreSQL 15's PGSTAT_IDLE_INTERVAL): with a shorter wait, the confirm phase's thousands of
  // statements were flushed during the burst and counted as its own (0.2 to 0.8 per attempt, where
  // the statement log showed about 0.03).
  await new Promise((r) => setTimeout(r, STATS_FLUSH_MS));
  const xactsBefore = await xacts();
  let ownQueries = 1;
  const loadBefore = os.loadavg();
  const apiPids = children.map((c) => c.pid);
  const cpuBefore = cpuMs(apiPids);
  const latencies = [];
  const outcomes = new Map();
  const accepted = [];
  const burstStart = performance.now();
  // The burst on the clock of the instances' CPU profiles (V8's ticks: the monotonic clock, in µs).
  const burstFromUs = process.hrtime.bigint() / 1000n;
  await fire(SHOPPERS, async (i, due) => {
    const r = await call(ports[i % 2], 'POST', `/p/seckill/${paths[i]}/submit`, shoppers[i].token, { orderShopParam: { shopId: pick.shop_id, remarks: '' } }, due);
    latencies.push(r.ms);
    const key = r.status === 200 ? 'accepted' : `${r.status} ${r.text}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    if (r.status === 200) accepted.push(JSON.parse(r.text).orderNumbers);
  });
  const burstMs = performance.now() - burstStart;
  const burstToUs = process.hrtime.bigint() / 1000n;
  const burstCpuMs = cpuMs(apiPids) - cpuBefore;
  const burstEnd = Date.now();
  // When was the last accepted attempt written?
  let written = 0;
  let lastWrittenMs = null;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const { rows: [row] } = await db.query('select count(*)::int as n, count(distinct user_id)::int as buyers from orders where seckill_id = $1', [sk.id]);
    ownQueries += 1;
    written = row.n;
    if (written >= accepted.length) {
      lastWrittenMs = Date.now() - burstEnd;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, STATS_FLUSH_MS));
  const burstXacts = (await xacts()) - xactsBefore - ownQueries;
  const { rows: [counts] } = await db.query(
    `select (select count(*)::int from orders where seckill_id = $1) as orders, (select count(distinct user_id)::int from orders where seckill_id = $1) as buyers,
            (select seckill_stocks from seckill_skus where id = $2) as pg_stock`,
    [sk.id, skSku.id],
  );
  const redis = new Redis(process.env.REDIS_URL);
  const gateStock = Number(await redis.get(`bazaar:seckill:${sk.id}:stock:${skSku.id}`));
  await redis.quit();

  // The ceiling: a bare Fastify route on this machine, hit by the same client the same way, first as
  // one process, then as two (the API's own shape: each request to one of two processes, which share
  // the machine's cores with the client as the two API instances did).
  async function bareBurst(processes, firstPort) {
    const procs = [];
    const barePorts = Array.from({ length: processes }, (_, k) => firstPort + k);
    for (const port of barePorts) {
      const bare = spawn(process.execPath, ['-e', `const f=require('fastify')();f.post('/x',async()=>({ok:true}));f.listen({port:${port},host:'127.0.0.1'})`], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
      children.push(bare);
      procs.push(bare);
      for (let up = false; !up; ) {
        up = await call(port, 'POST', '/x', '', {}).then(() => true, () => false);
        if (!up) await new Promise((r) => setTimeout(r, 200));
      }
    }
    // The same warm-up: as many requests as the API instances had, all at once, spread the same way.
    await pool(WARMUP, CONNECTIONS, (j) => call(barePorts[(SHOPPERS + j) % processes], 'POST', '/x', shoppers[SHOPPERS + j].token, { orderShopParam: { shopId: pick.shop_id, remarks: '' } }));
    const bareLatencies = [];
    const pids = procs.map((c) => c.pid);
    const cpuBefore = cpuMs(pids);
    const start = performance.now();
    await fire(SHOPPERS, async (i, due) => {
      const r = await call(barePorts[i % processes], 'POST', '/x', shoppers[i].token, { orderShopParam: { shopId: pick.shop_id, remarks: '' } }, due);
      bareLatencies.push(r.ms);
    });
    const ms = performance.now() - start;
    const cpu = cpuMs(pids) - cpuBefore;
    for (const c of procs) c.kill('SIGTERM');
    return { ms, cpu, sorted: bareLatencies.sort((a, b) => a - b) };
  }
  const bare = await bareBurst(1, PORT + 2);
  const bareTwo = await bareBurst(2, PORT + 3);

  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`\n${machine()}; load average before the burst ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log(`${SHOPPERS} shoppers, stock ${STOCK}, limit 1, two API instances (ports ${ports.join(', ')}), ${CONNECTIONS} connections; ${RATE ? `open loop at ${RATE} requests/s (latency from each request's due time)` : 'all at once (burst)'}${WARMUP ? `; both warmed by ${WARMUP} requests of the measured route first` : '; not warmed (--warmup 0: the bare route measured cold)'}\n`);
  console.log('| run | requests | duration ms | requests/s | p50 ms | p99 ms |\n|---|---|---|---|---|---|');
  console.log(`| flash-sale submit (gate + queue) | ${SHOPPERS} | ${burstMs.toFixed(0)} | ${((SHOPPERS * 1000) / burstMs).toFixed(0)} | ${pct(sorted, 50).toFixed(1)} | ${pct(sorted, 99).toFixed(1)} |`);
  console.log(`| bare Fastify route (ceiling), one process | ${SHOPPERS} | ${bare.ms.toFixed(0)} | ${((SHOPPERS * 1000) / bare.ms).toFixed(0)} | ${pct(bare.sorted, 50).toFixed(1)} | ${pct(bare.sorted, 99).toFixed(1)} |`);
  console.log(`| bare Fastify route, two processes (the API's shape) | ${SHOPPERS} | ${bareTwo.ms.toFixed(0)} | ${((SHOPPERS * 1000) / bareTwo.ms).toFixed(0)} | ${pct(bareTwo.sorted, 50).toFixed(1)} | ${pct(bareTwo.sorted, 99).toFixed(1)} |`);
  console.log(`\nAPI CPU over the burst (both instances, with their order writers): ${burstCpuMs} ms, ${((burstCpuMs * 1000) / SHOPPERS).toFixed(0)} µs per attempt; the bare route's process ${bare.cpu} ms, ${((bare.cpu * 1000) / SHOPPERS).toFixed(0)} µs per request; its two processes ${bareTwo.cpu} ms, ${((bareTwo.cpu * 1000) / SHOPPERS).toFixed(0)} µs per request`);
  // A compile ends a little after the attempt that asked for it: the lines of the next 200 ms count too
  // (read now, long after: each line carries the time it arrived).
  const compiles = TRACE_COMPILES ? compilesBetween(burstStart, burstStart + burstMs + 200) : null;
  if (compiles) {
    console.log(
      `V8 during the burst (both instances, --trace-opt): ${compiles.functions} functions compiled by TurboFan, ${compiles.again} of them compiled before and deoptimized since; ` +
        `their concurrent compile ${compiles.concurrentMs.toFixed(0)} ms (wall time on V8's worker threads); ${compiles.deopts} deopts`,
    );
    console.log(`  compiled (* again): ${compiles.names.join(', ')}`);
  }
  console.log(`PostgreSQL transactions over the burst and its writing: ${burstXacts} (${(burstXacts / SHOPPERS).toFixed(2)} per attempt; the API's own, the bench's left out)`);
  console.log(`outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  console.log(`accepted ${accepted.length}, orders written ${counts.orders}, distinct buyers ${counts.buyers}, PostgreSQL stock ${counts.pg_stock}, gate stock ${gateStock}`);
  console.log(`oversold ${Math.max(0, accepted.length - STOCK)}, lost ${accepted.length - counts.orders}; last order written ${lastWrittenMs ?? 'not within 60 s'} ms after the burst`);
  if (PROFILE_DIR) console.log(`profiles in ${PROFILE_DIR}; the burst alone: node bench/profile-summary.mjs ${PROFILE_DIR}/*.cpuprofile --window ${burstFromUs}-${burstToUs}`);
} finally {
  for (const c of children) c.kill('SIGTERM');
  await db.end();
  agent.destroy();
}
