import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CategoryNodeSchema, CategorySchema, type CategoryNode } from '@bazaar/shared/schemas/catalog';
import { BannerSchema, HomeSchema } from '@bazaar/shared/schemas/home';
import { countQueries } from '../db/query-count.ts';
import {
  banners,
  categories,
  discountItems,
  discountProducts,
  discounts,
  groupActivities,
  groupSkus,
  products,
  seckillSkus,
  seckills,
  shops,
  skus,
} from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { HOME_TTL_MS, TREE_TTL_MS } from '../modules/catalog/service.ts';

let t: TestApp;
const en = { 'accept-language': 'en' };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/**
 * Moves the app's clock past every cache of the module, so the next answer is read from the
 * database. Each call goes further than the last, because resetClock() moves time back.
 */
let skew = 0;
const expireCaches = () => {
  skew += Math.max(TREE_TTL_MS, HOME_TTL_MS) + 60_000;
  t.resetClock();
  t.advanceClock(skew);
};

async function shopIdByName(nameZh: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.nameZh, nameZh));
  if (!row) throw new Error(`no seeded shop ${nameZh}`);
  return row.id;
}

beforeAll(async () => {
  t = await ensureSeeded();
});

describe('GET /category/tree', () => {
  it('answers the whole 3-level platform tree in the request language', async () => {
    const zh = CategoryNodeSchema.array().parse((await get('/category/tree')).json());
    const enTree = CategoryNodeSchema.array().parse((await get('/category/tree', en)).json());
    expect(zh).toHaveLength(8);
    const mids = zh.flatMap((n) => n.children);
    const leaves = mids.flatMap((n) => n.children);
    expect(mids.length).toBeGreaterThanOrEqual(22);
    expect(leaves.length).toBeGreaterThanOrEqual(57);
    expect(zh.every((n) => n.grade === 1 && n.parentId === 0)).toBe(true);
    expect(mids.every((n) => n.grade === 2 && zh.some((top) => top.categoryId === n.parentId))).toBe(true);
    expect(leaves.every((n) => n.grade === 3 && n.children.length === 0)).toBe(true);
    expect(zh[0]?.categoryName).toMatch(/[\u4e00-\u9fa5]/);
    expect(enTree[0]?.categoryId).toBe(zh[0]?.categoryId);
    expect(enTree[0]?.categoryName).toMatch(/^[A-Za-z]/);
  });

  it('leaves out a hidden category and its whole branch', async () => {
    // A seeded, shown top category (other files add top categories of their own and hide some).
    const [top] = await t.ctx.db
      .select()
      .from(categories)
      .where(and(eq(categories.grade, 1), eq(categories.shopId, 0), eq(categories.status, 1)))
      .orderBy(categories.id)
      .limit(1);
    const [hidden] = await t.ctx.db
      .insert(categories)
      .values({ grade: 2, parentId: top!.id, nameZh: '隐藏分类', nameEn: 'Hidden', status: 0 })
      .returning({ id: categories.id });
    await t.ctx.db.insert(categories).values({ grade: 3, parentId: hidden!.id, nameZh: '隐藏子分类', nameEn: 'Hidden child' });
    const [shown] = await t.ctx.db
      .insert(categories)
      .values({ grade: 2, parentId: top!.id, nameZh: '新分类', nameEn: 'Brand new', seq: 999 })
      .returning({ id: categories.id });
    expireCaches();
    try {
      const tree = CategoryNodeSchema.array().parse((await get('/category/tree', en)).json());
      const all = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...all(n.children)]);
      const names = all(tree).map((n) => n.categoryName);
      expect(names).toContain('Brand new');
      expect(names).not.toContain('Hidden');
      expect(names).not.toContain('Hidden child');
      expect(tree.find((n) => n.categoryId === top!.id)?.children.at(-1)?.categoryId).toBe(shown!.id);
    } finally {
      await t.ctx.db.delete(categories).where(inArray(categories.nameZh, ['隐藏子分类', '隐藏分类', '新分类']));
      // Reload the cache without the test rows before the clock goes back.
      expireCaches();
      await get('/category/tree');
      t.resetClock();
    }
  });

  it('reads the tree with one query, then serves it from memory', async () => {
    expireCaches();
    const cold = await countQueries(() => get('/category/tree'));
    expect(cold.result.statusCode).toBe(200);
    expect(cold.queries).toHaveLength(1);
    const warm = await countQueries(() => get('/category/tree', en));
    expect(warm.result.statusCode).toBe(200);
    expect(warm.queries).toHaveLength(0);
    t.resetClock();
  });
});

