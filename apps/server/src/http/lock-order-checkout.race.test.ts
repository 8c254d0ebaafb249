// A checkout that spends points racing the same shopper's other moves of the same product (the mall's
// lock order: the order, then the SKUs, then the products, then the wallet). The checkout's one
// statement takes the SKUs, the products and the wallet; a balance payment takes the product (its
// sold count), then the wallet; a cancel of an order that used points takes the SKU, the product,
// then the wallet. If the checkout took the wallet before the product, each pair would hold what the
// other waits for and PostgreSQL would abort one: the checkout runs again by itself
// (retryOnConflict), the payment or the cancel answers 500. On PostgreSQL + Redis the calls are
// spread over two API instances. PostgreSQL nearly always aborts the checkout (it waits first), so
// the races below ended in a 500 only now and then before the fix (deadlocks in its log every run);
// the last tests catch the order itself: a checkout (and a points exchange) waiting for the
// product's row must not hold the wallet meanwhile (PostgreSQL only: PGlite runs one statement at
// a time, nothing waits for a lock there).
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { BazaarApp } from '../app.ts';
import { orders, products, skus } from '../db/schema.ts';
import { json, type RegisteredUser } from '../test/account-test-kit.ts';
import { appsOfFile } from '../test/instances.ts';
import { as, confirm, openShops, shopperWithAddress, submitRequest, userIdOf, type OrderTestProduct } from '../test/order-test-kit.ts';
import { ledgerSum, topUpBalance, walletBalance } from '../test/payment-test-kit.ts';
import { createPointsItem, expectLedgerBalanced, pointsOf } from '../test/points-mall-test-kit.ts';
import { createTestProduct } from '../test/product-test-kit.ts';
import { lockableNow, untilLocksWaiting } from '../test/lock-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { SHARED_INFRASTRUCTURE, type TestApp } from '../test/test-app.ts';
import { headers } from '../test/seckill-test-kit.ts';

let t: TestApp;
let shopId: number;
beforeAll(async () => {
  t = await ensureSeeded();
  // A shop with free freight: an order's total is its goods.
  shopId = (await openShops(t))[0]!.id;
});
const apps = appsOfFile(() => t.app);
afterEach(() => t.resetClock());

const PAIRS = 25;
const PRICE = 5_000;
/** Every registered shopper's gift (the points settings' default), spent by the racing checkout. */
const POINTS = 100;

/** A product of two SKUs, `stocks` pieces each. */
async function productOfTwo(stocks: number): Promise<[OrderTestProduct, OrderTestProduct]> {
  const p = await createTestProduct(t, {
    shopId,
    skus: [
      { properties: '颜色:红色', nameZh: '红色', nameEn: 'Red', price: PRICE, stocks },
      { properties: '颜色:蓝色', nameZh: '蓝色', nameEn: 'Blue', price: PRICE, stocks },
    ],
  });
  const of = (skuId: number) => ({ prodId: p.prodId, skuId, shopId, nameZh: p.nameZh, nameEn: p.nameEn! });
  return [of(p.skuIds[0]!), of(p.skuIds[1]!)];
}

const buyNow = (p: OrderTestProduct) => ({ prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, prodCount: 1 });

/** A confirmed buy-now checkout of one piece, spending `score` points; answers its uuid. */
async function confirmed(user: RegisteredUser, p: OrderTestProduct, score: number): Promise<string> {
  const uuid = randomUUID();
  const result = await confirm(t, user, { orderItem: buyNow(p), uuid, ...(score > 0 ? { isScorePay: 1, userUseScore: score } : {}) });
  expect(result.useScore).toBe(score);
  return uuid;
}

const submit = (app: BazaarApp, user: RegisteredUser, uuid: string) =>
  app.inject({ method: 'POST', url: '/p/order/submit', ...json({ uuid, orderShopParams: [{ shopId, remarks: '' }] }, { headers: as(user, { 'accept-language': 'en' }) }) });

/** Places one piece (spending `score` points); answers the unpaid order's number. */
async function placed(user: RegisteredUser, p: OrderTestProduct, score: number): Promise<string> {
  const res = await submitRequest(t, user, { uuid: await confirmed(user, p, score), orderShopParams: [{ shopId, remarks: '' }] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orderNumbers as string;
}

async function stocksOf(skuId: number): Promise<number> {
  const [row] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, skuId));
  return row!.stocks;
}

async function productRow(prodId: number) {
  const [row] = await t.ctx.db.select({ totalStocks: products.totalStocks, soldNum: products.soldNum }).from(products).where(eq(products.id, prodId));
  return row!;
}

async function shoppers(n: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const user = await shopperWithAddress(t);
      const userId = await userIdOf(t, user);
      expect(await pointsOf(t, userId)).toBe(POINTS);
      return { user, userId };
    }),
  );
}

