// Refund money (decision 060): each payment kind refunds once, to where it came from; what a refund
// undoes; parallel calls, replayed notifications and a failing gateway never pay twice.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { POINTS_SOURCE } from '@bazaar/shared/constants/points';
import { balanceLogs, couponUseRecords, coupons, growthLogs, jobs, orderItems, orders, paymentNotifications, refundPayments, refunds, scoreLogs, userCoupons, userWallets } from '../db/schema.ts';
import { runDueJobs } from '../lib/jobs.ts';
import { jobHandlers } from '../jobs.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { ledgerSum, walletBalance } from '../test/payment-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { decidedRefund, eventually, gatewayRefunds, paidOrder, refundRow, stockOf } from '../test/refund-money-test-kit.ts';
import { loadSandboxKeys, type SandboxKeys } from '../providers/payment/sandbox-keys.ts';
import { encryptWechatResource, signWechat } from '../providers/payment/wechat-pay-crypto.ts';
import type { PaymentProvider } from '../providers/payment/payment-provider.ts';
import { grantShoppingPoints, readPointsSettings, scoreOf } from '../modules/wallet/points-service.ts';
import { runPart, spendPart } from '../modules/wallet/points.ts';
import { executeRefund, sweepRefunds } from './refund-money.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { receiveOrderByBuyer } from './receive-order.ts';
import { growthEarned, readMemberSettings } from '../modules/member/levels.ts';
import { openShopIds, registerBuyer } from '../test/merchant-test-kit.ts';
import { refundOrder } from '../test/refund-test-kit.ts';
import { countQueries } from '../db/query-count.ts';

let t: TestApp;
let keys: SandboxKeys;

beforeAll(async () => {
  t = await ensureSeeded();
  keys = await loadSandboxKeys(t.ctx.db);
});

afterEach(() => t.resetClock());

async function balanceRefundRecords(userId: string) {
  return t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.userId, userId), eq(balanceLogs.type, 4)));
}

async function ledgerRow(refundSn: string) {
  const [row] = await t.ctx.db.select().from(refundPayments).where(eq(refundPayments.refundNo, refundSn));
  return row;
}

/** Runs the jobs due `ms` from now (the app's clock moved there). */
async function runJobsAfter(ms: number) {
  t.advanceClock(ms);
  // Drained, as the sweeper does: other tests' due jobs may fill a batch.
  while ((await runDueJobs(t.ctx.db, jobHandlers(t.ctx), t.ctx.now())) >= 20);
}

/** A signed REFUND.SUCCESS notification as WeChat Pay sends it (same id on every replay). */
function wechatRefundNotice(refundNo: string, payNo: string, amount: number, id = `evt-${randomBytes(6).toString('hex')}`) {
  const resource = encryptWechatResource(
    keys.wechat.apiV3Key,
    JSON.stringify({ mchid: keys.wechat.mchId, out_trade_no: payNo, out_refund_no: refundNo, refund_id: `50300${Date.now()}`, refund_status: 'SUCCESS', amount: { total: amount, refund: amount } }),
    'refund',
  );
  const body = JSON.stringify({ id, event_type: 'REFUND.SUCCESS', resource_type: 'encrypt-resource', resource });
  const timestamp = String(Math.floor(t.ctx.now().getTime() / 1000));
  const nonce = randomBytes(8).toString('hex');
  return {
    body,
    headers: { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce, 'wechatpay-signature': signWechat(timestamp, nonce, body, createPrivateKey(keys.wechat.platformPrivateKey)), 'wechatpay-serial': keys.wechat.platformSerialNo },
  };
}

