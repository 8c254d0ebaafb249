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
// Last, one order's whole refund while the shopper pays the other from the balance: both take the
// shopper's wallet and the coupon's use records, and must take them in the mall's lock order (the
// wallet, then the use records; decision 008's amendment). A payment that took its use record first
// and then waited for the wallet deadlocked with the refund, which credits the wallet and then locks
// every held use of the coupon. A probe on PostgreSQL checks the order itself.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { ReceiveResultSchema } from '@bazaar/shared/schemas/coupon';
import { SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { coupons, couponUseRecords, orders, refunds, userCoupons } from '../db/schema.ts';
import { autoCancelOrder } from '../flows/cancel-order.ts';
import { json, type RegisteredUser } from '../test/account-test-kit.ts';
import { insertCoupon } from '../test/coupon-test-kit.ts';
import { appsOfFile, SHARED_INFRASTRUCTURE } from '../test/instances.ts';
import { holdRows, lockableNow, untilLocksWaiting } from '../test/lock-test-kit.ts';
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

/** `n` shoppers, each with a placed checkout of one piece from each shop and the platform coupon on it. */
async function checkouts(couponId: number, n = PAIRS): Promise<Checkout[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
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
  const paid = await payFromBalance(0, c, orderNumber);
  expect(paid.statusCode, paid.body).toBe(200);
  return askWholeRefund(c, orderNumber);
}

const accept = (i: number, shop: number, refundSn: string) =>
  apps()[i % apps().length]!.inject({ method: 'PUT', url: `/merchant/refunds/${refundSn}/accept`, ...json({}, { headers: { authorization: shops[shop]!.owner, 'accept-language': 'en' } }) });
const cancel = (i: number, c: Checkout, orderNumber: string) =>
  apps()[i % apps().length]!.inject({ method: 'PUT', url: `/p/myOrder/cancel/${orderNumber}`, headers: as(c.user, { 'accept-language': 'en' }) });
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
function payFromBalance(i: number, c: Checkout, orderNumber: string) {
  return apps()[i % apps().length]!.inject({ method: 'POST', url: '/p/order/pay', ...json({ orderNumbers: orderNumber, payType: PAY_TYPE.balance }, { headers: as(c.user, { 'accept-language': 'en' }) }) });
}

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

/** The coupon still used, by the paid order, untouched since `versionBefore`; the refunded order's use returned. */
async function expectCouponKeptBy(c: Checkout, paid: string, refunded: string, versionBefore: number): Promise<void> {
  const [coupon] = await t.ctx.db.select().from(userCoupons).where(eq(userCoupons.id, c.couponUserId));
  expect(coupon, `coupon ${c.couponUserId} of ${c.orderNumbers.join(',')}`).toMatchObject({ status: 2, isDeleted: false, version: versionBefore });
  expect(coupon!.usedTime).not.toBeNull();
  const uses = await t.ctx.db.select({ orderNumber: couponUseRecords.orderNumber, status: couponUseRecords.status }).from(couponUseRecords).where(eq(couponUseRecords.userCouponId, c.couponUserId));
  expect(Object.fromEntries(uses.map((u) => [u.orderNumber, u.status]))).toEqual({ [paid]: 2, [refunded]: 3 });
}

describe('a platform coupon over a checkout of two shops, one order refunded while the other is paid', () => {
  it(`${PAIRS} shoppers: one order, paid from the balance, wholly refunded by its shop's accept while the shopper pays the other from the balance; the coupon stays used by the paid one`, { timeout: 300_000 }, async () => {
    const all = await checkouts(await platformCoupon());
    const prepared = await Promise.all(
      all.map(async (c) => {
        const [toPay, toRefund] = c.orderNumbers;
        const refundSn = await paidWithRefundAsked(c, toRefund);
        const totals = { paid: await actualTotal(toPay), refunded: await actualTotal(toRefund) };
        // The balance for the second payment.
        await topUpBalance(t, c.userId, totals.paid);
        return { c, toPay, toRefund, refundSn, totals };
      }),
    );
    const versions = await versionsOf(all);

    // The accept has more to do before it takes the wallet than the payment before its coupon
    // statement: each pair's payment starts a little later (0 to 36 ms), so that in some pairs the two
    // reach the wallet and the use records together (with the payment taking its use record before
    // the wallet, 2 to 4 pairs of 25 deadlocked in each of three runs; without the delays, none in two).
    const answers = await Promise.all(
      prepared.flatMap(({ c, toPay, refundSn }, i) => [accept(i, 1, refundSn), delay((i % 10) * 4).then(() => payFromBalance(i + 1, c, toPay))]),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    for (const { c, toPay, toRefund, refundSn, totals } of prepared) {
      expect((await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn)))[0]).toMatchObject({ returnMoneySts: 5, settleStatus: 2 });
      expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, toRefund)))[0]).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
      expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, toPay)))[0]).toMatchObject({ status: ORDER_STATUS.paid, isPayed: true });
      // Topped up by both totals, paid both, the refunded one's money back.
      expect(await walletBalance(t, c.userId)).toBe(totals.refunded);
      expect(await ledgerSum(t, c.userId)).toBe(totals.refunded);
      await expectLedgerBalanced(t, c.userId);
      await expectCouponKeptBy(c, toPay, toRefund, versions.get(c.couponUserId)!);
      // The paid order's piece sold, the refunded one's back.
      expect(await skuStock(t, c.products[0]!.skuId)).toBe(STOCKS - 1);
      expect(await skuStock(t, c.products[1]!.skuId)).toBe(STOCKS);
    }
  });
});

