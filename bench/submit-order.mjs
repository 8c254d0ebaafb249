// Checkout under load (issue 4): 50 concurrent buyers, each with a cart of two shops' products,
// confirm and submit in a loop for a fixed time against PostgreSQL. Reports the latency of submit
// (target p95 <= 50 ms) and of confirm. Buyers are registered through the API beforehand; the
// picked SKUs get a large stock first so the run measures checkout, not sold-out answers.
//
// Each buyer pauses a think time between checkouts, drawn uniformly from 0.5x to 1.5x `--think`,
// and starts at a random moment of the first pause, so buyers do not arrive in lockstep waves.
// `--think 0` sends checkouts back to back: that measures the saturation throughput (latency is
// then just the queue: 50 requests in flight divided by what the machine completes per second).
// Samples of the first `--warmup` seconds are left out (connection pools, JIT, plan caches).
// Usage: createdb bazaar_bench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/bazaar_bench \
//          [REDIS_URL=redis://127.0.0.1:6379/9] node bench/submit-order.mjs [--buyers 50] [--duration 20] [--think 1000] [--warmup 3] [--cpu-prof DIR]
import { createCipheriv, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { argValue } from './load.mjs';

const BUYERS = Number(argValue('buyers', 50));
const DURATION_S = Number(argValue('duration', 20));
/** Mean pause of each buyer between checkouts (0 = back to back, the saturation case). */
const THINK_MS = Number(argValue('think', 1000));
const WARMUP_S = Number(argValue('warmup', 3));
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL database (the target is measured on PostgreSQL).');

// The password transport key, read from the shared constants so the two never drift apart.
const KEY = /PASSWORD_CIPHER_KEY = '([^']+)'/.exec(readFileSync(new URL('../packages/shared/src/constants/cipher.ts', import.meta.url), 'utf8'))[1];
const cipher = (password) => {
  const c = createCipheriv('aes-128-ecb', Buffer.from(KEY, 'utf8'), null);
  return Buffer.concat([c.update(`${Date.now()}${password}`, 'utf8'), c.final()]).toString('base64');
};

// The API alone, in one Node process that loads TypeScript through tsx, so stopping it stops the
// server too. `--cpu-prof DIR` writes the API's CPU profile there when the run ends (open it in
// Chrome's DevTools); that is how the round trips of decision 013 were found.
const API_PORT = 18560;
const PROFILE_DIR = argValue('cpu-prof', '');
const root = new URL('..', import.meta.url).pathname;
const api = spawn(process.execPath, [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : []), '--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(root, 'apps/server'),
  env: { ...process.env, NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback', LOG_LEVEL: 'warn', API_PORT: String(API_PORT), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-')) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const mall = { api: `http://127.0.0.1:${API_PORT}` };
for (let up = false, deadline = Date.now() + 240_000; !up; ) {
  if (Date.now() > deadline) throw new Error('the API did not come up');
  up = await fetch(`${mall.api}/healthz`).then((r) => r.ok, () => false);
  if (!up) await new Promise((r) => setTimeout(r, 300));
}
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });

async function call(method, path, { body, token, ip } = {}) {
  const res = await fetch(mall.api + path, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'zh', ...(token ? { authorization: token } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // Successes are JSON; 4xx bodies are the plain-text message.
  return { status: res.status, body: res.ok && text ? JSON.parse(text) : text };
}
async function ok(method, path, options) {
  const res = await call(method, path, options);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A shopper through the three register calls (each from its own client address: SMS limits are per IP). */
async function registerBuyer(i) {
  const mobile = `166${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(2, '0')}`.slice(0, 11);
  const ip = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  await ok('PUT', '/user/sendRegisterSms', { body: { mobile }, ip });
  const inbox = await ok('GET', '/sandbox/sms/messages');
  const code = inbox.filter((m) => m.mobile === mobile && m.purpose === 'register').sort((a, b) => b.id - a.id)[0].code;
  const flag = await ok('PUT', '/user/checkRegisterSms', { body: { mobile, validCode: code }, ip });
  const reg = await ok('PUT', '/user/registerOrBindUser', {
    body: { appType: 3, registerOrBind: 1, validateType: 1, mobile, checkRegisterSmsFlag: flag, userName: `bench${mobile.slice(-8)}`, password: cipher('bench123'), nickName: `买家${i}` },
    ip,
  });
  const token = reg.accessToken;
  await ok('POST', '/p/address/addAddr', { token, body: { receiver: `买家${i}`, mobile: '13912345678', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 90 号', commonAddr: true } });
  return token;
}

/** Two physical products per buyer, of two different shops where possible, each buyer its own (no shared hot rows). */
async function pickLines() {
  const { rows } = await db.query(`
    select p.id as "prodId", s.id as "skuId", p.shop_id as "shopId"
    from products p join shops sh on sh.id = p.shop_id
    join lateral (select id from skus where product_id = p.id and status = 1 order by id limit 1) s on true
    where p.status = 1 and p.prod_type = 0 and p.mold = 0 and sh.status = 1
    order by p.id`);
  // Round-robin over the shops, so neighbours (a buyer's two lines) come from different shops.
  const byShop = [...rows.reduce((m, r) => m.set(r.shopId, [...(m.get(r.shopId) ?? []), r]), new Map()).values()];
  const sequence = [];
  for (let i = 0; sequence.length < rows.length; i++) for (const list of byShop) if (list[i]) sequence.push(list[i]);
  if (sequence.length < BUYERS * 2) throw new Error('not enough products for the buyers');
  const pairs = Array.from({ length: BUYERS }, (_, i) => [sequence[2 * i], sequence[2 * i + 1]]);
  await db.query('update skus set stocks = 1000000 where id = any($1)', [pairs.flat().map((l) => l.skuId)]);
  await db.query('update products set total_stocks = 1000000 where id = any($1)', [pairs.flat().map((l) => l.prodId)]);
  return pairs;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const summary = (label, samples) => {
  const s = [...samples].sort((a, b) => a - b);
  const f = (n) => n.toFixed(1);
  return `| ${label} | ${s.length} | ${f(percentile(s, 50))} | ${f(percentile(s, 95))} | ${f(percentile(s, 99))} | ${f(s[s.length - 1] ?? 0)} |`;
};

try {
  // The seed runs at the API's first start; wait until its products are there.
  const tokens = [];
  for (let i = 0; i < BUYERS; i++) tokens.push(await registerBuyer(i));
  const pairs = await pickLines();

  const submits = [];
  const confirms = [];
  const failures = new Map();
  const started = Date.now();
  const measureFrom = started + WARMUP_S * 1000;
  const deadline = measureFrom + DURATION_S * 1000;
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  let placed = 0;
  await Promise.all(
    tokens.map(async (token, i) => {
      if (THINK_MS) await pause(Math.random() * THINK_MS);
      while (Date.now() < deadline) {
        for (const line of pairs[i]) await ok('POST', '/p/shopCart/changeItem', { token, body: { basketId: 0, ...line, count: 1 } });
        const uuid = randomUUID();
        const measured = Date.now() >= measureFrom;
        let t0 = performance.now();
        const confirmed = await ok('POST', '/p/order/confirm', { token, body: { addrId: 0, uuid } });
        if (measured) confirms.push(performance.now() - t0);
        t0 = performance.now();
        const res = await call('POST', '/p/order/submit', { token, body: { uuid, orderShopParams: confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' })) } });
        if (measured) submits.push(performance.now() - t0);
        if (measured && res.status === 200) placed += 1;
        if (res.status !== 200) failures.set(String(res.body), (failures.get(String(res.body)) ?? 0) + 1);
        if (THINK_MS) await pause(THINK_MS * (0.5 + Math.random()));
      }
    }),
  );
  const cpu = os.cpus();
  console.log(`\n${BUYERS} buyers, ${DURATION_S}s measured after ${WARMUP_S}s, think ${THINK_MS} ms (0.5x-1.5x), PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ' + in-process KV'}; ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`);
  console.log('| call | count | p50 ms | p95 ms | p99 ms | max ms |\n|---|---|---|---|---|---|');
  console.log(summary('POST /p/order/submit', submits));
  console.log(summary('POST /p/order/confirm', confirms));
  console.log(`orders placed per second (checkouts): ${(placed / DURATION_S).toFixed(0)}; failed submits: ${failures.size ? JSON.stringify(Object.fromEntries(failures)) : 0}`);
} finally {
  await db.end();
  api.kill('SIGTERM');
}