describe('balance refunds', () => {
  it('credits the balance once with a type-4 record, closes an unshipped order and puts its stock back', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 2_500, count: 2 });
    const stockBefore = await stockOf(t, order.items[0]!.skuId);
    expect(await walletBalance(t, order.shopper.userId)).toBe(0);
    const refundSn = await decidedRefund(t, order);

    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');

    expect(await walletBalance(t, order.shopper.userId)).toBe(5_000);
    expect(await ledgerSum(t, order.shopper.userId)).toBe(5_000);
    const records = await balanceRefundRecords(order.shopper.userId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ changeBalance: 5_000, ioType: 1, bizId: refundSn });
    expect(await refundRow(t, refundSn)).toMatchObject({ settleStatus: 2, returnMoneySts: 5 });
    expect((await refundRow(t, refundSn)).refundTime).not.toBeNull();
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(o).toMatchObject({ refundStatus: 2, status: 6, closeType: 2 });
    expect(await stockOf(t, order.items[0]!.skuId)).toBe(stockBefore + 2);
    expect(await ledgerRow(refundSn)).toMatchObject({ status: 2, payType: PAY_TYPE.balance, amount: 5_000 });
  });

  it('50 parallel calls refund once', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_234 });
    const refundSn = await decidedRefund(t, order);
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => executeRefund(t.ctx, refundSn)));
    expect(new Set(outcomes)).toEqual(new Set(['refunded']));
    expect(await walletBalance(t, order.shopper.userId)).toBe(1_234);
    expect(await balanceRefundRecords(order.shopper.userId)).toHaveLength(1);
  });

  it('a part refund leaves the order open (refundStatus 3) and its stock where it is once shipped', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 3 });
    await t.ctx.db.update(orders).set({ status: 3, dvyTime: t.ctx.now() }).where(eq(orders.orderNumber, order.orderNumber));
    const stockBefore = await stockOf(t, order.items[0]!.skuId);
    const refundSn = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1 });
    // A request for another line of the order is still open: the order stays applying (1) after this one settles.
    const line = order.items[0]!;
    const [second] = await t.ctx.db
      .insert(orderItems)
      .values({ orderNumber: order.orderNumber, userId: order.shopper.userId, shopId: order.shopId, productId: (await t.ctx.db.select().from(orderItems).where(eq(orderItems.id, line.id)))[0]!.productId, skuId: line.skuId, prodNameZh: '第二件', price: 0, prodCount: 1, productTotalAmount: 0, actualTotal: 0 })
      .returning({ id: orderItems.id });
    const other = nextSerialNumber();
    await t.ctx.db.insert(refunds).values({ refundSn: other, orderNumber: order.orderNumber, orderItemId: second!.id, userId: order.shopper.userId, shopId: order.shopId, refundType: 2, applyType: 1, goodsNum: 1, refundAmount: 0, maxRefundAmount: 0, buyerReason: 1 });
    await t.ctx.db.update(orders).set({ refundStatus: 1 }).where(eq(orders.orderNumber, order.orderNumber));
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]!.refundStatus).toBe(1);
    // Once it is over, the next settled refund says what the money says: part of it is back.
    await t.ctx.db.update(refunds).set({ returnMoneySts: 6 }).where(eq(refunds.refundSn, other));
    const third = await decidedRefund(t, order, { amount: 500, whole: false, goodsNum: 1 });
    expect(await executeRefund(t.ctx, third)).toBe('refunded');
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(o).toMatchObject({ refundStatus: 3, status: 3 });
    expect(await stockOf(t, order.items[0]!.skuId)).toBe(stockBefore);
    expect(await walletBalance(t, order.shopper.userId)).toBe(1_500);
  });

  it('a failing refund that goes through while another request is open leaves the order applying (1), not failed (4)', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 2 });
    const refundSn = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1 });
    await t.ctx.db.update(refunds).set({ settleStatus: 3 }).where(eq(refunds.refundSn, refundSn));
    const line = order.items[0]!;
    const [second] = await t.ctx.db
      .insert(orderItems)
      .values({ orderNumber: order.orderNumber, userId: order.shopper.userId, shopId: order.shopId, productId: (await t.ctx.db.select().from(orderItems).where(eq(orderItems.id, line.id)))[0]!.productId, skuId: line.skuId, prodNameZh: '第二件', price: 0, prodCount: 1, productTotalAmount: 0, actualTotal: 0 })
      .returning({ id: orderItems.id });
    await t.ctx.db.insert(refunds).values({ refundSn: nextSerialNumber(), orderNumber: order.orderNumber, orderItemId: second!.id, userId: order.shopper.userId, shopId: order.shopId, refundType: 2, applyType: 1, goodsNum: 1, refundAmount: 0, maxRefundAmount: 0, buyerReason: 1 });
    await t.ctx.db.update(orders).set({ refundStatus: 4 }).where(eq(orders.orderNumber, order.orderNumber));
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]!.refundStatus).toBe(1);
  });

  it('a received return puts its pieces back in stock', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 800, count: 2 });
    await t.ctx.db.update(orders).set({ status: 5, dvyTime: t.ctx.now(), finallyTime: t.ctx.now() }).where(eq(orders.orderNumber, order.orderNumber));
    const stockBefore = await stockOf(t, order.items[0]!.skuId);
    const refundSn = await decidedRefund(t, order, { amount: 800, whole: false, goodsNum: 1, returnMoneySts: 4 });
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    expect(await stockOf(t, order.items[0]!.skuId)).toBe(stockBefore + 1);
  });

  it('a whole-order refund after an item refund puts back only the pieces not refunded before', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 3 });
    const stockBefore = await stockOf(t, order.items[0]!.skuId);
    const first = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1 });
    expect(await executeRefund(t.ctx, first)).toBe('refunded');
    expect(await stockOf(t, order.items[0]!.skuId)).toBe(stockBefore + 1);
    const rest = await decidedRefund(t, order, { amount: 2_000, whole: true, goodsNum: 2 });
    expect(await executeRefund(t.ctx, rest)).toBe('refunded');
    // Three pieces were bought: three come back, not four.
    expect(await stockOf(t, order.items[0]!.skuId)).toBe(stockBefore + 3);
    expect(await walletBalance(t, order.shopper.userId)).toBe(3_000);
  });

  it('a request not decided (settle 0) is refused, a settled one is not paid again', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance);
    const refundSn = await decidedRefund(t, order);
    await t.ctx.db.execute(sql`update refunds set settle_status = 0 where refund_sn = ${refundSn}`);
    await expect(executeRefund(t.ctx, refundSn)).rejects.toThrow(/not due/);
    expect(await walletBalance(t, order.shopper.userId)).toBe(0);
  });
});

