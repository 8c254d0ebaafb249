import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchPageSchema, SearchQuerySchema, type SearchPage } from '@bazaar/shared/schemas/catalog';
import { HotSearchSchema } from '@bazaar/shared/schemas/search';
import { categories, products, shopCategories, shops, skus } from '../db/schema.ts';
import { countQueries } from '../db/query-count.ts';
import { parseKeyword } from '../lib/search-tokenizer.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance } from '../test/instances.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { refreshProductSearch } from '../flows/product-search.ts';
import { createLiveSearchIndex } from '../flows/product-search-index.ts';
import { createProductSearch, dropSearchCaches } from '../flows/search-products.ts';

let t: TestApp;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await ensureSeeded();
});

async function search(query: Record<string, string | number>, headers: Record<string, string> = {}): Promise<SearchPage> {
  const res = await t.app.inject({ method: 'GET', url: '/search/page', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers });
  expect(res.statusCode, res.body).toBe(200);
  return SearchPageSchema.parse(res.json());
}
const names = (page: SearchPage) => page.records.map((r) => r.prodName);

/** A word no seeded name contains, so a test sees only its own products. */
const uniqueWord = () => `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function leafCategoryId(): Promise<number> {
  const [leaf] = await t.ctx.db.select({ id: categories.id }).from(categories).where(and(eq(categories.grade, 3), eq(categories.shopId, 0))).limit(1);
  return leaf?.id as number;
}

async function shopWithStatus(status: number): Promise<number> {
  const [shop] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.status, status)).limit(1);
  return shop?.id as number;
}

async function createProducts(
  rows: { shopId: number; nameZh: string; nameEn?: string; status?: number; price?: number; soldNum?: number; totalStocks?: number; shopCategoryId?: number }[],
) {
  const categoryId = await leafCategoryId();
  const inserted = await t.ctx.db
    .insert(products)
    .values(rows.map((r) => ({ categoryId, pic: '/uploads/x.svg', price: r.price ?? 1000, oriPrice: r.price ?? 1000, totalStocks: r.totalStocks ?? 10, ...r })))
    .returning({ id: products.id });
  const ids = inserted.map((r) => r.id);
  // Like any real product, each has a SKU (other suites check that of every product).
  await t.ctx.db.insert(skus).values(rows.map((r, i) => ({ productId: ids[i] as number, price: r.price ?? 1000, oriPrice: r.price ?? 1000, stocks: r.totalStocks ?? 10 })));
  await refreshProductSearch(t.ctx.db, ids);
  return ids;
}

describe('GET /search/page relevance on the seeded catalogue', () => {
  it('手机 (two characters) ranks smartphones first', async () => {
    const page = await search({ keyword: '手机', size: 10 });
    expect(page.total).toBeGreaterThan(10);
    expect(page.keywords).toEqual(['手机']);
    for (const name of names(page).slice(0, 5)) expect(name).toMatch(/手机$/);
  });

  it('茶杯 finds the teacups, whole-word matches first', async () => {
    const page = await search({ keyword: '茶杯', size: 10 });
    expect(names(page).slice(0, 3).every((n) => n.includes('茶杯'))).toBe(true);
    // Cups of the 茶杯 category whose names lack the word still come, below.
    expect(names(page).some((n) => !n.includes('茶杯'))).toBe(true);
  });

  it('茶 (one character) matches any name containing it', async () => {
    const page = await search({ keyword: '茶', size: 50 });
    expect(page.total).toBeGreaterThan(5);
    for (const name of names(page)) expect(name).toContain('茶');
  });

  it('a long Chinese phrase is segmented: 青花瓷茶杯 needs both words', async () => {
    const page = await search({ keyword: '青花瓷茶杯' });
    expect(page.keywords).toEqual(['青花瓷', '茶杯']);
    expect(page.total).toBeGreaterThan(0);
    for (const name of names(page)) expect(name).toMatch(/青花瓷.*茶杯/);
  });

  it('pinyin finds Chinese names: shouji -> 手机, chabei -> 茶杯', async () => {
    const phones = await search({ keyword: 'shouji', size: 5 });
    expect(phones.total).toBeGreaterThan(0);
    for (const name of names(phones)) expect(name).toContain('手机');
    expect(names(await search({ keyword: 'chabei', size: 3 }))[0]).toContain('茶杯');
  });

  it('English words and prefixes, in either language', async () => {
    const teacups = await search({ keyword: 'teacup', size: 3 }, en);
    expect(names(teacups)[0]).toMatch(/Teacup/);
    const prefix = await search({ keyword: 'Pho', size: 10 }, en);
    expect(prefix.total).toBeGreaterThan(0);
    for (const name of names(prefix)) expect(name).toMatch(/\bpho/i);
    // An English word finds products for a Chinese reader, named in Chinese.
    const zh = await search({ keyword: 'teacup', size: 3 });
    expect(names(zh)[0]).toContain('茶杯');
  });

  it('mixed scripts: 华为mate finds the HUAWEI Mate phone', async () => {
    const page = await search({ keyword: '华为mate' });
    expect(page.keywords).toEqual(['华为', 'mate']);
    expect(names(page)).toContain('华为 Mate 70 Pro 手机');
  });

  it('answers the names and shop names in the request language', async () => {
    const page = await search({ keyword: '茶杯', size: 3 }, en);
    expect(names(page)[0]).toMatch(/^[\x20-\x7e’]+$/);
    expect(page.records[0]?.shopName).toMatch(/^[\x20-\x7e’]+$/);
  });
});

describe('GET /search/page filters, sort and paging', () => {
  it('browses everything by sales when there is no keyword', async () => {
    const page = await search({ size: 20 });
    expect(page.total).toBeGreaterThan(300);
    const sold = page.records.map((r) => r.soldNum);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect(page.pages).toBe(Math.ceil(page.total / 20));
  });

  it('a top-level category includes its whole subtree', async () => {
    const [top] = await t.ctx.db.select({ id: categories.id }).from(categories).where(and(eq(categories.grade, 1), eq(categories.shopId, 0))).limit(1);
    const topId = top?.id as number;
    const mids = await t.ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, topId));
    const leaves = await t.ctx.db.select({ id: categories.id }).from(categories).where(inArray(categories.parentId, mids.map((m) => m.id)));
    const page = await search({ categoryId: topId, size: 100 });
    expect(page.total).toBeGreaterThan(0);
    const rows = await t.ctx.db.select({ categoryId: products.categoryId }).from(products).where(inArray(products.id, page.records.map((r) => r.prodId)));
    const allowed = new Set(leaves.map((l) => l.id));
    expect(rows.every((r) => allowed.has(r.categoryId))).toBe(true);
    const leaf = leaves[0]?.id as number;
    const leafPage = await search({ categoryId: leaf });
    expect(leafPage.total).toBeLessThan(page.total);
  });

  it('price range in fen, in stock only, and every sort order', async () => {
    const ranged = await search({ minPrice: 10_000, maxPrice: 50_000, size: 100 });
    expect(ranged.total).toBeGreaterThan(0);
    for (const r of ranged.records) expect(r.price >= 10_000 && r.price <= 50_000).toBe(true);

    const all = await search({ size: 1 });
    const inStock = await search({ hasStock: 1, size: 100 });
    expect(inStock.total).toBeLessThan(all.total);
    for (const r of inStock.records) expect(r.totalStocks).not.toBe(0);

    const asc = (await search({ sort: 5, size: 30 })).records.map((r) => r.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await search({ keyword: '手机', sort: 4, size: 30 })).records.map((r) => r.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const sales = (await search({ keyword: '茶', sort: 2, size: 30 })).records.map((r) => r.soldNum);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('sorts by newest and pages without overlap', async () => {
    const word = uniqueWord();
    const shopId = await shopWithStatus(1);
    const ids = await createProducts([1, 2, 3, 4, 5].map((i) => ({ shopId, nameZh: `新品 ${word} ${i}`, nameEn: `New ${word} ${i}` })));
    const first = await search({ keyword: word, sort: 1, size: 2, current: 1 });
    const second = await search({ keyword: word, sort: 1, size: 2, current: 2 });
    const third = await search({ keyword: word, sort: 1, size: 2, current: 3 });
    expect(first.total).toBe(5);
    expect(first.pages).toBe(3);
    expect(third.total).toBe(5);
    const seen = [...first.records, ...second.records, ...third.records].map((r) => r.prodId);
    expect(new Set(seen).size).toBe(5);
    expect(seen.sort()).toEqual([...ids].sort());
    // Past the last page: empty, with the real total.
    const beyond = await search({ keyword: word, size: 2, current: 9 });
    expect(beyond.records).toEqual([]);
    expect(beyond.total).toBe(5);
  });

  it('only on-shelf products of open shops are ever returned', async () => {
    const word = uniqueWord();
    const open = await shopWithStatus(1);
    const offline = await shopWithStatus(2);
    const underReview = await shopWithStatus(0);
    const [visible] = await createProducts([
      { shopId: open, nameZh: `可见 ${word}` },
      { shopId: open, nameZh: `下架 ${word}`, status: 0 },
      { shopId: open, nameZh: `删除 ${word}`, status: -1 },
      { shopId: offline, nameZh: `关店 ${word}` },
      { shopId: underReview, nameZh: `审核 ${word}` },
    ]);
    const page = await search({ keyword: word });
    expect(page.records.map((r) => r.prodId)).toEqual([visible]);
    expect(page.total).toBe(1);
    expect((await search({ keyword: word, shopId: offline })).total).toBe(0);
  });

  it('filters by shop, for the store page', async () => {
    const shopId = await shopWithStatus(1);
    const page = await search({ shopId, size: 50 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.every((r) => r.shopId === shopId)).toBe(true);
  });

  it('filters by a shop category, which stands for itself and its children only', async () => {
    const word = uniqueWord();
    const shopId = await shopWithStatus(1);
    const [parent] = await t.ctx.db.insert(shopCategories).values({ shopId, nameZh: `上级 ${word}` }).returning({ id: shopCategories.id });
    const [child] = await t.ctx.db.insert(shopCategories).values({ shopId, parentId: parent!.id, nameZh: `下级 ${word}` }).returning({ id: shopCategories.id });
    const [other] = await t.ctx.db.insert(shopCategories).values({ shopId, nameZh: `其他 ${word}` }).returning({ id: shopCategories.id });
    const [inParent, inChild] = await createProducts([
      { shopId, nameZh: `上级商品 ${word}`, shopCategoryId: parent!.id },
      { shopId, nameZh: `下级商品 ${word}`, shopCategoryId: child!.id },
      { shopId, nameZh: `其他商品 ${word}`, shopCategoryId: other!.id },
    ]);
    const ids = async (shopCategoryId: number) => (await search({ keyword: word, shopId, shopCategoryId })).records.map((r) => r.prodId).sort();
    expect(await ids(parent!.id)).toEqual([inParent, inChild].sort());
    expect(await ids(child!.id)).toEqual([inChild]);
  });

  it('renames are searchable once refreshProductSearch runs and the cached pages are dropped', async () => {
    const before = uniqueWord();
    const after = uniqueWord();
    const [id] = await createProducts([{ shopId: await shopWithStatus(1), nameZh: `改名 ${before}` }]);
    expect((await search({ keyword: before })).total).toBe(1);
    await t.ctx.db.update(products).set({ nameZh: `改名 ${after}` }).where(eq(products.id, id as number));
    await refreshProductSearch(t.ctx.db, [id as number]);
    // The keyword page is still kept (for up to 10 s) until the writer drops the search caches.
    expect((await search({ keyword: before })).total).toBe(1);
    await dropSearchCaches(t.ctx);
    expect((await search({ keyword: before })).total).toBe(0);
    expect((await search({ keyword: after })).total).toBe(1);
  });
});

describe('GET /search/page bad input never fails', () => {
  it.each([
    "' OR 1=1 --",
    '%',
    '_',
    '\\',
    ':*',
    '&|!()',
    "'",
    '😀🍵',
    '茶😀cup',
    'ｐｈｏｎｅ',
    '<script>alert(1)</script>',
    'a:* | b',
    '手机 & !茶',
  ])('keyword %j answers 200', async (keyword) => {
    const page = await search({ keyword });
    expect(page.current).toBe(1);
  });

  it('symbols and emoji alone match nothing (not everything)', async () => {
    for (const keyword of ['%', '_', '\\', ':*', '&|!()', '😀']) expect((await search({ keyword })).total).toBe(0);
  });

  it('full-width letters are folded: ｐｈｏｎｅ = phone', async () => {
    expect((await search({ keyword: 'ｐｈｏｎｅ' }, en)).total).toBe((await search({ keyword: 'phone' }, en)).total);
  });

  it.each([
    ['current=-1', '页码不正确'],
    ['current=0', '页码不正确'],
    ['current=abc', '请求参数不正确'],
    ['size=1000', '每页数量不能超过100'],
    ['size=0', '页码不正确'],
    ['categoryId=abc', '编号不正确'],
    ['categoryId=-5', '编号不正确'],
    ['categoryId=99999999999', '编号不正确'],
    ['sort=9', '排序方式不正确'],
    ['minPrice=-1', '编号不正确'],
    [`keyword=${'长'.repeat(51)}`, '搜索词不能超过50个字符'],
  ])('%s is a localized 400', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/search/page?${encodeURI(query)}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(message);
  });

  it('a minimum above the maximum price is a 400 in the reader language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/search/page?minPrice=500&maxPrice=100' });
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toBe('最低价不能高于最高价');
    const english = await t.app.inject({ method: 'GET', url: '/search/page?minPrice=500&maxPrice=100', headers: en });
    expect(english.body).toBe('The minimum price cannot be above the maximum price');
  });

  it('unknown ids and huge pages answer an empty page', async () => {
    expect((await search({ categoryId: 2_000_000_000 })).total).toBe(0);
    expect((await search({ shopId: 2_000_000_000 })).records).toEqual([]);
    expect((await search({ shopCategoryId: 2_000_000_000 })).records).toEqual([]);
    const deep = await search({ current: 1e15, size: 100 });
    expect(deep.records).toEqual([]);
    expect(deep.total).toBeGreaterThan(0);
  });
});

describe('GET /search/page query count', () => {
  /** The in-memory index's read of changed products (decision 050): once a second in production, before every keyword search in tests. */
  const isIndexRead = (q: string) => q.includes('product_changes') || q.includes('pg_snapshot_xmin');
  const statements = async (url: string) => {
    const { result, queries } = await countQueries(() => t.app.inject({ method: 'GET', url }));
    expect(result.statusCode).toBe(200);
    return queries.filter((q) => !isIndexRead(q)).length;
  };

  it('a keyword page is one statement (its cards, by id), whatever its size', async () => {
    const word = uniqueWord();
    const shopId = await shopWithStatus(1);
    await createProducts(Array.from({ length: 12 }, (_, i) => ({ shopId, nameZh: `计数 ${word} ${i}` })));
    for (const size of [20, 50, 100]) expect(await statements(`/search/page?keyword=${word}&size=${size}`)).toBe(1);
  });

  it('a full keyword page is still one statement: the index counts the matches', async () => {
    expect(await statements(`/search/page?keyword=${encodeURIComponent('手机')}&size=2`)).toBe(1);
    // The same keyword page again within seconds comes from memory.
    expect(await statements(`/search/page?keyword=${encodeURIComponent('手机')}&size=2`)).toBe(0);
    expect(await statements(`/search/page?keyword=${encodeURIComponent('手机')}&size=100&current=2`)).toBeLessThanOrEqual(2);
    expect(await statements('/search/page?size=100&current=2')).toBeLessThanOrEqual(2);
    expect(await statements('/search/page?size=100&categoryId=1&sort=5')).toBeLessThanOrEqual(2);
    // A category filter reads its subtree's ids first.
    expect(await statements(`/search/page?keyword=${encodeURIComponent('手机')}&size=3&categoryId=1`)).toBe(2);
  });

  it('parallel readers of one keyword page share one load (single flight)', async () => {
    const url = `/search/page?keyword=${encodeURIComponent('茶杯')}&size=3&sort=2`;
    const { result, queries } = await countQueries(() => Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url }))));
    expect(result.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(result.map((r) => r.body)).size).toBe(1);
    expect(queries.filter((q) => !isIndexRead(q)).length).toBe(1);
    expect(queries.filter(isIndexRead).length).toBeLessThanOrEqual(1);
  });

  it('a full browse page adds one count, never a statement per product', async () => {
    expect(await statements('/search/page?size=2&sort=4')).toBeLessThanOrEqual(2);
    expect(await statements(`/search/page?size=2&shopId=${await shopWithStatus(1)}`)).toBe(2);
  });
});

describe('GET /search/page count cap ("10,000+")', () => {
  it('answers totalCapped false with the exact total below the cap', async () => {
    const word = uniqueWord();
    const shopId = await shopWithStatus(1);
    await createProducts(Array.from({ length: 7 }, (_, i) => ({ shopId, nameZh: `封顶 ${word} ${i}` })));
    const full = await search({ keyword: word, size: 3 });
    expect(full).toMatchObject({ total: 7, totalCapped: false, pages: 3 });
    expect(full.records).toHaveLength(3);
    expect(await search({ keyword: word, size: 3, current: 3 })).toMatchObject({ total: 7, totalCapped: false });
  });

  it('past the cap, a keyword page answers the cap and the flag, with one statement for its cards', async () => {
    const word = uniqueWord();
    const shopId = await shopWithStatus(1);
    await createProducts(Array.from({ length: 7 }, (_, i) => ({ shopId, nameZh: `封顶 ${word} ${i}` })));
    const capped = createProductSearch(t.ctx, { totalCap: 5 });
    const query = SearchQuerySchema.parse({ keyword: word, size: 2 });
    const { result: page, queries } = await countQueries(() => capped.searchPage(query, 'zh'));
    expect(queries.filter((q) => !q.includes('product_changes'))).toHaveLength(1);
    expect(page).toMatchObject({ total: 5, totalCapped: true, pages: 3 });
    expect(page.records).toHaveLength(2);
    // Exactly at the cap is not "more than".
    const atCap = createProductSearch(t.ctx, { totalCap: 7 });
    expect(await atCap.searchPage(query, 'zh')).toMatchObject({ total: 7, totalCapped: false });
    // The last page still has its rows: capping the count does not hide products.
    expect((await capped.searchPage(SearchQuerySchema.parse({ keyword: word, size: 2, current: 4 }), 'zh')).records).toHaveLength(1);
  });

  it('past the cap, a browse page counts no further than the cap', async () => {
    const word = uniqueWord();
    const shopId = await shopWithStatus(1);
    await createProducts(Array.from({ length: 4 }, (_, i) => ({ shopId, nameZh: `封顶 ${word} ${i}` })));
    const capped = createProductSearch(t.ctx, { totalCap: 3 });
    // A browse (no keyword) of the new shop: a filter no earlier call counted, so the totals cache cannot answer.
    const { result: page, queries } = await countQueries(() => capped.searchPage(SearchQuerySchema.parse({ shopId, size: 2 }), 'en'));
    expect(page).toMatchObject({ total: 3, totalCapped: true, pages: 2 });
    const count = queries.find((q) => q.includes('count(*)'));
    expect(count).toMatch(/limit \$\d+\) m$/);
  });

  it('the HTTP answer carries the flag, false for the seeded catalogue', async () => {
    const page = await search({ size: 1 });
    expect(page.totalCapped).toBe(false);
    expect(page.total).toBeGreaterThan(1);
  });
});

describe('GET /search/hotSearch', () => {
  it('answers the platform hot words in the request language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/search/hotSearch?number=3' });
    expect(zh.statusCode).toBe(200);
    const words = HotSearchSchema.array().parse(zh.json());
    expect(words.map((w) => w.title)).toEqual(['手机', '茶杯', '耳机']);
    const english = HotSearchSchema.array().parse((await t.app.inject({ method: 'GET', url: '/search/hotSearch?number=3', headers: en })).json());
    expect(english.map((w) => w.title)).toEqual(['Phone', 'Teacup', 'Headphones']);
    const all = HotSearchSchema.array().parse((await t.app.inject({ method: 'GET', url: '/search/hotSearch' })).json());
    expect(all.length).toBeGreaterThan(3);
  });

  it('a shop without hot words answers an empty list; bad numbers are a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/search/hotSearch?shopId=2000000000' });
    expect(res.json()).toEqual([]);
    for (const q of ['number=0', 'number=-3', 'number=abc', 'number=1000', 'shopId=-1']) {
      expect((await t.app.inject({ method: 'GET', url: `/search/hotSearch?${q}` })).statusCode).toBe(400);
    }
  });
});

describe('GET /search/page from the in-memory index (decision 050)', () => {
  it("ranks one-item keywords exactly as PostgreSQL's ts_rank, then sales, then id", async () => {
    for (const keyword of ['手机', '茶杯', '茶', 'shouji', 'phone', 'tea']) {
      const { tsquery } = parseKeyword(keyword);
      const expected = await t.ctx.db.execute<{ id: number }>(sql`
        select p.id from products p
        where p.status = 1 and p.shop_id in (select id from shops where status = 1) and p.search_vector @@ ${tsquery}::tsquery
        order by ts_rank(p.search_vector, ${tsquery}::tsquery) desc, p.sold_num desc, p.id desc limit 40`);
      const total = await t.ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from products p
        where p.status = 1 and p.shop_id in (select id from shops where status = 1) and p.search_vector @@ ${tsquery}::tsquery`);
      const page = await search({ keyword, size: 40 });
      expect(
        page.records.map((r) => r.prodId),
        keyword,
      ).toEqual(expected.rows.map((r) => r.id));
      expect(page.total, keyword).toBe(Math.min(total.rows[0]!.n, 10_000));
    }
  });

  it('several items match exactly what PostgreSQL matches', async () => {
    for (const keyword of ['青花瓷茶杯', '华为mate', 'smart phone']) {
      const { tsquery } = parseKeyword(keyword);
      const ids = await t.ctx.db.execute<{ id: number }>(sql`
        select p.id from products p
        where p.status = 1 and p.shop_id in (select id from shops where status = 1) and p.search_vector @@ ${tsquery}::tsquery`);
      const page = await search({ keyword, size: 100 });
      expect(page.records.map((r) => r.prodId).sort(), keyword).toEqual(ids.rows.map((r) => r.id).sort());
    }
  });

  /** A search whose index reads the database only when the caches are dropped (an hour's interval otherwise). */
  const slowSearch = () => createProductSearch({ ...t.ctx, env: { ...t.ctx.env, SEARCH_INDEX_SYNC_MS: 3_600_000 } });
  const ask = (s: ReturnType<typeof createProductSearch>, keyword: string, size: number, more: Record<string, number | string> = {}) =>
    s.searchPage(SearchQuerySchema.parse({ keyword, size, ...more }), 'zh');

  it('a product taken off the shelf, renamed or in a closed shop leaves it as soon as the writer drops the search caches', async () => {
    const word = uniqueWord();
    const renamed = uniqueWord();
    const openShop = await shopWithStatus(1);
    const [a, b] = await createProducts([
      { shopId: openShop, nameZh: `新鲜 ${word}` },
      { shopId: openShop, nameZh: `改名 ${word}` },
    ]);
    const slow = slowSearch();
    expect((await ask(slow, word, 10)).total).toBe(2);

    // Off the shelf without telling anyone: the index still counts it, but its card is never shown.
    await t.ctx.db
      .update(products)
      .set({ status: 0 })
      .where(eq(products.id, a as number));
    const stale = await ask(slow, word, 11);
    expect(stale.total).toBe(2);
    expect(stale.records.map((r) => r.prodId)).toEqual([b]);
    await dropSearchCaches(t.ctx);
    expect(await ask(slow, word, 12)).toMatchObject({ total: 1 });

    // A new name: found by it, not by the old one.
    await t.ctx.db
      .update(products)
      .set({ nameZh: `改名 ${renamed}` })
      .where(eq(products.id, b as number));
    await refreshProductSearch(t.ctx.db, [b as number]);
    await dropSearchCaches(t.ctx);
    expect((await ask(slow, word, 13)).total).toBe(0);
    expect((await ask(slow, renamed, 13)).records.map((r) => r.prodId)).toEqual([b]);

    // The shop closes (staff take it offline).
    const [shop] = await t.ctx.db
      .insert(shops)
      .values({ nameZh: `关店测试 ${word}`, status: 1 })
      .returning({ id: shops.id });
    const [c] = await createProducts([{ shopId: shop!.id, nameZh: `关店 ${renamed}` }]);
    await dropSearchCaches(t.ctx);
    expect((await ask(slow, renamed, 14)).total).toBe(2);
    await t.ctx.db.update(shops).set({ status: 2 }).where(eq(shops.id, shop!.id));
    await dropSearchCaches(t.ctx);
    // The index itself must drop the closed shop: the count says so (the cards' statement alone would
    // hide the card but still count it).
    const closed = await ask(slow, renamed, 15);
    expect(closed.records.map((r) => r.prodId)).toEqual([b]);
    expect(closed.total).toBe(1);
    expect(c).not.toBe(b);
  });

  it('price, stock and sales written without dropping any cache are read within the sync interval', async () => {
    const word = uniqueWord();
    const shopId = await shopWithStatus(1);
    const [cheap, dear] = await createProducts([
      { shopId, nameZh: `价格 ${word}`, price: 100, soldNum: 1 },
      { shopId, nameZh: `价格 ${word}`, price: 900, soldNum: 2 },
    ]);
    const quick = createProductSearch({ ...t.ctx, env: { ...t.ctx.env, SEARCH_INDEX_SYNC_MS: 20 } });
    expect((await ask(quick, word, 5, { sort: 5 })).records.map((r) => r.prodId)).toEqual([cheap, dear]);
    // An order's stock and sales moves and a price change: plain updates, as the order and merchant code write them.
    await t.ctx.db
      .update(products)
      .set({ price: 1000, soldNum: 50, totalStocks: 0 })
      .where(eq(products.id, cheap as number));
    await new Promise((r) => setTimeout(r, 30));
    expect((await ask(quick, word, 6, { sort: 5 })).records.map((r) => r.prodId)).toEqual([dear, cheap]);
    expect((await ask(quick, word, 6, { sort: 2 })).records.map((r) => r.prodId)).toEqual([cheap, dear]);
    expect((await ask(quick, word, 6, { hasStock: '1' })).records.map((r) => r.prodId)).toEqual([dear]);
  });

  it.skipIf(!SHARED_INFRASTRUCTURE)('another instance hears the drop through Redis and reads the change before its next search', async () => {
    const word = uniqueWord();
    const [id] = await createProducts([{ shopId: await shopWithStatus(1), nameZh: `实例 ${word}` }]);
    const other = await createTestInstance();
    try {
      const slow = createProductSearch({ ...other.ctx, env: { ...other.ctx.env, SEARCH_INDEX_SYNC_MS: 3_600_000 } });
      expect((await ask(slow, word, 5)).total).toBe(1);
      await t.ctx.db
        .update(products)
        .set({ status: 0 })
        .where(eq(products.id, id as number));
      await dropSearchCaches(t.ctx);
      let total = (await ask(slow, word, 6)).total;
      for (let i = 0; i < 50 && total !== 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        total = (await ask(slow, word, 7 + i)).total;
      }
      expect(total).toBe(0);
    } finally {
      await other.close();
    }
  });

  it.skipIf(!SHARED_INFRASTRUCTURE)('a transaction that commits after a later one is not skipped (PostgreSQL)', async () => {
    const word = uniqueWord();
    const shopId = await shopWithStatus(1);
    const [early, late] = await createProducts([
      { shopId, nameZh: `事务 ${word}` },
      { shopId, nameZh: `事务 ${word}` },
    ]);
    const index = createProductSearch(t.ctx);
    expect((await ask(index, word, 5)).total).toBe(2);
    // The first transaction writes (and takes its id) first but commits last.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    const slowTx = t.ctx.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ status: 0 })
        .where(eq(products.id, early as number));
      wrote();
      await held;
    });
    await written;
    await t.ctx.db
      .update(products)
      .set({ status: 0 })
      .where(eq(products.id, late as number));
    expect((await ask(index, word, 6)).total).toBe(1);
    release();
    await slowTx;
    expect((await ask(index, word, 7)).total).toBe(0);
  });
});