describe('GET /category/categoryInfo', () => {
  it('answers the top level by default and the children of a parent', async () => {
    const top = CategorySchema.array().parse((await get('/category/categoryInfo')).json());
    // The seed's 8, and those other files of the run added (the files share one database).
    const shown = await t.ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.grade, 1), eq(categories.shopId, 0), eq(categories.parentId, 0), eq(categories.status, 1)));
    expect(top.length).toBeGreaterThanOrEqual(8);
    expect(top.map((c) => c.categoryId).sort((a, b) => a - b)).toEqual(shown.map((c) => c.id).sort((a, b) => a - b));
    expect(top.every((c) => c.grade === 1 && c.parentId === 0)).toBe(true);
    const children = CategorySchema.array().parse((await get(`/category/categoryInfo?parentId=${top[0]?.categoryId}&shopId=0`, en)).json());
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((c) => c.grade === 2 && c.parentId === top[0]?.categoryId)).toBe(true);
    expect(children[0]?.categoryName).toMatch(/^[A-Za-z]/);
  });

  it('answers an empty list for an unknown parent or a shop without categories', async () => {
    expect((await get('/category/categoryInfo?parentId=2147483000')).json()).toEqual([]);
    const closed = await shopIdByName('旧时光杂货');
    expect((await get(`/category/categoryInfo?shopId=${closed}`)).json()).toEqual([]);
  });

  it.each(['parentId=-1', 'parentId=abc', 'parentId=1.5', 'parentId=99999999999', 'shopId=-3', 'shopId=%27%20or%201%3D1'])(
    'rejects %s with a localized 400',
    async (query) => {
      const zh = await get(`/category/categoryInfo?${query}`);
      expect(zh.statusCode).toBe(400);
      expect(zh.body).toBe('编号不正确');
      expect((await get(`/category/categoryInfo?${query}`, en)).body).toBe('The id is invalid');
    },
  );
});