/** A received order of 3 pieces (30.00) paid by balance that used `useScore` points and earned 30 (credited to the shopper). */
async function receivedOrderWithPoints(useScore: number) {
  const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 3 });
  await t.ctx.db.update(orders).set({ useScore, status: 5, dvyTime: t.ctx.now(), finallyTime: t.ctx.now() }).where(eq(orders.orderNumber, order.orderNumber));
  await t.ctx.db.update(orderItems).set({ gainScore: 30 }).where(eq(orderItems.orderNumber, order.orderNumber));
  await t.ctx.db.transaction(async (tx) => grantShoppingPoints(tx, { userId: order.shopper.userId, orderNumber: order.orderNumber, score: 30, settings: await readPointsSettings(tx), now: t.ctx.now() }));
  return { order, userId: order.shopper.userId };
}

describe('points a refund undoes', () => {
  it('points spent come back in proportion (source 9), all of them once all is refunded; points earned are taken back', async () => {
    // The order used 301 points and, once received, earned 30.
    const { order, userId } = await receivedOrderWithPoints(301);
    const before = await scoreOf(t.ctx.db, userId);

    const first = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1, returnMoneySts: 4 });
    expect(await executeRefund(t.ctx, first)).toBe('refunded');
    const logs = async (io: number) =>
      (await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, userId), eq(scoreLogs.source, POINTS_SOURCE.refundReturn), eq(scoreLogs.ioType, io)))).reduce((n, r) => n + r.score, 0);
    // A third of the money: ⌊301 / 3⌋ back, ⌊30 / 3⌋ taken.
    expect(await logs(1)).toBe(100);
    expect(await logs(0)).toBe(10);
    expect(await scoreOf(t.ctx.db, userId)).toBe(before + 100 - 10);

    // The rest of the order refunded: everything spent is back, everything earned is gone.
    const rest = await decidedRefund(t, order, { amount: 2_000, whole: false, goodsNum: 2, returnMoneySts: 4 });
    expect(await executeRefund(t.ctx, rest)).toBe('refunded');
    expect(await logs(1)).toBe(301);
    expect(await logs(0)).toBe(30);
    expect(await scoreOf(t.ctx.db, userId)).toBe(before + 301 - 30);
    // Wholly refunded: the received order closes (2026-12-08, decision 060).
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(o).toMatchObject({ refundStatus: 2, status: 6, closeType: 2 });
  });
});

