// Allocations, CPU and scavenges per flash-sale submit on one compiled API instance (issue 27,
// decision 062's fifth and sixth passes): steadier figures than a burst's throughput on a shared machine.
// SHOPPERS shoppers (default 3,000) each get a path and a confirmed choice on a running activity whose
// gate stock is then set to 0, so every submit is an auth-cached, validated submit through the gate's
// one script answering 'Insufficient inventory' (each shopper submits once per round: never 'hot').
// Two warm-up rounds; two rounds measured for CPU (/proc) and scavenges (--trace-gc, start:prod's
// semi-spaces); one round under V8's sampling heap profiler (bench/heap-sample.mjs), summed by place.
// Usage: createdb bazaar_alloc && DATABASE_URL=postgres://postgres@127.0.0.1:5432/bazaar_alloc \
//          REDIS_URL=redis://127.0.0.1:6379/6 node bench/flash-sale-allocations.mjs [--server apps/server] [--port 18143] [--shoppers 3000]
// after `node apps/server/scripts/build.mjs`; --server names another checkout's built apps/server.
// The Redis database should be empty (a fresh database numbers its activities from 1 again).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import pg from 'pg';
import { Redis } from 'ioredis';
import { argValue, startProdCommand } from './load.mjs';
import { machine } from './mall-api.mjs';

const PORT = argValue('port', '18143');
const SERVER = path.resolve(argValue('server', new URL('../apps/server', import.meta.url).pathname));
const SHOPPERS = Number(argValue('shoppers', 3000));
const HEAP_OUT = path.join(mkdtempSync(path.join(os.tmpdir(), 'bazaar-alloc-')), 'submit.heapprofile');
const CONN = 50;
const { env: prodEnv, nodeOptions } = startProdCommand(SERVER);
let gcLines = [];
const child = spawn(process.execPath, [...nodeOptions, '--trace-gc', '--import', new URL('./heap-sample.mjs', import.meta.url).href, 'dist/server.js'], {
  cwd: SERVER,
  env: { ...process.env, ...prodEnv, HEAP_PROFILE_OUT: HEAP_OUT, NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback', LOG_LEVEL: 'warn', LOG_REQUESTS: 'false', API_PORT: PORT, SEED_ON_START: 'true', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bazaar-alloc-')) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let buf = '';
child.stdout.on('data', (d) => { buf += d; const lines = buf.split('\n'); buf = lines.pop(); gcLines.push(...lines.filter((l) => l.includes('Scavenge') || l.includes('Mark-'))); });
const agent = new http.Agent({ keepAlive: true, maxSockets: CONN });
function call(method, p, token, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, method, path: p, agent, headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: token } : {}), ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}) } }, (res) => {
      let text = ''; res.setEncoding('utf8'); res.on('data', (c) => (text += c)); res.on('end', () => resolve({ status: res.statusCode, text, headers: res.headers }));
    });
    req.on('error', reject); req.end(payload);
  });
}
async function pool(n, limit, work) { let next = 0; await Promise.all(Array.from({ length: Math.min(limit, n) }, async () => { while (next < n) await work(next++); })); }
const cpuMs = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
/** Allocated bytes per submit by place (a sampling profile: each sample stands for its bytes), and the functions allocating most. */
function summarize(profile, requests) {
  const byPlace = new Map();
  const byFunction = new Map();
  const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);
  const placeOf = (url) => {
    if (!url) return '(native)';
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) {
      if (['ioredis', 'redis-parser', 'standard-as-callback', '@ioredis/commands'].includes(m[1])) return 'ioredis';
      if (m[1] === '@fastify/cors') return 'CORS';
      if (['fastify', 'find-my-way', 'fast-json-stringify', 'avvio'].includes(m[1]) || m[1].startsWith('@fastify/')) return 'fastify';
      return m[1];
    }
    if (url.startsWith('node:')) return /_http|node:http/.test(url) ? "Node's HTTP" : 'Node, other';
    if (url.includes('/dist/')) return 'our code';
    return url;
  };
  let total = 0;
  (function walk(node) {
    const place = placeOf(node.callFrame.url);
    total += node.selfSize;
    add(byPlace, place, node.selfSize);
    add(byFunction, `${place}: ${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`, node.selfSize);
    for (const child of node.children) walk(child);
  })(profile.head);
  const kib = (bytes) => (bytes / requests / 1024).toFixed(2);
  console.log(`\nallocated per submit (sampling heap profile over ${requests} submits): ${kib(total)} KiB`);
  for (const [place, bytes] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${place}: ${kib(bytes)} KiB`);
  console.log('functions allocating most (KiB per submit):');
  for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${kib(bytes)} ${name}`);
}

