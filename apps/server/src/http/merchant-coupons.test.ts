// Shop coupons in the merchant center (issue 11 §5, decision 044): every call and message, the
// usage figures after a shopper receives and uses one, the stock rule, and a shop that never sees
// or changes another shop's coupons (404 for every call), nor does any other audience.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { CouponAdminDetailSchema, CouponAdminRowSchema, type CouponAdminDetail } from '@bazaar/shared/schemas/coupon-admin';
import { ConfirmResultSchema, SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { formatApiTime } from '../lib/api-time.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { addToCart, as, confirmRequest, createProductIn, shopperWithAddress, submitRequest, userIdOf, type OrderTestProduct } from '../test/order-test-kit.ts';
import { topUpBalance } from '../test/payment-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopA: TestShop;
let shopB: TestShop;
let tokenA: string;
let tokenB: string;
let productsA: OrderTestProduct[];
let productB: OrderTestProduct;

const zh = createI18n('zh').t;
const en = createI18n('en').t;
const HOUR = 3_600_000;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * HOUR));
const PageSchema = pageOf(CouponAdminRowSchema);

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) headers.authorization = token;
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}

const cash = (overrides: Record<string, unknown> = {}) => ({
  nameZh: '满100减10',
  nameEn: '¥10 off ¥100',
  couponType: 1,
  cashCondition: 10_000,
  reduceAmount: 1_000,
  couponDiscount: null,
  suitableProdType: 0,
  productIds: [],
  validTimeType: 1,
  startTime: at(-1),
  endTime: at(24 * 30),
  afterReceiveDays: 0,
  validDays: null,
  totalStock: 100,
  limitNum: 2,
  getWay: 0,
  putonStatus: 1,
  ...overrides,
});

async function created(token: string, body: unknown): Promise<CouponAdminDetail> {
  const res = await call('POST', '/merchant/coupons', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return CouponAdminDetailSchema.parse(res.json());
}

async function detail(token: string, id: number, lang: 'zh' | 'en' = 'en'): Promise<CouponAdminDetail> {
  const res = await call('GET', `/merchant/coupons/${id}`, token, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return CouponAdminDetailSchema.parse(res.json());
}

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = await Promise.all([createTestShop(t), createTestShop(t)]);
  [tokenA, tokenB] = await Promise.all([merchantLogin(t, shopA.shopId), merchantLogin(t, shopB.shopId)]);
  productsA = [await createProductIn(t, shopA.shopId, { price: 20_000 }), await createProductIn(t, shopA.shopId, { price: 3_000 })];
  productB = await createProductIn(t, shopB.shopId);
}, 180_000);