describe('points weighed against the goods, not the shipping (QA 2026-12-08)', () => {
  it('refunding 1 of 3 equal pieces of an order with shipping gives back exactly a third of the points spent and takes a third of those earned; the last refund all', async () => {
    const { order, userId } = await receivedOrderWithPoints(300);
    // ¥8.00 shipping on top of the three pieces (30.00 of goods).
    await t.ctx.db.update(orders).set({ freight: 800, actualTotal: sql`${orders.actualTotal} + 800` }).where(eq(orders.orderNumber, order.orderNumber));
    const logs = async (io: number) =>
      (await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, userId), eq(scoreLogs.source, POINTS_SOURCE.refundReturn), eq(scoreLogs.ioType, io), eq(scoreLogs.bizId, order.orderNumber)))).reduce((n, r) => n + r.score, 0);
    const first = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1, returnMoneySts: 4 });
    expect(await executeRefund(t.ctx, first)).toBe('refunded');
    expect(await logs(1)).toBe(100);
    expect(await logs(0)).toBe(10);
    // The rest with the shipping: everything spent back, everything earned gone, the order closed.
    const rest = await decidedRefund(t, order, { amount: 2_800, whole: false, goodsNum: 2, returnMoneySts: 4 });
    expect(await executeRefund(t.ctx, rest)).toBe('refunded');
    expect(await logs(1)).toBe(300);
    expect(await logs(0)).toBe(30);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]).toMatchObject({ refundStatus: 2, status: 6, closeType: 2 });
  });
});

describe('points taken back as far as the shopper has them', () => {
  it('counts the points the same refund gives back (the wallet read with the settle mark, before the points spent come back)', async () => {
    // The order used 15 points and earned 30; the shopper has since spent every point it had.
    const { order, userId } = await receivedOrderWithPoints(15);
    const all = await scoreOf(t.ctx.db, userId);
    await runPart(t.ctx.db, spendPart({ userId, uses: [{ bizId: `spent-${order.orderNumber}`, score: all }], source: POINTS_SOURCE.exchange, now: t.ctx.now() }));
    expect(await scoreOf(t.ctx.db, userId)).toBe(0);

    // A third of the money: ⌊15 / 3⌋ = 5 back, then of the ⌊30 / 3⌋ = 10 due only those 5 can be taken.
    const first = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1, returnMoneySts: 4 });
    expect(await executeRefund(t.ctx, first)).toBe('refunded');
    const logs = async (io: number) =>
      (await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, userId), eq(scoreLogs.source, POINTS_SOURCE.refundReturn), eq(scoreLogs.ioType, io), eq(scoreLogs.bizId, order.orderNumber)))).reduce((n, r) => n + r.score, 0);
    expect(await logs(1)).toBe(5);
    expect(await logs(0)).toBe(5);
    expect(await scoreOf(t.ctx.db, userId)).toBe(0);
  });
});

describe('an order paid wholly with points and coupons (actual total 0)', () => {
  it('a return of 0 fen gives back the points spent by pieces, and the order counts as refunded only with the last piece', async () => {
    const buyer = await registerBuyer(t);
    const shopId = (await openShopIds(t))[0]!;
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 2, price: 0, status: 5 });
    expect(order.actualTotal).toBe(0);
    await t.ctx.db.update(orders).set({ useScore: 301 }).where(eq(orders.orderNumber, order.orderNumber));
    const item = order.items[0]!;
    const returned = async () =>
      (await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, buyer.userId), eq(scoreLogs.source, POINTS_SOURCE.refundReturn), eq(scoreLogs.ioType, 1)))).reduce((n, r) => n + r.score, 0);
    const decide = async () => {
      const refundSn = nextSerialNumber();
      await t.ctx.db.insert(refunds).values({ refundSn, orderNumber: order.orderNumber, orderItemId: item.id, userId: buyer.userId, shopId, refundType: 2, applyType: 2, isReceiver: 1, goodsNum: 1, refundAmount: 0, maxRefundAmount: 0, buyerReason: 1, returnMoneySts: 4, settleStatus: 1 });
      return refundSn;
    };
    expect(await executeRefund(t.ctx, await decide())).toBe('refunded');
    // One piece of two: half the points (rounded down), the order partly refunded, still received.
    expect(await returned()).toBe(150);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]).toMatchObject({ refundStatus: 3, status: 5 });
    expect(await executeRefund(t.ctx, await decide())).toBe('refunded');
    expect(await returned()).toBe(301);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]).toMatchObject({ refundStatus: 2 });
    expect(await t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.userId, buyer.userId), eq(balanceLogs.type, 4)))).toHaveLength(0);
  });
});

