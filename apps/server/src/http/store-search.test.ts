// GET /search/searchProdPage (reference 2.2, issue 25): a store page's product search through the
// list page's search flow: the store required, its categories (a parent stands for its children),
// keyword, sort, paging; another store's goods never come; refusals in both languages.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchPageSchema, type SearchPage } from '@bazaar/shared/schemas/catalog';
import { categories, products, shopCategories, shops, skus } from '../db/schema.ts';
import { refreshProductSearch } from '../flows/product-search.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;
let otherShopId: number;

beforeAll(async () => {
  t = await ensureSeeded();
  const open = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.status, 1)).orderBy(shops.id).limit(2);
  shopId = open[0]!.id;
  otherShopId = open[1]!.id;
});

const uniqueWord = () => `zs${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function storeSearch(query: Record<string, string | number>, lang: 'zh' | 'en' = 'en') {
  return t.app.inject({ method: 'GET', url: '/search/searchProdPage', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { 'accept-language': lang } });
}
async function page(query: Record<string, string | number>): Promise<SearchPage> {
  const res = await storeSearch(query);
  expect(res.statusCode, res.body).toBe(200);
  return SearchPageSchema.parse(res.json());
}

async function createProducts(rows: Array<{ shopId: number; nameZh: string; price?: number; shopCategoryId?: number }>): Promise<number[]> {
  const [leaf] = await t.ctx.db.select({ id: categories.id }).from(categories).where(and(eq(categories.grade, 3), eq(categories.shopId, 0))).limit(1);
  const inserted = await t.ctx.db
    .insert(products)
    .values(rows.map((r) => ({ categoryId: leaf!.id, pic: '/uploads/x.svg', price: r.price ?? 1000, oriPrice: r.price ?? 1000, totalStocks: 10, ...r })))
    .returning({ id: products.id });
  const ids = inserted.map((r) => r.id);
  await t.ctx.db.insert(skus).values(rows.map((r, i) => ({ productId: ids[i]!, price: r.price ?? 1000, oriPrice: r.price ?? 1000, stocks: 10 })));
  await refreshProductSearch(t.ctx.db, ids);
  return ids;
}

describe('GET /search/searchProdPage', () => {
  it("answers one store's goods by keyword, store category, sort and page, in the search page's shape", async () => {
    const word = uniqueWord();
    const [parent] = await t.ctx.db.insert(shopCategories).values({ shopId, nameZh: `上级 ${word}` }).returning({ id: shopCategories.id });
    const [child] = await t.ctx.db.insert(shopCategories).values({ shopId, parentId: parent!.id, nameZh: `下级 ${word}` }).returning({ id: shopCategories.id });
    const [cheap, middle, dear] = await createProducts([
      { shopId, nameZh: `店内商品 ${word} 甲`, price: 1_000, shopCategoryId: parent!.id },
      { shopId, nameZh: `店内商品 ${word} 乙`, price: 2_000, shopCategoryId: child!.id },
      { shopId, nameZh: `店内商品 ${word} 丙`, price: 3_000 },
    ]);
    const [elsewhere] = await createProducts([{ shopId: otherShopId, nameZh: `别家商品 ${word}` }]);

    const all = await page({ shopId, keyword: word, sort: 5 });
    expect(all.records.map((r) => r.prodId)).toEqual([cheap, middle, dear]);
    expect(all.records.every((r) => r.shopId === shopId)).toBe(true);
    expect(all).toMatchObject({ total: 3, current: 1, pages: 1 });
    expect(all.keywords).toEqual([word]);
    expect((await page({ shopId, keyword: word, sort: 4 })).records.map((r) => r.prodId)).toEqual([dear, middle, cheap]);
    // The other store finds its own only.
    expect((await page({ shopId: otherShopId, keyword: word })).records.map((r) => r.prodId)).toEqual([elsewhere]);
    // A store category stands for itself and its children.
    expect((await page({ shopId, keyword: word, shopCategoryId: parent!.id, sort: 5 })).records.map((r) => r.prodId)).toEqual([cheap, middle]);
    expect((await page({ shopId, keyword: word, shopCategoryId: child!.id })).records.map((r) => r.prodId)).toEqual([middle]);
    // Paging.
    const first = await page({ shopId, keyword: word, sort: 5, size: 2 });
    expect(first).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(first.records.map((r) => r.prodId)).toEqual([cheap, middle]);
    expect((await page({ shopId, keyword: word, sort: 5, size: 2, current: 2 })).records.map((r) => r.prodId)).toEqual([dear]);
    // Without a keyword: the store's whole shelf, nothing of another store.
    const shelf = await page({ shopId, size: 100 });
    expect(shelf.total).toBeGreaterThanOrEqual(3);
    expect(shelf.records.every((r) => r.shopId === shopId)).toBe(true);
    // An off-shelf product is not found.
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, dear!));
    await refreshProductSearch(t.ctx.db, [dear!]);
    expect((await page({ shopId, keyword: word, shopCategoryId: parent!.id })).total).toBe(2);
  });

  it('a closed store answers an empty page; no store, or bad paging and sort, 400 in both languages', async () => {
    const [closed] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.status, 2)).limit(1);
    if (closed) expect((await page({ shopId: closed.id })).total).toBe(0);
    for (const query of [{}, { shopId: 0 }, { shopId: 'x' }, { shopId, sort: 9 }, { shopId, size: 101 }, { shopId, current: 0 }] as Array<Record<string, string | number>>) {
      const zh = await storeSearch(query, 'zh');
      const en = await storeSearch(query, 'en');
      expect(zh.statusCode, JSON.stringify(query)).toBe(400);
      expect(en.statusCode).toBe(400);
      expect(zh.body).toMatch(/[\u4e00-\u9fff]/);
      expect(en.body).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});