describe('creating and reading coupons', () => {
  it('creates a cash coupon with a threshold for the whole shop, on, with its face in the reader language and no usage yet', async () => {
    const c = await created(tokenA, cash());
    expect(c).toMatchObject({
      shopId: shopA.shopId,
      couponType: 1,
      cashCondition: 10_000,
      reduceAmount: 1_000,
      couponDiscount: null,
      label: '¥10 off ¥100',
      state: 'on',
      totalStock: 100,
      stocks: 100,
      limitNum: 2,
      productCount: 0,
      products: [],
      usage: { received: 0, used: 0, reducedAmount: 0 },
    });
    expect((await detail(tokenA, c.couponId, 'zh')).label).toBe('满100减10');
  });

  it('creates a discount coupon for listed products valid N days after receipt, and an all-except-listed one, issued only and off', async () => {
    const listed = await created(
      tokenA,
      cash({ couponType: 2, reduceAmount: 0, couponDiscount: 8.5, cashCondition: 0, suitableProdType: 1, productIds: [productsA[0]!.prodId], validTimeType: 2, startTime: null, endTime: null, afterReceiveDays: 1, validDays: 7 }),
    );
    expect(listed).toMatchObject({ couponType: 2, couponDiscount: 8.5, label: '15% off', suitableProdType: 1, productCount: 1, validTimeType: 2, startTime: null, endTime: null, afterReceiveDays: 1, validDays: 7 });
    expect(listed.products.map((p) => p.prodId)).toEqual([productsA[0]!.prodId]);
    expect((await detail(tokenA, listed.couponId, 'zh')).label).toBe('8.5折');

    const except = await created(tokenA, cash({ suitableProdType: 2, productIds: [productsA[1]!.prodId], getWay: 1, putonStatus: 0 }));
    expect(except).toMatchObject({ suitableProdType: 2, productCount: 1, getWay: 1, putonStatus: 0, state: 'off' });
  });

  it('lists the shop\'s coupons by state and name, newest first', async () => {
    const named = await created(tokenA, cash({ nameZh: '独特的券名', nameEn: 'A unique coupon' }));
    const all = PageSchema.parse((await call('GET', '/merchant/coupons?size=50', tokenA)).json());
    expect(all.records.every((r) => r.shopId === shopA.shopId)).toBe(true);
    expect(all.records[0]!.couponId).toBe(named.couponId);
    const byName = PageSchema.parse((await call('GET', `/merchant/coupons?keyword=${encodeURIComponent('unique')}`, tokenA)).json());
    expect(byName.records.map((r) => r.couponId)).toEqual([named.couponId]);
    const off = PageSchema.parse((await call('GET', '/merchant/coupons?state=off', tokenA)).json());
    expect(off.records.length).toBeGreaterThan(0);
    expect(off.records.every((r) => r.state === 'off')).toBe(true);
    const bad = await call('GET', '/merchant/coupons?state=nope', tokenA, undefined, 'zh');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe(zh('couponAdmin.errors.filter'));
  });
});

describe('messages', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no name', { nameZh: ' ' }, 'couponAdmin.errors.nameRequired'],
    ['a long name', { nameZh: '券'.repeat(31) }, 'couponAdmin.errors.nameTooLong'],
    ['a long English name', { nameEn: 'x'.repeat(61) }, 'couponAdmin.errors.nameEnTooLong'],
    ['an unknown kind', { couponType: 3 }, 'couponAdmin.errors.type'],
    ['a negative threshold', { cashCondition: -1 }, 'couponAdmin.errors.condition'],
    ['a cash coupon taking nothing off', { reduceAmount: 0 }, 'couponAdmin.errors.reduce'],
    ['an amount off at the threshold', { reduceAmount: 10_000 }, 'couponAdmin.errors.reduceBelowCondition'],
    ['a cash coupon with a rate', { couponDiscount: 8 }, 'couponAdmin.errors.rateForDiscount'],
    ['a discount without a rate', { couponType: 2, reduceAmount: 0 }, 'couponAdmin.errors.rate'],
    ['a rate of 9.95', { couponType: 2, reduceAmount: 0, couponDiscount: 9.95 }, 'couponAdmin.errors.rate'],
    ['a discount with an amount off', { couponType: 2, couponDiscount: 8 }, 'couponAdmin.errors.reduceForCash'],
    ['an unknown scope', { suitableProdType: 3 }, 'couponAdmin.errors.scope'],
    ['listed products without any', { suitableProdType: 1 }, 'couponAdmin.errors.productsRequired'],
    ['a product twice', { suitableProdType: 1, productIds: [5, 5] }, 'couponAdmin.errors.products'],
    ['a product id that is not one', { suitableProdType: 1, productIds: ['x'] }, 'couponAdmin.errors.products'],
    ['201 products', { suitableProdType: 1, productIds: Array.from({ length: 201 }, (_, i) => i + 1) }, 'couponAdmin.errors.tooManyProducts'],
    ['an unknown validity', { validTimeType: 3 }, 'couponAdmin.errors.validity'],
    ['no start', { startTime: null }, 'couponAdmin.errors.startTime'],
    ['a start that is no time', { startTime: '2026-02-30 10:00:00' }, 'couponAdmin.errors.startTime'],
    ['no end', { endTime: '' }, 'couponAdmin.errors.endTime'],
    ['an end before the start', { startTime: at(5), endTime: at(4) }, 'couponAdmin.errors.endAfterStart'],
    ['a period over a year', { startTime: at(1), endTime: at(24 * 367 + 1) }, 'couponAdmin.errors.tooLong'],
    ['N days without a length', { validTimeType: 2, validDays: null }, 'couponAdmin.errors.validDays'],
    ['N days of 0', { validTimeType: 2, validDays: 0 }, 'couponAdmin.errors.validDays'],
    ['a delay of 366 days', { validTimeType: 2, validDays: 3, afterReceiveDays: 366 }, 'couponAdmin.errors.afterDays'],
    ['no stock', { totalStock: 0 }, 'couponAdmin.errors.stock'],
    ['a stock above a million', { totalStock: 1_000_001 }, 'couponAdmin.errors.stock'],
    ['a limit of 0', { limitNum: 0 }, 'couponAdmin.errors.limit'],
    ['a limit of 100', { limitNum: 100 }, 'couponAdmin.errors.limit'],
    ['an unknown way', { getWay: 2 }, 'couponAdmin.errors.getWay'],
    ['ended through the form', { putonStatus: 2 }, 'couponAdmin.errors.puton'],
  ];
  it.each(cases)('refuses %s with its message in both languages', async (_name, overrides, key) => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await call('POST', '/merchant/coupons', tokenA, cash(overrides), lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toBe((lang === 'zh' ? zh : en)(key));
    }
  });

  it('refuses an end already past, another shop\'s product and a deleted or unknown one', async () => {
    const past = await call('POST', '/merchant/coupons', tokenA, cash({ startTime: at(-48), endTime: at(-1) }), 'zh');
    expect([past.statusCode, past.body]).toEqual([400, zh('couponAdmin.errors.endPassed')]);
    for (const productIds of [[productB.prodId], [productsA[0]!.prodId, 2_000_000_000]]) {
      const res = await call('POST', '/merchant/coupons', tokenA, cash({ suitableProdType: 1, productIds }));
      expect([res.statusCode, res.body]).toEqual([400, en('couponAdmin.errors.productNotOwned')]);
    }
  });
});

