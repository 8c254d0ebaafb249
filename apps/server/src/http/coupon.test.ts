// Coupons, the shopper's side (issue 11 §2, decision 041): the coupon center and its states, a
// product's and a shop's coupons, receiving with its refusals in both languages and under parallel
// load (100 shoppers for 10 coupons; one shopper firing 50 at a limit of 3), my coupons by state
// with counts and deletes, and the checkout's life cycle: the best combination chosen, switched and
// dropped, the reasons of unusable ones, the freeze at submit (a coupon taken by a parallel submit
// fails cleanly), used at payment, returned on cancel and on the unpaid timeout.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CouponCardSchema, MyCouponCountsSchema, MyCouponPageSchema, ReceiveResultSchema, type CouponCard } from '@bazaar/shared/schemas/coupon';
import { ConfirmResultSchema, SubmitResultSchema, type ConfirmResult } from '@bazaar/shared/schemas/order';
import { pageOf } from '@bazaar/shared/schemas/common';
import { couponUseRecords, coupons, orderItems, orders, userCoupons, users } from '../db/schema.ts';
import { issueToken } from '../modules/auth/service.ts';
import { autoCancelOrder } from '../flows/cancel-order.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, type RegisteredUser } from '../test/account-test-kit.ts';
import { addToCart, as, confirmRequest, createProductIn, openShops, shopperWithAddress, submitRequest, userIdOf, type OpenShop, type OrderTestProduct } from '../test/order-test-kit.ts';
import { topUpBalance } from '../test/payment-test-kit.ts';
import { insertCoupon, type NewCoupon } from '../test/coupon-test-kit.ts';

let t: TestApp;
let shopA: OpenShop;
let shopB: OpenShop;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await ensureSeeded();
  const shops = await openShops(t);
  shopA = shops[0]!;
  shopB = shops[1]!;
});
afterEach(() => t.resetClock());

/** A coupon written straight into its table (the consoles that create them come later). */
const makeCoupon = (c: NewCoupon = {}) => insertCoupon(t, { prefix: '测试券', en: 'Test coupon' }, c);

/** Shoppers written straight into the users table with a token each (the parallel tests need many). */
async function quickShoppers(n: number): Promise<RegisteredUser[]> {
  const rows = Array.from({ length: n }, () => {
    const id = randomBytes(16).toString('hex');
    return { id, userName: `cq${id.slice(0, 12)}`, mobile: `19${String(parseInt(id.slice(0, 10), 16) % 1e9).padStart(9, '0')}`, nickName: 'cq' };
  });
  await t.ctx.db.insert(users).values(rows);
  return Promise.all(
    rows.map(async (r) => ({
      mobile: r.mobile,
      userName: r.userName,
      password: '',
      nickName: r.nickName,
      token: (await issueToken(t.ctx, 'shopper', r.id, { ip: '127.0.0.1', userAgent: undefined })).accessToken,
    })),
  );
}

const receive = (user: RegisteredUser, couponId: number, lang: 'zh' | 'en' = 'en') =>
  t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', ...json(couponId, { headers: as(user, { 'accept-language': lang }) }) });

async function receiveOk(user: RegisteredUser, couponId: number): Promise<number> {
  const res = await receive(user, couponId);
  expect(res.statusCode, res.body).toBe(200);
  return ReceiveResultSchema.parse(res.json()).couponUserId;
}

async function center(user: RegisteredUser | null, query = ''): Promise<CouponCard[]> {
  const url = user ? `/p/myCoupon/getCouponPage?size=50${query}` : `/coupon/getCouponPage?size=50${query}`;
  const res = await t.app.inject({ method: 'GET', url, headers: user ? as(user) : {} });
  expect(res.statusCode, res.body).toBe(200);
  return pageOf(CouponCardSchema).parse(res.json()).records;
}

