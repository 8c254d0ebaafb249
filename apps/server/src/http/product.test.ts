import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { countQueries } from '../db/query-count.ts';
import { products, shopCollections, shops, skus } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { createTestProduct } from '../test/product-test-kit.ts';
import { invalidateProductDetail, PRODUCT_DETAIL_TTL_MS, productDetailCacheFor } from '../modules/product/service.ts';

let t: TestApp;
const en = { 'accept-language': 'en' };
const get = (prodId: string | number, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${prodId}`, headers });

beforeAll(async () => {
  t = await ensureSeeded();
});

describe('GET /prod/prodInfo', () => {
  it('answers a seeded product in Chinese and in English, with SKUs and the picker groups', async () => {
    const [seeded] = await t.ctx.db.select().from(products).where(eq(products.status, 1)).orderBy(asc(products.id)).limit(1);
    const zhRes = await get(seeded!.id);
    expect(zhRes.statusCode, zhRes.body).toBe(200);
    expect(zhRes.headers['content-type']).toMatch(/^application\/json/);
    const zh = ProductDetailSchema.parse(zhRes.json());
    const enDetail = ProductDetailSchema.parse((await get(seeded!.id, en)).json());
    expect(zh.prodName).toBe(seeded!.nameZh);
    expect(enDetail.prodName).toBe(seeded!.nameEn);
    expect(zh.price).toBe(Math.min(...zh.skuList.map((s) => s.price)));
    expect(zh.shop.shopId).toBe(seeded!.shopId);
    expect(zh.shop.prodCount).toBeGreaterThan(0);
    expect(zh.shopName).not.toBe(enDetail.shopName);
    expect(zh.content).toContain('<table');
    expect(zh.skuList.length).toBeGreaterThan(0);
    // Chinese properties 'k:v;k:v'; English ones use English names and values.
    expect(zh.skuList[0]?.properties).toMatch(/^[^:;]+:[^;]+(;[^:;]+:[^;]+)*$/);
    expect(enDetail.skuList[0]?.properties).toMatch(/^[A-Za-z ]+:/);
    expect(zh.specs.length).toBe(zh.skuList[0]!.properties.split(';').length);
    for (const sku of zh.skuList) {
      sku.properties.split(';').forEach((pair, i) => expect(zh.specs[i]?.values).toContain(pair.split(':')[1]));
    }
  });

  it('says where the product ships from and on what terms, in the reader\'s language', async () => {
    const [tea] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.nameZh, '瓷韵茶社'));
    const [teaProduct] = await t.ctx.db.select().from(products).where(and(eq(products.shopId, tea!.id), eq(products.status, 1))).limit(1);
    const zh = ProductDetailSchema.parse((await get(teaProduct!.id)).json());
    const enDetail = ProductDetailSchema.parse((await get(teaProduct!.id, en)).json());
    // The demo rule: ¥8 per order, free from ¥199; dearer in the far west (db/seed/freight.ts).
    expect(zh.delivery).toEqual({
      fromProvinceId: 360000,
      fromProvince: '江西省',
      freight: 800,
      freeFreightFrom: 19_900,
      regionFreight: [
        { provinceIds: [650000, 540000], freight: 2_000, freeFreightFrom: null },
        { provinceIds: [630000, 620000, 640000, 150000], freight: 1_200, freeFreightFrom: 29_900 },
      ],
      returnable: true,
    });
    expect(enDetail.delivery.fromProvince).toBe('Jiangxi');
    const [virtual] = await t.ctx.db.select().from(products).where(and(eq(products.mold, 1), eq(products.status, 1))).limit(1);
    expect(ProductDetailSchema.parse((await get(virtual!.id)).json()).delivery.returnable).toBe(false);
  });

  it("counts the shop's followers on its card, as the store header does", async () => {
    const [tea] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.nameZh, '瓷韵茶社'));
    const [teaProduct] = await t.ctx.db.select().from(products).where(and(eq(products.shopId, tea!.id), eq(products.status, 1))).limit(1);
    const [followers] = await t.ctx.db.select({ n: count() }).from(shopCollections).where(eq(shopCollections.shopId, tea!.id));
    expect(followers!.n).toBeGreaterThan(0);
    invalidateProductDetail(t.ctx, teaProduct!.id);
    const detail = ProductDetailSchema.parse((await get(teaProduct!.id, en)).json());
    expect(detail.shop.followers).toBe(followers!.n);
    const head = (await t.app.inject({ method: 'GET', url: `/shop/headInfo?shopId=${tea!.id}` })).json() as { collectionNum: number };
    expect(detail.shop.followers).toBe(head.collectionNum);
  });

  it('localizes SKU properties and falls back to Chinese where English is missing', async () => {
    const p = await createTestProduct(t, { nameEn: null, contentEn: null });
    const zh = ProductDetailSchema.parse((await get(p.prodId)).json());
    const detail = ProductDetailSchema.parse((await get(p.prodId, en)).json());
    expect(detail.prodName).toBe(p.nameZh);
    expect(detail.content).toBe('<p>中文详情</p>');
    expect(detail.brief).toBe('A product for tests');
    expect(zh.skuList.map((s) => s.properties)).toEqual(['颜色:黑色;尺码:M', '颜色:黑色;尺码:L', '颜色:白色;尺码:M']);
    expect(detail.skuList.map((s) => s.properties)).toEqual(['Color:Black;Size:M', 'Color:Black;Size:L', 'Color:White;Size:M']);
    expect(detail.skuList.map((s) => s.skuName)).toEqual(['Black / M', 'Black / L', 'White / M']);
    expect(zh.specs).toEqual([
      { name: '颜色', values: ['黑色', '白色'] },
      { name: '尺码', values: ['M', 'L'] },
    ]);
    expect(detail.specs[0]).toEqual({ name: 'Color', values: ['Black', 'White'] });
    expect(detail.skuList.map((s) => s.stocks)).toEqual([5, 0, -1]);
    expect(detail.totalStocks).toBe(-1);
  });

  it('serves the description as the merchant center stored it (cleaned on save, lib/rich-text.test.ts)', async () => {
    const stored = '<h2>标题</h2><p>段落<a href="https://example.com" rel="nofollow noopener noreferrer" target="_blank">好链接</a></p>';
    const p = await createTestProduct(t, { contentZh: stored });
    expect(ProductDetailSchema.parse((await get(p.prodId)).json()).content).toBe(stored);
  });

  it('answers a missing prodId with 400, never 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod/prodInfo' });
    expect(res.statusCode).toBe(400);
  });

  it('sends one statement on a cold cache (two when the shop’s count is not cached) and none on a warm one', async () => {
    const p = await createTestProduct(t);
    const cold = await countQueries(() => get(p.prodId));
    expect(cold.result.statusCode).toBe(200);
    expect(cold.queries.length).toBeGreaterThanOrEqual(1);
    expect(cold.queries.length).toBeLessThanOrEqual(2);
    const warm = await countQueries(() => get(p.prodId));
    expect(warm.queries).toHaveLength(0);
    expect(warm.result.body).toBe(cold.result.body);
  });

  it('serves cached stock until invalidated or until the TTL passes', async () => {
    const p = await createTestProduct(t);
    const stocksOf = async () => ProductDetailSchema.parse((await get(p.prodId)).json()).skuList[0]?.stocks;
    expect(await stocksOf()).toBe(5);
    await t.ctx.db.update(skus).set({ stocks: 2 }).where(eq(skus.id, p.skuIds[0]!));
    expect(await stocksOf()).toBe(5);
    invalidateProductDetail(t.ctx, p.prodId);
    expect(await stocksOf()).toBe(2);
    await t.ctx.db.update(skus).set({ stocks: 1 }).where(eq(skus.id, p.skuIds[0]!));
    t.advanceClock(PRODUCT_DETAIL_TTL_MS + 1);
    try {
      expect(await stocksOf()).toBe(1);
    } finally {
      t.resetClock();
      productDetailCacheFor(t.ctx).invalidate(p.prodId);
    }
  });

  it('forgets a product taken off the shelf once invalidated', async () => {
    const p = await createTestProduct(t);
    expect((await get(p.prodId)).statusCode).toBe(200);
    await t.ctx.db.update(products).set({ status: 0 }).where(and(eq(products.id, p.prodId)));
    invalidateProductDetail(t.ctx, p.prodId);
    expect((await get(p.prodId)).statusCode).toBe(400);
  });
});