const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
try {
  for (const deadline = Date.now() + 300_000; ; ) { if (await fetch(`http://127.0.0.1:${PORT}/healthz`).then((r) => r.ok, () => false)) break; if (Date.now() > deadline) throw new Error('not up'); await new Promise((r) => setTimeout(r, 300)); }
  const shoppers = Array.from({ length: SHOPPERS }, (_, i) => ({ id: randomBytes(16).toString('hex'), mobile: `166${String(Date.now() % 1e4).padStart(4, '0')}${String(i).padStart(4, '0')}`, token: randomBytes(32).toString('hex') }));
  for (let i = 0; i < shoppers.length; i += 500) {
    const part = shoppers.slice(i, i + 500);
    await db.query(`insert into users (id, mobile, nick_name) select * from unnest($1::text[], $2::text[], $3::text[]) on conflict do nothing`, [part.map((s) => s.id), part.map((s) => s.mobile), part.map((_, j) => `alloc${i + j}`)]);
    await db.query(`insert into auth_tokens (token_hash, audience, subject, expires_at) select h, 'shopper', s, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(h, s)`, [part.map((s) => createHash('sha256').update(s.token).digest('hex')), part.map((s) => s.id)]);
  }
  const { rows: [pick] } = await db.query(`select p.id as prod_id, p.shop_id, s.id as sku_id from products p join shops sh on sh.id = p.shop_id and sh.status = 1 join lateral (select id from skus where product_id = p.id and status = 1 order by id limit 1) s on true where p.status = 1 and p.prod_type = 0 order by p.id desc limit 1`);
  await db.query('update products set mold = 1 where id = $1', [pick.prod_id]);
  const { rows: [act] } = await db.query(`insert into seckills (shop_id, product_id, name_zh, name_en, start_time, end_time, max_num, audit_status) values ($1, $2, 'a', 'a', now() - interval '1 minute', now() + interval '1 hour', 1, 1) returning id`, [pick.shop_id, pick.prod_id]);
  const { rows: [sku] } = await db.query(`insert into seckill_skus (seckill_id, sku_id, seckill_price, seckill_stocks, original_stocks) values ($1, $2, 990, 100, 100) returning id`, [act.id, pick.sku_id]);
  const paths = [];
  await pool(SHOPPERS, CONN, async (i) => {
    const p = await call('GET', `/p/seckill/orderPath?prodId=${pick.prod_id}`, shoppers[i].token);
    if (p.status !== 200) throw new Error(`orderPath ${p.status} ${p.text}`);
    paths[i] = JSON.parse(p.text).orderPath;
    const c = await call('POST', `/p/seckill/${paths[i]}/confirm`, shoppers[i].token, { addrId: 0, prodId: pick.prod_id, shopId: pick.shop_id, seckillSkuId: sku.id, prodCount: 1 });
    if (c.status !== 200) throw new Error(`confirm ${c.status} ${c.text}`);
  });
  const redis = new Redis(process.env.REDIS_URL);
  await redis.set(`bazaar:seckill:${act.id}:stock:${sku.id}`, '0', 'KEEPTTL');
  await redis.quit();
  await new Promise((r) => setTimeout(r, 5500));
  const outcomes = new Map();
  let sample;
  const round = () => pool(SHOPPERS, CONN, async (i) => {
    const r = await call('POST', `/p/seckill/${paths[i]}/submit`, shoppers[i].token, { orderShopParam: { shopId: pick.shop_id, remarks: '' } });
    const k = `${r.status} ${r.text.slice(0, 60)}`; outcomes.set(k, (outcomes.get(k) ?? 0) + 1); sample = r;
  });
  await round(); await round();
  gcLines = [];
  const c0 = cpuMs(child.pid); const t0 = performance.now();
  await round(); await round();
  const cpu = cpuMs(child.pid) - c0; const ms = performance.now() - t0;
  const scav = gcLines.filter((l) => l.includes('Scavenge')).length;
  child.kill('SIGUSR2'); await new Promise((r) => setTimeout(r, 300));
  await round();
  child.kill('SIGUSR2'); await new Promise((r) => setTimeout(r, 3000));
  console.log(`${machine()}; ${2 * SHOPPERS} submits measured: API CPU ${cpu} ms, ${((cpu * 1000) / (2 * SHOPPERS)).toFixed(0)} µs per submit (${((2 * SHOPPERS * 1000) / ms).toFixed(0)} submits/s); scavenges ${scav}, ${((scav * 10_000) / (2 * SHOPPERS)).toFixed(1)} per 10,000 submits`);
  console.log(`outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  console.log(`the last answer's headers: ${Object.keys(sample.headers).length} (${Object.keys(sample.headers).join(', ')})`);
  summarize(JSON.parse(readFileSync(HEAP_OUT, 'utf8')), SHOPPERS);
} finally {
  child.kill('SIGTERM'); await db.end(); agent.destroy();
}
