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
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { argValue } from './load.mjs';
import { machine, startApi, summary, SUMMARY_HEAD } from './mall-api.mjs';

const BUYERS = Number(argValue('buyers', 50));
const DURATION_S = Number(argValue('duration', 20));
/** Mean pause of each buyer between checkouts (0 = back to back, the saturation case). */
const THINK_MS = Number(argValue('think', 1000));
const WARMUP_S = Number(argValue('warmup', 3));

// `--cpu-prof DIR` writes the API's CPU profile there when the run ends; that is how the round
// trips of decision 013 were found.
const mall = await startApi({ port: 18560, profileDir: argValue('cpu-prof', '') });
const { call, ok } = mall;
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });

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

try {
  // The seed runs at the API's first start; wait until its products are there.
  const tokens = [];
  for (let i = 0; i < BUYERS; i++) tokens.push(await mall.registerShopper(i));
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
  console.log(`\n${BUYERS} buyers, ${DURATION_S}s measured after ${WARMUP_S}s, think ${THINK_MS} ms (0.5x-1.5x), PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ' + in-process KV'}; ${machine()}`);
  console.log(SUMMARY_HEAD);
  console.log(summary('POST /p/order/submit', submits));
  console.log(summary('POST /p/order/confirm', confirms));
  console.log(`orders placed per second (checkouts): ${(placed / DURATION_S).toFixed(0)}; failed submits: ${failures.size ? JSON.stringify(Object.fromEntries(failures)) : 0}`);
} finally {
  await db.end();
  mall.stop();
}
