import type { Language } from '@bazaar/shared/constants/limits';
import type { Category, CategoryNode, ProductCard } from '@bazaar/shared/schemas/catalog';
import type { Banner, DiscountCard, GroupBuyCard, Home, SeckillCard } from '@bazaar/shared/schemas/home';
import { discountTierLabel } from '@bazaar/shared/schemas/shop-promotion';
import type { AppContext } from '../../context.ts';
import * as repo from './repository.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { localized } from '../../lib/localized.ts';

/** The category tree changes only through the platform console, which drops it on every instance; the TTL only bounds a missed drop. */
export const TREE_TTL_MS = 5 * 60_000;
export const CATEGORY_CACHE = 'category-tree';
export const HOME_CACHE = 'home';
/** The home page's products and activities: short, and never past an activity's start or end. */
export const HOME_TTL_MS = 30_000;
export const FLOOR_SIZE = 10;
export const ACTIVITY_BLOCK_SIZE = 5;


/** 'yyyy-MM-dd HH:mm:ss' in GMT+8, the API's time format. */
const apiTime = formatApiTime;

function toCategory(row: repo.CategoryRow, lang: Language): Category {
  return { categoryId: row.id, categoryName: localized(lang, row.nameZh, row.nameEn), parentId: row.parentId, grade: row.grade, pic: row.pic ?? row.icon };
}

/** Builds the tree from rows sorted parents first; a hidden parent hides its whole branch. */
export function buildTree(rows: repo.CategoryRow[], lang: Language): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node: CategoryNode = { ...toCategory(row, lang), children: [] };
    if (row.parentId === 0) {
      if (row.grade !== 1) continue;
      roots.push(node);
    } else {
      const parent = nodes.get(row.parentId);
      if (!parent || parent.grade !== row.grade - 1) continue;
      parent.children.push(node);
    }
    nodes.set(row.id, node);
  }
  return roots;
}

interface Activity {
  startTime: Date;
  endTime: Date;
}
/** The rows of the home page's activity blocks, as the promotion module reads them. */
export interface ActivityRows {
  seckills: Array<Activity & { seckillId: number; prodId: number; nameZh: string; nameEn: string | null; pic: string; price: number; seckillPrice: number | null }>;
  groupBuys: Array<
    Activity & { groupActivityId: number; prodId: number; nameZh: string; nameEn: string | null; pic: string; price: number; actPrice: number | null; groupNumber: number }
  >;
  discounts: Array<
    Activity & {
      discountId: number;
      nameZh: string;
      nameEn: string | null;
      discountRule: number;
      /** 1 "every full" (absent in rows cached before it was read). */
      discountType?: number;
      shopId: number;
      shopNameZh: string;
      shopNameEn: string | null;
      needAmount: number | null;
      reduceAmount: number | null;
      discount: number | null;
      prodId: number;
      prodNameZh: string;
      prodNameEn: string | null;
      pic: string;
      price: number;
    }
  >;
}

/**
 * What the catalog is composed with (flows/catalog.ts): the product and shop modules' named queries
 * its reads join, and the promotion module's activity blocks of the home page, read with them.
 */
export interface CatalogParts extends repo.CatalogParts {
  activities: (db: AppContext['db'], now: Date, limit: number) => Promise<ActivityRows>;
}

type HomeRows = ActivityRows & {
  banners: repo.BannerRow[];
  recommended: repo.ProductCardRow[];
  newest: repo.ProductCardRow[];
};

function toCard(row: repo.ProductCardRow, lang: Language): ProductCard {
  return {
    prodId: row.prodId,
    prodName: localized(lang, row.nameZh, row.nameEn),
    pic: row.pic,
    price: row.price,
    oriPrice: Math.max(row.oriPrice, row.price),
    soldNum: row.soldNum,
    totalStocks: row.totalStocks,
    shopId: row.shopId,
    shopName: localized(lang, row.shopNameZh, row.shopNameEn),
  };
}

function toBanner(row: repo.BannerRow, lang: Language): Banner {
  // The picture has its headline drawn in: the reader's language, else the Chinese one.
  return { imgUrl: localized(lang, row.img, row.imgEn), prodId: row.prodId, title: localized(lang, row.titleZh ?? '', row.titleEn), seq: row.seq };
}

