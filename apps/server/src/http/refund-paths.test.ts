// The after-sales paths end to end on the real database (decisions 059, 060): a return the seller
// refused once the goods were on their way, brought to the platform and refunded (the money back to
// the balance once, the stock once); a return the seller did not confirm in time (the receipt
// deadline refunds it, exactly); one line refunded piece by piece where the pieces do not share its
// amount evenly (the last pieces take the remainder); and another shopper's moves, refused as not found.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BALANCE_LOG_TYPE } from '@bazaar/shared/constants/balance';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { REFUND_SETTLE_STATUS, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { AdminRefundDetailSchema, RefundApplyInfoSchema } from '@bazaar/shared/schemas/refund';
import { balanceLogs, orderItems, orders, refundHistories } from '../db/schema.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { drainJobs, merchantLogin, openShopIds, registerBuyer } from '../test/merchant-test-kit.ts';
import { paidOrder, refundRow, stockOf, type PaidOrder } from '../test/refund-money-test-kit.ts';
import { apply, applyBody, call, expectRefused, info, refundOrder, type RefundOrder } from '../test/refund-test-kit.ts';
import { walletBalance } from '../test/payment-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

const zh = createI18n('zh').t;
const en = createI18n('en').t;
const DAY = 86_400_000;
const RETURN_ADDRESS = { receiverName: '售后部', receiverMobile: '13700001111', receiverAddr: '浙江省杭州市西湖区文三路 1 号' };

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await ensureSeeded();
  staff = await adminToken(t, 'super');
});
beforeEach(() => t.resetClock());

function admin(method: 'GET' | 'PUT', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = { authorization: `Bearer ${staff}`, 'accept-language': lang };
  return body === undefined ? t.app.inject({ method, url, headers }) : t.app.inject({ method, url, ...json(body, { headers }) });
}

const waybillOf = (refundSn: string, expressNo = 'SF1234567890') => ({ refundSn, expressId: 1, expressName: '顺丰速运', expressNo, mobile: '13800138000', senderRemarks: '', imgs: [] });

/** The shopper's refund rows of the balance ledger (type 4). */
const refundLedger = (userId: string) => t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.userId, userId), eq(balanceLogs.type, BALANCE_LOG_TYPE.refund)));

/** The order as the shopper received it a day ago (a return needs the goods in hand). */
async function markReceived(orderNumber: string): Promise<void> {
  const now = t.ctx.now().getTime();
  await t.ctx.db.update(orders).set({ status: ORDER_STATUS.completed, dvyTime: new Date(now - 3 * DAY), finallyTime: new Date(now - DAY) }).where(eq(orders.orderNumber, orderNumber));
}

/**
 * A balance-paid order of 3 pieces (its own product, so its stock is this test's), received, and a
 * return of 2 of them accepted by the shop and shipped back by the shopper (3).
 */
async function shippedReturn(): Promise<{ order: PaidOrder; owner: { token: string }; refundSn: string; refundAmount: number; skuId: number }> {
  const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_990, count: 3 });
  await markReceived(order.orderNumber);
  const owner = { token: await merchantLogin(t, order.shopId) };
  const item = order.items[0]!;
  const refundAmount = 2 * 1_990;
  const refundSn = await apply(t, order.shopper, { orderNumber: order.orderNumber, refundType: 2, orderItemId: item.id, goodsNum: 2, applyType: 2, isReceiver: 1, buyerReason: 2, buyerDesc: '尺码不合适', buyerMobile: '13800138000', photoFiles: [], refundAmount });
  const accepted = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, { returnAddress: RETURN_ADDRESS });
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect(accepted.json()).toEqual({ refundSn, returnMoneySts: REFUND_STATUS.accepted, settleStatus: REFUND_SETTLE_STATUS.none });
  const shipped = await call(t, order.shopper, 'POST', '/p/orderRefund/submitExpress', waybillOf(refundSn));
  expect(shipped.statusCode, shipped.body).toBe(200);
  expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.buyerShipped, settleStatus: REFUND_SETTLE_STATUS.none });
  return { order, owner, refundSn, refundAmount, skuId: item.skuId };
}