describe('one shop, one audience', () => {
  it('answers 404 to another shop for every call on a coupon, and changes nothing', async () => {
    const c = await created(tokenA, cash());
    for (const [method, url, body] of [
      ['GET', `/merchant/coupons/${c.couponId}`, undefined],
      ['PUT', `/merchant/coupons/${c.couponId}`, cash({ nameZh: '改名' })],
      ['POST', `/merchant/coupons/${c.couponId}/end`, undefined],
    ] as const) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await call(method, url, tokenB, body, lang);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).toBe((lang === 'zh' ? zh : en)('couponAdmin.errors.notFound'));
      }
    }
    const list = PageSchema.parse((await call('GET', '/merchant/coupons?size=100', tokenB)).json());
    expect(list.records.some((r) => r.couponId === c.couponId)).toBe(false);
    expect(await detail(tokenA, c.couponId)).toMatchObject({ nameZh: '满100减10', state: 'on' });
    const unknown = await call('GET', '/merchant/coupons/2000000000', tokenA);
    expect(unknown.statusCode).toBe(404);
    // Not an id at all: a bad request, with the same words.
    const notAnId = await call('GET', '/merchant/coupons/abc', tokenA);
    expect([notAnId.statusCode, notAnId.body]).toEqual([400, en('couponAdmin.errors.notFound')]);
  });

  it('refuses a visitor, a shopper and staff (401) on every call', async () => {
    const c = await created(tokenA, cash());
    const shopper = await shopperWithAddress(t);
    const staff = await adminToken(t);
    for (const token of [null, shopper.token, `Bearer ${staff}`]) {
      for (const [method, url, body] of [
        ['GET', '/merchant/coupons', undefined],
        ['GET', `/merchant/coupons/${c.couponId}`, undefined],
        ['POST', '/merchant/coupons', cash()],
        ['PUT', `/merchant/coupons/${c.couponId}`, cash()],
        ['POST', `/merchant/coupons/${c.couponId}/end`, undefined],
      ] as const) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });
});