/** Drops the home page's rows here and in every other instance (a product's shelf, name or price changed, a shop went offline or reopened). */
export async function dropHomeCache(ctx: Pick<AppContext, 'caches'>): Promise<void> {
  await ctx.caches.invalidate(HOME_CACHE);
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * Categories, carousels and the home page. The rows are cached in both languages at once and
 * localized per request, so the cache is shared by zh and en readers.
 */
export function createCatalogService(ctx: AppContext, parts: CatalogParts) {
  const trees = ctx.caches.named<repo.CategoryRow[]>(CATEGORY_CACHE, { ttlMs: TREE_TTL_MS, max: 1 });
  const homes = ctx.caches.named<HomeRows>(HOME_CACHE, { ttlMs: HOME_TTL_MS, max: 1 });

  const platformRows = () => trees.get('platform', () => repo.listPlatformCategories(ctx.db));

  async function loadHome(now: Date): Promise<{ rows: HomeRows; staleAt: number }> {
    const [banners, recommended, newest, { seckills, groupBuys, discounts }] = await Promise.all([
      repo.listBanners(ctx.db, 0, parts),
      repo.listProductCards(ctx.db, 'sales', FLOOR_SIZE, parts),
      repo.listProductCards(ctx.db, 'newest', FLOOR_SIZE, parts),
      parts.activities(ctx.db, now, ACTIVITY_BLOCK_SIZE),
    ]);
    // The answer is stale at the first start or end of any activity read, or after the TTL.
    let staleAt = now.getTime() + HOME_TTL_MS;
    for (const a of [...seckills, ...groupBuys, ...discounts]) {
      const boundary = a.startTime.getTime() > now.getTime() ? a.startTime.getTime() : a.endTime.getTime();
      staleAt = Math.min(staleAt, boundary);
    }
    return { rows: { banners, recommended, newest, seckills, groupBuys, discounts }, staleAt };
  }

  // Kept until the first start or end of an activity it shows, or the TTL.
  const homeRows = () =>
    homes.get('home', async (ttl) => {
      const now = ctx.now();
      const { rows, staleAt } = await loadHome(now);
      ttl(staleAt - now.getTime());
      return rows;
    });

  return {
    async categoryTree(lang: Language): Promise<CategoryNode[]> {
      return buildTree(await platformRows(), lang);
    },

    async childCategories(shopId: number, parentId: number, lang: Language): Promise<Category[]> {
      const rows = await repo.listChildCategories(ctx.db, shopId, parentId, parts);
      return rows.map((row) => toCategory(row, lang));
    },

    async banners(shopId: number, lang: Language): Promise<Banner[]> {
      const rows = shopId === 0 ? (await homeRows()).banners : await repo.listBanners(ctx.db, shopId, parts);
      return rows.map((row) => toBanner(row, lang));
    },

    async home(lang: Language): Promise<Home> {
      const [rows, categoryRows] = await Promise.all([homeRows(), platformRows()]);
      const now = ctx.now().getTime();
      const running = <T extends { startTime: Date; endTime: Date }>(list: T[]) =>
        list.filter((a) => a.startTime.getTime() <= now && a.endTime.getTime() > now);
      const seckills: SeckillCard[] = running(rows.seckills).map((s) => ({
        seckillId: s.seckillId,
        prodId: s.prodId,
        prodName: localized(lang, s.nameZh, s.nameEn),
        pic: s.pic,
        seckillPrice: s.seckillPrice ?? s.price,
        price: s.price,
        startTime: apiTime(s.startTime),
        endTime: apiTime(s.endTime),
      }));
      const groupBuys: GroupBuyCard[] = running(rows.groupBuys).map((g) => ({
        groupActivityId: g.groupActivityId,
        prodId: g.prodId,
        prodName: localized(lang, g.nameZh, g.nameEn),
        pic: g.pic,
        actPrice: g.actPrice ?? g.price,
        price: g.price,
        groupNumber: g.groupNumber,
        endTime: apiTime(g.endTime),
      }));
      const discounts: DiscountCard[] = running(rows.discounts).map((d) => ({
        discountId: d.discountId,
        discountName: localized(lang, d.nameZh, d.nameEn),
        discountRule: d.discountRule,
        // The first tier in the reader's language, worded as everywhere else ("每满300减50").
        label: d.needAmount === null ? localized(lang, d.nameZh, d.nameEn) : discountTierLabel(d.discountRule, d.discountType ?? 0, { needAmount: d.needAmount, reduceAmount: d.reduceAmount ?? 0, discount: d.discount }, lang),
        shopId: d.shopId,
        shopName: localized(lang, d.shopNameZh, d.shopNameEn),
        prodId: d.prodId,
        prodName: localized(lang, d.prodNameZh, d.prodNameEn),
        pic: d.pic,
        price: d.price,
        endTime: apiTime(d.endTime),
      }));
      return {
        banners: rows.banners.map((row) => toBanner(row, lang)),
        categories: buildTree(categoryRows, lang),
        recommended: rows.recommended.map((row) => toCard(row, lang)),
        newest: rows.newest.map((row) => toCard(row, lang)),
        seckills,
        groupBuys,
        discounts,
      };
    },
  };
}
