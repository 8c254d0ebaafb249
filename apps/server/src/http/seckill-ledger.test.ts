// The flash sale's ledger between the gate and PostgreSQL (decision 062), through the API with the
// app's injected clock, on the embedded gate and on Redis alike:
// - the per-user limit counts a PAID flash order, and still does after the gate is loaded again
//   from PostgreSQL (holdersOf reads unpaid and paid attempts);
// - the close reports a real difference between the gate and PostgreSQL (a cancel whose give-back
//   to the gate never happened) and the platform console lists it among the mismatches;
// - an accepted attempt that PostgreSQL's flash stock cannot cover ends 'failed' for its shopper,
//   writes no order, and its unit goes back to the gate, while the attempt that can be covered is written.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { SECKILL_ORDER_STATE } from '@bazaar/shared/constants/seckill';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { SeckillReportPageSchema } from '@bazaar/shared/schemas/seckill';
import { orders, seckillOrders, seckillReports, seckillSkus, seckills, skus } from '../db/schema.ts';
import { settleSeckill } from '../flows/seckill-gate.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import { holdersOf } from '../modules/seckill/repository.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { topUpBalance } from '../test/payment-test-kit.ts';
import {
  buySeckill,
  confirmSeckill,
  createSeckill,
  createShoppers,
  expectStatus,
  headers,
  seckillOrderStatus,
  seckillPathOf,
  seckillSkuStocks,
  settleSeckillQueue,
  submitSeckill,
} from '../test/seckill-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

const en = createI18n('en').t;
const zh = createI18n('zh').t;
/** Past the 5-in-5-s rule's window, so each step below starts with a fresh count. */
const HOT_WINDOW_PASSED = 6_000;

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => {
  vi.restoreAllMocks();
  t.resetClock();
});




async function attemptRow(orderNumber: string) {
  const [row] = await t.ctx.db.select({ state: seckillOrders.state, failReason: seckillOrders.failReason }).from(seckillOrders).where(eq(seckillOrders.orderNumber, orderNumber));
  return row;
}

describe('flash sale ledger: the per-user limit over paid orders', () => {
  it('refuses a second unit once the first is paid, and still does after the gate is loaded again from PostgreSQL', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { stocks: [5], maxNum: 1, seckillPrice: 1_990 });
    const bought = await buySeckill(t.app, s!, sk);
    expectStatus(bought, 200);
    const orderNumber = bought.json().orderNumbers as string;
    await settleSeckillQueue(t);
    expect(await seckillOrderStatus(t, s!, orderNumber)).toEqual({ created: true, state: 'created', message: null });

    // Paid from the balance through the ordinary payment route: the attempt becomes paid (state 1).
    await topUpBalance(t, s!.userId, 1_990);
    const pay = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: headers(s!), payload: { orderNumbers: orderNumber, payType: PAY_TYPE.balance } });
    expectStatus(pay, 200);
    // Virtual goods (the kit's default) are delivered on payment, so the order moves past 'paid'.
    const [order] = await t.ctx.db.select({ isPayed: orders.isPayed, payType: orders.payType, status: orders.status }).from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toMatchObject({ isPayed: true, payType: PAY_TYPE.balance });
    expect(order!.status).not.toBe(ORDER_STATUS.unpaid);
    expect((await attemptRow(orderNumber))!.state).toBe(SECKILL_ORDER_STATE.paid);

    const overLimit = en('seckill.errors.overLimit', { maxNum: 1 });
    t.advanceClock(HOT_WINDOW_PASSED);
    const path = await seckillPathOf(t, s!, sk);
    expectStatus(await confirmSeckill(t.app, s!, path, sk), 400, overLimit);
    expectStatus(await confirmSeckill(t.app, s!, path, sk, {}, 'zh'), 400, zh('seckill.errors.overLimit', { maxNum: 1 }));

    // The gate forgets the activity (e.g. Redis restarted); the next orderPath loads it again from
    // PostgreSQL, where only the paid attempt says this shopper holds a unit.
    const gate = seckillGate(t.ctx);
    await gate.unload(sk.seckillId, sk.seckillSkuIds);
    expect(await gate.isLoaded(sk.seckillId)).toBe(false);
    expect(await holdersOf(t.ctx.db, sk.seckillId)).toEqual([{ userId: s!.userId, units: 1 }]);
    t.advanceClock(HOT_WINDOW_PASSED);
    const again = await seckillPathOf(t, s!, sk);
    expect(await gate.isLoaded(sk.seckillId)).toBe(true);
    expect(await gate.held(sk.seckillId, s!.userId)).toBe(1);
    expect(await gate.stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([4]);
    expectStatus(await confirmSeckill(t.app, s!, again, sk), 400, overLimit);
    // No second unit was taken anywhere.
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(4);
    expect(await t.ctx.db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.seckillId, sk.seckillId))).toHaveLength(1);
  });
});