describe('growth a refund takes back', () => {
  const growthOf = async (userId: string) => (await t.ctx.db.select({ g: userWallets.growth }).from(userWallets).where(eq(userWallets.userId, userId)))[0]?.g ?? 0;
  const logsOf = (userId: string, orderNumber: string) => t.ctx.db.select().from(growthLogs).where(and(eq(growthLogs.userId, userId), eq(growthLogs.bizId, orderNumber)));

  it('takes back the growth the received order earned in proportion, exactly once, all of it with the last refund', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 3 });
    const userId = order.shopper.userId;
    await t.ctx.db.update(orders).set({ status: 3, dvyTime: t.ctx.now() }).where(eq(orders.orderNumber, order.orderNumber));
    const before = await growthOf(userId);
    await receiveOrderByBuyer(t.ctx, userId, order.orderNumber);
    const earned = growthEarned(3_000, await readMemberSettings(t.ctx.db));
    expect(earned).toBeGreaterThan(2);
    expect(await growthOf(userId)).toBe(before + earned);

    const first = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1, returnMoneySts: 4 });
    // Settled once however often it is called.
    await Promise.all([executeRefund(t.ctx, first), executeRefund(t.ctx, first), executeRefund(t.ctx, first)]);
    expect(await growthOf(userId)).toBe(before + earned - Math.floor(earned / 3));
    const rest = await decidedRefund(t, order, { amount: 2_000, whole: false, goodsNum: 2, returnMoneySts: 4 });
    expect(await executeRefund(t.ctx, rest)).toBe('refunded');
    expect(await executeRefund(t.ctx, rest)).toBe('refunded');
    expect(await growthOf(userId)).toBe(before);
    const logs = await logsOf(userId, order.orderNumber);
    expect(logs.filter((l) => l.source === 1).map((l) => l.growth)).toEqual([earned]);
    expect(logs.filter((l) => l.source === 2).reduce((n, l) => n + l.growth, 0)).toBe(earned);
  });

  it('an order received after a part refund keeps only the growth of what was kept', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 3 });
    const userId = order.shopper.userId;
    await t.ctx.db.update(orders).set({ status: 3, dvyTime: t.ctx.now() }).where(eq(orders.orderNumber, order.orderNumber));
    const refundSn = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1 });
    const before = await growthOf(userId);
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    // Nothing earned yet: nothing to take.
    expect(await growthOf(userId)).toBe(before);
    await receiveOrderByBuyer(t.ctx, userId, order.orderNumber);
    const earned = growthEarned(3_000, await readMemberSettings(t.ctx.db));
    expect(await growthOf(userId)).toBe(before + earned - Math.floor(earned / 3));
  });
});

describe('lock order of a settle step that takes growth back (decision 008\'s amendment)', () => {
  // A received order paid by Alipay that earned growth and no points: its whole refund's last
  // statement lowers the wallet's growth and returns the coupon's use records, in an order PostgreSQL
  // does not promise. A balance payment of another order of the checkout takes the wallet, then the
  // use records; so the settle step must hold the wallet before that statement, as it does for points.
  it("locks the shopper's wallet before the statement that returns the coupons", async () => {
    const order = await paidOrder(t, PAY_TYPE.alipay, { price: 1_000, count: 3 });
    const userId = order.shopper.userId;
    await t.ctx.db.update(orders).set({ status: 3, dvyTime: t.ctx.now() }).where(eq(orders.orderNumber, order.orderNumber));
    await receiveOrderByBuyer(t.ctx, userId, order.orderNumber);
    // As if it had earned no points (an order under the points' unit): only growth to take back.
    await t.ctx.db.update(orderItems).set({ gainScore: 0 }).where(eq(orderItems.orderNumber, order.orderNumber));
    const growthBefore = (await t.ctx.db.select({ g: userWallets.growth }).from(userWallets).where(eq(userWallets.userId, userId)))[0]!.g;
    expect(growthBefore).toBeGreaterThan(0);

    const refundSn = await decidedRefund(t, order, { returnMoneySts: 4 });
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunding');
    t.advanceClock(60_000);
    // The gateway has done it by now: this call settles it.
    const { result, queries } = await countQueries(() => executeRefund(t.ctx, refundSn));
    expect(result).toBe('refunded');
    const last = queries.findIndex((q) => q.includes('"coupon_use_records"'));
    expect(last, queries.join('\n')).toBeGreaterThan(0);
    expect(queries[last]).toMatch(/update "?user_wallets"? set growth/);
    const walletLocked = queries.findIndex((q) => /"user_wallets"\."user_id" = \$\d+ for update/.test(q));
    expect(walletLocked, queries.join('\n')).toBeGreaterThanOrEqual(0);
    expect(walletLocked).toBeLessThan(last);
    // And the growth came back whole, once.
    expect((await t.ctx.db.select({ g: userWallets.growth }).from(userWallets).where(eq(userWallets.userId, userId)))[0]!.g).toBe(0);
  });
});

