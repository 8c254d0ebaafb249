import type { Language } from '@bazaar/shared/constants/limits';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import { FOOTPRINT_LIMIT, type CollectedProduct, type CollectedShop, type FootprintDay, type FootprintPage } from '@bazaar/shared/schemas/collection';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import * as repo from './repository.ts';
import { localized } from '../../lib/localized.ts';

const pageCount = (total: number, size: number) => Math.ceil(total / size);

/** The product and shop modules' parts, handed in by flows/collections.ts. */
export type CatalogParts = repo.CatalogParts;

type CardRow = Awaited<ReturnType<typeof repo.listProductCollections>>[number];

function productCard(row: Omit<CardRow, 'collectedAt'>, lang: Language) {
  return {
    prodId: row.prodId,
    prodName: localized(lang, row.nameZh, row.nameEn),
    pic: row.pic,
    price: row.price,
    oriPrice: row.oriPrice,
    soldNum: row.soldNum,
    totalStocks: row.totalStocks,
    shopId: row.shopId,
    shopName: localized(lang, row.shopNameZh, row.shopNameEn),
    onShelf: row.status === PRODUCT_STATUS.onShelf && row.shopStatus === SHOP_STATUS.open,
  };
}

// ---- Products ----

export function isProductCollected(ctx: AppContext, userId: string, prodId: number): Promise<boolean> {
  return repo.isProductCollected(ctx.db, userId, prodId);
}

/** Toggles a product's collection; answers true when it is collected afterwards. */
export async function toggleProductCollection(ctx: AppContext, userId: string, prodId: number, parts: repo.CatalogParts): Promise<boolean> {
  if (await repo.deleteProductCollection(ctx.db, userId, prodId)) return false;
  if (await repo.insertProductCollection(ctx.db, userId, prodId, ctx.now(), parts)) return true;
  // Either a parallel request collected it, or there is no such product.
  if (await repo.isProductCollected(ctx.db, userId, prodId)) return true;
  throw invalid('product.errors.notFound');
}

export async function collectedProductPage(ctx: AppContext, userId: string, current: number, size: number, lang: Language, parts: repo.CatalogParts) {
  const [total, rows] = await Promise.all([
    repo.countProductCollections(ctx.db, userId, parts),
    repo.listProductCollections(ctx.db, userId, size, (current - 1) * size, parts),
  ]);
  const records: CollectedProduct[] = rows.map((row) => ({ ...productCard(row, lang), collectTime: formatApiTime(row.collectedAt) }));
  return { records, total, size, current, pages: pageCount(total, size) };
}

export async function cancelProductCollections(ctx: AppContext, userId: string, prodIds: number[]): Promise<void> {
  await repo.deleteProductCollections(ctx.db, userId, [...new Set(prodIds)]);
}

// ---- Shops ----

/** Each shop's follower count, kept this long at most; a follow or unfollow here drops it at once. */
export const SHOP_FOLLOWERS_TTL_MS = 30_000;
/** The follower counts' cache (a number per shop id). */
export const SHOP_FOLLOWERS_CACHE = 'shop-followers';
const SHOP_FOLLOWERS_MAX = 20_000;

/** How many shoppers follow the shop (cached per shop; the product detail's shop card shows it). */
export function shopFollowers(ctx: AppContext, shopId: number): Promise<number> {
  return ctx.caches
    .named<number>(SHOP_FOLLOWERS_CACHE, { ttlMs: SHOP_FOLLOWERS_TTL_MS, max: SHOP_FOLLOWERS_MAX })
    .get(String(shopId), () => repo.countShopFollowers(ctx.db, shopId));
}

/** Forgets the cached follower counts of these shops, here and on every instance. */
async function dropShopFollowers(ctx: AppContext, shopIds: number[]): Promise<void> {
  if (shopIds.length) await ctx.caches.invalidate(SHOP_FOLLOWERS_CACHE, shopIds.map(String));
}

export function isShopCollected(ctx: AppContext, userId: string, shopId: number): Promise<boolean> {
  return repo.isShopCollected(ctx.db, userId, shopId);
}

export async function toggleShopCollection(ctx: AppContext, userId: string, shopId: number, parts: repo.CatalogParts): Promise<boolean> {
  if (await repo.deleteShopCollection(ctx.db, userId, shopId)) {
    await dropShopFollowers(ctx, [shopId]);
    return false;
  }
  if (await repo.insertShopCollection(ctx.db, userId, shopId, ctx.now(), parts)) {
    await dropShopFollowers(ctx, [shopId]);
    return true;
  }
  if (await repo.isShopCollected(ctx.db, userId, shopId)) return true;
  throw invalid('collection.errors.shopNotFound');
}

export async function collectedShopPage(ctx: AppContext, userId: string, current: number, size: number, lang: Language, parts: repo.CatalogParts) {
  const [total, rows] = await Promise.all([
    repo.countShopCollections(ctx.db, userId),
    repo.listShopCollections(ctx.db, userId, size, (current - 1) * size, parts),
  ]);
  const records: CollectedShop[] = rows.map((row) => ({
    shopId: row.shopId,
    shopName: localized(lang, row.nameZh, row.nameEn),
    shopLogo: row.logo,
    intro: localized(lang, row.introZh, row.introEn),
    type: row.type,
    shopScore: row.score,
    collectTime: formatApiTime(row.collectedAt),
  }));
  return { records, total, size, current, pages: pageCount(total, size) };
}

export async function cancelShopCollections(ctx: AppContext, userId: string, shopIds: number[]): Promise<void> {
  const ids = [...new Set(shopIds)];
  if ((await repo.deleteShopCollections(ctx.db, userId, ids)) > 0) await dropShopFollowers(ctx, ids);
}

// ---- Footprint ----

/** Records a product view; only the latest FOOTPRINT_LIMIT products are kept. */
export async function recordBrowse(ctx: AppContext, userId: string, prodId: number, parts: repo.CatalogParts): Promise<void> {
  if (!(await repo.upsertBrowseLog(ctx.db, userId, prodId, ctx.now(), parts))) throw invalid('product.errors.notFound');
  await repo.trimBrowseLogs(ctx.db, userId, FOOTPRINT_LIMIT);
}

export async function footprintPage(ctx: AppContext, userId: string, current: number, size: number, lang: Language, parts: repo.CatalogParts): Promise<FootprintPage> {
  const [total, rows] = await Promise.all([repo.countBrowseLogs(ctx.db, userId, parts), repo.listBrowseLogs(ctx.db, userId, size, (current - 1) * size, parts)]);
  const records: FootprintDay[] = [];
  for (const row of rows) {
    const browseTime = formatApiTime(row.browseTime);
    // The day in GMT+8, as the time is shown.
    const date = browseTime.slice(0, 10);
    let day = records[records.length - 1];
    if (day?.date !== date) {
      day = { date, items: [] };
      records.push(day);
    }
    day.items.push({ ...productCard(row, lang), id: row.id, browseTime });
  }
  return { records, total, size, current, pages: pageCount(total, size) };
}

export async function deleteFootprints(ctx: AppContext, userId: string, ids: number[]): Promise<void> {
  await repo.deleteBrowseLogs(ctx.db, userId, [...new Set(ids)]);
}

export async function clearFootprint(ctx: AppContext, userId: string): Promise<void> {
  await repo.clearBrowseLogs(ctx.db, userId);
}
