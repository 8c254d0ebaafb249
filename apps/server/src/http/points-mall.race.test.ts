// The points mall under parallel submits (issue 29, decision 066): 50 submits by one shopper whose
// points pay for 2 make at most 2 orders; points never go below 0 and the ledger equals the balance;
// the item's allotment and sold units match the orders. On PostgreSQL + Redis the submits are spread
// over two API instances (a second pool and Redis connection, as a second server would be); on
// PGlite they run against the one app.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, pointsItemBuyers, pointsOrders, scoreLogs } from '../db/schema.ts';
import { addAddress, as } from '../test/order-test-kit.ts';
import { json } from '../test/account-test-kit.ts';
import { appsOfFile } from '../test/instances.ts';
import { registerBuyer } from '../test/merchant-test-kit.ts';
import { confirmExchange, createPointsItem, expectLedgerBalanced, grantPoints, itemRow, pointsOf } from '../test/points-mall-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
const allApps = appsOfFile(() => t.app);

const PARALLEL = 50;

describe('50 parallel points submits', () => {
  for (const cashPrice of [0, 990]) {
    it(`make at most as many orders as the points pay for (cash part ${cashPrice} fen)`, async () => {
      const buyer = await registerBuyer(t);
      await addAddress(t, buyer);
      const have = await pointsOf(t, buyer.userId);
      await grantPoints(t, buyer.userId, 1_000 - have);
      expect(await pointsOf(t, buyer.userId)).toBe(1_000);
      // 400 each: the 1,000 points pay for 2.
      const item = await createPointsItem(t, { scorePrice: 400, cashPrice, stocks: 100 });
      const uuids: string[] = [];
      for (let i = 0; i < PARALLEL; i += 1) uuids.push((await confirmExchange(t, buyer, item)).uuid);

      const results = await Promise.all(
        uuids.map((uuid, i) => allApps()[i % allApps().length]!.inject({ method: 'POST', url: '/p/score/submit', ...json({ uuid }, { headers: as(buyer, { 'accept-language': 'en' }) }) })),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 400);
      expect(ok.length + refused.length, results.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toBe(PARALLEL);
      expect(ok).toHaveLength(2);
      for (const r of refused) expect(r.body).toMatch(/^Not enough points: this exchange needs 400, and you have (0|200|600)$/);
      for (const r of ok) expect(r.json().paid).toBe(cashPrice === 0);

      expect(await pointsOf(t, buyer.userId)).toBe(200);
      expect(await expectLedgerBalanced(t, buyer.userId)).toBe(200);
      const placed = await t.ctx.db.select().from(orders).where(and(eq(orders.userId, buyer.userId), eq(orders.orderType, 3)));
      expect(placed).toHaveLength(2);
      expect(placed.every((o) => o.status === (cashPrice === 0 ? 2 : 1))).toBe(true);
      const spent = await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, buyer.userId), eq(scoreLogs.source, 10)));
      expect(spent.map((l) => l.score)).toEqual([400, 400]);
      expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: 98, soldNum: 2 });
      const records = await t.ctx.db.select().from(pointsOrders).where(eq(pointsOrders.itemId, item.itemId));
      expect(records).toHaveLength(2);
      const [counter] = await t.ctx.db.select().from(pointsItemBuyers).where(and(eq(pointsItemBuyers.itemId, item.itemId), eq(pointsItemBuyers.userId, buyer.userId)));
      expect(counter!.boughtNum).toBe(2);
    }, 120_000);
  }

  it('hold the per-user limit when the points would pay for more', async () => {
    const buyer = await registerBuyer(t);
    await addAddress(t, buyer);
    await grantPoints(t, buyer.userId, 10_000);
    const item = await createPointsItem(t, { scorePrice: 10, stocks: 100, maxNum: 3 });
    const uuids: string[] = [];
    for (let i = 0; i < 20; i += 1) uuids.push((await confirmExchange(t, buyer, item)).uuid);
    const results = await Promise.all(uuids.map((uuid, i) => allApps()[i % allApps().length]!.inject({ method: 'POST', url: '/p/score/submit', ...json({ uuid }, { headers: as(buyer, { 'accept-language': 'en' }) }) })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.body).toMatch(/^Exceeds the purchase limit: at most 3 per person/);
    expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: 97, soldNum: 3 });
    await expectLedgerBalanced(t, buyer.userId);
  }, 120_000);
});