describe('a return the seller refused after the goods left', () => {
  it('goes to the platform, whose refund receives the goods (4) and pays (5): the balance once with one ledger row, the stock once', async () => {
    const { order, owner, refundSn, refundAmount, skuId } = await shippedReturn();
    const userId = order.shopper.userId;
    const balanceBefore = await walletBalance(t, userId);
    const stockBefore = await stockOf(t, skuId);

    // The seller refuses the parcel: 3 -> 7, nothing paid, nothing back in stock.
    const refused = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '退回商品已损坏' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toEqual({ refundSn, returnMoneySts: REFUND_STATUS.refused, settleStatus: REFUND_SETTLE_STATUS.none });
    expect(await info(t, order.shopper, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.refused, canApplyPlatform: true, sellerMsg: '退回商品已损坏' });
    // Staff decide only what the shopper brought to them.
    expectRefused(await admin('PUT', `/admin/refunds/${refundSn}/decide`, { action: 'refund', reason: '支持退款' }, 'zh'), zh('refundErrors.cannotDecide'));

    const platform = await call(t, order.shopper, 'POST', '/p/orderRefund/applyPlatform', { refundSn, reason: '商品寄出时完好' });
    expect(platform.statusCode, platform.body).toBe(200);
    expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.refused, platformStatus: 1, settleStatus: REFUND_SETTLE_STATUS.none });
    expect(await walletBalance(t, userId)).toBe(balanceBefore);
    expect(await stockOf(t, skuId)).toBe(stockBefore);

    const decided = await admin('PUT', `/admin/refunds/${refundSn}/decide`, { action: 'refund', reason: '物流记录显示完好' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(AdminRefundDetailSchema.parse(decided.json())).toMatchObject({ returnMoneySts: REFUND_STATUS.success, settleStatus: REFUND_SETTLE_STATUS.refunded, platformStatus: 2, canDecide: false });
    const row = await refundRow(t, refundSn);
    expect(row).toMatchObject({ returnMoneySts: REFUND_STATUS.success, settleStatus: REFUND_SETTLE_STATUS.refunded, platformStatus: 2, refundAmount });
    expect(row.receiveTime).not.toBeNull();
    // The platform's decision counted the goods as received (4); the settle step then made it 5.
    const history = await t.ctx.db.select().from(refundHistories).where(eq(refundHistories.refundSn, refundSn)).orderBy(refundHistories.id);
    expect(history.map((h) => h.action)).toEqual(['apply', 'accept', 'ship', 'refuse', 'applyPlatform', 'platformRefund']);
    expect(history.at(-1)).toMatchObject({ actor: 'platform', returnMoneySts: REFUND_STATUS.sellerReceived, note: '物流记录显示完好' });

    expect(await walletBalance(t, userId)).toBe(balanceBefore + refundAmount);
    expect(await refundLedger(userId)).toEqual([expect.objectContaining({ changeBalance: refundAmount, ioType: 1, isPayed: true })]);
    expect(await stockOf(t, skuId)).toBe(stockBefore + 2);
    // Decided once: a second decision is refused, and the sweeps pay nothing more.
    expectRefused(await admin('PUT', `/admin/refunds/${refundSn}/decide`, { action: 'refund', reason: '再次' }), en('refundErrors.cannotDecide'));
    t.advanceClock(DAY);
    await drainJobs(t);
    expect(await walletBalance(t, userId)).toBe(balanceBefore + refundAmount);
    expect(await refundLedger(userId)).toHaveLength(1);
    expect(await stockOf(t, skuId)).toBe(stockBefore + 2);
    // 2 of 3 pieces back: the order is partly refunded and stays open.
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]).toMatchObject({ status: ORDER_STATUS.completed, refundStatus: 3 });
  });
});

