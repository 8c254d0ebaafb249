// Shop promotions as the platform console and the storefront see them (issue 11 §3, §5, decision
// 037): staff's list and takedown (audited), /marking/discount/* (running list, one promotion with
// 204 once it ended, its products, a product's tags) and the tag on search cards. Also the seed's
// promotions: the home banner's "every ¥300, ¥50 off" is a real running promotion.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { DiscountRowSchema, DiscountSummarySchema, ProductDiscountTagSchema } from '@bazaar/shared/schemas/shop-promotion';
import { ProductCardSchema, SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { discounts, shops } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { auditOf, createTestShop, staffCall, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let staff: string;
let shop: TestShop;
let token: string;
let listed: TestProduct;
let other: TestProduct;
const en = createI18n('en').t;
const HOUR = 3_600_000;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * HOUR));

const create = async (body: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/merchant/discounts',
    ...json(
      { nameZh: '测试满减', nameEn: 'Test deal', discountRule: 0, startTime: at(-1), endTime: at(30), tiers: [{ needAmount: 30_000, reduceAmount: 5_000 }], ...body },
      { headers: { authorization: token, 'accept-language': 'en' } },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().discountId as number;
};
const get = (url: string, lang: 'zh' | 'en' = 'en') => t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

beforeAll(async () => {
  t = await ensureSeeded();
  staff = await adminToken(t);
  shop = await createTestShop(t);
  token = await merchantLogin(t, shop.shopId);
  listed = await createTestProduct(t, { shopId: shop.shopId, nameEn: `Listed teapot ${Date.now()}` });
  other = await createTestProduct(t, { shopId: shop.shopId });
}, 180_000);

describe('the seed', () => {
  it("makes the home banner's offer real: the official store's every ¥300, ¥50 off runs for the campaign, with one promotion of each kind, an ended and an upcoming one", async () => {
    const rows = await t.ctx.db.select().from(discounts).innerJoin(shops, eq(shops.id, discounts.shopId)).where(eq(shops.nameZh, 'Bazaar 自营旗舰店'));
    const banner = rows.find((r) => r.discounts.discountType === 1);
    expect(banner?.discounts).toMatchObject({ discountRule: 0, suitableProdType: 1, status: 1 });
    expect(banner!.discounts.startTime.getTime()).toBeLessThan(Date.now());
    expect(banner!.discounts.endTime.getTime()).toBeGreaterThan(Date.now() + 7 * 24 * HOUR);
    const running = (await get('/marking/discount/getDiscountList?size=100', 'zh')).json().records as { discountRule: number; discountType: number; labels: string[]; shopName: string }[];
    expect(running.find((r) => r.shopName === 'Bazaar 自营旗舰店' && r.discountType === 1)?.labels).toEqual(['每满300减50']);
    expect(new Set(running.map((r) => r.discountRule))).toEqual(new Set([0, 1, 2]));
    const staffView = async (state: string) => (await staffCall(t, staff, 'GET', `/admin/discounts?state=${state}&size=100`)).json().records as { nameZh: string }[];
    expect((await staffView('ended')).some((r) => r.nameZh === '秋装清仓 满300减40')).toBe(true);
    expect((await staffView('upcoming')).some((r) => r.nameZh === '读书月 满2件8折')).toBe(true);
  });
});

describe('the storefront', () => {
  it('lists a running promotion with its shop, labels, picture and end; not an upcoming one', async () => {
    const id = await create({ suitableProdType: 1, productIds: [listed.prodId] });
    const upcoming = await create({ startTime: at(5), endTime: at(10) });
    const res = await get(`/marking/discount/getDiscountList?shopId=${shop.shopId}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = pageOf(DiscountSummarySchema).parse(res.json());
    const mine = page.records.find((r) => r.discountId === id);
    expect(mine).toMatchObject({ discountName: 'Test deal', shopName: shop.nameEn, labels: ['¥50 off ¥300'], pic: '/uploads/seed/test.svg', suitableProdType: 1 });
    expect(page.records.map((r) => r.discountId)).not.toContain(upcoming);
    const one = await get(`/marking/discount/getDiscountByDiscountId/${id}`, 'zh');
    expect(DiscountSummarySchema.parse(one.json())).toMatchObject({ discountId: id, discountName: '测试满减', labels: ['满300减50'], shopName: shop.nameZh });
    const notYet = await get(`/marking/discount/getDiscountByDiscountId/${upcoming}`);
    expect(notYet.statusCode).toBe(400);
    expect(notYet.body).toBe(en('promotion.errors.notFound'));
    expect((await get('/marking/discount/getDiscountByDiscountId/999999999')).body).toBe(en('promotion.errors.notFound'));
  });

  it("lists a promotion's products on the shelf, filtered by name and sorted; a whole-shop promotion covers every product", async () => {
    const some = await create({ suitableProdType: 1, productIds: [listed.prodId] });
    const res = await get(`/marking/discount/prodList?discountId=${some}`);
    expect(pageOf(ProductCardSchema).parse(res.json()).records.map((r) => r.prodId)).toEqual([listed.prodId]);
    const whole = await create({});
    const all = await get(`/marking/discount/prodList?discountId=${whole}&sort=5&size=50`);
    expect(all.json().records.map((r: { prodId: number }) => r.prodId).sort()).toEqual([listed.prodId, other.prodId].sort());
    const byName = await get(`/marking/discount/prodList?discountId=${whole}&keyword=${encodeURIComponent('Listed teapot')}`);
    expect(byName.json()).toMatchObject({ total: 1, records: [{ prodId: listed.prodId, shopName: shop.nameEn }] });
    expect((await get(`/marking/discount/prodList?discountId=${whole}&sort=3`)).statusCode).toBe(400);
  });

  it('answers 204 (activity ended) for a promotion that ended or was taken down, and drops it from the list', async () => {
    const id = await create({});
    await t.app.inject({ method: 'POST', url: `/merchant/discounts/${id}/end`, headers: { authorization: token } });
    for (const url of [`/marking/discount/getDiscountByDiscountId/${id}`, `/marking/discount/prodList?discountId=${id}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    const list = await get(`/marking/discount/getDiscountList?shopId=${shop.shopId}&size=100`);
    expect(list.json().records.map((r: { discountId: number }) => r.discountId)).not.toContain(id);
  });

  it("tags a product with the running promotions it is in, on its own call and on search cards", async () => {
    const product = await createTestProduct(t, { shopId: shop.shopId, nameEn: `Tagged kettle ${Date.now()}` });
    const before = await get(`/marking/discount/getDiscountByProdId?prodId=${product.prodId}`);
    const existing = before.json() as unknown[];
    const id = await create({ nameEn: 'Kettle deal', suitableProdType: 1, productIds: [product.prodId], discountRule: 1, tiers: [{ needAmount: 2, discount: 8 }] });
    const res = await get(`/marking/discount/getDiscountByProdId?prodId=${product.prodId}`, 'zh');
    const tags = ProductDiscountTagSchema.array().parse(res.json());
    expect(tags).toHaveLength(existing.length + 1);
    expect(tags.find((tag) => tag.discountId === id)).toMatchObject({ labels: ['满2件8折'] });
    const search = await get(`/search/page?shopId=${shop.shopId}&size=50`, 'zh');
    const cards = SearchPageSchema.parse(search.json()).records;
    expect(cards.find((c) => c.prodId === product.prodId)?.discountTag).toBeTruthy();
    const otherShop = await createTestShop(t);
    const plain = await createTestProduct(t, { shopId: otherShop.shopId });
    const plainSearch = await get(`/search/page?shopId=${otherShop.shopId}`);
    expect(plainSearch.json().records.find((c: { prodId: number }) => c.prodId === plain.prodId)).not.toHaveProperty('discountTag');
    expect((await get(`/marking/discount/getDiscountByProdId?prodId=${plain.prodId}`)).json()).toEqual([]);
  });
});

describe('the platform console', () => {
  it("lists every shop's running promotions by default, filtered by shop and state", async () => {
    const id = await create({ nameZh: '平台可见' });
    const upcoming = await create({ nameZh: '平台预告', startTime: at(5), endTime: at(10) });
    const res = await staffCall(t, staff, 'GET', `/admin/discounts?shopId=${shop.shopId}&size=100`);
    expect(res.statusCode, res.body).toBe(200);
    const page = pageOf(DiscountRowSchema).parse(res.json());
    expect(page.records.every((r) => r.state === 'running' && r.shopId === shop.shopId)).toBe(true);
    expect(page.records.find((r) => r.discountId === id)).toMatchObject({ shopName: shop.nameEn, nameZh: '平台可见' });
    const later = await staffCall(t, staff, 'GET', `/admin/discounts?shopId=${shop.shopId}&state=upcoming`);
    const laterRows = later.json().records as { discountId: number; state: string }[];
    expect(laterRows.map((r) => r.discountId)).toContain(upcoming);
    expect(laterRows.every((r) => r.state === 'upcoming')).toBe(true);
    const everyShop = await staffCall(t, staff, 'GET', '/admin/discounts?size=100');
    expect(new Set(everyShop.json().records.map((r: { shopId: number }) => r.shopId)).size).toBeGreaterThan(1);
    const bad = await staffCall(t, staff, 'GET', '/admin/discounts?state=soon');
    expect(bad.body).toBe(en('promotion.errors.filter'));
    expect((await t.app.inject({ method: 'GET', url: '/admin/discounts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/discounts', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('takes a promotion down with a reason: audited, gone from the storefront, the merchant sees why and cannot edit it', async () => {
    const id = await create({ nameZh: '违规活动' });
    const noReason = await staffCall(t, staff, 'POST', `/admin/discounts/${id}/takedown`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toBe(en('staff.errors.reasonRequired'));
    const res = await staffCall(t, staff, 'POST', `/admin/discounts/${id}/takedown`, { reason: '虚假原价' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(discounts).where(and(eq(discounts.id, id)));
    expect(row).toMatchObject({ status: 2, offenceReason: '虚假原价' });
    const audit = await auditOf(t, 'discount', id);
    expect(audit).toMatchObject([{ action: 'discount.takedown', before: { state: 'running', shopId: shop.shopId }, after: { state: 'takenDown', offenceReason: '虚假原价' } }]);
    expect((await get(`/marking/discount/getDiscountByDiscountId/${id}`)).statusCode).toBe(204);
    const merchant = await t.app.inject({ method: 'GET', url: `/merchant/discounts/${id}`, headers: { authorization: token } });
    expect(merchant.json()).toMatchObject({ state: 'takenDown', offenceReason: '虚假原价' });
    const taken = await t.app.inject({ method: 'GET', url: '/merchant/discounts?state=takenDown', headers: { authorization: token } });
    expect(taken.json().records.map((r: { discountId: number }) => r.discountId)).toContain(id);
    const edit = await t.app.inject({ method: 'POST', url: `/merchant/discounts/${id}/end`, headers: { authorization: token, 'accept-language': 'en' } });
    expect(edit.body).toBe(en('promotion.errors.alreadyEnded'));
    const again = await staffCall(t, staff, 'POST', `/admin/discounts/${id}/takedown`, { reason: '再来一次' });
    expect(again.body).toBe(en('promotion.errors.alreadyEnded'));
    const missing = await staffCall(t, staff, 'POST', '/admin/discounts/999999999/takedown', { reason: '不存在' });
    expect(missing.body).toBe(en('promotion.errors.notFound'));
  });
});