describe('GET /banner/list/:shopId', () => {
  it('answers the home carousel in order, each slide opening a product', async () => {
    const zh = BannerSchema.array().parse((await get('/banner/list/0')).json());
    const enList = BannerSchema.array().parse((await get('/banner/list/0', en)).json());
    expect(zh.length).toBeGreaterThanOrEqual(5);
    expect(zh.map((b) => b.seq)).toEqual([...zh.map((b) => b.seq)].sort((a, b) => a - b));
    expect(zh.every((b) => b.prodId !== null && b.imgUrl.startsWith('/uploads/'))).toBe(true);
    expect(zh[0]?.title).toMatch(/[\u4e00-\u9fa5]/);
    expect(enList[0]?.title).toMatch(/^[A-Za-z]/);
  });

  it('answers each slide with the picture of the reader\'s language (its headline is drawn in), Chinese where there is no English one', async () => {
    const rows = await t.ctx.db.select({ img: banners.img, imgEn: banners.imgEn }).from(banners).where(eq(banners.shopId, 0)).orderBy(banners.seq, banners.id);
    expect(rows.every((r) => r.imgEn !== null && r.imgEn !== r.img)).toBe(true);
    const zh = BannerSchema.array().parse((await get('/banner/list/0')).json());
    const enList = BannerSchema.array().parse((await get('/banner/list/0', en)).json());
    expect(zh.map((b) => b.imgUrl)).toEqual(rows.map((r) => r.img));
    expect(enList.map((b) => b.imgUrl)).toEqual(rows.map((r) => r.imgEn));
    // The home page answers the same pictures as the carousel's own list.
    expireCaches();
    expect(HomeSchema.parse((await get('/index/home', en)).json()).banners.map((b) => b.imgUrl)).toEqual(rows.map((r) => r.imgEn));
    expect(HomeSchema.parse((await get('/index/home')).json()).banners.map((b) => b.imgUrl)).toEqual(rows.map((r) => r.img));
    t.resetClock();
  });

  it('answers an open shop’s slides, and none for a closed shop', async () => {
    const tea = await shopIdByName('瓷韵茶社');
    const list = BannerSchema.array().parse((await get(`/banner/list/${tea}`)).json());
    expect(list.length).toBe(2);
    const ids = list.map((b) => b.prodId as number);
    const rows = await t.ctx.db.select({ shopId: products.shopId }).from(products).where(inArray(products.id, ids));
    expect(rows.every((r) => r.shopId === tea)).toBe(true);
    for (const name of ['旧时光杂货', '匠心手作', '云端小铺']) {
      expect((await get(`/banner/list/${await shopIdByName(name)}`)).json()).toEqual([]);
    }
  });

  it('keeps a slide whose product left the shelf, without a product to open', async () => {
    const tea = await shopIdByName('瓷韵茶社');
    const [offShelf] = await t.ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, tea), ne(products.status, 1)))
      .limit(1);
    const [onShelf] = await t.ctx.db.select({ id: products.id }).from(products).where(and(eq(products.shopId, tea), eq(products.status, 1))).limit(1);
    const target = offShelf ?? onShelf;
    if (!offShelf) await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, target!.id));
    const [row] = await t.ctx.db
      .insert(banners)
      .values({ shopId: tea, img: '/uploads/seed/banner-1.svg', productId: target!.id, titleZh: '下架商品', seq: 100 })
      .returning({ id: banners.id });
    try {
      const list = BannerSchema.array().parse((await get(`/banner/list/${tea}`, en)).json());
      // No English title or picture: the Chinese ones are shown.
      expect(list.at(-1)).toEqual({ imgUrl: '/uploads/seed/banner-1.svg', prodId: null, title: '下架商品', seq: 100 });
    } finally {
      await t.ctx.db.delete(banners).where(eq(banners.id, row!.id));
      if (!offShelf) await t.ctx.db.update(products).set({ status: 1 }).where(eq(products.id, target!.id));
    }
  });

  it.each(['abc', '-1', '1.5', '99999999999', '%F0%9F%8D%B5'])('rejects shop id %s with a localized 400', async (id) => {
    const res = await get(`/banner/list/${id}`, en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The id is invalid');
  });
});

