// A platform coupon spans the orders of its checkout (one per shop) and comes back to the shopper
// once every one of them is void: cancelled unpaid (by the shopper or the unpaid-timeout job) or
// wholly refunded (decisions 041, 059, 060). Here two orders of one checkout end at the same moment,
// 25 shoppers at once: a refund and a cancel, two cancels, two refunds. Each side marks its own
// order's use record returned and gives the coupon back only if no other order still holds it. On
// PostgreSQL (READ COMMITTED) each side's check used to read the other's use record as its
// statement's snapshot showed it, still held by an order the other side was voiding, so both kept
// the coupon and it stayed "used" for good (a write skew: 2 to 10 coupons of 25 in every case, every
// run; decision 041's amendment). PGlite runs one transaction at a time and never showed it. The
// checkouts are real ones, through confirm and submit, with a platform coupon over two shops, each
// pair with products of its own; on PostgreSQL + Redis the calls are spread over two API instances.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { ReceiveResultSchema } from '@bazaar/shared/schemas/coupon';
import { SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { coupons, couponUseRecords, orders, refunds, userCoupons } from '../db/schema.ts';
import { autoCancelOrder } from '../flows/cancel-order.ts';
import { json, type RegisteredUser } from '../test/account-test-kit.ts';
import { insertCoupon } from '../test/coupon-test-kit.ts';
import { appsOfFile } from '../test/instances.ts';
import { merchantLogin, openShopIds } from '../test/merchant-test-kit.ts';
import { addToCart, as, confirm, createProductIn, shopperWithAddress, skuStock, submitRequest, userIdOf, type OrderTestProduct } from '../test/order-test-kit.ts';
import { ledgerSum, topUpBalance, walletBalance } from '../test/payment-test-kit.ts';
import { eventually, gatewayRefunds, payByGateway } from '../test/refund-money-test-kit.ts';
import { expectLedgerBalanced } from '../test/points-mall-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
const shops: Array<{ id: number; owner: string }> = [];
const STOCKS = 10;
beforeAll(async () => {
  t = await ensureSeeded();
  for (const id of (await openShopIds(t)).slice(0, 2)) shops.push({ id, owner: await merchantLogin(t, id) });
  expect(shops).toHaveLength(2);
});
const apps = appsOfFile(() => t.app);

const PAIRS = 25;
/** The platform coupon: ¥10 off the checkout, shared by its two orders. */
const REDUCE = 1_000;

/** This file's coupons, switched off after it: the coupon center's tests read its first page (the database is kept between runs). */
const made: number[] = [];
afterAll(async () => {
  if (made.length) await t.ctx.db.update(coupons).set({ putonStatus: 0 }).where(inArray(coupons.id, made));
});

/** A platform coupon of ¥10 off without a threshold, one per shopper, enough for every pair. */
async function platformCoupon(): Promise<number> {
  const id = await insertCoupon(t, { prefix: '退券竞争', en: 'Return race' }, { cashCondition: 0, reduceAmount: REDUCE, stocks: PAIRS, totalStock: PAIRS });
  made.push(id);
  return id;
}

interface Checkout {
  user: RegisteredUser;
  userId: string;
  couponUserId: number;
  /** The checkout's orders by shop: [the first shop's, the second's]. */
  orderNumbers: [string, string];
  /** What it bought, one piece each: a product of its own in each shop (so no two pairs wait for one another's stock rows). */
  products: OrderTestProduct[];
}

/** PAIRS shoppers, each with a placed checkout of one piece from each shop and the platform coupon on it. */
async function checkouts(couponId: number): Promise<Checkout[]> {
  return Promise.all(
    Array.from({ length: PAIRS }, async () => {
      const user = await shopperWithAddress(t);
      const userId = await userIdOf(t, user);
      const received = await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', ...json(couponId, { headers: as(user) }) });
      expect(received.statusCode, received.body).toBe(200);
      const couponUserId = ReceiveResultSchema.parse(received.json()).couponUserId;
      const products = await Promise.all(shops.map(({ id }) => createProductIn(t, id, { price: 5_000, stocks: STOCKS })));
      for (const product of products) await addToCart(t, user, product, 1);
      const uuid = randomUUID();
      const confirmed = await confirm(t, user, { addrId: 0, uuid, userChangeCoupon: 1, couponUserIds: [couponUserId] });
      expect(confirmed.platformCouponReduce).toBe(REDUCE);
      const res = await submitRequest(t, user, { uuid, orderShopParams: confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' })) });
      expect(res.statusCode, res.body).toBe(200);
      const numbers = SubmitResultSchema.parse(res.json()).orderNumbers.split(',');
      const placed = await t.ctx.db.select({ orderNumber: orders.orderNumber, shopId: orders.shopId }).from(orders).where(inArray(orders.orderNumber, numbers));
      const of = (shopId: number) => placed.find((o) => o.shopId === shopId)!.orderNumber;
      // The coupon is held by both orders (frozen), each with its share.
      const uses = await t.ctx.db.select().from(couponUseRecords).where(eq(couponUseRecords.userCouponId, couponUserId));
      expect(uses.map((u) => u.status)).toEqual([1, 1]);
      expect(uses.reduce((n, u) => n + u.amount, 0)).toBe(REDUCE);
      return { user, userId, couponUserId, orderNumbers: [of(shops[0]!.id), of(shops[1]!.id)], products };
    }),
  );
}

async function actualTotal(orderNumber: string): Promise<number> {
  const [row] = await t.ctx.db.select({ actualTotal: orders.actualTotal }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!.actualTotal;
}

/** Asks a refund only of the whole of a paid order; answers the request. */
async function askWholeRefund(c: Checkout, orderNumber: string): Promise<string> {
  const body = { orderNumber, refundType: 1, orderItemId: 0, goodsNum: 1, applyType: 1, isReceiver: 0, buyerReason: 1, buyerMobile: '13800138000', photoFiles: [], refundAmount: await actualTotal(orderNumber) };
  const asked = await t.app.inject({ method: 'POST', url: '/p/orderRefund/apply', ...json(body, { headers: as(c.user, { 'accept-language': 'en' }) }) });
  expect(asked.statusCode, asked.body).toBe(200);
  return asked.json() as string;
}

/** Pays the order from the balance (topped up by its total) and asks a refund only of the whole of it; answers the request. */
async function paidWithRefundAsked(c: Checkout, orderNumber: string): Promise<string> {
  await topUpBalance(t, c.userId, await actualTotal(orderNumber));
  const paid = await t.app.inject({ method: 'POST', url: '/p/order/pay', ...json({ orderNumbers: orderNumber, payType: PAY_TYPE.balance }, { headers: as(c.user) }) });
  expect(paid.statusCode, paid.body).toBe(200);
  return askWholeRefund(c, orderNumber);
}

const accept = (i: number, shop: number, refundSn: string) =>
  apps()[i % apps().length]!.inject({ method: 'PUT', url: `/merchant/refunds/${refundSn}/accept`, ...json({}, { headers: { authorization: shops[shop]!.owner, 'accept-language': 'en' } }) });
const cancel = (i: number, c: Checkout, orderNumber: string) =>
  apps()[i % apps().length]!.inject({ method: 'PUT', url: `/p/myOrder/cancel/${orderNumber}`, headers: as(c.user, { 'accept-language': 'en' }) });

/** Every checkout's coupon unused again (a stuck one stays status 2, used). */
async function expectCouponsUnused(all: Checkout[]): Promise<void> {
  const rows = await t.ctx.db.select({ id: userCoupons.id, status: userCoupons.status }).from(userCoupons).where(inArray(userCoupons.id, all.map((c) => c.couponUserId)));
  expect(rows.filter((r) => r.status !== 1).map((r) => r.id), 'coupons left used').toEqual([]);
}

/** The coupon back unused exactly once (one write after the payment's), every use of it returned. */
async function expectCouponBack(c: Checkout, versionBefore: number): Promise<void> {
  const [coupon] = await t.ctx.db.select().from(userCoupons).where(eq(userCoupons.id, c.couponUserId));
  expect(coupon, `coupon ${c.couponUserId} of ${c.orderNumbers.join(',')}`).toMatchObject({ status: 1, usedTime: null, isDeleted: false, version: versionBefore + 1 });
  const uses = await t.ctx.db.select({ status: couponUseRecords.status }).from(couponUseRecords).where(eq(couponUseRecords.userCouponId, c.couponUserId));
  expect(uses).toEqual([{ status: 3 }, { status: 3 }]);
  // Usable again: the next checkout offers it.
  expect((await t.ctx.db.select({ id: userCoupons.id }).from(userCoupons).where(and(eq(userCoupons.userId, c.userId), eq(userCoupons.status, 1)))).map((r) => r.id)).toEqual([c.couponUserId]);
}

const versionsOf = async (all: Checkout[]) =>
  new Map((await t.ctx.db.select({ id: userCoupons.id, version: userCoupons.version }).from(userCoupons).where(inArray(userCoupons.id, all.map((c) => c.couponUserId)))).map((r) => [r.id, r.version]));

async function expectStockBack(c: Checkout): Promise<void> {
  for (const product of c.products) expect(await skuStock(t, product.skuId)).toBe(STOCKS);
}

describe('a platform coupon over a checkout of two shops, both orders ending at once', () => {
  it(`${PAIRS} shoppers: one order wholly refunded by its shop's accept while the shopper cancels the other, unpaid; every coupon comes back once`, { timeout: 300_000 }, async () => {
    const all = await checkouts(await platformCoupon());
    const prepared = await Promise.all(all.map(async (c) => ({ c, refundSn: await paidWithRefundAsked(c, c.orderNumbers[0]), total: await actualTotal(c.orderNumbers[0]) })));
    const versions = await versionsOf(all);

    const answers = await Promise.all(prepared.flatMap(({ c, refundSn }, i) => [accept(i, 0, refundSn), cancel(i + 1, c, c.orderNumbers[1])]));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    await expectCouponsUnused(all);

    for (const { c, refundSn, total } of prepared) {
      expect((await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn)))[0]).toMatchObject({ returnMoneySts: 5, settleStatus: 2 });
      const [refunded, cancelled] = await Promise.all(c.orderNumbers.map(async (n) => (await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, n)))[0]));
      expect(refunded).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
      expect(cancelled).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 4 });
      // Topped up by the paid order's total, paid it, refunded it.
      expect(await walletBalance(t, c.userId)).toBe(total);
      expect(await ledgerSum(t, c.userId)).toBe(total);
      await expectLedgerBalanced(t, c.userId);
      await expectCouponBack(c, versions.get(c.couponUserId)!);
      await expectStockBack(c);
    }
  });

  it(`${PAIRS} shoppers: both unpaid orders cancelled at once, one by the shopper, the other by the unpaid-timeout job; every coupon comes back once`, { timeout: 300_000 }, async () => {
    const all = await checkouts(await platformCoupon());
    const versions = await versionsOf(all);

    const answers = await Promise.all(all.flatMap((c, i) => [cancel(i, c, c.orderNumbers[0]), autoCancelOrder(t.ctx, c.orderNumbers[1]).then(() => ({ statusCode: 200, body: '' }))]));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    await expectCouponsUnused(all);

    for (const c of all) {
      const [byShopper, byJob] = await Promise.all(c.orderNumbers.map(async (n) => (await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, n)))[0]));
      expect(byShopper).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 4 });
      expect(byJob).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 1 });
      await expectLedgerBalanced(t, c.userId);
      await expectCouponBack(c, versions.get(c.couponUserId)!);
      await expectStockBack(c);
    }
  });

  // Balance refunds of one shopper both credit the wallet, whose row lock makes the second settle
  // step wait for the first and read what it committed; refunds to a gateway take no common row.
  it(`${PAIRS} shoppers: both orders paid by WeChat and wholly refunded, the two shops accepting at once; every coupon comes back once`, { timeout: 300_000 }, async () => {
    const all = await checkouts(await platformCoupon());
    const prepared = await Promise.all(
      all.map(async (c) => {
        const payments = [];
        for (const orderNumber of c.orderNumbers) {
          const amount = await actualTotal(orderNumber);
          payments.push({ amount, payNo: await payByGateway(t, { userId: c.userId, orderNumbers: [orderNumber], amount, payType: PAY_TYPE.wechat }) });
        }
        return { c, payments, refundSns: [await askWholeRefund(c, c.orderNumbers[0]), await askWholeRefund(c, c.orderNumbers[1])] };
      }),
    );
    const versions = await versionsOf(all);

    // The decisions commit at once; each refund is sent to WeChat's sandbox after its decision and
    // settled when its notification lands, the two of a checkout at about the same moment.
    const answers = await Promise.all(prepared.flatMap(({ refundSns }, i) => [accept(i, 0, refundSns[0]!), accept(i, 1, refundSns[1]!)]));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const sns = prepared.flatMap((p) => p.refundSns);
    await eventually(async () => (await t.ctx.db.select({ s: refunds.settleStatus }).from(refunds).where(inArray(refunds.refundSn, sns))).every((r) => r.s === 2), 60_000);
    await expectCouponsUnused(all);

    for (const { c, payments, refundSns } of prepared) {
      for (const refundSn of refundSns) expect((await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn)))[0]).toMatchObject({ returnMoneySts: 5, settleStatus: 2 });
      for (const n of c.orderNumbers) expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, n)))[0]).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
      // Each payment went back whole through WeChat, once; nothing to the balance.
      for (const [k, { payNo, amount }] of payments.entries()) {
        expect((await gatewayRefunds(t, PAY_TYPE.wechat, payNo)).map((r) => [r.refundNo, r.amount])).toEqual([[refundSns[k], amount]]);
      }
      expect(await walletBalance(t, c.userId)).toBe(0);
      await expectLedgerBalanced(t, c.userId);
      await expectCouponBack(c, versions.get(c.couponUserId)!);
      await expectStockBack(c);
    }
  });
});
