// Group-buy and points-mall limits under 50+ parallel requests (decisions 065, 066): one shopper's
// per-activity group-buy limit, a group SKU's small stock, a points item's small allotment among many
// shoppers, and the buyer's cancel racing the balance payment of a points order's cash part. On
// PostgreSQL + Redis the requests are spread over two API instances (a second pool and Redis
// connection, as a second server would be); on PGlite they run against the one app.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BazaarApp } from '../app.ts';
import { groupOrders, groupTeams, orders, pointsItemBuyers, pointsOrders, skus } from '../db/schema.ts';
import { unitsHeld } from '../modules/group/repository.ts';
import { confirmGroup, activitiesOfFile, createGroupShoppers, orderRow } from '../test/group-test-kit.ts';
import { appsOfFile } from '../test/instances.ts';
import { ledgerSum, walletBalance } from '../test/payment-test-kit.ts';
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
/** This file's activities: what their teams leave grouping ends after it. */
const activity = activitiesOfFile(() => t);

const PARALLEL = 50;
const langOf = (i: number): 'zh' | 'en' => (i % 2 === 0 ? 'en' : 'zh');
const answers = (results: Array<{ statusCode: number; body: string }>) => results.map((r) => `${r.statusCode} ${r.body}`).join('\n');

/** A group confirm that must pass (opening a team unless one is named); answers its uuid. */
async function confirmedGroup(s: TestShopper, groupSkuId: number, lang: 'zh' | 'en'): Promise<string> {
  const uuid = crypto.randomUUID();
  const res = await confirmGroup(t.app, s, { addrId: 0, groupSkuId, groupTeamId: 0, prodCount: 1, uuid }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return uuid;
}

function submitGroup(app: BazaarApp, s: TestShopper, uuid: string, lang: 'zh' | 'en') {
  return app.inject({ method: 'POST', url: '/p/group/order/submit', headers: headers(s, lang), payload: { uuid, remarks: '' } });
}

/** A points confirm that must pass; answers its uuid. */
async function confirmedExchange(s: TestShopper, item: TestPointsItem): Promise<string> {
  const uuid = crypto.randomUUID();
  const res = await t.app.inject({ method: 'POST', url: '/p/score/confirm', headers: headers(s), payload: { addrId: 0, orderItem: { prodId: item.prodId, skuId: item.skuId, prodCount: 1 }, uuid } });
  expect(res.statusCode, res.body).toBe(200);
  return uuid;
}

function submitExchange(app: BazaarApp, s: TestShopper, uuid: string, lang: 'zh' | 'en' = 'en') {
  return app.inject({ method: 'POST', url: '/p/score/submit', headers: headers(s, lang), payload: { uuid, remarks: '' } });
}

/** Tops the shopper's points up to exactly `score` (through the ledger). */
async function pointsTo(userId: string, score: number): Promise<void> {
  const have = await pointsOf(t, userId);
  if (score > have) await grantPoints(t, userId, score - have);
  expect(await pointsOf(t, userId)).toBe(score);
}

async function skuStocks(skuId: number): Promise<number> {
  const [row] = await t.ctx.db.select({ n: skus.stocks }).from(skus).where(eq(skus.id, skuId));
  return row!.n;
}

async function boughtNum(itemId: number, userId: string): Promise<number> {
  const [row] = await t.ctx.db.select().from(pointsItemBuyers).where(and(eq(pointsItemBuyers.itemId, itemId), eq(pointsItemBuyers.userId, userId)));
  return row?.boughtNum ?? 0;
}

describe('group-buy under 50+ parallel submits', () => {
  it('one shopper, 50 parallel submits under a limit of 2 per person: 2 orders, the rest refused with the limit message', { timeout: 180_000 }, async () => {
    const maxNum = 2;
    const ga = await activity({ maxNum, stocks: 100 });
    const [s] = await createGroupShoppers(t, 1);
    // Every confirm passes while nothing is held; the submits then race.
    const uuids: string[] = [];
    for (let i = 0; i < PARALLEL; i += 1) uuids.push(await confirmedGroup(s!, ga.groupSkuIds[0]!, langOf(i)));
    const results = await Promise.all(uuids.map((uuid, i) => submitGroup(apps()[i % apps().length]!, s!, uuid, langOf(i))));

    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok, answers(results)).toHaveLength(maxNum);
    results.forEach((r, i) => {
      if (r.statusCode === 200) return;
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toBe(
        langOf(i) === 'en' ? `This exceeds the limit of ${maxNum} per person for this group-buy (you already have ${maxNum})` : `超出该活动每人限购数量（每人 ${maxNum} 件，你已购 ${maxNum} 件）`,
      );
    });

    // The counter the submit reads, the seats, the orders and the stock all say 2.
    expect(await unitsHeld(t.ctx.db, ga.groupActivityId, s!.userId)).toBe(maxNum);
    const seats = await t.ctx.db.select().from(groupOrders).where(and(eq(groupOrders.groupActivityId, ga.groupActivityId), eq(groupOrders.userId, s!.userId)));
    expect(seats.map((x) => x.orderNumber).sort()).toEqual(ok.map((r) => r.json().orderNumbers as string).sort());
    const placed = await t.ctx.db.select().from(orders).where(and(eq(orders.userId, s!.userId), eq(orders.orderType, 1)));
    expect(placed).toHaveLength(maxNum);
    expect(await skuStocks(ga.skuIds[0]!)).toBe(100 - maxNum);
    // The refused submits left no team behind.
    const teams = await t.ctx.db.select().from(groupTeams).where(eq(groupTeams.groupActivityId, ga.groupActivityId));
    expect(teams).toHaveLength(maxNum);
  });

  it('55 shoppers submit at once for a SKU of 5: exactly 5 orders, the stock exactly 0, the others refused as insufficient', { timeout: 180_000 }, async () => {
    const stock = 5;
    const shoppers = PARALLEL + 5;
    const ga = await activity({ stocks: stock, groupNumber: 3 });
    const racers = await createShoppers(t, shoppers);
    // Each confirm sees 5 left; the submits then race for them.
    const uuids: string[] = [];
    for (const [i, s] of racers.entries()) uuids.push(await confirmedGroup(s, ga.groupSkuIds[0]!, langOf(i)));
    const results = await Promise.all(racers.map((s, i) => submitGroup(apps()[i % apps().length]!, s, uuids[i]!, langOf(i))));

    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok, answers(results)).toHaveLength(stock);
    results.forEach((r, i) => {
      if (r.statusCode === 200) return;
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toBe(langOf(i) === 'en' ? 'Insufficient inventory' : '库存不足');
    });
    expect(await skuStocks(ga.skuIds[0]!)).toBe(0);
    const seats = await t.ctx.db.select().from(groupOrders).where(eq(groupOrders.groupActivityId, ga.groupActivityId));
    expect(seats.map((x) => x.orderNumber).sort()).toEqual(ok.map((r) => r.json().orderNumbers as string).sort());
    const placed = await t.ctx.db.select().from(orders).where(inArray(orders.userId, racers.map((s) => s.userId)));
    expect(placed).toHaveLength(stock);
    expect(placed.every((o) => o.orderType === 1 && o.status === 1)).toBe(true);
    const teams = await t.ctx.db.select().from(groupTeams).where(eq(groupTeams.groupActivityId, ga.groupActivityId));
    expect(teams).toHaveLength(stock);
  });
});