describe('the receipt deadline', () => {
  it('the seller silent after the parcel was sent: at the deadline the goods count as received and the money is back, exactly', async () => {
    const { order, refundSn, refundAmount, skuId } = await shippedReturn();
    const userId = order.shopper.userId;
    const balanceBefore = await walletBalance(t, userId);
    const stockBefore = await stockOf(t, skuId);
    const { deadline } = await refundRow(t, refundSn);
    expect(deadline).not.toBeNull();

    // Just before the deadline nothing moves.
    t.advanceClock(deadline!.getTime() - t.ctx.now().getTime() - 60_000);
    await drainJobs(t);
    expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.buyerShipped, settleStatus: REFUND_SETTLE_STATUS.none });
    expect(await walletBalance(t, userId)).toBe(balanceBefore);

    t.advanceClock(2 * 60_000);
    await drainJobs(t);
    const row = await refundRow(t, refundSn);
    expect(row).toMatchObject({ returnMoneySts: REFUND_STATUS.success, settleStatus: REFUND_SETTLE_STATUS.refunded, refundAmount, deadline: null });
    expect(row.receiveTime).not.toBeNull();
    expect(await walletBalance(t, userId)).toBe(balanceBefore + refundAmount);
    expect(await refundLedger(userId)).toEqual([expect.objectContaining({ changeBalance: refundAmount, ioType: 1 })]);
    expect(await stockOf(t, skuId)).toBe(stockBefore + 2);
    expect((await info(t, order.shopper, refundSn)).history.map((h) => h.action)).toEqual(['apply', 'accept', 'ship', 'autoReceive']);

    // Ran once: later sweeps change nothing.
    t.advanceClock(DAY);
    await drainJobs(t);
    expect(await walletBalance(t, userId)).toBe(balanceBefore + refundAmount);
    expect(await refundLedger(userId)).toHaveLength(1);
    expect(await stockOf(t, skuId)).toBe(stockBefore + 2);
  });
});

describe('one line refunded piece by piece', () => {
  it('3 pieces paid 1000 fen: one piece takes the rounded-down unit, the last two take the remainder, the total is the line exactly', async () => {
    const shopId = (await openShopIds(t))[0]!;
    const owner = { token: await merchantLogin(t, shopId) };
    const buyer = await registerBuyer(t);
    const made = await refundOrder(t, buyer, shopId, { lines: 1, count: 3, price: 400 });
    // A shop coupon took 200 fen off the line: 1200 - 200 = 1000 fen for 3 pieces (333.33 each).
    const itemId = made.items[0]!.id;
    await t.ctx.db.update(orderItems).set({ actualTotal: 1_000, shareReduce: 200, shopCouponShare: 200 }).where(eq(orderItems.id, itemId));
    await t.ctx.db.update(orders).set({ actualTotal: 1_000, reduceAmount: 200, shopCouponReduce: 200 }).where(eq(orders.orderNumber, made.orderNumber));
    const order: RefundOrder = { ...made, actualTotal: 1_000, items: [{ id: itemId, prodCount: 3, actualTotal: 1_000 }] };
    const balanceBefore = await walletBalance(t, buyer.userId);
    const applyInfo = async () => RefundApplyInfoSchema.parse((await call(t, buyer, 'GET', `/p/orderRefund/applyInfo?orderNumber=${order.orderNumber}&orderItemId=${itemId}`)).json());
    const refund = async (goodsNum: number, refundAmount: number) => {
      const refundSn = await apply(t, buyer, applyBody(order, { goodsNum, refundAmount }));
      const res = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.success, settleStatus: REFUND_SETTLE_STATUS.refunded, goodsNum, refundAmount });
    };

    expect(await applyInfo()).toMatchObject({ maxGoodsNum: 3, maxRefundAmount: 1_000, unitAmount: 333 });
    // One piece: at most the unit, rounded down.
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { goodsNum: 1, refundAmount: 334 }), 'zh'), zh('refundErrors.amountTooHigh', { max: '3.33' }));
    await refund(1, 333);
    expect(await walletBalance(t, buyer.userId)).toBe(balanceBefore + 333);

    // What is left: 2 pieces and 667 fen (not 2 x 333).
    expect(await applyInfo()).toMatchObject({ maxGoodsNum: 2, maxRefundAmount: 667, unitAmount: 333 });
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { goodsNum: 3, refundAmount: 667 })), en('refundErrors.goodsNum'));
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { goodsNum: 3, refundAmount: 667 }), 'zh'), zh('refundErrors.goodsNum'));
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { goodsNum: 2, refundAmount: 668 })), en('refundErrors.amountTooHigh', { max: '6.67' }));
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { goodsNum: 1, refundAmount: 334 }), 'zh'), zh('refundErrors.amountTooHigh', { max: '3.33' }));

    await refund(2, 667);
    expect(await walletBalance(t, buyer.userId)).toBe(balanceBefore + 1_000);
    expect((await refundLedger(buyer.userId)).map((l) => l.changeBalance).sort((a, b) => a - b)).toEqual([333, 667]);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
    // Every piece back: the order closed, nothing is left to ask for.
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { goodsNum: 1, refundAmount: 1 }), 'zh'), zh('refundErrors.orderClosed'));
  });
});