describe('a checkout spending points, racing the same shopper on the same product', () => {
  it(`${PAIRS} shoppers each pay an order from the balance while checking out another piece of the product with points: every call succeeds, the money, stock and points end exact`, { timeout: 240_000 }, async () => {
    const stocks = 1_000;
    const [red] = await productOfTwo(stocks);
    const all = await shoppers(PAIRS);
    const prepared = [];
    for (const { user, userId } of all) {
      const unpaid = await placed(user, red, 0);
      await topUpBalance(t, userId, PRICE);
      prepared.push({ user, userId, unpaid, uuid: await confirmed(user, red, POINTS) });
    }
    const before = await productRow(red.prodId);

    const answers = await Promise.all(
      prepared.flatMap(({ user, unpaid, uuid }, i) => [
        apps()[i % apps().length]!.inject({ method: 'POST', url: '/p/order/pay', ...json({ orderNumbers: unpaid, payType: PAY_TYPE.balance }, { headers: as(user, { 'accept-language': 'en' }) }) }),
        submit(apps()[(i + 1) % apps().length]!, user, uuid),
      ]),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const paid = await t.ctx.db.select().from(orders).where(inArray(orders.orderNumber, prepared.map((p) => p.unpaid)));
    expect(paid.map((o) => o.status)).toEqual(paid.map(() => ORDER_STATUS.paid));
    for (const [i, { userId }] of prepared.entries()) {
      const placedNow = answers[2 * i + 1]!.json().orderNumbers as string;
      expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, placedNow)))[0]).toMatchObject({ status: ORDER_STATUS.unpaid, useScore: POINTS });
      expect(await walletBalance(t, userId)).toBe(0);
      expect(await ledgerSum(t, userId)).toBe(0);
      expect(await pointsOf(t, userId)).toBe(0);
      await expectLedgerBalanced(t, userId);
    }
    // Each shopper's second piece left the SKU; each paid order counts as sold.
    expect(await stocksOf(red.skuId)).toBe(stocks - 2 * PAIRS);
    expect(await productRow(red.prodId)).toEqual({ totalStocks: before.totalStocks - PAIRS, soldNum: before.soldNum + PAIRS });
  });

  it(`${PAIRS} shoppers each cancel an order that used points while checking out another SKU of the product with points: every call succeeds, the stock and points end exact`, { timeout: 240_000 }, async () => {
    const stocks = 1_000;
    const [red, blue] = await productOfTwo(stocks);
    const all = await shoppers(PAIRS);
    const prepared = [];
    for (const { user, userId } of all) {
      // Half of the gift on the order to cancel, the other half on the racing checkout.
      const toCancel = await placed(user, blue, POINTS / 2);
      prepared.push({ user, userId, toCancel, uuid: await confirmed(user, red, POINTS / 2) });
    }
    const before = await productRow(red.prodId);

    const answers = await Promise.all(
      prepared.flatMap(({ user, toCancel, uuid }, i) => [
        apps()[i % apps().length]!.inject({ method: 'PUT', url: `/p/myOrder/cancel/${toCancel}`, headers: as(user, { 'accept-language': 'en' }) }),
        submit(apps()[(i + 1) % apps().length]!, user, uuid),
      ]),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const cancelled = await t.ctx.db.select().from(orders).where(inArray(orders.orderNumber, prepared.map((p) => p.toCancel)));
    expect(cancelled.map((o) => o.status)).toEqual(cancelled.map(() => ORDER_STATUS.cancelled));
    for (const { userId } of prepared) {
      // The cancelled order's half came back; the new order spent the other half.
      expect(await pointsOf(t, userId)).toBe(POINTS / 2);
      await expectLedgerBalanced(t, userId);
    }
    expect(await stocksOf(blue.skuId)).toBe(stocks);
    expect(await stocksOf(red.skuId)).toBe(stocks - PAIRS);
    expect(await productRow(red.prodId)).toEqual({ totalStocks: before.totalStocks + PAIRS - PAIRS, soldNum: before.soldNum });
  });
});

/**
 * Holds the product's row while `start` sends a call whose statement takes it, waits until that
 * statement queues for a lock (the product's: nothing else is held), then asks whether the
 * shopper's wallet row is free: answers that, with the call's answer once the product is let go.
 */
async function walletFreeWhileWaitingForProduct(prodId: number, userId: string, start: () => Promise<{ statusCode: number; body: string }>) {
  let answer!: Promise<{ statusCode: number; body: string }>;
  const free = await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from products where id = ${prodId} for update`);
    answer = start();
    expect(await untilLocksWaiting(t.ctx.db, 1)).toBe(1);
    return lockableNow(t.ctx.db, sql`select user_id from user_wallets where user_id = ${userId} for update nowait`);
  });
  return { free, res: await answer };
}

describe.skipIf(!SHARED_INFRASTRUCTURE)('the lock order itself: the product before the wallet', () => {
  it("a checkout spending points waits for the product's row without holding the shopper's wallet", { timeout: 60_000 }, async () => {
    const [red] = await productOfTwo(100);
    const { user, userId } = (await shoppers(1))[0]!;
    const uuid = await confirmed(user, red, POINTS);
    const { free, res } = await walletFreeWhileWaitingForProduct(red.prodId, userId, () => submit(t.app, user, uuid));
    expect(res.statusCode, res.body).toBe(200);
    expect(free).toBe(true);
    expect(await pointsOf(t, userId)).toBe(0);
  });

  it("a points exchange waits for the product's row without holding the shopper's wallet", { timeout: 60_000 }, async () => {
    // The registration's points buy it outright: the exchange is the statement, then its payment.
    const item = await createPointsItem(t, { scorePrice: POINTS, cashPrice: 0, stocks: 10, mold: 1 });
    const { user, userId } = (await shoppers(1))[0]!;
    const shopper = { userId, mobile: user.mobile, token: user.token };
    const uuid = randomUUID();
    const conf = await t.app.inject({ method: 'POST', url: '/p/score/confirm', headers: headers(shopper), payload: { addrId: 0, orderItem: { prodId: item.prodId, skuId: item.skuId, prodCount: 1 }, uuid } });
    expect(conf.statusCode, conf.body).toBe(200);
    const { free, res } = await walletFreeWhileWaitingForProduct(item.prodId, userId, () =>
      t.app.inject({ method: 'POST', url: '/p/score/submit', headers: headers(shopper), payload: { uuid, remarks: '' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(free).toBe(true);
    expect(await pointsOf(t, userId)).toBe(0);
  });
});
