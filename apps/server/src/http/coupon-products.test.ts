// The products a coupon applies to (reference 2.8 /coupon/prodListByCouponId, the list's coupon
// tab st=5; decision 044): a shop coupon's scope over its own shop, a platform coupon's over every
// open shop, by name and sort; an unknown coupon or a closed shop's answers a localized 400.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CouponProductPageSchema } from '@bazaar/shared/schemas/coupon-products';
import { CouponAdminDetailSchema } from '@bazaar/shared/schemas/coupon-admin';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { shops } from '../db/schema.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { createProductIn, type OrderTestProduct } from '../test/order-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shop: TestShop;
let token: string;
let staff: string;
let cheap: OrderTestProduct;
let dear: OrderTestProduct;
let elsewhere: OrderTestProduct;
const zh = createI18n('zh').t;
const en = createI18n('en').t;

const coupon = (overrides: Record<string, unknown> = {}) => ({
  nameZh: '店铺券',
  couponType: 1,
  cashCondition: 0,
  reduceAmount: 500,
  validTimeType: 2,
  afterReceiveDays: 0,
  validDays: 7,
  totalStock: 10,
  ...overrides,
});

async function create(url: string, authorization: string, body: unknown): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url, ...json(body, { headers: { authorization } }) });
  expect(res.statusCode, res.body).toBe(200);
  return CouponAdminDetailSchema.parse(res.json()).couponId;
}

async function products(query: string, lang: 'zh' | 'en' = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/coupon/prodListByCouponId?${query}`, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return CouponProductPageSchema.parse(res.json());
}

beforeAll(async () => {
  t = await ensureSeeded();
  shop = await createTestShop(t);
  token = await merchantLogin(t, shop.shopId);
  staff = `Bearer ${await adminToken(t)}`;
  cheap = await createProductIn(t, shop.shopId, { price: 1_000 });
  dear = await createProductIn(t, shop.shopId, { price: 9_000 });
  elsewhere = await createProductIn(t, (await createTestShop(t)).shopId);
  // Off the shelf: never listed.
  await createProductIn(t, shop.shopId, { status: 0 });
}, 180_000);

describe('/coupon/prodListByCouponId', () => {
  it("lists a shop coupon's products by its scope, with the coupon", async () => {
    const all = await create('/merchant/coupons', token, coupon());
    const page = await products(`couponId=${all}&sort=5`);
    expect(page.records.map((p) => p.prodId)).toEqual([cheap.prodId, dear.prodId]);
    expect(page).toMatchObject({ total: 2, coupon: { couponId: all, shopId: shop.shopId, couponName: '店铺券' } });
    expect(page.records[0]!.shopName).toBe(shop.nameEn);
    const listed = await create('/merchant/coupons', token, coupon({ suitableProdType: 1, productIds: [dear.prodId] }));
    expect((await products(`couponId=${listed}`)).records.map((p) => p.prodId)).toEqual([dear.prodId]);
    const except = await create('/merchant/coupons', token, coupon({ suitableProdType: 2, productIds: [dear.prodId] }));
    expect((await products(`couponId=${except}`)).records.map((p) => p.prodId)).toEqual([cheap.prodId]);
    // By name, and by price, dearest first.
    expect((await products(`couponId=${all}&keyword=${encodeURIComponent(dear.nameEn)}`)).records.map((p) => p.prodId)).toEqual([dear.prodId]);
    expect((await products(`couponId=${all}&sort=4`)).records.map((p) => p.prodId)).toEqual([dear.prodId, cheap.prodId]);
    // Ended, it still lists them for the shoppers who hold it.
    await t.app.inject({ method: 'POST', url: `/merchant/coupons/${all}/end`, headers: { authorization: token } });
    expect((await products(`couponId=${all}`)).total).toBe(2);
  });

  it("lists a platform coupon's products across shops", async () => {
    const id = await create('/admin/coupons', staff, coupon({ nameZh: '平台券', suitableProdType: 1, productIds: [cheap.prodId, elsewhere.prodId] }));
    const page = await products(`couponId=${id}`);
    expect(page.records.map((p) => p.prodId).sort()).toEqual([cheap.prodId, elsewhere.prodId].sort());
    expect(page.coupon.shopId).toBe(0);
  });

  it('answers an unknown coupon and a closed shop\'s coupon with a localized 400', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/coupon/prodListByCouponId?couponId=2000000000', headers: { 'accept-language': lang } });
      expect([res.statusCode, res.body]).toEqual([400, (lang === 'zh' ? zh : en)('coupon.errors.notFound')]);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/coupon/prodListByCouponId?couponId=abc', headers: { 'accept-language': 'zh' } });
    expect([bad.statusCode, bad.body]).toEqual([400, zh('coupon.errors.notFound')]);
    const closedShop = await createTestShop(t);
    const id = await create('/merchant/coupons', await merchantLogin(t, closedShop.shopId), coupon());
    await t.ctx.db.update(shops).set({ status: 0 }).where(eq(shops.id, closedShop.shopId));
    const res = await t.app.inject({ method: 'GET', url: `/coupon/prodListByCouponId?couponId=${id}` });
    expect(res.statusCode).toBe(400);
  });
});
