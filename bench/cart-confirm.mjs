// The cart and the checkout priced under load (issue 11, target p95 <= 10 ms at 20 concurrent
// shoppers on PostgreSQL): each shopper has a cart of 20 lines from 5 shops that run promotions,
// holds every coupon those shops and the platform offer, and loops POST /p/shopCart/info then
// POST /p/order/confirm (the server choosing the best coupons) for a fixed time. Nothing is
// submitted, so every loop prices the same carts again from the database.
//
// Each shopper pauses a think time between loops, drawn from 0.5x to 1.5x `--think` (0 = back to
// back, the saturation case, where latency is the queue: requests in flight / what the machine
// completes a second). Samples of the first `--warmup` seconds are left out.
// Usage: createdb bench_cart && DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_cart \
//          [REDIS_URL=redis://127.0.0.1:6379/9] node bench/cart-confirm.mjs [--shoppers 20] [--duration 20] [--think 1000] [--warmup 3] [--cpu-prof DIR]
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { argValue } from './load.mjs';
import { machine, startApi, summary, SUMMARY_HEAD } from './mall-api.mjs';

const SHOPPERS = Number(argValue('shoppers', 20));
const DURATION_S = Number(argValue('duration', 20));
const THINK_MS = Number(argValue('think', 1000));
const WARMUP_S = Number(argValue('warmup', 3));
const SHOPS = 5;
const LINES_PER_SHOP = 4;

const mall = await startApi({ port: 18570, profileDir: argValue('cpu-prof', '') });
const { ok } = mall;
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });

/** Five shops with a running promotion, four goods each (first SKU), with stock for the run. */
async function pickLines() {
  const { rows } = await db.query(`
    with running as (
      select distinct shop_id from discounts where status = 1 and now() between start_time and end_time
    ), goods as (
      select p.id as "prodId", s.id as "skuId", p.shop_id as "shopId",
             row_number() over (partition by p.shop_id order by p.id) as n
      from products p
      join shops sh on sh.id = p.shop_id and sh.status = 1
      join lateral (select id from skus where product_id = p.id and status = 1 order by id limit 1) s on true
      where p.status = 1 and p.prod_type = 0 and p.mold = 0
    )
    select g."prodId", g."skuId", g."shopId", (g."shopId" in (select shop_id from running)) as promoted
    from goods g where g.n <= ${LINES_PER_SHOP}
    order by promoted desc, g."shopId", g."prodId"`);
  const byShop = new Map();
  for (const r of rows) byShop.set(r.shopId, [...(byShop.get(r.shopId) ?? []), r]);
  const shops = [...byShop.values()].filter((l) => l.length === LINES_PER_SHOP).slice(0, SHOPS);
  if (shops.length < SHOPS) throw new Error(`only ${shops.length} shops have ${LINES_PER_SHOP} products`);
  const lines = shops.flat();
  await db.query('update skus set stocks = 1000000 where id = any($1)', [lines.map((l) => l.skuId)]);
  await db.query('update products set total_stocks = 1000000 where id = any($1)', [lines.map((l) => l.prodId)]);
  return { lines, promoted: shops.filter((l) => l[0].promoted).length };
}

/** Every receivable coupon of the platform and of the cart's shops, received by this shopper. */
async function receiveCoupons(token, shopIds) {
  let received = 0;
  for (const shopId of [0, ...shopIds]) {
    for (const coupon of await ok('GET', `/p/myCoupon/listShopCoupon?shopId=${shopId}`, { token })) {
      const res = await mall.call('POST', '/p/myCoupon/receive', { token, body: { couponId: coupon.couponId } });
      if (res.status === 200) received += 1;
    }
  }
  return received;
}

try {
  const { lines, promoted } = await pickLines();
  const shopIds = [...new Set(lines.map((l) => l.shopId))];
  const shoppers = [];
  let coupons = 0;
  for (let i = 0; i < SHOPPERS; i++) {
    const token = await mall.registerShopper(i, '167');
    for (const line of lines) await ok('POST', '/p/shopCart/changeItem', { token, body: { basketId: 0, prodId: line.prodId, skuId: line.skuId, shopId: line.shopId, count: 2 } });
    coupons += await receiveCoupons(token, shopIds);
    shoppers.push(token);
  }
  // What one loop prices: the reductions show the promotions and coupons are really applied.
  const sample = await ok('POST', '/p/order/confirm', { token: shoppers[0], body: { addrId: 0, uuid: randomUUID() } });
  const info = [];
  const confirms = [];
  const started = Date.now();
  const measureFrom = started + WARMUP_S * 1000;
  const deadline = measureFrom + DURATION_S * 1000;
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(
    shoppers.map(async (token) => {
      if (THINK_MS) await pause(Math.random() * THINK_MS);
      while (Date.now() < deadline) {
        const measured = Date.now() >= measureFrom;
        let t0 = performance.now();
        await ok('POST', '/p/shopCart/info', { token, body: [] });
        if (measured) info.push(performance.now() - t0);
        t0 = performance.now();
        await ok('POST', '/p/order/confirm', { token, body: { addrId: 0, uuid: randomUUID() } });
        if (measured) confirms.push(performance.now() - t0);
        if (THINK_MS) await pause(THINK_MS * (0.5 + Math.random()));
      }
    }),
  );
  console.log(
    `\n${SHOPPERS} shoppers, ${lines.length} lines from ${shopIds.length} shops (${promoted} with a running promotion), ${(coupons / SHOPPERS).toFixed(1)} coupons each; ` +
      `one checkout: goods ¥${(sample.total / 100).toFixed(2)}, reduced ¥${(sample.orderReduce / 100).toFixed(2)}, payable ¥${(sample.actualTotal / 100).toFixed(2)}`,
  );
  console.log(`${DURATION_S}s measured after ${WARMUP_S}s, think ${THINK_MS} ms (0.5x-1.5x), PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ' + in-process KV'}; ${machine()}`);
  console.log(SUMMARY_HEAD);
  console.log(summary('POST /p/shopCart/info', info));
  console.log(summary('POST /p/order/confirm', confirms));
  console.log(`loops per second: ${(confirms.length / DURATION_S).toFixed(0)}`);
} finally {
  await db.end();
  mall.stop();
}