async function mine(user: RegisteredUser, status: number) {
  const res = await t.app.inject({ method: 'GET', url: `/p/myCoupon/getCouponList?status=${status}&size=50`, headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return MyCouponPageSchema.parse(res.json());
}

async function counts(user: RegisteredUser) {
  const res = await t.app.inject({ method: 'GET', url: '/p/myCoupon/getMyCouponsStatusCount', headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return MyCouponCountsSchema.parse(res.json());
}

const stocksOf = async (id: number) => (await t.ctx.db.select({ s: coupons.stocks }).from(coupons).where(eq(coupons.id, id)))[0]!.s;
const heldBy = async (id: number) => t.ctx.db.select({ userId: userCoupons.userId }).from(userCoupons).where(eq(userCoupons.couponId, id));

describe('the coupon center', () => {
  it('lists receivable platform and shop coupons, with received and sold-out states for the shopper', async () => {
    // The tests' earlier coupons (a database kept between runs) go off, so this page holds ours.
    await t.ctx.db.update(coupons).set({ putonStatus: 0 }).where(like(coupons.nameZh, '测试券%'));
    const platform = await makeCoupon({ nameEn: 'Center platform' });
    const shop = await makeCoupon({ shopId: shopA.id, couponType: 2, couponDiscount: 8.5, cashCondition: 0, reduceAmount: 0 });
    const soldOut = await makeCoupon({ shopId: shopA.id, stocks: 0 });
    const issuedOnly = await makeCoupon({ getWay: 1 });
    const off = await makeCoupon({ putonStatus: 0 });
    const ended = await makeCoupon({ startTime: new Date(t.ctx.now().getTime() - 10 * DAY), endTime: new Date(t.ctx.now().getTime() - DAY) });
    const user = (await quickShoppers(1))[0]!;
    await receiveOk(user, platform);

    const anonymous = await center(null);
    const ids = anonymous.map((c) => c.couponId);
    expect(ids).toEqual(expect.arrayContaining([platform, shop, soldOut]));
    for (const hidden of [issuedOnly, off, ended]) expect(ids).not.toContain(hidden);
    expect(anonymous.find((c) => c.couponId === platform)!.state).toBe('receivable');
    expect(anonymous.find((c) => c.couponId === soldOut)!.state).toBe('soldOut');
    const s = anonymous.find((c) => c.couponId === shop)!;
    expect(s).toMatchObject({ couponType: 2, couponDiscount: 8.5, shopId: shopA.id });
    expect(s.shopName).toBeTruthy();

    const mineView = await center(user);
    expect(mineView.find((c) => c.couponId === platform)).toMatchObject({ state: 'received', receivedCount: 1 });
    // Filters: platform only, shop only, discount only, receivable only.
    expect((await center(null, '&shopType=1')).every((c) => c.shopId === 0)).toBe(true);
    expect((await center(null, '&shopType=2')).every((c) => c.shopId > 0)).toBe(true);
    expect((await center(null, '&couponType=2')).every((c) => c.couponType === 2)).toBe(true);
    const receivable = (await center(user, '&receivableOnly=1')).map((c) => c.couponId);
    expect(receivable).not.toContain(platform);
    expect(receivable).not.toContain(soldOut);
    expect(receivable).toContain(shop);
    const bad = await t.app.inject({ method: 'GET', url: '/coupon/getCouponPage?shopType=7', headers: { 'accept-language': 'zh' } });
    expect(bad.statusCode).toBe(400);
  });

  it("answers a product's coupons by scope and a shop's coupons", async () => {
    const p1 = await createProductIn(t, shopA.id);
    const p2 = await createProductIn(t, shopA.id);
    const all = await makeCoupon({ shopId: shopA.id });
    const listed = await makeCoupon({ shopId: shopA.id, suitableProdType: 1, products: [p1.prodId] });
    const except = await makeCoupon({ shopId: shopA.id, suitableProdType: 2, products: [p1.prodId] });
    const otherShop = await makeCoupon({ shopId: shopB.id });
    const ids = async (prodId: number) => {
      const res = await t.app.inject({ method: 'GET', url: `/coupon/listByProdId?shopId=${shopA.id}&prodId=${prodId}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as CouponCard[]).map((c) => c.couponId);
    };
    const forP1 = await ids(p1.prodId);
    expect(forP1).toEqual(expect.arrayContaining([all, listed]));
    expect(forP1).not.toContain(except);
    expect(forP1).not.toContain(otherShop);
    const forP2 = await ids(p2.prodId);
    expect(forP2).toEqual(expect.arrayContaining([all, except]));
    expect(forP2).not.toContain(listed);
    const shop = await t.app.inject({ method: 'GET', url: `/coupon/listShopCoupon?shopId=${shopB.id}` });
    expect((shop.json() as CouponCard[]).map((c) => c.couponId)).toContain(otherShop);
    expect((shop.json() as CouponCard[]).every((c) => c.shopId === shopB.id)).toBe(true);
  });
});

describe('receiving', () => {
  it('gives a coupon with its period and refuses, in both languages, the limit, sold out and the unreceivable', async () => {
    const [user] = await quickShoppers(1);
    const nDays = await makeCoupon({ validTimeType: 2, afterReceiveDays: 1, validDays: 3, startTime: null, endTime: null });
    const id = await receiveOk(user!, nDays);
    const [row] = await t.ctx.db.select().from(userCoupons).where(eq(userCoupons.id, id));
    const now = t.ctx.now().getTime();
    expect(Math.abs(row!.userStartTime.getTime() - (now + DAY))).toBeLessThan(60_000);
    expect(Math.abs(row!.userEndTime.getTime() - (now + 4 * DAY))).toBeLessThan(60_000);
    // Not valid yet: listed unused and marked.
    expect((await mine(user!, 1)).records.find((c) => c.couponUserId === id)!.notStarted).toBe(true);

    const limit = await receive(user!, nDays, 'zh');
    expect(limit.statusCode).toBe(400);
    expect(limit.body).toBe('您已领取过该优惠券，已达每人领取上限');
    expect((await receive(user!, nDays)).body).toBe('You have already received this coupon up to the limit per person');

    const none = await makeCoupon({ stocks: 0 });
    const soldOut = await receive(user!, none, 'zh');
    expect(soldOut.statusCode).toBe(400);
    expect(soldOut.body).toBe('优惠券已被领完');
    expect(await stocksOf(none)).toBe(0);

    for (const c of [{ getWay: 1 }, { putonStatus: 0 }, { endTime: new Date(now - 1000), startTime: new Date(now - DAY) }]) {
      const res = await receive(user!, await makeCoupon(c));
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('This coupon is off, has ended or cannot be received');
    }
    const missing = await receive(user!, 2_000_000_000);
    expect(missing.statusCode).toBe(400);
    const junk = await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', ...json({ couponId: 'x' }, { headers: as(user!, { 'accept-language': 'zh' }) }) });
    expect(junk.statusCode).toBe(400);
    expect(junk.body).toBe('优惠券不存在');
    const visitor = await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', ...json(nDays) });
    expect(visitor.statusCode).toBe(401);
  });

  it('100 parallel receives of a coupon with 10 left give exactly 10', async () => {
    const shoppers = await quickShoppers(100);
    const id = await makeCoupon({ stocks: 10, totalStock: 10 });
    const results = await Promise.all(shoppers.map((u) => receive(u, id)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.body).toBe('This coupon has run out');
    expect(await stocksOf(id)).toBe(0);
    expect(await heldBy(id)).toHaveLength(10);
  });

  it('one shopper firing 50 parallel receives never exceeds the limit', async () => {
    const [user] = await quickShoppers(1);
    const id = await makeCoupon({ stocks: 100, totalStock: 100, limitNum: 3 });
    const results = await Promise.all(Array.from({ length: 50 }, () => receive(user!, id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await heldBy(id)).toHaveLength(3);
    expect(await stocksOf(id)).toBe(97);
  });
});

describe('my coupons', () => {
  it('lists by state with counts and deletes only used or expired ones, only my own', async () => {
    const [user, other] = await quickShoppers(2);
    const userId = await userIdOf(t, user!);
    const a = await receiveOk(user!, await makeCoupon());
    const b = await receiveOk(user!, await makeCoupon());
    const c = await receiveOk(user!, await makeCoupon({ validTimeType: 2, validDays: 1, startTime: null, endTime: null }));
    await t.ctx.db.update(userCoupons).set({ status: 2, usedTime: t.ctx.now() }).where(eq(userCoupons.id, b));
    expect(await counts(user!)).toEqual({ unUseCount: 2, useCount: 1, expiredCount: 0 });
    t.advanceClock(2 * DAY);
    expect(await counts(user!)).toEqual({ unUseCount: 1, useCount: 1, expiredCount: 1 });
    expect((await mine(user!, 0)).records.map((r) => r.couponUserId)).toEqual([c]);
    expect((await mine(user!, 2)).records.map((r) => r.couponUserId)).toEqual([b]);
    expect((await mine(user!, 1)).records.map((r) => r.couponUserId)).toEqual([a]);

    const del = (who: RegisteredUser, id: number, lang: 'zh' | 'en' = 'en') => t.app.inject({ method: 'DELETE', url: `/p/myCoupon/deleteCoupon/${id}`, headers: as(who, { 'accept-language': lang }) });
    const unused = await del(user!, a, 'zh');
    expect(unused.statusCode).toBe(400);
    expect(unused.body).toBe('只能删除已使用或已过期的优惠券');
    expect((await del(other!, b)).statusCode).toBe(400);
    expect((await del(user!, b)).statusCode).toBe(200);
    expect((await del(user!, c)).statusCode).toBe(200);
    expect(await counts(user!)).toEqual({ unUseCount: 1, useCount: 0, expiredCount: 0 });
    expect((await t.ctx.db.select().from(userCoupons).where(and(eq(userCoupons.userId, userId), eq(userCoupons.isDeleted, true)))).length).toBe(2);
  });
});

describe('coupons at checkout', () => {
  let product: OrderTestProduct;
  beforeAll(async () => {
    product = await createProductIn(t, shopA.id, { price: 20_000, stocks: 1_000 });
  });

  async function confirmWith(user: RegisteredUser, uuid: string, body: Record<string, unknown> = {}, lang: 'zh' | 'en' = 'en'): Promise<ConfirmResult> {
    const res = await confirmRequest(t, user, { addrId: 0, uuid, ...body }, lang);
    expect(res.statusCode, res.body).toBe(200);
    return ConfirmResultSchema.parse(res.json());
  }

  /** A shopper with the product in the cart (2 × ¥200) and coupons of shop A and the platform. */
  async function shopperWithCoupons() {
    const user = await shopperWithAddress(t);
    await addToCart(t, user, product, 2);
    const small = await receiveOk(user, await makeCoupon({ shopId: shopA.id, cashCondition: 10_000, reduceAmount: 1_000 }));
    const big = await receiveOk(user, await makeCoupon({ shopId: shopA.id, cashCondition: 30_000, reduceAmount: 5_000 }));
    const tooHigh = await receiveOk(user, await makeCoupon({ shopId: shopA.id, cashCondition: 100_000, reduceAmount: 20_000 }));
    const other = await makeCoupon({ shopId: shopA.id, suitableProdType: 1, products: [(await createProductIn(t, shopA.id)).prodId] });
    const notForThese = await receiveOk(user, other);
    const platform = await receiveOk(user, await makeCoupon({ couponType: 2, couponDiscount: 9, cashCondition: 0, reduceAmount: 0 }));
    const later = await receiveOk(user, await makeCoupon({ validTimeType: 2, afterReceiveDays: 2, validDays: 5, startTime: null, endTime: null }));
    return { user, small, big, tooHigh, notForThese, platform, later };
  }

  it('picks the best combination, says why the others cannot be used, and honours a switch or a drop', async () => {
    const c = await shopperWithCoupons();
    const uuid = randomUUID();
    const auto = await confirmWith(c.user, uuid, {}, 'zh');
    const order = auto.shopCartOrders.find((o) => o.shopId === shopA.id)!;
    const byId = new Map(order.coupons.map((x) => [x.couponUserId, x]));
    expect(byId.get(c.big)).toMatchObject({ canUse: true, choose: true, deductAmount: 5_000 });
    expect(byId.get(c.small)).toMatchObject({ canUse: true, choose: false });
    expect(byId.get(c.tooHigh)).toMatchObject({ canUse: false, unusableReason: 'belowThreshold', missingAmount: 60_000 });
    expect(byId.get(c.notForThese)).toMatchObject({ canUse: false, unusableReason: 'noProducts' });
    const platform = new Map(auto.coupons.map((x) => [x.couponUserId, x]));
    // 9折 on what is left after the shop coupon: (40,000 - 5,000) × 10 %.
    expect(platform.get(c.platform)).toMatchObject({ canUse: true, choose: true, deductAmount: 3_500 });
    expect(platform.get(c.later)).toMatchObject({ canUse: false, unusableReason: 'notStarted' });
    // The shop's line carries its own coupon; the platform coupon is shown once, for the checkout,
    // so the shop's subtotal is what its goods come to and the lines add up to the total.
    expect(order.couponReduce).toBe(5_000);
    expect(order.actualTotal).toBe(40_000 - 5_000 + order.transFee);
    expect(auto.platformCouponReduce).toBe(3_500);
    expect(auto.orderReduce).toBe(8_500);
    expect(auto.actualTotal).toBe(40_000 - 8_500 + order.transFee);
    expect(auto.shopCartOrders.reduce((n, o) => n + o.actualTotal, 0) - auto.platformCouponReduce).toBe(auto.actualTotal);

    const switched = await confirmWith(c.user, uuid, { userChangeCoupon: 1, couponUserIds: [c.small] });
    const so = switched.shopCartOrders.find((o) => o.shopId === shopA.id)!;
    expect(so.coupons.find((x) => x.choose)!.couponUserId).toBe(c.small);
    expect(switched.coupons.some((x) => x.choose)).toBe(false);
    expect(so.couponReduce).toBe(1_000);

    const dropped = await confirmWith(c.user, uuid, { userChangeCoupon: 1, couponUserIds: [] });
    expect(dropped.shopCartOrders.every((o) => o.couponReduce === 0)).toBe(true);
  });

  it('refuses, saying why, a coupon of another shopper, of a shop not in the order, used, or a second one of a shop', async () => {
    const c = await shopperWithCoupons();
    const [stranger] = await quickShoppers(1);
    const foreign = await receiveOk(stranger!, await makeCoupon({ shopId: shopA.id, cashCondition: 0 }));
    const otherShop = await receiveOk(c.user, await makeCoupon({ shopId: shopB.id, cashCondition: 0 }));
    const used = await receiveOk(c.user, await makeCoupon({ shopId: shopA.id, cashCondition: 0 }));
    await t.ctx.db.update(userCoupons).set({ status: 2 }).where(eq(userCoupons.id, used));
    const cases = [
      { ids: [foreign], key: 'checkout.errors.couponNotYours', zh: '该优惠券不属于您，不能用于本订单', en: 'This coupon is not yours, so it cannot be used on this order' },
      { ids: [c.small, 2_147_483_000], key: 'checkout.errors.couponNotYours', zh: '该优惠券不属于您，不能用于本订单', en: 'This coupon is not yours, so it cannot be used on this order' },
      { ids: [otherShop], key: 'checkout.errors.couponOtherShop', zh: '该优惠券只能用于其他店铺的商品，不能用于本订单', en: "This coupon is for another shop's goods, so it cannot be used on this order" },
      { ids: [used], key: 'checkout.errors.couponNotUsable', zh: '该优惠券已使用或已过期，不能用于本订单', en: 'This coupon has been used or has expired, so it cannot be used on this order' },
      { ids: [c.small, c.big], key: 'checkout.errors.couponOnePerShop', zh: '每个店铺只能使用一张优惠券，平台优惠券也只能使用一张', en: 'An order can use one coupon per shop and one platform coupon' },
    ];
    for (const { ids, key, zh, en } of cases) {
      for (const [lang, text] of [['zh', zh], ['en', en]] as const) {
        const res = await confirmRequest(t, c.user, { addrId: 0, uuid: randomUUID(), userChangeCoupon: 1, couponUserIds: ids }, lang);
        expect(res.statusCode, `${key} ${res.body}`).toBe(400);
        expect(res.headers['x-error-code']).toBe(key);
        expect(res.body).toBe(text);
      }
    }
    // Nothing was kept for a refused confirm: submit has no checkout to place.
    const uuid = randomUUID();
    expect((await confirmRequest(t, c.user, { addrId: 0, uuid, userChangeCoupon: 1, couponUserIds: [foreign] })).statusCode).toBe(400);
    expect((await submitRequest(t, c.user, { orderShopParams: [], uuid })).statusCode).toBe(400);
    // The stranger's coupon is untouched, and the shopper's own still apply.
    expect((await t.ctx.db.select().from(userCoupons).where(eq(userCoupons.id, foreign)))[0]).toMatchObject({ status: 1 });
    const ok = await confirmWith(c.user, randomUUID(), { userChangeCoupon: 1, couponUserIds: [c.small, c.platform] });
    expect(ok.shopCartOrders.find((o) => o.shopId === shopA.id)!.coupons.find((x) => x.choose)!.couponUserId).toBe(c.small);
  });

  it('freezes at submit with the shares confirm showed, uses at payment, returns on cancel and on timeout', async () => {
    const c = await shopperWithCoupons();
    const userId = await userIdOf(t, c.user);
    const uuid = randomUUID();
    const shown = await confirmWith(c.user, uuid, { userChangeCoupon: 1, couponUserIds: [c.small, c.platform] });
    const res = await submitRequest(t, c.user, { uuid, orderShopParams: shown.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' })) });
    expect(res.statusCode, res.body).toBe(200);
    const [orderNumber] = SubmitResultSchema.parse(res.json()).orderNumbers.split(',');
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber!));
    const o = shown.shopCartOrders[0]!;
    // The order keeps both coupons; the checkout showed the platform's once, apart from the shop's line.
    expect(order!.actualTotal).toBe(shown.actualTotal);
    expect(order!.actualTotal + order!.platformCouponReduce).toBe(o.actualTotal);
    expect(order!.platformCouponReduce).toBe(shown.platformCouponReduce);
    expect(order!.shopCouponReduce).toBe(o.couponReduce);
    expect(order!.shopCouponReduce).toBe(1_000);
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderNumber, orderNumber!));
    expect(items.reduce((n, i) => n + i.shopCouponShare + i.platformCouponShare, 0)).toBe(o.couponReduce + shown.platformCouponReduce);

    const records = await t.ctx.db.select().from(couponUseRecords).where(eq(couponUseRecords.orderNumber, orderNumber!));
    expect(records.map((r) => [r.userCouponId, r.amount, r.status]).sort()).toEqual(
      [
        [c.small, 1_000, 1],
        [c.platform, order!.platformCouponReduce, 1],
      ].sort(),
    );
    // Frozen: shown as used, not offered again, not deletable.
    expect((await mine(c.user, 2)).records.map((r) => r.couponUserId).sort()).toEqual([c.small, c.platform].sort());
    await addToCart(t, c.user, product, 2);
    const again = await confirmWith(c.user, randomUUID(), {});
    expect(again.coupons.map((x) => x.couponUserId)).not.toContain(c.platform);
    expect((await t.app.inject({ method: 'DELETE', url: `/p/myCoupon/deleteCoupon/${c.small}`, headers: as(c.user) })).statusCode).toBe(400);

    // Cancel: both come back unused.
    const cancel = await t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${orderNumber}`, headers: as(c.user) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await mine(c.user, 1)).records.map((r) => r.couponUserId)).toEqual(expect.arrayContaining([c.small, c.platform]));
    expect((await t.ctx.db.select().from(couponUseRecords).where(eq(couponUseRecords.orderNumber, orderNumber!))).every((r) => r.status === 3)).toBe(true);

    // Timeout: the job returns them too (the bought lines left the cart: put them back).
    await addToCart(t, c.user, product, 2);
    const uuid2 = randomUUID();
    const s2 = await confirmWith(c.user, uuid2, { userChangeCoupon: 1, couponUserIds: [c.big] });
    const r2 = await submitRequest(t, c.user, { uuid: uuid2, orderShopParams: s2.shopCartOrders.map((x) => ({ shopId: x.shopId, remarks: '' })) });
    const [n2] = SubmitResultSchema.parse(r2.json()).orderNumbers.split(',');
    await autoCancelOrder(t.ctx, n2!);
    expect((await mine(c.user, 1)).records.map((r) => r.couponUserId)).toContain(c.big);

    // Payment: used for good, with its time.
    await addToCart(t, c.user, product, 2);
    const uuid3 = randomUUID();
    const s3 = await confirmWith(c.user, uuid3, { userChangeCoupon: 1, couponUserIds: [c.big] });
    const r3 = await submitRequest(t, c.user, { uuid: uuid3, orderShopParams: s3.shopCartOrders.map((x) => ({ shopId: x.shopId, remarks: '' })) });
    const n3 = SubmitResultSchema.parse(r3.json()).orderNumbers;
    await topUpBalance(t, userId, 1_000_000);
    const paid = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: as(c.user), payload: { orderNumbers: n3, payType: 9 } });
    expect(paid.statusCode, paid.body).toBe(200);
    const [used] = await t.ctx.db.select().from(userCoupons).where(eq(userCoupons.id, c.big));
    expect(used!.status).toBe(2);
    expect(used!.usedTime).not.toBeNull();
    expect((await t.ctx.db.select().from(couponUseRecords).where(inArray(couponUseRecords.orderNumber, n3.split(',')))).every((r) => r.status === 2)).toBe(true);
  });

  it('a coupon a parallel submit took first fails the other submit cleanly, in both languages', async () => {
    const c = await shopperWithCoupons();
    const [u1, u2] = [randomUUID(), randomUUID()];
    const s1 = await confirmWith(c.user, u1, { userChangeCoupon: 1, couponUserIds: [c.big] });
    const s2 = await confirmWith(c.user, u2, { userChangeCoupon: 1, couponUserIds: [c.big] });
    const stock = async () => (await t.ctx.db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.userId, await userIdOf(t, c.user)))).length;
    const before = await stock();
    const [r1, r2] = await Promise.all([
      submitRequest(t, c.user, { uuid: u1, orderShopParams: s1.shopCartOrders.map((x) => ({ shopId: x.shopId, remarks: '' })) }, 'zh'),
      submitRequest(t, c.user, { uuid: u2, orderShopParams: s2.shopCartOrders.map((x) => ({ shopId: x.shopId, remarks: '' })) }, 'zh'),
    ]);
    const codes = [r1.statusCode, r2.statusCode].sort();
    expect(codes).toEqual([200, 400]);
    const failed = r1.statusCode === 400 ? r1 : r2;
    expect(failed.body).toBe('所选优惠券已被使用或已失效，请重新确认订单');
    expect((await stock()) - before).toBe(1);
    expect((await t.ctx.db.select().from(couponUseRecords).where(eq(couponUseRecords.userCouponId, c.big))).length).toBe(1);
  });
});