describe('another shopper', () => {
  it('is told "not found" for every move on someone else\'s order and request, and changes nothing', async () => {
    const buyer = await registerBuyer(t);
    const other = await registerBuyer(t);
    const shopId = (await openShopIds(t))[0]!;
    const owner = { token: await merchantLogin(t, shopId) };
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 2, price: 1_000, status: ORDER_STATUS.completed });
    const returnBody = applyBody(order, { applyType: 2, isReceiver: 1 });
    const snapshot = async (refundSn: string) => ({ row: await refundRow(t, refundSn), history: (await t.ctx.db.select().from(refundHistories).where(eq(refundHistories.refundSn, refundSn))).length });
    /** Each call by the other shopper is refused with exactly the localized message, and the request is as it was. */
    const refusedAsNotFound = async (refundSn: string, calls: Array<[method: 'POST' | 'PUT' | 'GET', url: string, body: unknown]>) => {
      const before = await snapshot(refundSn);
      for (const [method, url, body] of calls) {
        expectRefused(await call(t, other, method, url, body, 'zh'), zh('refundErrors.notFound'));
        expectRefused(await call(t, other, method, url, body, 'en'), en('refundErrors.notFound'));
      }
      expect(await snapshot(refundSn)).toEqual(before);
    };

    // Apply on another's order: "order not found", nothing written.
    expectRefused(await call(t, other, 'POST', '/p/orderRefund/apply', returnBody, 'zh'), zh('refundErrors.orderNotFound'));
    expectRefused(await call(t, other, 'POST', '/p/orderRefund/apply', returnBody), en('refundErrors.orderNotFound'));
    const refundSn = await apply(t, buyer, returnBody);
    const { orderNumber: _o, refundType: _r, orderItemId: _i, ...fields } = applyBody(order, { applyType: 2, isReceiver: 1, goodsNum: 2, refundAmount: 2_000 });
    // 1: the edit, the amount, the detail.
    await refusedAsNotFound(refundSn, [
      ['POST', '/p/orderRefund/update_refund', { refundSn, ...fields }],
      ['PUT', '/p/orderRefund/updateRefundAmount', { refundSn, refundAmount: 2_000 }],
      ['GET', `/p/orderRefund/info?refundSn=${refundSn}`, undefined],
    ]);
    expect((await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, { returnAddress: RETURN_ADDRESS })).statusCode).toBe(200);
    // 2: the waybill.
    await refusedAsNotFound(refundSn, [['POST', '/p/orderRefund/submitExpress', waybillOf(refundSn, 'SF0000000009')]]);
    expect((await call(t, buyer, 'POST', '/p/orderRefund/submitExpress', waybillOf(refundSn))).statusCode).toBe(200);
    // 3: changing the waybill.
    await refusedAsNotFound(refundSn, [['PUT', '/p/orderRefund/reSubmitExpress', waybillOf(refundSn, 'SF0000000009')]]);
    expect((await info(t, buyer, refundSn)).delivery).toMatchObject({ dvyFlowId: 'SF1234567890' });
    expect((await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '不同意' })).statusCode).toBe(200);
    // 7: the platform.
    await refusedAsNotFound(refundSn, [['POST', '/p/orderRefund/applyPlatform', { refundSn, reason: '我也要申请' }]]);
    expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.refused, platformStatus: 0, platformApplyReason: null, refundAmount: 1_000, goodsNum: 1 });
    // Its own shopper still can.
    expect((await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn, reason: '商品有问题' })).statusCode).toBe(200);
  });
});
