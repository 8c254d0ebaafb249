// Points at checkout (issue 12, decision 042): confirm answers the most usable points and their
// worth and uses what the shopper asks (multiples of 10, lowered to the maximum); submit spends them
// in its one statement, per order; cancel gives them back; the order detail shows them; 50 parallel
// submits over the same points never take more than the shopper has.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_DEFAULTS, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import { OrderDetailSchema } from '@bazaar/shared/schemas/order';
import { ScoreLogPageSchema } from '@bazaar/shared/schemas/points';
import { orderItems, orders } from '../db/schema.ts';
import { grantPart, ledgerSums, runPart } from '../modules/wallet/points.ts';
import { expiryAfterYears } from '../modules/wallet/china-day.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { demoUserId } from '../db/seed/seed.ts';
import type { TestApp } from '../test/test-app.ts';
import type { RegisteredUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { bearer } from '../test/staff-test-kit.ts';
import { as, confirm, confirmRequest, createProductIn, openShops, shopperWithAddress, skuStock, submitRequest, userIdOf, type OpenShop, type OrderTestProduct } from '../test/order-test-kit.ts';

let t: TestApp;
let shops: OpenShop[];
let staff: string;

async function saveSettings(body: { useCapPercent?: number; usePointsPerYuan?: number }) {
  const res = await t.app.inject({ method: 'PUT', url: '/admin/points/settings', headers: bearer(staff), payload: { ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards], ...body } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await ensureSeeded();
  shops = await openShops(t);
  staff = await adminToken(t);
  await saveSettings({});
});
afterAll(() => saveSettings({}));

/** A shopper with an address and `score` points in all (the registration's 100 included). */
async function shopperWithPoints(score: number): Promise<{ user: RegisteredUser; userId: string }> {
  const user = await shopperWithAddress(t);
  const userId = await userIdOf(t, user);
  const now = t.ctx.now();
  if (score > 100) await runPart(t.ctx.db, grantPart({ userId, score: score - 100, source: POINTS_SOURCE.adjustment, bizId: 'test', expireAt: expiryAfterYears(now, 1), now }));
  return { user, userId };
}

const buyNow = (p: OrderTestProduct, count = 1) => ({ prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, prodCount: count });

async function expectLedgerWhole(userId: string): Promise<number> {
  const sums = await ledgerSums(t.ctx.db, userId);
  expect(sums.records).toBe(sums.score);
  expect(sums.batches).toBe(sums.score);
  expect(sums.score).toBeGreaterThanOrEqual(0);
  return sums.score;
}

describe('points at checkout', () => {
  // The shared database's demo points may be spent or expired by other files (the nightly expiry
  // test moves the clock years on); seed/orders.test.ts checks the untouched demo ledger too.
  it('the demo shoppers’ seeded points are a ledger: records and usable batches equal the balance', async () => {
    await expectLedgerWhole(demoUserId('buyer01'));
  });

  it('confirm answers the maximum and its worth, uses what is asked, lowers too many to the maximum, refuses what is not a multiple of 10', async () => {
    const { user } = await shopperWithPoints(2_685);
    const p = await createProductIn(t, shops[0]!.id, { price: 3_000 });
    const orderItem = buyNow(p, 2);
    // ¥60 of goods: 50 % is ¥30 = 3,000 points, but the shopper has 2,685: 2,680 at most.
    const plain = await confirm(t, user, { orderItem, uuid: randomUUID() });
    expect(plain).toMatchObject({ maxUsableScore: 2_680, maxScoreAmount: 2_680, shopUseScore: 100, userScore: 2_685, useScore: 0, scoreAmount: 0 });
    const used = await confirm(t, user, { orderItem, uuid: randomUUID(), isScorePay: 1, userUseScore: 200 });
    expect(used).toMatchObject({ useScore: 200, scoreAmount: 200, actualTotal: plain.actualTotal - 200, orderReduce: plain.orderReduce + 200 });
    expect(used.shopCartOrders[0]!.scoreReduce).toBe(200);
    // The switch off uses none, whatever the amount says.
    expect(await confirm(t, user, { orderItem, uuid: randomUUID(), isScorePay: 0, userUseScore: 200 })).toMatchObject({ useScore: 0, actualTotal: plain.actualTotal });
    expect(await confirm(t, user, { orderItem, uuid: randomUUID(), isScorePay: 1, userUseScore: 100_000 })).toMatchObject({ useScore: 2_680, scoreAmount: 2_680 });
    for (const [lang, text] of [
      ['zh', '使用积分数量须为 10 的整数倍'],
      ['en', 'Points must be used in multiples of 10'],
    ] as const) {
      for (const userUseScore of [15, -10, 1.5, 'ten']) {
        const res = await confirmRequest(t, user, { orderItem, uuid: randomUUID(), isScorePay: 1, userUseScore }, lang);
        expect(res.statusCode).toBe(400);
        expect(res.body).toBe(text);
      }
    }
    // Above the most one checkout may ask for, the message names that cap (not the tens rule).
    for (const [lang, text] of [
      ['zh', '一笔订单最多可使用 100,000,000 积分'],
      ['en', 'At most 100,000,000 points can be used on one order'],
    ] as const) {
      const res = await confirmRequest(t, user, { orderItem, uuid: randomUUID(), isScorePay: 1, userUseScore: 100_000_010 }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-error-code']).toBe('points.errors.useMax');
      expect(res.body).toBe(text);
    }
  });

  it('the cap follows the settings: the share of the goods and the points per yuan', async () => {
    await saveSettings({ useCapPercent: 10, usePointsPerYuan: 50 });
    try {
      const { user } = await shopperWithPoints(10_000);
      const p = await createProductIn(t, shops[0]!.id, { price: 12_345 });
      // 10 % of ¥123.45 = 1,234 fen, worth 617 points at 50 a yuan: 610 usable, worth ¥12.20.
      const c = await confirm(t, user, { orderItem: buyNow(p), uuid: randomUUID(), isScorePay: 1, userUseScore: 30 });
      expect(c).toMatchObject({ maxUsableScore: 610, maxScoreAmount: 1_220, shopUseScore: 50, useScore: 30, scoreAmount: 60 });
    } finally {
      await saveSettings({});
    }
  });

  it('submit spends the points per order; the detail shows them; cancel returns them with a record, once', async () => {
    const { user, userId } = await shopperWithPoints(1_000);
    const a = await createProductIn(t, shops[0]!.id, { price: 10_000 });
    const b = await createProductIn(t, shops[1]!.id, { price: 30_000 });
    for (const p of [a, b]) {
      const res = await t.app.inject({ method: 'POST', url: '/p/shopCart/changeItem', headers: as(user), payload: { prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, count: 1 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const uuid = randomUUID();
    const c = await confirm(t, user, { uuid, isScorePay: 1, userUseScore: 400 });
    expect(c).toMatchObject({ useScore: 400, scoreAmount: 400 });
    // Spread over the two shops' orders in proportion to their goods: 100 and 300.
    expect(c.shopCartOrders.map((o) => o.scoreReduce).sort((x, y) => x - y)).toEqual([100, 300]);
    const res = await submitRequest(t, user, { uuid, orderShopParams: c.shopCartOrders.map((o) => ({ shopId: o.shopId })) });
    expect(res.statusCode, res.body).toBe(200);
    const numbers = (res.json() as { orderNumbers: string }).orderNumbers.split(',');
    expect(await expectLedgerWhole(userId)).toBe(600);
    const rows = await t.ctx.db.select({ n: orders.orderNumber, useScore: orders.useScore, scoreReduce: orders.scoreReduce, actualTotal: orders.actualTotal, total: orders.total }).from(orders).where(inArray(orders.orderNumber, numbers));
    expect(rows.map((r) => [r.total, r.useScore, r.scoreReduce]).sort((x, y) => x[0]! - y[0]!)).toEqual([
      [10_000, 100, 100],
      [30_000, 300, 300],
    ]);
    const items = await t.ctx.db.select({ useScore: orderItems.useScore, scoreShare: orderItems.scoreShare }).from(orderItems).where(inArray(orderItems.orderNumber, numbers));
    expect(items.reduce((n, i) => n + i.useScore, 0)).toBe(400);
    const big = rows.find((r) => r.total === 30_000)!;
    const detail = OrderDetailSchema.parse((await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${big.n}`, headers: as(user) })).json());
    expect(detail).toMatchObject({ useScore: 300, scoreAmount: 300, actualTotal: big.actualTotal });
    // Each order's use is its own record; cancelling one returns its points only, once.
    const cancel = () => t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${big.n}`, headers: as(user) });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(400);
    expect(await expectLedgerWhole(userId)).toBe(900);
    const records = ScoreLogPageSchema.parse((await t.app.inject({ method: 'GET', url: '/p/score/page?size=50', headers: as(user) })).json()).records;
    expect(records.filter((r) => r.source === POINTS_SOURCE.checkoutUse).map((r) => r.score).sort((x, y) => x - y)).toEqual([100, 300]);
    expect(records.filter((r) => r.source === POINTS_SOURCE.checkoutReturn)).toEqual([expect.objectContaining({ score: 300, ioType: 1, bizId: big.n })]);
  });

  it('a submit whose points were spent meanwhile fails cleanly in both languages: no order, stock and cart untouched', async () => {
    const { user, userId } = await shopperWithPoints(300);
    const p = await createProductIn(t, shops[0]!.id, { price: 10_000, stocks: 5 });
    const first = randomUUID();
    const second = randomUUID();
    await confirm(t, user, { orderItem: buyNow(p), uuid: first, isScorePay: 1, userUseScore: 200 });
    await confirm(t, user, { orderItem: buyNow(p), uuid: second, isScorePay: 1, userUseScore: 200 });
    expect((await submitRequest(t, user, { uuid: first })).statusCode).toBe(200);
    for (const [lang, text] of [
      ['en', 'Not enough points; please refresh and try again'],
      ['zh', '积分不足，请刷新后重试'],
    ] as const) {
      const res = await submitRequest(t, user, { uuid: second }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(text);
    }
    expect(await skuStock(t, p.skuId)).toBe(4);
    expect(await t.ctx.db.$count(orders, eq(orders.userId, userId))).toBe(1);
    expect(await expectLedgerWhole(userId)).toBe(100);
  });

  it('50 parallel submits over the same points: exactly the affordable ones succeed, never below zero', async () => {
    const { user, userId } = await shopperWithPoints(1_000);
    const p = await createProductIn(t, shops[0]!.id, { price: 10_000, stocks: 200 });
    const uuids = Array.from({ length: 50 }, () => randomUUID());
    // Every checkout is confirmed while the shopper still has all 1,000 points.
    for (const uuid of uuids) expect((await confirm(t, user, { orderItem: buyNow(p), uuid, isScorePay: 1, userUseScore: 200 })).useScore).toBe(200);
    const answers = await Promise.all(uuids.map((uuid) => submitRequest(t, user, { uuid })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.body).toBe('Not enough points; please refresh and try again');
    }
    expect(await expectLedgerWhole(userId)).toBe(0);
    expect(await t.ctx.db.$count(orders, eq(orders.userId, userId))).toBe(5);
    expect(await skuStock(t, p.skuId)).toBe(195);
    // 50 confirms one after another and 50 submits at once: more than the default 20 s on a loaded machine.
  }, 60_000);
});
