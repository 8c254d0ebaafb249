// Cancels of points-mall orders while other shoppers exchange the same item (decision 066, and the
// mall's lock order: the order, then the SKUs, then the products, then the wallet). An exchange's
// statement takes the item's row (its allotment) before the SKU's stock; a cancel gives both back.
// If the cancel took the SKU before the item, the two would each hold what the other waits for and
// PostgreSQL would abort one: the exchange runs again by itself (retryOnConflict), the cancel answers
// 500. On PostgreSQL + Redis the calls are spread over two API instances. The race shows the deadlock
// only now and then; the last test checks the order itself, on either database: the cancel's
// statement giving the item back is sent before the one putting the SKU's stock back.
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BazaarApp } from '../app.ts';
import { countQueries } from '../db/query-count.ts';
import { orders, pointsItemBuyers, pointsOrders, skus } from '../db/schema.ts';
import { appsOfFile } from '../test/instances.ts';
import { createPointsItem, expectLedgerBalanced, grantPoints, itemRow, pointsOf, type TestPointsItem } from '../test/points-mall-test-kit.ts';
import { createShoppers, headers, type TestShopper } from '../test/seckill-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
const apps = appsOfFile(() => t.app);
afterEach(() => t.resetClock());

const PAIRS = 25;
const SCORE = 100;

async function confirmed(s: TestShopper, item: TestPointsItem): Promise<string> {
  const uuid = crypto.randomUUID();
  const res = await t.app.inject({ method: 'POST', url: '/p/score/confirm', headers: headers(s), payload: { addrId: 0, orderItem: { prodId: item.prodId, skuId: item.skuId, prodCount: 1 }, uuid } });
  expect(res.statusCode, res.body).toBe(200);
  return uuid;
}

const submit = (app: BazaarApp, s: TestShopper, uuid: string) => app.inject({ method: 'POST', url: '/p/score/submit', headers: headers(s), payload: { uuid, remarks: '' } });
const cancel = (app: BazaarApp, s: TestShopper, orderNumber: string) => app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${orderNumber}`, headers: { authorization: s.token, 'accept-language': 'en' } });

async function boughtNum(itemId: number, userId: string): Promise<number> {
  const [row] = await t.ctx.db.select().from(pointsItemBuyers).where(and(eq(pointsItemBuyers.itemId, itemId), eq(pointsItemBuyers.userId, userId)));
  return row?.boughtNum ?? 0;
}

describe('points-mall exchanges racing cancels of the same item', () => {
  it(`${PAIRS} shoppers cancel their unpaid exchange while ${PAIRS} others exchange the same item: every call succeeds, the item, the SKU and the points end exact`, { timeout: 180_000 }, async () => {
    const itemStocks = 200;
    const skuStocks = 500;
    // A cash part, so an exchange waits unpaid and can be cancelled; virtual goods: no address.
    const item = await createPointsItem(t, { scorePrice: SCORE, cashPrice: 500, stocks: itemStocks, skuStocks, mold: 1 });
    const cancellers = await createShoppers(t, PAIRS);
    const exchangers = await createShoppers(t, PAIRS);
    const placed: string[] = [];
    for (const s of cancellers) {
      await grantPoints(t, s.userId, SCORE);
      const res = await submit(t.app, s, await confirmed(s, item));
      expect(res.statusCode, res.body).toBe(200);
      placed.push(res.json().orderNumbers as string);
    }
    const uuids: string[] = [];
    for (const s of exchangers) {
      await grantPoints(t, s.userId, SCORE);
      uuids.push(await confirmed(s, item));
    }
    expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: itemStocks - PAIRS, soldNum: PAIRS });

    const answers = await Promise.all(
      cancellers.flatMap((s, i) => [cancel(apps()[i % apps().length]!, s, placed[i]!), submit(apps()[(i + 1) % apps().length]!, exchangers[i]!, uuids[i]!)]),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    // The cancelled exchanges gave their units, their SKU pieces and their points back; the new ones took theirs.
    expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: itemStocks - PAIRS, soldNum: PAIRS });
    const [sku] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, item.skuId));
    expect(sku!.stocks).toBe(skuStocks - PAIRS);
    const cancelled = await t.ctx.db.select().from(orders).where(inArray(orders.orderNumber, placed));
    expect(cancelled.map((o) => [o.status, o.closeType])).toEqual(placed.map(() => [6, 4]));
    const records = await t.ctx.db.select().from(pointsOrders).where(eq(pointsOrders.itemId, item.itemId));
    expect(records.filter((r) => r.state === -1).map((r) => r.orderNumber).sort()).toEqual([...placed].sort());
    expect(records.filter((r) => r.state === 1)).toHaveLength(PAIRS);
    for (const s of cancellers) {
      expect(await pointsOf(t, s.userId)).toBe(SCORE);
      expect(await expectLedgerBalanced(t, s.userId)).toBe(SCORE);
      expect(await boughtNum(item.itemId, s.userId)).toBe(0);
    }
    for (const s of exchangers) {
      expect(await pointsOf(t, s.userId)).toBe(0);
      expect(await expectLedgerBalanced(t, s.userId)).toBe(0);
      expect(await boughtNum(item.itemId, s.userId)).toBe(1);
    }
  });
});

describe('the lock order itself: the points item before the SKU', () => {
  it("a cancel gives the item's allotment and the shopper's count back before the SKU's stock", async () => {
    const item = await createPointsItem(t, { scorePrice: SCORE, cashPrice: 500, stocks: 10, skuStocks: 10, mold: 1 });
    const [s] = await createShoppers(t, 1);
    await grantPoints(t, s!.userId, SCORE);
    const placed = await submit(t.app, s!, await confirmed(s!, item));
    expect(placed.statusCode, placed.body).toBe(200);

    const { result, queries } = await countQueries(() => cancel(t.app, s!, placed.json().orderNumbers as string));
    expect(result.statusCode, result.body).toBe(200);
    // Each statement locks the rows it updates: the item's return takes the item's and the counter's rows, the release the SKU's, then the product's.
    const itemBack = queries.findIndex((q) => /update points_items /.test(q) && /update points_item_buyers /.test(q));
    const stockBack = queries.findIndex((q) => /update skus /.test(q));
    expect(itemBack, 'the item back').toBeGreaterThanOrEqual(0);
    expect(stockBack, 'the stock back').toBeGreaterThan(itemBack);
    expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: 10, soldNum: 0 });
    expect(await boughtNum(item.itemId, s!.userId)).toBe(0);
  });
});