describe('GET /index/home', () => {
  it('answers carousel, tree and two floors of sellable products in one call', async () => {
    expireCaches();
    const home = HomeSchema.parse((await get('/index/home')).json());
    t.resetClock();
    expect(home.banners.length).toBeGreaterThanOrEqual(5);
    expect(home.categories).toHaveLength(8);
    expect(home.recommended).toHaveLength(10);
    expect(home.newest).toHaveLength(10);
    const sold = home.recommended.map((p) => p.soldNum);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    const ids = [...home.recommended, ...home.newest].map((p) => p.prodId);
    const rows = await t.ctx.db
      .select({ status: products.status, shopStatus: shops.status, createdAt: products.createdAt, id: products.id })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(inArray(products.id, ids));
    expect(rows.every((r) => r.status === 1 && r.shopStatus === 1)).toBe(true);
    const created = home.newest.map((p) => rows.find((r) => r.id === p.prodId)!.createdAt.getTime());
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // The seed's running flash sales (db/seed/seckills.ts) and group buys (db/seed/groups.ts) show,
    // each below its usual price. The seed's running shop promotions show (db/seed/promotions.ts),
    // the banner's campaign among them.
    expect(home.seckills.length).toBeGreaterThan(0);
    expect(home.seckills.every((s) => s.seckillPrice < s.price)).toBe(true);
    expect(home.groupBuys.length).toBeGreaterThan(0);
    expect(home.groupBuys.every((g) => g.actPrice < g.price)).toBe(true);
    // Its label is the server's, as the cart's and the promotion pages' are: "every full" says so.
    expect(home.discounts.find((d) => d.discountName.includes('每满300减50'))?.label).toBe('每满300减50');
    expect(home.discounts.some((d) => d.discountName.includes('读书月') || d.discountName.includes('秋装清仓'))).toBe(false);
  });

  it('names products and shops in English, falling back to Chinese', async () => {
    const zh = HomeSchema.parse((await get('/index/home')).json());
    const enHome = HomeSchema.parse((await get('/index/home', en)).json());
    expect(enHome.recommended[0]?.prodId).toBe(zh.recommended[0]?.prodId);
    expect(enHome.recommended[0]?.prodName).not.toBe(zh.recommended[0]?.prodName);
    expect(enHome.recommended[0]?.shopName).toMatch(/^[A-Za-z]/);
  });

  it('costs a few parallel queries when cold and none while cached (no N+1)', async () => {
    expireCaches();
    const cold = await countQueries(() => get('/index/home'));
    expect(cold.result.statusCode).toBe(200);
    // Banners, two floors, three activity kinds and the category tree.
    expect(cold.queries).toHaveLength(7);
    const warm = await countQueries(() => get('/index/home', en));
    expect(warm.queries).toHaveLength(0);
    t.resetClock();
  });

  it('shows running flash sales, group buys and store deals, and hides ended, coming and closed ones', async () => {
    const now = t.ctx.now().getTime();
    const hour = 3_600_000;
    const tea = await shopIdByName('瓷韵茶社');
    const closed = await shopIdByName('旧时光杂货');
    const [prod] = await t.ctx.db
      .select({ id: products.id, price: products.price, skuId: skus.id })
      .from(products)
      .innerJoin(skus, eq(skus.productId, products.id))
      .where(and(eq(products.shopId, tea), eq(products.status, 1)))
      .limit(1);
    const [closedProd] = await t.ctx.db
      .select({ id: products.id, skuId: skus.id })
      .from(products)
      .innerJoin(skus, eq(skus.productId, products.id))
      .where(eq(products.shopId, closed))
      .limit(1);
    const window = (fromH: number, toH: number) => ({ startTime: new Date(now + fromH * hour), endTime: new Date(now + toH * hour) });
    const sk = await t.ctx.db
      .insert(seckills)
      .values([
        { shopId: tea, productId: prod!.id, nameZh: '测试秒杀', nameEn: 'Test flash', ...window(-1, 2) },
        { shopId: tea, productId: prod!.id, nameZh: '已结束秒杀', ...window(-3, -1) },
        { shopId: tea, productId: prod!.id, nameZh: '未开始秒杀', ...window(1, 3) },
        { shopId: tea, productId: prod!.id, nameZh: '关闭秒杀', status: 0, ...window(-1, 2) },
        { shopId: closed, productId: closedProd!.id, nameZh: '下线店秒杀', ...window(-1, 2) },
      ])
      .returning({ id: seckills.id });
    await t.ctx.db.insert(seckillSkus).values([
      ...sk.slice(0, 4).map((s) => ({ seckillId: s.id, skuId: prod!.skuId, seckillPrice: 990, seckillStocks: 10, originalStocks: 10 })),
      { seckillId: sk[4]!.id, skuId: closedProd!.skuId, seckillPrice: 990, seckillStocks: 10, originalStocks: 10 },
    ]);
    const [group] = await t.ctx.db
      .insert(groupActivities)
      .values({ shopId: tea, productId: prod!.id, nameZh: '测试拼团', groupNumber: 3, ...window(-1, 5) })
      .returning({ id: groupActivities.id });
    await t.ctx.db.insert(groupSkus).values({ groupActivityId: group!.id, skuId: prod!.skuId, actPrice: 1_990 });
    const [deal] = await t.ctx.db
      .insert(discounts)
      // Started before the seed's promotions, so it is among the first the block shows.
      .values({ shopId: tea, nameZh: '满100减20', nameEn: '¥20 off ¥100', discountRule: 0, suitableProdType: 1, ...window(-24 * 30, 10) })
      .returning({ id: discounts.id });
    await t.ctx.db.insert(discountItems).values([
      { discountId: deal!.id, needAmount: 20_000, reduceAmount: 5_000 },
      { discountId: deal!.id, needAmount: 10_000, reduceAmount: 2_000 },
    ]);
    await t.ctx.db.insert(discountProducts).values({ discountId: deal!.id, productId: prod!.id });
    // A whole-shop deal of a closed shop never shows.
    const [closedDeal] = await t.ctx.db.insert(discounts).values({ shopId: closed, nameZh: '下线店满减', discountRule: 0, ...window(-1, 10) }).returning({ id: discounts.id });

    // The seed's flash sales (db/seed/seckills.ts) would fill the block of 5: switched off meanwhile.
    const seeded = await t.ctx.db
      .update(seckills)
      .set({ status: -1 })
      .where(and(eq(seckills.status, 1), notInArray(seckills.id, sk.map((s) => s.id))))
      .returning({ id: seckills.id });
    // So would the seed's group buys (db/seed/groups.ts).
    const seededGroups = await t.ctx.db
      .update(groupActivities)
      .set({ status: 0 })
      .where(and(eq(groupActivities.status, 1), ne(groupActivities.id, group!.id)))
      .returning({ id: groupActivities.id });
    try {
      expireCaches();
      const cold = await countQueries(() => get('/index/home', en));
      expect(cold.queries).toHaveLength(7);
      const home = HomeSchema.parse(cold.result.json());
      // Beside the seed's running flash sales (db/seed/seckills.ts).
      const mine = (list: typeof home.seckills) => list.filter((s) => sk.some((k) => k.id === s.seckillId));
      expect(mine(home.seckills)).toHaveLength(1);
      expect(mine(home.seckills)[0]).toMatchObject({ seckillId: sk[0]!.id, prodId: prod!.id, seckillPrice: 990, price: prod!.price });
      expect(mine(home.seckills)[0]?.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(home.groupBuys).toEqual([expect.objectContaining({ groupActivityId: group!.id, prodId: prod!.id, actPrice: 1_990, groupNumber: 3 })]);
      // Beside the seed's running promotions (the tea house's own among them).
      expect(home.discounts.filter((d) => d.discountId === deal!.id || d.discountId === closedDeal!.id)).toEqual([
        // Its first tier, worded by the server in the reader's language.
        expect.objectContaining({ discountId: deal!.id, discountName: '¥20 off ¥100', label: '¥20 off ¥100', prodId: prod!.id, shopId: tea }),
      ]);

      // The cached answer goes stale when the flash sale ends (2 h), before anything else.
      t.advanceClock(2 * hour + 1_000);
      const later = HomeSchema.parse((await get('/index/home')).json());
      expect(mine(later.seckills).map((s) => s.seckillId)).toEqual([sk[2]!.id]);
      expect(later.groupBuys).toHaveLength(1);
    } finally {
      t.resetClock();
      if (seeded.length) await t.ctx.db.update(seckills).set({ status: 1 }).where(inArray(seckills.id, seeded.map((s) => s.id)));
      if (seededGroups.length) await t.ctx.db.update(groupActivities).set({ status: 1 }).where(inArray(groupActivities.id, seededGroups.map((g) => g.id)));
      await t.ctx.db.delete(seckills).where(inArray(seckills.id, sk.map((s) => s.id)));
      await t.ctx.db.delete(groupActivities).where(eq(groupActivities.id, group!.id));
      await t.ctx.db.delete(discounts).where(inArray(discounts.id, [deal!.id, closedDeal!.id]));
      expireCaches();
      await get('/index/home');
      t.resetClock();
    }
  });
});
