// Platform coupons in the console (issue 11 §5, decision 044): staff create, edit, end and list the
// platform's coupons (shopId 0) with their usage, every change in the audit log; shoppers see them
// in the coupon center; no other audience reaches these calls, and a shop coupon is not the
// platform's nor the other way round.
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { CouponAdminDetailSchema, CouponAdminRowSchema } from '@bazaar/shared/schemas/coupon-admin';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { formatApiTime } from '../lib/api-time.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { as, createProductIn, shopperWithAddress, type OrderTestProduct } from '../test/order-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let staff: string;
let shop: TestShop;
let merchant: string;
let productA: OrderTestProduct;
let productB: OrderTestProduct;

const zh = createI18n('zh').t;
const en = createI18n('en').t;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * 3_600_000));
const PageSchema = pageOf(CouponAdminRowSchema);

function call(method: 'GET' | 'POST' | 'PUT', url: string, authorization: string | null, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers: Record<string, string> = { 'accept-language': lang };
  if (authorization) headers.authorization = authorization;
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}
const bearer = () => `Bearer ${staff}`;

const coupon = (overrides: Record<string, unknown> = {}) => ({
  nameZh: '平台满200减20',
  nameEn: '¥20 off ¥200, every shop',
  couponType: 1,
  cashCondition: 20_000,
  reduceAmount: 2_000,
  suitableProdType: 0,
  productIds: [],
  validTimeType: 1,
  startTime: at(-1),
  endTime: at(24 * 10),
  totalStock: 500,
  limitNum: 1,
  getWay: 0,
  putonStatus: 1,
  ...overrides,
});

/** The coupon actions recorded on one coupon (each action's newest 100 entries: other files' entries never crowd them out). */
async function auditActions(targetId: number): Promise<string[]> {
  const found: string[] = [];
  for (const action of ['coupon.create', 'coupon.update', 'coupon.end']) {
    const res = await call('GET', `/admin/audit-logs?action=${action}&size=100`, bearer());
    expect(res.statusCode, res.body).toBe(200);
    for (const r of res.json().records as Array<{ action: string; targetType: string; targetId: string }>) if (r.targetType === 'coupon' && r.targetId === String(targetId)) found.push(r.action);
  }
  return found;
}

beforeAll(async () => {
  t = await ensureSeeded();
  staff = await adminToken(t);
  shop = await createTestShop(t);
  merchant = await merchantLogin(t, shop.shopId);
  productA = await createProductIn(t, shop.shopId);
  productB = await createProductIn(t, (await createTestShop(t)).shopId);
}, 180_000);

