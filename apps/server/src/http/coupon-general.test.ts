// GET /coupon/generalCouponList and its /p/myCoupon twin (reference 2.8, issue 25): the platform's
// receivable coupons in the coupon center's page; the twin adds the reader's received counts and
// states; the center's filters (cash or discount, receivable only) and paging; 400s in both languages.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { CouponCardSchema } from '@bazaar/shared/schemas/coupon';
import { coupons } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { createShopper, authed, type TestShopper } from '../test/payment-test-kit.ts';
import { openShops } from '../test/order-test-kit.ts';
import { insertCoupon, type NewCoupon } from '../test/coupon-test-kit.ts';

let t: TestApp;
let shopId: number;
const DAY = 86_400_000;
const Page = pageOf(CouponCardSchema);
const PREFIX = '通用券测试';

beforeAll(async () => {
  t = await ensureSeeded();
  shopId = (await openShops(t))[0]!.id;
  // Coupons an earlier run of this file left (a database kept between runs) go off.
  await t.ctx.db.update(coupons).set({ putonStatus: 0 }).where(like(coupons.nameZh, `${PREFIX}%`));
});

const makeCoupon = (values: NewCoupon = {}) => insertCoupon(t, { prefix: PREFIX, en: 'General coupon test' }, values);

async function general(user: TestShopper | null, query = '', lang: 'zh' | 'en' = 'en') {
  const url = `${user ? '/p/myCoupon' : '/coupon'}/generalCouponList?${query}`;
  const res = await t.app.inject({ method: 'GET', url, headers: user ? authed(user.token, lang) : { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return Page.parse(res.json());
}

describe('GET /coupon/generalCouponList', () => {
  let cash: number;
  let discount: number;
  let soldOut: number;
  let hidden: number[];
  let me: TestShopper;

  beforeAll(async () => {
    cash = await makeCoupon({ nameEn: 'Platform cash' });
    discount = await makeCoupon({ couponType: 2, couponDiscount: 8.5, cashCondition: 0, reduceAmount: 0 });
    soldOut = await makeCoupon({ stocks: 0 });
    hidden = [
      await makeCoupon({ shopId }), // a shop's
      await makeCoupon({ getWay: 1 }), // issued only
      await makeCoupon({ putonStatus: 0 }), // off
      await makeCoupon({ startTime: new Date(t.ctx.now().getTime() - 10 * DAY), endTime: new Date(t.ctx.now().getTime() - DAY) }), // ended
    ];
    me = await createShopper(t);
    const received = await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', headers: { ...authed(me.token), 'content-type': 'application/json' }, payload: String(cash) });
    expect(received.statusCode, received.body).toBe(200);
  });
  afterAll(async () => {
    await t.ctx.db.update(coupons).set({ putonStatus: 0 }).where(like(coupons.nameZh, `${PREFIX}%`));
  });

  it("lists the platform's receivable coupons only, sold-out ones marked, in the center's page", async () => {
    const page = await general(null, 'size=100');
    const ids = page.records.map((c) => c.couponId);
    expect(ids).toEqual(expect.arrayContaining([cash, discount, soldOut]));
    for (const id of hidden) expect(ids).not.toContain(id);
    expect(page.records.every((c) => c.shopId === 0 && c.shopName === null)).toBe(true);
    expect(page.records.find((c) => c.couponId === soldOut)!.state).toBe('soldOut');
    // A visitor has received nothing.
    expect(page.records.find((c) => c.couponId === cash)).toMatchObject({ state: 'receivable', receivedCount: 0, couponName: 'Platform cash' });
    expect(page.records.find((c) => c.couponId === discount)).toMatchObject({ couponType: 2, couponDiscount: 8.5 });
    // The same records as the center's platform tab.
    const center = await t.app.inject({ method: 'GET', url: '/coupon/getCouponPage?shopType=1&size=100', headers: { 'accept-language': 'en' } });
    expect(Page.parse(center.json()).records).toEqual(page.records);
    // Names follow the language.
    expect((await general(null, 'size=100', 'zh')).records.find((c) => c.couponId === cash)!.couponName).toMatch(new RegExp(`^${PREFIX}`));
  });

  it('the /p/myCoupon twin adds my received counts and states; receivableOnly hides what I cannot receive', async () => {
    const mine = await general(me, 'size=100');
    expect(mine.records.find((c) => c.couponId === cash)).toMatchObject({ state: 'received', receivedCount: 1 });
    expect(mine.records.find((c) => c.couponId === discount)).toMatchObject({ state: 'receivable', receivedCount: 0 });
    const receivable = (await general(me, 'size=100&receivableOnly=1')).records.map((c) => c.couponId);
    expect(receivable).toContain(discount);
    expect(receivable).not.toContain(cash);
    expect(receivable).not.toContain(soldOut);
    // Without a token the twin is 401.
    expect((await t.app.inject({ method: 'GET', url: '/p/myCoupon/generalCouponList' })).statusCode).toBe(401);
  });

  it('filters cash or discount and pages', async () => {
    expect((await general(null, 'couponType=2&size=100')).records.every((c) => c.couponType === 2)).toBe(true);
    expect((await general(null, 'couponType=1&size=100')).records.map((c) => c.couponId)).not.toContain(discount);
    const all = await general(null, 'size=100');
    const first = await general(null, 'size=1');
    expect(first).toMatchObject({ size: 1, current: 1, total: all.total, pages: all.total });
    expect(first.records).toHaveLength(1);
    const second = await general(null, 'size=1&current=2');
    expect(second.records[0]!.couponId).not.toBe(first.records[0]!.couponId);
    expect((await general(null, `size=1&current=${all.total + 1}`)).records).toEqual([]);
  });

  it('refuses bad filters and paging with 400 in both languages', async () => {
    for (const query of ['couponType=3', 'receivableOnly=2', 'size=101', 'current=0']) {
      const zh = await t.app.inject({ method: 'GET', url: `/coupon/generalCouponList?${query}`, headers: { 'accept-language': 'zh' } });
      const en = await t.app.inject({ method: 'GET', url: `/coupon/generalCouponList?${query}`, headers: { 'accept-language': 'en' } });
      expect(zh.statusCode, query).toBe(400);
      expect(en.statusCode, query).toBe(400);
      expect(zh.body).toMatch(/[\u4e00-\u9fff]/);
      expect(en.body).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});