describe('editing, stock and ending', () => {
  it('edits every field of a coupon nobody holds', async () => {
    const c = await created(tokenA, cash());
    const res = await call('PUT', `/merchant/coupons/${c.couponId}`, tokenA, cash({ nameZh: '新名字', couponType: 2, reduceAmount: 0, couponDiscount: 9, suitableProdType: 1, productIds: [productsA[1]!.prodId], totalStock: 5, limitNum: 1 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(CouponAdminDetailSchema.parse(res.json())).toMatchObject({ nameZh: '新名字', couponType: 2, couponDiscount: 9, reduceAmount: 0, productCount: 1, totalStock: 5, stocks: 5, limitNum: 1 });
  });

  it('counts what shoppers received, keeps the terms once held, and moves the stock up but never below what was received', async () => {
    const c = await created(tokenA, cash({ totalStock: 3 }));
    const shopper = await shopperWithAddress(t);
    const got = await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', headers: as(shopper), payload: { couponId: c.couponId } });
    expect(got.statusCode, got.body).toBe(200);
    const after = await detail(tokenA, c.couponId);
    expect(after).toMatchObject({ stocks: 2, totalStock: 3, usage: { received: 1, used: 0, reducedAmount: 0 } });

    const terms = await call('PUT', `/merchant/coupons/${c.couponId}`, tokenA, cash({ totalStock: 3, reduceAmount: 2_000 }), 'zh');
    expect([terms.statusCode, terms.body]).toEqual([400, zh('couponAdmin.errors.termsLocked')]);
    const below = await call('PUT', `/merchant/coupons/${c.couponId}`, tokenA, cash({ totalStock: 1, limitNum: 1 }));
    // 1 received: a stock of 1 is allowed (all of it taken), and nothing is left.
    expect(below.statusCode, below.body).toBe(200);
    expect(CouponAdminDetailSchema.parse(below.json())).toMatchObject({ totalStock: 1, stocks: 0 });
    const raised = await call('PUT', `/merchant/coupons/${c.couponId}`, tokenA, cash({ nameZh: '加量', totalStock: 50 }));
    expect(CouponAdminDetailSchema.parse(raised.json())).toMatchObject({ nameZh: '加量', totalStock: 50, stocks: 49 });

    // A second shopper takes one more; then 1 is below the 2 received.
    const other = await shopperWithAddress(t);
    expect((await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', headers: as(other), payload: { couponId: c.couponId } })).statusCode).toBe(200);
    for (const lang of ['zh', 'en'] as const) {
      const res = await call('PUT', `/merchant/coupons/${c.couponId}`, tokenA, cash({ totalStock: 1 }), lang);
      expect([res.statusCode, res.body]).toEqual([400, (lang === 'zh' ? zh : en)('couponAdmin.errors.stockBelowReceived')]);
    }
    expect(await detail(tokenA, c.couponId)).toMatchObject({ totalStock: 50, stocks: 48, usage: { received: 2 } });
  });

  it('never lets a stock edit fall below what was received, while 50 shoppers receive in parallel', async () => {
    const c = await created(tokenA, cash({ nameZh: '并发库存', totalStock: 60, limitNum: 1 }));
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopperWithAddress(t)));
    const receive = (u: (typeof shoppers)[number]) => t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', headers: as(u), payload: { couponId: c.couponId } });
    const edit = (totalStock: number) => call('PUT', `/merchant/coupons/${c.couponId}`, tokenA, cash({ nameZh: '并发库存', totalStock, limitNum: 1 }));
    const [received, edits] = await Promise.all([Promise.all(shoppers.map(receive)), Promise.all([30, 45, 25, 55, 35, 40].map(edit))]);
    for (const res of edits) {
      if (res.statusCode !== 200) expect([res.statusCode, res.body]).toEqual([400, en('couponAdmin.errors.stockBelowReceived')]);
    }
    const got = received.filter((r) => r.statusCode === 200).length;
    const after = await detail(tokenA, c.couponId);
    // Whatever order the statements ran in, the books agree: taken + left = total, and nothing was handed out twice.
    expect(after.usage.received).toBe(got);
    expect(after.stocks).toBeGreaterThanOrEqual(0);
    expect(after.totalStock - after.stocks).toBe(got);
    expect([30, 45, 25, 55, 35, 40, 60]).toContain(after.totalStock);
  }, 120_000);

  it('counts a coupon used in a paid order and the amount it took off', async () => {
    const c = await created(tokenA, cash({ cashCondition: 10_000, reduceAmount: 1_500, totalStock: 10 }));
    const shopper = await shopperWithAddress(t);
    const got = await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', headers: as(shopper), payload: { couponId: c.couponId } });
    const couponUserId = got.json().couponUserId as number;
    await addToCart(t, shopper, productsA[0]!, 1);
    const uuid = randomUUID();
    const confirmed = ConfirmResultSchema.parse((await confirmRequest(t, shopper, { addrId: 0, uuid, userChangeCoupon: 1, couponUserIds: [couponUserId] })).json());
    expect(confirmed.shopCartOrders[0]!.couponReduce).toBe(1_500);
    const submitted = await submitRequest(t, shopper, { uuid, orderShopParams: confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' })) });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { orderNumbers } = SubmitResultSchema.parse(submitted.json());
    // Frozen by an unpaid order: received, not yet used.
    expect((await detail(tokenA, c.couponId)).usage).toEqual({ received: 1, used: 0, reducedAmount: 0 });
    await topUpBalance(t, await userIdOf(t, shopper), 1_000_000);
    const paid = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: as(shopper), payload: { orderNumbers, payType: 9 } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await detail(tokenA, c.couponId)).usage).toEqual({ received: 1, used: 1, reducedAmount: 1_500 });
    const row = PageSchema.parse((await call('GET', '/merchant/coupons?size=100', tokenA)).json()).records.find((r) => r.couponId === c.couponId);
    expect(row!.usage).toEqual({ received: 1, used: 1, reducedAmount: 1_500 });
  });

  it('ends a coupon once: it leaves the coupon center, holders keep it, and it can no longer change', async () => {
    const c = await created(tokenA, cash());
    const shopper = await shopperWithAddress(t);
    const got = await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', headers: as(shopper), payload: { couponId: c.couponId } });
    expect(got.statusCode).toBe(200);
    const ended = await call('POST', `/merchant/coupons/${c.couponId}/end`, tokenA);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(CouponAdminDetailSchema.parse(ended.json())).toMatchObject({ state: 'ended', putonStatus: 2 });
    const again = await call('POST', `/merchant/coupons/${c.couponId}/end`, tokenA, undefined, 'zh');
    expect([again.statusCode, again.body]).toEqual([400, zh('couponAdmin.errors.alreadyEnded')]);
    const edit = await call('PUT', `/merchant/coupons/${c.couponId}`, tokenA, cash(), 'zh');
    expect([edit.statusCode, edit.body]).toEqual([400, zh('couponAdmin.errors.notEditable')]);
    const receive = await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', headers: as(await shopperWithAddress(t)), payload: { couponId: c.couponId } });
    expect(receive.statusCode).toBe(400);
    const held = await t.app.inject({ method: 'GET', url: '/p/myCoupon/getCouponList?status=1', headers: as(shopper) });
    expect(held.json().records.map((r: { couponId: number }) => r.couponId)).toContain(c.couponId);
    const endedList = PageSchema.parse((await call('GET', '/merchant/coupons?state=ended&size=100', tokenA)).json());
    expect(endedList.records.map((r) => r.couponId)).toContain(c.couponId);
  });

  it('turns a coupon off and on: off, it is not in the coupon center', async () => {
    const c = await created(tokenA, cash({ nameZh: `开关${Date.now()}` }));
    const inCenter = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/coupon/getCouponPage?shopType=2&size=100' });
      return (res.json().records as Array<{ couponId: number }>).some((r) => r.couponId === c.couponId);
    };
    expect(await inCenter()).toBe(true);
    await call('PUT', `/merchant/coupons/${c.couponId}`, tokenA, cash({ putonStatus: 0 }));
    expect(await inCenter()).toBe(false);
    await call('PUT', `/merchant/coupons/${c.couponId}`, tokenA, cash({ putonStatus: 1 }));
    expect(await inCenter()).toBe(true);
  });
});