describe('points earned after a refund', () => {
  it('an order received after a part refund earns points only on what was kept', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 3 });
    const userId = order.shopper.userId;
    await t.ctx.db.update(orders).set({ status: 3, dvyTime: t.ctx.now() }).where(eq(orders.orderNumber, order.orderNumber));
    const refundSn = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1 });
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    const before = await scoreOf(t.ctx.db, userId);
    await receiveOrderByBuyer(t.ctx, userId, order.orderNumber);
    const earned = Math.floor(3_000 / (await readPointsSettings(t.ctx.db)).earnFenPerPoint);
    // A third of the money went back before receipt: a third of what the line earned goes too.
    expect(await scoreOf(t.ctx.db, userId)).toBe(before + earned - Math.floor(earned / 3));
    const taken = await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, userId), eq(scoreLogs.source, POINTS_SOURCE.refundReturn), eq(scoreLogs.ioType, 0)));
    expect(taken.map((l) => l.score)).toEqual([Math.floor(earned / 3)]);
  });
});

describe('coupons a refund gives back', () => {
  /** A coupon the order used (frozen at submit, used at payment), valid until `endsIn` from now. */
  async function usedCoupon(order: Awaited<ReturnType<typeof paidOrder>>, endsIn: number) {
    const now = t.ctx.now();
    const [coupon] = await t.ctx.db
      .insert(coupons)
      .values({ shopId: 0, nameZh: '满10减1', nameEn: '¥1 off ¥10', cashCondition: 1_000, reduceAmount: 100, startTime: new Date(now.getTime() - 86_400_000), endTime: new Date(now.getTime() + endsIn), stocks: 10, totalStock: 10 })
      .returning();
    const [mine] = await t.ctx.db
      .insert(userCoupons)
      .values({ couponId: coupon!.id, userId: order.shopper.userId, status: 2, userStartTime: new Date(now.getTime() - 86_400_000), userEndTime: new Date(now.getTime() + endsIn), usedTime: now })
      .returning();
    await t.ctx.db.insert(couponUseRecords).values({ userCouponId: mine!.id, userId: order.shopper.userId, orderNumber: order.orderNumber, amount: 100, status: 2 });
    return mine!.id;
  }
  const statusOf = async (id: number) => (await t.ctx.db.select().from(userCoupons).where(eq(userCoupons.id, id)))[0]!;

  it('a whole refund gives a still valid coupon back; a part refund does not', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 2 });
    const id = await usedCoupon(order, 7 * 86_400_000);
    const part = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1 });
    expect(await executeRefund(t.ctx, part)).toBe('refunded');
    expect(await statusOf(id)).toMatchObject({ status: 2 });
    const rest = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1 });
    expect(await executeRefund(t.ctx, rest)).toBe('refunded');
    expect(await statusOf(id)).toMatchObject({ status: 1, usedTime: null });
    expect((await t.ctx.db.select().from(couponUseRecords).where(eq(couponUseRecords.userCouponId, id)))[0]!.status).toBe(3);
  });

  it('a coupon whose period has ended stays used', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_500 });
    const id = await usedCoupon(order, 60_000);
    t.advanceClock(120_000);
    const refundSn = await decidedRefund(t, order);
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    expect(await statusOf(id)).toMatchObject({ status: 2 });
  });
});

