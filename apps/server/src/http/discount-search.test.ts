// The list page's special-discount tab (/list?st=2, specification section 2; reference "2 discount
// calls"): GET /marking/discount/searchProd finds, by name, the on-shelf products that a running shop
// promotion covers, and nothing else: not a product outside every promotion, not one of a
// promotion that has not started.
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ProductCardSchema } from '@bazaar/shared/schemas/catalog';
import { formatApiTime } from '../lib/api-time.ts';
import { json } from '../test/account-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shop: TestShop;
let token: string;
let inDeal: TestProduct;
let cheapInDeal: TestProduct;
let outside: TestProduct;
let upcoming: TestProduct;
const HOUR = 3_600_000;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * HOUR));
const WORD = `Dealword${Date.now().toString(36)}`;

async function createDiscount(productIds: number[], startHours: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/merchant/discounts',
    ...json(
      { nameZh: '搜索满减', nameEn: 'Search deal', discountRule: 0, suitableProdType: 1, productIds, startTime: at(startHours), endTime: at(30), tiers: [{ needAmount: 30_000, reduceAmount: 5_000 }] },
      { headers: { authorization: token, 'accept-language': 'en' } },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const search = (query: string, lang: 'zh' | 'en' = 'en') => t.app.inject({ method: 'GET', url: `/marking/discount/searchProd?${query}`, headers: { 'accept-language': lang } });

beforeAll(async () => {
  t = await ensureSeeded();
  shop = await createTestShop(t);
  token = await merchantLogin(t, shop.shopId);
  inDeal = await createTestProduct(t, { shopId: shop.shopId, nameEn: `${WORD} teapot` });
  cheapInDeal = await createTestProduct(t, { shopId: shop.shopId, nameEn: `${WORD} cup`, skus: [{ properties: '颜色:白色', nameZh: '白色', nameEn: 'White', price: 1_000, stocks: 3 }] });
  outside = await createTestProduct(t, { shopId: shop.shopId, nameEn: `${WORD} bowl` });
  upcoming = await createTestProduct(t, { shopId: shop.shopId, nameEn: `${WORD} tray` });
  await createDiscount([inDeal.prodId, cheapInDeal.prodId], -1);
  await createDiscount([upcoming.prodId], 5);
}, 180_000);

describe('GET /marking/discount/searchProd', () => {
  it("finds by name only the products of running promotions, with their shop's name", async () => {
    const res = await search(`keyword=${WORD}&sort=5`);
    expect(res.statusCode, res.body).toBe(200);
    const page = pageOf(ProductCardSchema).parse(res.json());
    expect(page.records.map((r) => r.prodId)).toEqual([cheapInDeal.prodId, inDeal.prodId]);
    expect(page.total).toBe(2);
    expect(page.records[0]).toMatchObject({ shopId: shop.shopId, shopName: shop.nameEn, price: 1_000 });
    for (const gone of [outside.prodId, upcoming.prodId]) expect(page.records.map((r) => r.prodId)).not.toContain(gone);
  });

  it('filters by price and pages', async () => {
    const dear = pageOf(ProductCardSchema).parse((await search(`keyword=${WORD}&minPrice=5000`)).json());
    expect(dear.records.map((r) => r.prodId)).toEqual([inDeal.prodId]);
    const first = pageOf(ProductCardSchema).parse((await search(`keyword=${WORD}&size=1&current=2&sort=5`)).json());
    expect(first).toMatchObject({ total: 2, pages: 2, current: 2 });
    expect(first.records.map((r) => r.prodId)).toEqual([inDeal.prodId]);
  });

  it('refuses a minimum above the maximum with a localized 400', async () => {
    const res = await search('minPrice=500&maxPrice=100', 'zh');
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('最低价不能高于最高价');
  });
});
