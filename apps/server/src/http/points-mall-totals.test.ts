// The points mall's totals stay within what an order holds (decision 066): a points order keeps its
// points in integer columns (orders.use_score, points_orders.score, the ledger) and its cash part in
// points_orders.cash, so an exchange whose points or cash would pass 2^31 - 1 is refused with a
// localized message (not enough points; too large for one order) instead of failing with a 500, and
// takes nothing.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerBuyer } from '../test/merchant-test-kit.ts';
import { addAddress } from '../test/order-test-kit.ts';
import { createPointsItem, expectLedgerBalanced, grantPoints, itemRow, pointsOf, scoreConfirm, scoreSubmit } from '../test/points-mall-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => t.resetClock());

describe('points mall: totals beyond what an order holds', () => {
  it('refuses 999 units of a 100,000,000-point item as not enough points, and a cash part past 2^31 fen as too large, in both languages', async () => {
    const buyer = await registerBuyer(t);
    await addAddress(t, buyer);
    await grantPoints(t, buyer.userId, 1_000);
    const have = await pointsOf(t, buyer.userId);

    const dear = await createPointsItem(t, { scorePrice: 100_000_000, stocks: 1_000, skuStocks: 1_000 });
    const uuid = randomUUID();
    const confirmed = await scoreConfirm(t, buyer, { addrId: 0, orderItem: { prodId: dear.prodId, skuId: dear.skuId, prodCount: 999 }, uuid });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ totalScore: 99_900_000_000, enoughScore: false });
    const submitted = await scoreSubmit(t, buyer, { uuid });
    expect(submitted.statusCode, submitted.body).toBe(400);
    expect(submitted.body).toBe(`Not enough points: this exchange needs 99900000000, and you have ${have}`);

    const cash = await createPointsItem(t, { scorePrice: 1, cashPrice: 100_000_000, stocks: 1_000, skuStocks: 1_000 });
    const big = await scoreConfirm(t, buyer, { addrId: 0, orderItem: { prodId: cash.prodId, skuId: cash.skuId, prodCount: 999 }, uuid: randomUUID() });
    expect(big.statusCode, big.body).toBe(400);
    expect(big.body).toBe('This exchange is too large for one order; please exchange fewer units');
    const bigZh = await scoreConfirm(t, buyer, { addrId: 0, orderItem: { prodId: cash.prodId, skuId: cash.skuId, prodCount: 999 }, uuid: randomUUID() }, 'zh');
    expect(bigZh.body).toBe('单笔兑换金额过大，请减少兑换数量');
    // 21 units (¥21,000,000.00) still fit one order.
    const fits = await scoreConfirm(t, buyer, { addrId: 0, orderItem: { prodId: cash.prodId, skuId: cash.skuId, prodCount: 21 }, uuid: randomUUID() });
    expect(fits.statusCode, fits.body).toBe(200);

    // Nothing moved.
    expect(await pointsOf(t, buyer.userId)).toBe(have);
    await expectLedgerBalanced(t, buyer.userId);
    expect((await itemRow(t, dear.itemId)).stocks).toBe(1_000);
    expect((await itemRow(t, cash.itemId)).stocks).toBe(1_000);
  });
});