describe('gateway refunds', () => {
  it('Alipay: sent under the refund number, refunding until the gateway confirms, then settled once', async () => {
    const order = await paidOrder(t, PAY_TYPE.alipay, { price: 3_300 });
    const refundSn = await decidedRefund(t, order);
    // The sandbox answers a new refund "processing", as the gateway does.
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunding');
    expect(await refundRow(t, refundSn)).toMatchObject({ settleStatus: 1, returnMoneySts: 2 });
    expect(await ledgerRow(refundSn)).toMatchObject({ status: 1, attempts: 1, amount: 3_300, payType: PAY_TYPE.alipay });
    // The retry job asks the gateway, which has done it by now.
    await runJobsAfter(60_000);
    expect(await refundRow(t, refundSn)).toMatchObject({ settleStatus: 2, returnMoneySts: 5 });
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    const held = await gatewayRefunds(t, PAY_TYPE.alipay, order.payNo);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ refundNo: refundSn, amount: 3_300 });
    // Nothing went to the balance.
    expect(await walletBalance(t, order.shopper.userId)).toBe(0);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]).toMatchObject({ refundStatus: 2, status: 6, closeType: 2 });
  });

  it('WeChat: the sandbox posts REFUND.SUCCESS to the notify URL, which settles it', async () => {
    const order = await paidOrder(t, PAY_TYPE.wechat, { price: 4_400 });
    const refundSn = await decidedRefund(t, order);
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunding');
    await eventually(async () => (await refundRow(t, refundSn)).settleStatus === 2);
    expect(await ledgerRow(refundSn)).toMatchObject({ status: 2 });
    expect(await gatewayRefunds(t, PAY_TYPE.wechat, order.payNo)).toHaveLength(1);
    // The sandbox's own page shows the one refund it holds for the payment.
    const shown = await t.app.inject({ method: 'GET', url: `/sandbox/wechat/refunds?payNo=${order.payNo}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body.match(/data-testid="sandbox-refund"/g)).toHaveLength(1);
    expect(shown.body).toContain(refundSn);
    expect(shown.body).toContain('¥44.00');
    // The page's CSP allows no inline style attribute: a browser would refuse one and log an error.
    expect(shown.body).not.toMatch(/<[^>]+\sstyle=/);
  });

  it('50 parallel calls send one refund to the gateway and settle once', async () => {
    const order = await paidOrder(t, PAY_TYPE.alipay, { price: 999 });
    const refundSn = await decidedRefund(t, order);
    await Promise.all(Array.from({ length: 50 }, () => executeRefund(t.ctx, refundSn)));
    t.advanceClock(60_000);
    await Promise.all(Array.from({ length: 50 }, () => executeRefund(t.ctx, refundSn)));
    await runJobsAfter(60_000);
    expect(await refundRow(t, refundSn)).toMatchObject({ settleStatus: 2 });
    expect(await gatewayRefunds(t, PAY_TYPE.alipay, order.payNo)).toHaveLength(1);
  });

  it('a refund notification replayed 100 times settles once', async () => {
    const order = await paidOrder(t, PAY_TYPE.wechat, { price: 5_000, count: 2 });
    await t.ctx.db.update(orders).set({ useScore: 200 }).where(eq(orders.orderNumber, order.orderNumber));
    const refundSn = await decidedRefund(t, order);
    // The refund was sent (the gateway's own notification is left out of this test: a fake gateway that only answers "processing").
    const real = t.ctx.providers.payment.wechat;
    const quiet: PaymentProvider = { ...real, refund: async () => ({ state: 'processing', providerRefundNo: 'wx-r-1' }), queryRefund: async () => ({ state: 'processing' }) };
    t.ctx.providers.payment.wechat = quiet;
    try {
      expect(await executeRefund(t.ctx, refundSn)).toBe('refunding');
    } finally {
      t.ctx.providers.payment.wechat = real;
    }
    const notice = wechatRefundNotice(refundSn, order.payNo, 10_000, `evt-replay-${refundSn}`);
    const post = () => t.app.inject({ method: 'POST', url: '/notice/refund/3', headers: notice.headers, payload: notice.body });
    const answers = [];
    for (let round = 0; round < 10; round += 1) answers.push(...(await Promise.all(Array.from({ length: 10 }, post))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    expect(await refundRow(t, refundSn)).toMatchObject({ settleStatus: 2, returnMoneySts: 5 });
    const spentBack = await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.bizId, order.orderNumber), eq(scoreLogs.source, POINTS_SOURCE.refundReturn)));
    expect(spentBack).toHaveLength(1);
    expect(spentBack[0]!.score).toBe(200);
    const recorded = await t.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.notifyId, `refund:evt-replay-${refundSn}`));
    expect(recorded).toHaveLength(1);
    // A forged one (another key) and one for another amount change nothing and are refused.
    const wrong = wechatRefundNotice(refundSn, order.payNo, 1);
    expect((await t.app.inject({ method: 'POST', url: '/notice/refund/3', headers: wrong.headers, payload: wrong.body })).statusCode).toBe(400);
    const forged = { ...notice, headers: { ...notice.headers, 'wechatpay-signature': 'AAAA' } };
    expect((await t.app.inject({ method: 'POST', url: '/notice/refund/3', headers: forged.headers, payload: forged.body })).statusCode).toBe(400);
  });

  it('a gateway that keeps failing: retried with backoff under the same number, failing after 3 tries, seen by finance, retried by hand', async () => {
    const order = await paidOrder(t, PAY_TYPE.alipay, { price: 2_000 });
    const refundSn = await decidedRefund(t, order);
    const real = t.ctx.providers.payment.alipay;
    const sent: string[] = [];
    const down: PaymentProvider = {
      ...real,
      refund: async (input) => {
        sent.push(input.refundNo);
        throw new Error('connect ETIMEDOUT');
      },
      queryRefund: async () => ({ state: 'absent' }),
    };
    t.ctx.providers.payment.alipay = down;
    try {
      expect(await executeRefund(t.ctx, refundSn)).toBe('refunding');
      await runJobsAfter(61_000);
      await runJobsAfter(61_000);
    } finally {
      t.ctx.providers.payment.alipay = real;
    }
    expect(sent).toEqual([refundSn, refundSn, refundSn]);
    expect(await ledgerRow(refundSn)).toMatchObject({ status: 3, attempts: 3, lastError: 'connect ETIMEDOUT' });
    expect(await refundRow(t, refundSn)).toMatchObject({ settleStatus: 3, returnMoneySts: 2 });
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]!.refundStatus).toBe(4);
    // The next try is booked.
    const booked = await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, 'refund.retry'), eq(jobs.ref, `${refundSn}#3`)));
    expect(booked).toHaveLength(1);

    const token = await adminToken(t, 'finance');
    const list = await t.app.inject({ method: 'GET', url: '/admin/refund-payments?status=3&size=100', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().records.map((r: { refundNo: string }) => r.refundNo)).toContain(refundSn);
    const bad = await t.app.inject({ method: 'GET', url: '/admin/refund-payments?status=9', headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('退款状态不正确');
    const service = await adminToken(t, 'service');
    expect((await t.app.inject({ method: 'GET', url: '/admin/refund-payments', headers: { authorization: `Bearer ${service}` } })).statusCode).toBe(403);

    const retry = await t.app.inject({ method: 'POST', url: `/admin/refund-payments/${refundSn}/retry`, headers: { authorization: `Bearer ${token}` } });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ outcome: 'refunding', refund: { refundNo: refundSn, status: 1 } });
    await runJobsAfter(61_000);
    expect(await refundRow(t, refundSn)).toMatchObject({ settleStatus: 2, returnMoneySts: 5 });
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]!.refundStatus).toBe(2);
    expect(await gatewayRefunds(t, PAY_TYPE.alipay, order.payNo)).toHaveLength(1);
    const missing = await t.app.inject({ method: 'POST', url: '/admin/refund-payments/123/retry', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Refund not found');
  });

  it('the sweep takes up a decided request whose caller crashed before its first try', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 700 });
    const refundSn = await decidedRefund(t, order);
    t.advanceClock(31_000);
    await sweepRefunds(t.ctx);
    expect(await refundRow(t, refundSn)).toMatchObject({ settleStatus: 2 });
    expect(await walletBalance(t, order.shopper.userId)).toBe(700);
  });
});