describe('platform coupons', () => {
  it('creates one for products of several shops, audited, and a shopper receives it in the coupon center', async () => {
    const res = await call('POST', '/admin/coupons', bearer(), coupon({ nameZh: `平台券${Date.now()}`, suitableProdType: 1, productIds: [productA.prodId, productB.prodId] }));
    expect(res.statusCode, res.body).toBe(200);
    const c = CouponAdminDetailSchema.parse(res.json());
    expect(c).toMatchObject({ shopId: 0, label: '¥20 off ¥200', productCount: 2, state: 'on', usage: { received: 0, used: 0, reducedAmount: 0 } });
    expect(c.products.map((p) => p.prodId).sort()).toEqual([productA.prodId, productB.prodId].sort());
    expect(await auditActions(c.couponId)).toEqual(['coupon.create']);

    const shopper = await shopperWithAddress(t);
    const center = await t.app.inject({ method: 'GET', url: '/p/myCoupon/getCouponPage?shopType=1&size=100', headers: as(shopper) });
    expect((center.json().records as Array<{ couponId: number }>).some((r) => r.couponId === c.couponId)).toBe(true);
    const got = await t.app.inject({ method: 'POST', url: '/p/myCoupon/receive', headers: as(shopper), payload: { couponId: c.couponId } });
    expect(got.statusCode, got.body).toBe(200);
    const listed = PageSchema.parse((await call('GET', '/admin/coupons?size=100', bearer())).json());
    expect(listed.records.every((r) => r.shopId === 0)).toBe(true);
    expect(listed.records.find((r) => r.couponId === c.couponId)!.usage.received).toBe(1);
  });

  it('edits and ends one, each audited with the fields before and after; refuses what the merchant center refuses', async () => {
    const c = CouponAdminDetailSchema.parse((await call('POST', '/admin/coupons', bearer(), coupon())).json());
    const edited = await call('PUT', `/admin/coupons/${c.couponId}`, bearer(), coupon({ nameZh: '平台新名', totalStock: 800 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(CouponAdminDetailSchema.parse(edited.json())).toMatchObject({ nameZh: '平台新名', totalStock: 800, stocks: 800 });
    const ended = await call('POST', `/admin/coupons/${c.couponId}/end`, bearer());
    expect(CouponAdminDetailSchema.parse(ended.json()).state).toBe('ended');
    expect(await auditActions(c.couponId)).toEqual(['coupon.create', 'coupon.update', 'coupon.end']);
    const log = (await call('GET', '/admin/audit-logs?action=coupon.update&size=100', bearer())).json().records.find((r: { targetId: string }) => r.targetId === String(c.couponId));
    expect(log.before).toMatchObject({ nameZh: '平台满200减20', totalStock: 500 });
    expect(log.after).toMatchObject({ nameZh: '平台新名', totalStock: 800 });

    const again = await call('POST', `/admin/coupons/${c.couponId}/end`, bearer(), undefined, 'zh');
    expect([again.statusCode, again.body]).toEqual([400, zh('couponAdmin.errors.alreadyEnded')]);
    const bad = await call('POST', '/admin/coupons', bearer(), coupon({ couponType: 2, reduceAmount: 0, couponDiscount: 12 }), 'zh');
    expect([bad.statusCode, bad.body]).toEqual([400, zh('couponAdmin.errors.rate')]);
    const gone = await call('POST', '/admin/coupons', bearer(), coupon({ suitableProdType: 2, productIds: [2_000_000_000] }));
    expect([gone.statusCode, gone.body]).toEqual([400, en('couponAdmin.errors.productNotFound')]);
    // A refused change leaves no audit entry.
    expect((await auditActions(c.couponId)).length).toBe(3);
  });

  it('keeps platform and shop coupons apart: each side answers 404 for the other\'s', async () => {
    const platform = CouponAdminDetailSchema.parse((await call('POST', '/admin/coupons', bearer(), coupon())).json());
    const own = CouponAdminDetailSchema.parse((await call('POST', '/merchant/coupons', merchant, coupon())).json());
    expect(own.shopId).toBe(shop.shopId);
    for (const [method, url, body] of [
      ['GET', `/merchant/coupons/${platform.couponId}`, undefined],
      ['PUT', `/merchant/coupons/${platform.couponId}`, coupon()],
      ['POST', `/merchant/coupons/${platform.couponId}/end`, undefined],
    ] as const) {
      const res = await call(method, url, merchant, body);
      expect([res.statusCode, res.body], `${method} ${url}`).toEqual([404, en('couponAdmin.errors.notFound')]);
    }
    for (const [method, url, body] of [
      ['GET', `/admin/coupons/${own.couponId}`, undefined],
      ['PUT', `/admin/coupons/${own.couponId}`, coupon()],
      ['POST', `/admin/coupons/${own.couponId}/end`, undefined],
    ] as const) {
      const res = await call(method, url, bearer(), body, 'zh');
      expect([res.statusCode, res.body], `${method} ${url}`).toEqual([404, zh('couponAdmin.errors.notFound')]);
    }
    const merchantList = PageSchema.parse((await call('GET', '/merchant/coupons?size=100', merchant)).json());
    expect(merchantList.records.some((r) => r.couponId === platform.couponId)).toBe(false);
    const platformList = PageSchema.parse((await call('GET', '/admin/coupons?size=100', bearer())).json());
    expect(platformList.records.some((r) => r.couponId === own.couponId)).toBe(false);
    expect(await auditActions(own.couponId)).toEqual([]);
  });

  it('refuses a visitor, a shopper and a merchant (401) on every call', async () => {
    const c = CouponAdminDetailSchema.parse((await call('POST', '/admin/coupons', bearer(), coupon())).json());
    const shopper = await shopperWithAddress(t);
    for (const token of [null, shopper.token, merchant]) {
      for (const [method, url, body] of [
        ['GET', '/admin/coupons', undefined],
        ['GET', `/admin/coupons/${c.couponId}`, undefined],
        ['POST', '/admin/coupons', coupon()],
        ['PUT', `/admin/coupons/${c.couponId}`, coupon()],
        ['POST', `/admin/coupons/${c.couponId}/end`, undefined],
      ] as const) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });
});