describe('the search index kept outside requests (decision 050)', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('an index tended within the reload age is not loaded again by the first search after an idle spell; an untended one is', async () => {
    let clock = 0;
    const options = { syncMs: 0, reloadAfterMs: 50 * 60_000, now: () => clock };
    const untended = createLiveSearchIndex(t.ctx, 'search-pages', options);
    const tended = createLiveSearchIndex(t.ctx, 'search-pages', options);
    const untendedFirst = await untended.fresh();
    const tendedFirst = await tended.fresh();
    clock += 40 * 60_000;
    await tended.tend();
    clock += 40 * 60_000;
    // A load builds a new index; a read of the changes updates the one it has.
    expect(await untended.fresh()).not.toBe(untendedFirst);
    expect(await tended.fresh()).toBe(tendedFirst);
  });

  // The spies watch this test's own index: the app's index (and its timer) run in this process too.
  it('keepWarm tends the index on its timer until stopped', async () => {
    const errors: unknown[] = [];
    const live = createLiveSearchIndex(t.ctx, 'search-pages', { syncMs: 0 });
    const tends = vi.spyOn(await live.fresh(), 'compactIfWasteful');
    const stop = live.keepWarm((error) => errors.push(error), 10);
    try {
      for (let i = 0; i < 500 && tends.mock.calls.length < 2; i++) await sleep(10);
      expect(tends.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      stop();
      tends.mockRestore();
    }
    expect(errors).toEqual([]);
  });

  it('compacts when tended, never inside a search', async () => {
    const live = createLiveSearchIndex(t.ctx, 'search-pages', { syncMs: 0 });
    const index = await live.fresh();
    const compactions = vi.spyOn(index, 'compactIfWasteful');
    try {
      const [id] = await createProducts([{ shopId: await shopWithStatus(1), nameZh: `整理 ${uniqueWord()}` }]);
      await t.ctx.db
        .update(products)
        .set({ nameZh: `整理 ${uniqueWord()}` })
        .where(eq(products.id, id as number));
      await refreshProductSearch(t.ctx.db, [id as number]);
      expect(await live.fresh()).toBe(index);
      expect(compactions).not.toHaveBeenCalled();
      await live.tend();
      expect(compactions).toHaveBeenCalledTimes(1);
    } finally {
      compactions.mockRestore();
    }
  });

  it('products carry no full-text index: keyword pages are matched in memory (migration 0026)', async () => {
    const found = await t.ctx.db.execute<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'products' and indexdef ilike '%gin%'`);
    expect(found.rows).toEqual([]);
  });
});