// The order itself, on PostgreSQL (PGlite runs one statement at a time: nothing waits there): a
// balance payment waiting for the shopper's wallet holds none of its coupon's rows yet.
describe.skipIf(!SHARED_INFRASTRUCTURE)('the lock order itself: the wallet before the coupon rows', () => {
  it("a balance payment waits for the shopper's wallet without holding its coupon's use record or the coupon", { timeout: 60_000 }, async () => {
    const [c] = await checkouts(await platformCoupon(), 1);
    const [toPay, other] = c!.orderNumbers;
    const total = await actualTotal(toPay);
    await topUpBalance(t, c!.userId, total);

    const wallet = await holdRows(t.ctx.db, sql`select user_id from user_wallets where user_id = ${c!.userId} for update`);
    let answer: ReturnType<typeof payFromBalance> | undefined;
    let free: { use: boolean; coupon: boolean };
    try {
      answer = payFromBalance(0, c!, toPay);
      // The payment queues for the wallet: nothing else is held.
      expect(await untilLocksWaiting(t.ctx.db, 1)).toBe(1);
      free = {
        use: await lockableNow(t.ctx.db, sql`select id from coupon_use_records where order_number = ${toPay} for update nowait`),
        coupon: await lockableNow(t.ctx.db, sql`select id from user_coupons where id = ${c!.couponUserId} for update nowait`),
      };
    } finally {
      await wallet.release();
    }
    const res = await answer!;
    expect(res.statusCode, res.body).toBe(200);
    expect(free).toEqual({ use: true, coupon: true });

    // Paid: its use is used, the other order's still frozen, the coupon used.
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, toPay)))[0]).toMatchObject({ status: ORDER_STATUS.paid, isPayed: true });
    const uses = await t.ctx.db.select({ orderNumber: couponUseRecords.orderNumber, status: couponUseRecords.status }).from(couponUseRecords).where(eq(couponUseRecords.userCouponId, c!.couponUserId));
    expect(Object.fromEntries(uses.map((u) => [u.orderNumber, u.status]))).toEqual({ [toPay]: 2, [other]: 1 });
    expect((await t.ctx.db.select().from(userCoupons).where(eq(userCoupons.id, c!.couponUserId)))[0]).toMatchObject({ status: 2 });
    expect(await walletBalance(t, c!.userId)).toBe(0);
    await expectLedgerBalanced(t, c!.userId);
    // The other order cancelled: nothing of the checkout left pending for a later file's jobs.
    const cancelled = await cancel(0, c!, other);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
});
