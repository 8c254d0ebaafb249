import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CategorySchema, ShopHeadSchema } from '@bazaar/shared/schemas/catalog';
import { ShopSearchPageSchema } from '@bazaar/shared/schemas/shop';
import { countQueries } from '../db/query-count.ts';
import { products, shopCategories, shopCollections, shops, users } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { uniquePhone, type TestApp } from '../test/test-app.ts';
import { escapeLike } from '../lib/sql-like.ts';

let t: TestApp;
const en = { 'accept-language': 'en' };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function shopIdByName(nameZh: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.nameZh, nameZh));
  if (!row) throw new Error(`no seeded shop ${nameZh}`);
  return row.id;
}

const CLOSED = [
  ['under review', '匠心手作'],
  ['rejected', '云端小铺'],
  ['offline', '旧时光杂货'],
] as const;
/** What each state answers: an offline store says so (section 2's offline message). */
const CLOSED_TEXT: Record<string, { zh: string; en: string }> = {
  旧时光杂货: { zh: '店铺已下线，请咨询平台', en: 'The store has been taken offline, please consult the platform' },
};
const closedText = (name: string | null) => CLOSED_TEXT[name ?? ''] ?? { zh: '店铺不存在或未营业', en: 'The store does not exist or is not open' };
const BAD_IDS = ['', 'abc', '0', '-1', '1.5', '99999999999', '1%20or%201%3D1', '%F0%9F%8D%B5'];

beforeAll(async () => {
  t = await ensureSeeded();
});