describe('the points mall under contention', () => {
  it("55 shoppers exchange 1 each of an item of 5 at once: 5 orders, the item's stock 0 and 5 sold, the losers' points untouched, every ledger balanced", { timeout: 180_000 }, async () => {
    const stock = 5;
    const score = 500;
    const item = await createPointsItem(t, { scorePrice: 100, cashPrice: 0, stocks: stock, skuStocks: 100, mold: 1 });
    const racers = await createShoppers(t, PARALLEL + 5);
    const uuids: string[] = [];
    for (const s of racers) {
      await pointsTo(s.userId, score);
      uuids.push(await confirmedExchange(s, item));
    }
    const results = await Promise.all(racers.map((s, i) => submitExchange(apps()[i % apps().length]!, s, uuids[i]!, langOf(i))));

    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok, answers(results)).toHaveLength(stock);
    for (const r of ok) expect(r.json().paid).toBe(true);
    results.forEach((r, i) => {
      if (r.statusCode === 200) return;
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toBe(langOf(i) === 'en' ? 'Insufficient inventory' : '库存不足');
    });
    expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: 0, soldNum: stock });
    expect(await skuStocks(item.skuId)).toBe(100 - stock);
    const records = await t.ctx.db.select().from(pointsOrders).where(eq(pointsOrders.itemId, item.itemId));
    expect(records.map((r) => r.orderNumber).sort()).toEqual(ok.map((r) => r.json().orderNumbers as string).sort());
    const placed = await t.ctx.db.select().from(orders).where(and(inArray(orders.userId, racers.map((s) => s.userId)), eq(orders.orderType, 3)));
    expect(placed).toHaveLength(stock);

    for (const [i, s] of racers.entries()) {
      const won = results[i]!.statusCode === 200;
      expect(await pointsOf(t, s.userId)).toBe(won ? score - 100 : score);
      expect(await expectLedgerBalanced(t, s.userId)).toBe(won ? score - 100 : score);
      expect(await boughtNum(item.itemId, s.userId)).toBe(won ? 1 : 0);
    }
  });

  it("the buyer's cancel racing the balance payment of the cash part: exactly one wins, and the state is that side's, 10 times", { timeout: 180_000 }, async () => {
    const rounds = 10;
    const scorePrice = 200;
    const cashPrice = 990;
    const startStock = 20;
    const balance = 5_000;
    const item = await createPointsItem(t, { scorePrice, cashPrice, stocks: startStock, maxNum: 1, mold: 1 });
    const buyers = await createGroupShoppers(t, rounds, balance);
    let paidSoFar = 0;
    for (const [i, s] of buyers.entries()) {
      await pointsTo(s.userId, scorePrice);
      const placed = await submitExchange(t.app, s, await confirmedExchange(s, item));
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json().paid).toBe(false);
      const orderNumber = placed.json().orderNumbers as string;
      expect(await pointsOf(t, s.userId)).toBe(0);
      expect(await boughtNum(item.itemId, s.userId)).toBe(1);

      const lang = langOf(i);
      const [a, b] = [apps()[i % apps().length]!, apps()[(i + 1) % apps().length]!];
      const cancel = () => a.inject({ method: 'PUT', url: `/p/myOrder/cancel/${orderNumber}`, headers: { authorization: s.token, 'accept-language': lang } });
      const pay = () => b.inject({ method: 'POST', url: '/p/order/pay', headers: headers(s, lang), payload: { orderNumbers: orderNumber, payType: 9 } });
      // The cancel starts 0 to 27 ms after the payment, so that both sides are likely to win some rounds.
      const [cancelled, paid] = await Promise.all([new Promise((r) => setTimeout(r, i * 3)).then(cancel), pay()]);

      expect([cancelled.statusCode, paid.statusCode].filter((c) => c === 200), `cancel: ${cancelled.statusCode} ${cancelled.body}\npay: ${paid.statusCode} ${paid.body}`).toHaveLength(1);
      const order = await orderRow(t.ctx, orderNumber);
      const [record] = await t.ctx.db.select().from(pointsOrders).where(eq(pointsOrders.orderNumber, orderNumber));
      if (cancelled.statusCode === 200) {
        expect(paid.statusCode, paid.body).toBe(400);
        expect(paid.body).toBe(lang === 'en' ? 'The order status has changed' : '订单状态已发生变化');
        expect(order).toMatchObject({ status: 6, closeType: 4, isPayed: false });
        // Points, allotment, sold units and the per-user count back; no money taken.
        expect(await pointsOf(t, s.userId)).toBe(scorePrice);
        expect(await boughtNum(item.itemId, s.userId)).toBe(0);
        expect(record!.state).toBe(-1);
        expect(await walletBalance(t, s.userId)).toBe(balance);
      } else {
        paidSoFar += 1;
        expect(cancelled.statusCode, cancelled.body).toBe(400);
        expect(cancelled.body).toBe(lang === 'en' ? 'The order status has changed' : '订单状态已改变');
        // A virtual item is delivered on payment (3).
        expect(order).toMatchObject({ status: 3, isPayed: true, payType: 9 });
        // Nothing returned; the cash part taken once.
        expect(await pointsOf(t, s.userId)).toBe(0);
        expect(await boughtNum(item.itemId, s.userId)).toBe(1);
        expect(record!.state).toBe(1);
        expect(await walletBalance(t, s.userId)).toBe(balance - cashPrice);
      }
      expect(await ledgerSum(t, s.userId)).toBe(await walletBalance(t, s.userId));
      await expectLedgerBalanced(t, s.userId);
      expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: startStock - paidSoFar, soldNum: paidSoFar });
    }
    // Which side won each round varies with the timing; the rules above hold for either.
    // The SKU stock moved only for the paid orders.
    const [row] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.orderType, 3), inArray(orders.userId, buyers.map((s) => s.userId)), eq(orders.isPayed, true)));
    expect(row!.n).toBe(paidSoFar);
    expect(await skuStocks(item.skuId)).toBe(100 - paidSoFar);
  });
});