describe('flash sale ledger: the close finds a real difference', () => {
  it('reports the gate short of PostgreSQL after a cancel whose give-back to the gate was lost, settles from PostgreSQL and lists it as a mismatch', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { stocks: [4], endInMs: 120_000 });
    const bought = await buySeckill(t.app, s!, sk);
    expectStatus(bought, 200);
    const orderNumber = bought.json().orderNumbers as string;
    await settleSeckillQueue(t);

    // The buyer cancels; the process "dies" between the cancel's commit and the give-back to the
    // gate (decision 062's example): PostgreSQL has the unit back, the gate keeps it off sale.
    const gate = seckillGate(t.ctx);
    const giveBack = vi.spyOn(gate, 'giveBack').mockResolvedValueOnce(undefined);
    expectStatus(await t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${orderNumber}`, headers: { authorization: s!.token } }), 200);
    expect(giveBack).toHaveBeenCalledTimes(1);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(4);
    expect(await gate.stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([3]);
    const [before] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, sk.skuIds[0]!));

    // Ended, but within the patience window: the close waits for writers that might still catch up.
    t.advanceClock(130_000);
    expect(await settleSeckill(t.ctx, sk.seckillId)).toBe(false);
    expect(await t.ctx.db.select().from(seckillReports).where(eq(seckillReports.seckillId, sk.seckillId))).toEqual([]);

    // Past the patience window (end + 2 min): the close reports the difference and settles from PostgreSQL.
    t.advanceClock(120_000);
    expect(await settleSeckill(t.ctx, sk.seckillId)).toBe(true);
    const [report] = await t.ctx.db.select().from(seckillReports).where(eq(seckillReports.seckillId, sk.seckillId));
    expect(report).toMatchObject({ seckillSkuId: sk.seckillSkuIds[0], totalStocks: 4, gateStocks: 3, dbStocks: 4, acceptedNum: 1, orderedNum: 0, cancelledNum: 1, difference: -1, matched: false });
    const [activity] = await t.ctx.db.select({ settledAt: seckills.settledAt }).from(seckills).where(eq(seckills.id, sk.seckillId));
    expect(activity!.settledAt).not.toBeNull();
    // PostgreSQL's 4 unsold units go back to the SKU (not the gate's 3), and the gate is emptied.
    const [after] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, sk.skuIds[0]!));
    expect(after!.stocks).toBe(before!.stocks + 4);
    expect(await gate.isLoaded(sk.seckillId)).toBe(false);

    // The platform console lists it among the mismatches.
    const staff = await adminToken(t, 'operations');
    const res = await t.app.inject({ method: 'GET', url: `/admin/seckill/reports?seckillId=${sk.seckillId}&onlyMismatch=true`, headers: { authorization: staff, 'accept-language': 'en' } });
    expectStatus(res, 200);
    expect(SeckillReportPageSchema.parse(res.json()).records).toEqual([
      expect.objectContaining({ seckillId: sk.seckillId, seckillSkuId: sk.seckillSkuIds[0], gateStocks: 3, dbStocks: 4, acceptedNum: 1, orderedNum: 0, cancelledNum: 1, difference: -1, matched: false }),
    ]);
  });
});

describe('flash sale ledger: an attempt the writer cannot write', () => {
  it("ends 'failed' with the localized reason, writes no order, gives its unit back to the gate and still writes the attempt that fits", async () => {
    const [a, b] = await createShoppers(t, 2);
    const sk = await createSeckill(t, { stocks: [2], maxNum: 1 });
    const pathA = await seckillPathOf(t, a!, sk);
    const pathB = await seckillPathOf(t, b!, sk);
    expectStatus(await confirmSeckill(t.app, a!, pathA, sk), 200);
    expectStatus(await confirmSeckill(t.app, b!, pathB, sk), 200);
    // PostgreSQL's flash stock falls below the gate's (never expected: the gate and PostgreSQL
    // disagree); it changes before the submits so no background writer sees the old value.
    await t.ctx.db.update(seckillSkus).set({ seckillStocks: 1 }).where(eq(seckillSkus.id, sk.seckillSkuIds[0]!));
    const submittedA = await submitSeckill(t.app, a!, pathA, sk);
    const submittedB = await submitSeckill(t.app, b!, pathB, sk);
    expectStatus(submittedA, 200);
    expectStatus(submittedB, 200);
    const attempts = [
      { shopper: a!, orderNumber: submittedA.json().orderNumbers as string },
      { shopper: b!, orderNumber: submittedB.json().orderNumbers as string },
    ];
    expect(await seckillGate(t.ctx).stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([0]);
    await settleSeckillQueue(t);

    // One attempt is written, the other cannot be covered and ends failed. Which one depends on the
    // writers (the background writer and this drain may each take one), not on the submit order.
    const states = await Promise.all(attempts.map(async (x) => (await attemptRow(x.orderNumber))?.state));
    expect(states).toHaveLength(2);
    expect(states).toEqual(expect.arrayContaining([SECKILL_ORDER_STATE.failed, SECKILL_ORDER_STATE.unpaid]));
    const won = attempts[states.indexOf(SECKILL_ORDER_STATE.unpaid)]!;
    const lost = attempts[states.indexOf(SECKILL_ORDER_STATE.failed)]!;
    expect(await seckillOrderStatus(t, won.shopper, won.orderNumber)).toEqual({ created: true, state: 'created', message: null });
    expect(await seckillOrderStatus(t, lost.shopper, lost.orderNumber)).toEqual({ created: false, state: 'failed', message: en('seckill.errors.writeFailed', { reason: en('seckill.errors.insufficient') }) });
    expect(await seckillOrderStatus(t, lost.shopper, lost.orderNumber, 'zh')).toEqual({ created: false, state: 'failed', message: zh('seckill.errors.writeFailed', { reason: zh('seckill.errors.insufficient') }) });
    expect(await attemptRow(lost.orderNumber)).toEqual({ state: SECKILL_ORDER_STATE.failed, failReason: 'seckill.errors.insufficient' });
    expect(await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, lost.orderNumber))).toEqual([]);
    const written = await t.ctx.db.select({ orderNumber: orders.orderNumber, userId: orders.userId }).from(orders).where(eq(orders.seckillId, sk.seckillId));
    expect(written).toEqual([{ orderNumber: won.orderNumber, userId: won.shopper.userId }]);

    // The failed unit is back in the gate and its shopper holds nothing there; PostgreSQL's last unit went to the winner.
    const gate = seckillGate(t.ctx);
    expect(await gate.stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([1]);
    expect(await gate.held(sk.seckillId, lost.shopper.userId)).toBe(0);
    expect(await gate.held(sk.seckillId, won.shopper.userId)).toBe(1);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(0);
    // A failed attempt does not count toward the limit: its shopper may try again (confirm sees nothing bought).
    t.advanceClock(HOT_WINDOW_PASSED);
    const retry = await confirmSeckill(t.app, lost.shopper, await seckillPathOf(t, lost.shopper, sk), sk);
    expectStatus(retry, 200);
    expect(retry.json()).toMatchObject({ boughtNum: 0, canBuyNum: 1 });

    // Put PostgreSQL back in line with the gate, so a later close in the shared database finds them agreeing.
    await t.ctx.db.update(seckillSkus).set({ seckillStocks: 1 }).where(eq(seckillSkus.id, sk.seckillSkuIds[0]!));
  });
});