describe('GET /shop/headInfo', () => {
  it('answers an open store’s header with its counts, in the request language', async () => {
    const tea = await shopIdByName('瓷韵茶社');
    const res = await countQueries(() => get(`/shop/headInfo?shopId=${tea}`));
    expect(res.result.statusCode).toBe(200);
    expect(res.queries).toHaveLength(1);
    const head = ShopHeadSchema.parse(res.result.json());
    const [onShelf] = await t.ctx.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.shopId, tea), eq(products.status, 1)));
    expect(head).toMatchObject({ shopId: tea, shopName: '瓷韵茶社', type: 2, prodCount: onShelf?.n });
    expect(head.intro).toContain('景德镇');
    expect(head.shopLogo).toMatch(/^\/uploads\//);
    expect(head.banner).toMatch(/^\/uploads\//);
    const enHead = ShopHeadSchema.parse((await get(`/shop/headInfo?shopId=${tea}`, en)).json());
    expect(enHead.shopName).toBe('Porcelain Rhyme Tea House');
  });

  it('counts the shoppers who collected the store', async () => {
    const tea = await shopIdByName('瓷韵茶社');
    const before = ShopHeadSchema.parse((await get(`/shop/headInfo?shopId=${tea}`)).json()).collectionNum;
    const phone = uniquePhone();
    const userId = `c0ffee${phone}`.padEnd(32, '0');
    await t.ctx.db.insert(users).values({ id: userId, userName: `u${phone}`, mobile: phone, nickName: 'collector' });
    await t.ctx.db.insert(shopCollections).values({ userId, shopId: tea });
    try {
      const after = ShopHeadSchema.parse((await get(`/shop/headInfo?shopId=${tea}`)).json()).collectionNum;
      expect(after).toBe(before + 1);
    } finally {
      await t.ctx.db.delete(users).where(eq(users.id, userId));
    }
  });

  it.each(CLOSED)('answers a store %s with a localized 400', async (_state, name) => {
    const id = await shopIdByName(name);
    const zh = await get(`/shop/headInfo?shopId=${id}`);
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toBe(closedText(name).zh);
    const enRes = await get(`/shop/headInfo?shopId=${id}`, en);
    expect(enRes.body).toBe(closedText(name).en);
  });

  it('answers an unknown store like a closed one', async () => {
    const res = await get('/shop/headInfo?shopId=2147483000', en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The store does not exist or is not open');
  });

  it.each(BAD_IDS)('rejects shop id "%s" with a localized 400', async (id) => {
    const res = await get(`/shop/headInfo?shopId=${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('编号不正确');
  });

  it('rejects a missing shop id with 400', async () => {
    const res = await get('/shop/headInfo', en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The id is invalid');
  });
});

describe('GET /category/shopCategoryList', () => {
  it('answers an open store’s own categories in order, in the request language', async () => {
    const tea = await shopIdByName('瓷韵茶社');
    const res = await countQueries(() => get(`/category/shopCategoryList?shopId=${tea}`));
    expect(res.queries).toHaveLength(1);
    const zh = CategorySchema.array().parse(res.result.json());
    expect(zh.map((c) => c.categoryName)).toEqual(['茶器', '好茶', '礼盒']);
    expect(zh.every((c) => c.grade === 1 && c.parentId === 0)).toBe(true);
    const enList = CategorySchema.array().parse((await get(`/category/shopCategoryList?shopId=${tea}`, en)).json());
    expect(enList.map((c) => c.categoryName)).toEqual(['Tea Ware', 'Fine Teas', 'Gift Sets']);
  });

  it('hides a hidden category and answers [] for an open store without categories', async () => {
    const tea = await shopIdByName('瓷韵茶社');
    const [hidden] = await t.ctx.db.insert(shopCategories).values({ shopId: tea, nameZh: '隐藏', status: 0, seq: 9 }).returning({ id: shopCategories.id });
    try {
      const list = CategorySchema.array().parse((await get(`/category/shopCategoryList?shopId=${tea}`)).json());
      expect(list.map((c) => c.categoryId)).not.toContain(hidden!.id);
    } finally {
      await t.ctx.db.delete(shopCategories).where(eq(shopCategories.id, hidden!.id));
    }
    const [bare] = await t.ctx.db.insert(shops).values({ nameZh: '空店测试', status: 1 }).returning({ id: shops.id });
    try {
      expect((await get(`/category/shopCategoryList?shopId=${bare!.id}`)).json()).toEqual([]);
    } finally {
      await t.ctx.db.delete(shops).where(eq(shops.id, bare!.id));
    }
  });

  it.each([...CLOSED.map(([, name]) => name), null])('answers a closed or unknown store (%s) with a localized 400', async (name) => {
    const id = name ? await shopIdByName(name) : 2147483000;
    const res = await get(`/category/shopCategoryList?shopId=${id}`, en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(closedText(name).en);
  });

  it.each(BAD_IDS)('rejects shop id "%s" with a localized 400', async (id) => {
    const res = await get(`/category/shopCategoryList?shopId=${id}`, en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The id is invalid');
  });
});

describe('GET /shop/searchShops', () => {
  const search = (query: string, headers: Record<string, string> = {}) => get(`/shop/searchShops?${query}`, headers);

  it('finds open stores by a part of the Chinese name, with their best sellers', async () => {
    const res = await countQueries(() => search(`shopName=${encodeURIComponent('茶')}`));
    expect(res.result.statusCode).toBe(200);
    // The page, its total and the best sellers of every store on it: never one query per store.
    expect(res.queries).toHaveLength(3);
    const page = ShopSearchPageSchema.parse(res.result.json());
    expect(page.records.map((s) => s.shopName)).toContain('瓷韵茶社');
    expect(page).toMatchObject({ current: 1, size: 10, total: page.records.length, pages: 1 });
    const tea = page.records.find((s) => s.shopName === '瓷韵茶社')!;
    expect(tea.products.length).toBeGreaterThan(0);
    expect(tea.products.length).toBeLessThanOrEqual(4);
    const rows = await t.ctx.db
      .select({ shopId: products.shopId, status: products.status })
      .from(products)
      .where(inArray(products.id, tea.products.map((p) => p.prodId)));
    expect(rows.every((r) => r.shopId === tea.shopId && r.status === 1)).toBe(true);
  });

  it('matches the English name whatever the case, and answers in the request language', async () => {
    const page = ShopSearchPageSchema.parse((await search('shopName=TEA%20house', en)).json());
    expect(page.records.map((s) => s.shopName)).toEqual(['Porcelain Rhyme Tea House']);
    const zh = ShopSearchPageSchema.parse((await search('shopName=porcelain')).json());
    expect(zh.records.map((s) => s.shopName)).toEqual(['瓷韵茶社']);
  });

  it('lists every open store for a blank name, self-run first, and never a closed one', async () => {
    const page = ShopSearchPageSchema.parse((await search('shopName=%20%20&size=100')).json());
    const [open] = await t.ctx.db.select({ n: count() }).from(shops).where(eq(shops.status, 1));
    expect(page.total).toBe(open?.n);
    expect(page.records[0]?.type).toBe(1);
    const names = page.records.map((s) => s.shopName);
    for (const name of ['匠心手作', '云端小铺', '旧时光杂货']) expect(names).not.toContain(name);
    expect((await search(`shopName=${encodeURIComponent('旧时光')}`)).json()).toMatchObject({ total: 0, records: [] });
  });

  it('pages the results', async () => {
    const first = ShopSearchPageSchema.parse((await search('current=1&size=3')).json());
    const second = ShopSearchPageSchema.parse((await search('current=2&size=3')).json());
    expect(first.records).toHaveLength(3);
    expect(first.pages).toBe(Math.ceil(first.total / 3));
    expect(second.records[0]?.shopId).not.toBe(first.records[0]?.shopId);
    const beyond = ShopSearchPageSchema.parse((await search('current=2147483647&size=100')).json());
    expect(beyond).toMatchObject({ records: [], total: first.total, current: 2147483647 });
  });

  it.each([
    ['a percent sign', '%'],
    ['an underscore', '_'],
    ['a backslash', '\\'],
    ['SQL injection', "' or '1'='1"],
    ['a dropped table', '茶"; drop table shops; --'],
    ['emoji', '🍵☕'],
    ['HTML', '<script>alert(1)</script>'],
  ])('treats %s as plain text', async (_name, term) => {
    const res = await search(`shopName=${encodeURIComponent(term)}`);
    expect(res.statusCode).toBe(200);
    expect(ShopSearchPageSchema.parse(res.json())).toMatchObject({ total: 0, records: [] });
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it.each([
    ['current=0', '页码不正确'],
    ['current=-1', '页码不正确'],
    ['current=abc', '页码不正确'],
    ['current=1.5', '页码不正确'],
    ['current=99999999999', '页码不正确'],
    ['size=0', '页码不正确'],
    ['size=101', '每页数量不能超过100'],
    [`shopName=${'店'.repeat(51)}`, '搜索词不能超过50个字符'],
  ])('rejects %s with a localized 400', async (query, message) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(message);
  });
});
