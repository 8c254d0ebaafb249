// Oversell (issue 27; decision 062): logged-in shoppers race for a flash sale through two API
// instances sharing PostgreSQL and Redis (each with its own pool, Redis connections and order
// writer). Only meaningful with DATABASE_URL and REDIS_URL (one process's embedded gate cannot be
// shared), so the file skips otherwise; the same rules in process are http/seckill.test.ts's.
import { and, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, seckillOrders } from '../db/schema.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import { createTestInstance, SHARED_INFRASTRUCTURE, type TestInstance } from '../test/instances.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { buySeckill, createSeckill, createShoppers, seckillSkuStocks, type TestSeckill } from '../test/seckill-test-kit.ts';
import type { BazaarApp } from '../app.ts';

let t: TestApp;
let b: TestInstance;

beforeAll(async () => {
  if (!SHARED_INFRASTRUCTURE) return;
  t = await ensureSeeded();
  b = await createTestInstance();
});
afterAll(async () => {
  await b?.close();
});

/** Waits until the writers of both instances wrote `expected` orders of the activity. */
async function ordersWritten(sk: TestSeckill, expected: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.seckillId, sk.seckillId));
    if (row!.n >= expected || Date.now() > deadline) return row!.n;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!SHARED_INFRASTRUCTURE)('flash sale oversell on PostgreSQL + Redis, two API instances', () => {
  it('500 shoppers race for 50 units, limit 1: exactly 50 orders, 50 distinct buyers, Redis and PostgreSQL stock 0', { timeout: 180_000 }, async () => {
    const sk = await createSeckill(t, { stocks: [50], maxNum: 1 });
    const shoppers = await createShoppers(t, 500);
    const apps: BazaarApp[] = [t.app, b.app];
    const answers = await Promise.all(shoppers.map((s, i) => buySeckill(apps[i % 2]!, s, sk)));
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(50);
    // Every refusal says why, in the shopper's language: nothing else but sold out.
    expect(new Set(refused.map((r) => `${r.statusCode} ${r.body}`))).toEqual(new Set(['400 Insufficient inventory']));
    expect(await ordersWritten(sk, 50)).toBe(50);
    const [buyers] = await t.ctx.db.select({ n: countDistinct(orders.userId) }).from(orders).where(eq(orders.seckillId, sk.seckillId));
    expect(buyers!.n).toBe(50);
    const numbers = accepted.map((r) => r.json().orderNumbers as string);
    const written = await t.ctx.db.select({ orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.orderNumber, numbers));
    expect(written).toHaveLength(50);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(0);
    expect(await seckillGate(t.ctx).stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([0]);
    expect(await seckillGate(b.ctx).stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([0]);
  });

  it('limit 2 with 3 attempts per shopper of 1 or 2 pieces on either instance: nobody holds more than 2, and the stock adds up', { timeout: 180_000 }, async () => {
    const sk = await createSeckill(t, { stocks: [1000], maxNum: 2 });
    const shoppers = await createShoppers(t, 200);
    const apps: BazaarApp[] = [t.app, b.app];
    let accepted = 0;
    const refusals = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(shoppers.map((s, i) => buySeckill(apps[(i + round) % 2]!, s, sk, { prodCount: ((i + round) % 2) + 1 })));
      accepted += answers.filter((r) => r.statusCode === 200).length;
      for (const r of answers.filter((a) => a.statusCode !== 200)) refusals.add(`${r.statusCode} ${r.body}`);
      // Each attempt is 3 requests: the next round waits out the 5-in-5-s window of the last one.
      if (round < 2) await new Promise((r) => setTimeout(r, 5_200));
    }
    expect([...refusals].filter((r) => r !== '400 This exceeds the purchase limit of 2 per person' && r !== '400 Insufficient inventory')).toEqual([]);
    expect(refusals.has('400 This exceeds the purchase limit of 2 per person')).toBe(true);
    expect(await ordersWritten(sk, accepted)).toBe(accepted);
    const held = await t.ctx.db
      .select({ userId: seckillOrders.userId, units: sql<number>`sum(${seckillOrders.prodCount})::int` })
      .from(seckillOrders)
      .where(and(eq(seckillOrders.seckillId, sk.seckillId), inArray(seckillOrders.state, [0, 1])))
      .groupBy(seckillOrders.userId);
    // 1, then 2 (refused), then 1; or 2, then 1 and 2 (both refused): everyone ends with exactly 2.
    expect(held).toHaveLength(200);
    expect(held.every((h) => h.units === 2)).toBe(true);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(600);
    expect(await seckillGate(b.ctx).stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([600]);
  });
});
