// Shipping and refunds (decision 059): no shipment while a refund decided for the shopper is still
// on its way back, a request still waiting for the shop does not stop it, the pieces refunded before
// shipment are not packed, and an order whose every piece is refunded closes whatever the amounts.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { couponUseRecords, coupons, deliveryCompanies, orders, refunds, userCoupons } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json } from '../test/account-test-kit.ts';
import { merchantLogin, openShopIds } from '../test/merchant-test-kit.ts';
import { MerchantOrderDetailSchema } from '@bazaar/shared/schemas/merchant';
import { decidedRefund, paidOrder, refundRow, type PaidOrder } from '../test/refund-money-test-kit.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { executeRefund } from './refund-money.ts';

let t: TestApp;
let courierId: number;
let serial = 0;

beforeAll(async () => {
  t = await ensureSeeded();
  courierId = (await t.ctx.db.select({ id: deliveryCompanies.id }).from(deliveryCompanies).orderBy(deliveryCompanies.seq))[0]!.id;
});

function ship(token: string, order: PaidOrder, count: number, lang = 'en') {
  serial += 1;
  const body = { orderNumber: order.orderNumber, packages: [{ dvyId: courierId, dvyFlowId: `SFR${Date.now().toString(36).toUpperCase()}${serial}`, items: [{ orderItemId: order.items[0]!.id, count }] }] };
  return t.app.inject({ method: 'POST', url: '/merchant/order/delivery', ...json(body, { headers: { authorization: token, 'accept-language': lang } }) });
}

async function orderRow(orderNumber: string) {
  return (await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
}

describe('shipping an order with refunds', () => {
  it('is refused while an accepted refund-only request waits for its money, in zh and en; after it lands only the pieces left are packed', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 3 });
    const token = await merchantLogin(t, order.shopId);
    // Accepted, the gateway has not confirmed yet (settle 1).
    const refundSn = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1 });
    const en = await ship(token, order, 3);
    expect(en.statusCode, en.body).toBe(400);
    expect(en.body).toContain('cannot be shipped until it is refunded');
    const zh = await ship(token, order, 2, 'zh');
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toContain('到账前不能发货');
    expect((await orderRow(order.orderNumber)).status).toBe(ORDER_STATUS.paid);

    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    // One of the three pieces was refunded (its stock came back): the shop packs the other two.
    const all = await ship(token, order, 3);
    expect(all.statusCode).toBe(400);
    expect(all.body).toContain('do not match');
    const rest = await ship(token, order, 2);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.shipped, refundStatus: 3 });
  });

  it("the shop's order detail tells per line the pieces refunded before shipment; another shop sees nothing", async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 3 });
    const token = await merchantLogin(t, order.shopId);
    const detail = (as: string, lang = 'en') => t.app.inject({ method: 'GET', url: `/merchant/order/info/${order.orderNumber}`, headers: { authorization: as, 'accept-language': lang } });
    const refundedOf = async () => {
      const res = await detail(token);
      expect(res.statusCode, res.body).toBe(200);
      return MerchantOrderDetailSchema.parse(res.json()).items.map((i) => ({ orderItemId: i.orderItemId, prodCount: i.prodCount, refundedCount: i.refundedCount }));
    };
    expect(await refundedOf()).toEqual([{ orderItemId: order.items[0]!.id, prodCount: 3, refundedCount: 0 }]);
    // Decided, the money not back yet: nothing is refunded so far.
    const refundSn = await decidedRefund(t, order, { amount: 1_000, whole: false, goodsNum: 1 });
    expect(await refundedOf()).toEqual([{ orderItemId: order.items[0]!.id, prodCount: 3, refundedCount: 0 }]);
    expect(await executeRefund(t.ctx, refundSn)).toBe('refunded');
    expect(await refundedOf()).toEqual([{ orderItemId: order.items[0]!.id, prodCount: 3, refundedCount: 1 }]);
    // The pieces the detail says are left are what shipping takes.
    const shipped = await ship(token, order, 2);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(MerchantOrderDetailSchema.parse(shipped.json()).items[0]).toMatchObject({ prodCount: 3, refundedCount: 1, shippedCount: 2 });

    const other = (await openShopIds(t)).find((id) => id !== order.shopId)!;
    const otherToken = await merchantLogin(t, other);
    for (const [lang, text] of [
      ['en', 'Order not found'],
      ['zh', '订单不存在'],
    ] as const) {
      const theirs = await detail(otherToken, lang);
      expect(theirs.statusCode).toBe(400);
      expect(theirs.body).toContain(text);
      expect(theirs.body).not.toContain('refundedCount');
    }
  });

  it('a refund-only request still waiting for the shop does not stop shipping, and stays open', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 2 });
    const token = await merchantLogin(t, order.shopId);
    const refundSn = nextSerialNumber();
    await t.ctx.db.insert(refunds).values({ refundSn, orderNumber: order.orderNumber, orderItemId: order.items[0]!.id, userId: order.shopper.userId, shopId: order.shopId, refundType: 2, applyType: 1, goodsNum: 1, refundAmount: 1_000, maxRefundAmount: 2_000, buyerReason: 1 });
    const res = await ship(token, order, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(order.orderNumber)).status).toBe(ORDER_STATUS.shipped);
    expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: 1, settleStatus: 0 });
  });
});

describe('an order whose every piece is refunded', () => {
  it('closes before shipment even when each piece was refunded for less than its share: its coupon comes back, and it cannot be shipped', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 1_000, count: 2 });
    const token = await merchantLogin(t, order.shopId);
    const now = t.ctx.now();
    const [coupon] = await t.ctx.db
      .insert(coupons)
      .values({ shopId: 0, nameZh: '满10减1', nameEn: '¥1 off ¥10', cashCondition: 1_000, reduceAmount: 100, startTime: new Date(now.getTime() - 86_400_000), endTime: new Date(now.getTime() + 7 * 86_400_000), stocks: 10, totalStock: 10 })
      .returning();
    const [mine] = await t.ctx.db
      .insert(userCoupons)
      .values({ couponId: coupon!.id, userId: order.shopper.userId, status: 2, userStartTime: new Date(now.getTime() - 86_400_000), userEndTime: new Date(now.getTime() + 7 * 86_400_000), usedTime: now })
      .returning();
    await t.ctx.db.insert(couponUseRecords).values({ userCouponId: mine!.id, userId: order.shopper.userId, orderNumber: order.orderNumber, amount: 100, status: 2 });
    const couponStatus = async () => (await t.ctx.db.select().from(userCoupons).where(eq(userCoupons.id, mine!.id)))[0]!.status;
    const first = await decidedRefund(t, order, { amount: 900, whole: false, goodsNum: 1 });
    expect(await executeRefund(t.ctx, first)).toBe('refunded');
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.paid, refundStatus: 3 });
    expect(await couponStatus()).toBe(2);
    const second = await decidedRefund(t, order, { amount: 800, whole: false, goodsNum: 1 });
    expect(await executeRefund(t.ctx, second)).toBe('refunded');
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
    // The coupon the order used comes back.
    expect(await couponStatus()).toBe(1);
    expect((await ship(token, order, 2)).statusCode).toBe(400);
  });
});
