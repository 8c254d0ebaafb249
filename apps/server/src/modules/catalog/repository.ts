import { and, asc, desc, eq, exists, gt, inArray, min, or, sql } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { banners, categories } from '../../db/schema/catalog.ts';
import { products } from '../../db/schema/product.ts';
import { discountItems, discountProducts, discounts, groupActivities, groupSkus, seckillSkus, seckills } from '../../db/schema/promotion.ts';
import { shops } from '../../db/schema/shop.ts';

const SHOWN = 1;
const ENABLED = 1;
const PLATFORM = 0;

const openShopExists = (db: Db, shopId: number) =>
  exists(db.select({ one: sql`1` }).from(shops).where(and(eq(shops.id, shopId), eq(shops.status, SHOP_STATUS.open))));

const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  grade: categories.grade,
  nameZh: categories.nameZh,
  nameEn: categories.nameEn,
  pic: categories.pic,
  icon: categories.icon,
};
export type CategoryRow = { id: number; parentId: number; grade: number; nameZh: string; nameEn: string | null; pic: string | null; icon: string | null };

/** Every shown category of the platform tree, parents before children. */
export async function listPlatformCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.shopId, PLATFORM), eq(categories.status, SHOWN)))
    .orderBy(asc(categories.grade), asc(categories.seq), asc(categories.id));
}

/** The shown children of one category; a shop's rows only while the shop is open. */
export async function listChildCategories(db: Db, shopId: number, parentId: number): Promise<CategoryRow[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(
      and(
        eq(categories.shopId, shopId),
        eq(categories.parentId, parentId),
        eq(categories.status, SHOWN),
        shopId === PLATFORM ? undefined : openShopExists(db, shopId),
      ),
    )
    .orderBy(asc(categories.seq), asc(categories.id));
}

/**
 * The carousel of the home page (0) or of an open shop. A slide whose product is off the shelf
 * or whose shop is closed stays, but without a product to open.
 */
export async function listBanners(db: Db, shopId: number) {
  return db
    .select({
      img: banners.img,
      titleZh: banners.titleZh,
      titleEn: banners.titleEn,
      seq: banners.seq,
      prodId: sql<number | null>`case when ${shops.id} is not null then ${products.id} end`,
    })
    .from(banners)
    .leftJoin(products, and(eq(products.id, banners.productId), eq(products.status, PRODUCT_STATUS.onShelf)))
    .leftJoin(shops, and(eq(shops.id, products.shopId), eq(shops.status, SHOP_STATUS.open)))
    .where(and(eq(banners.shopId, shopId), eq(banners.status, SHOWN), shopId === PLATFORM ? undefined : openShopExists(db, shopId)))
    .orderBy(asc(banners.seq), asc(banners.id));
}
export type BannerRow = Awaited<ReturnType<typeof listBanners>>[number];

const cardColumns = {
  prodId: products.id,
  nameZh: products.nameZh,
  nameEn: products.nameEn,
  pic: products.pic,
  price: products.price,
  oriPrice: products.oriPrice,
  soldNum: products.soldNum,
  totalStocks: products.totalStocks,
  shopId: products.shopId,
  shopNameZh: shops.nameZh,
  shopNameEn: shops.nameEn,
};

/** Product cards of on-shelf products in open shops, best sellers or newest first. */
export async function listProductCards(db: Db, order: 'sales' | 'newest', limit: number) {
  return db
    .select(cardColumns)
    .from(products)
    .innerJoin(shops, and(eq(shops.id, products.shopId), eq(shops.status, SHOP_STATUS.open)))
    .where(eq(products.status, PRODUCT_STATUS.onShelf))
    .orderBy(...(order === 'sales' ? [desc(products.soldNum), asc(products.id)] : [desc(products.createdAt), desc(products.id)]))
    .limit(limit);
}
export type ProductCardRow = Awaited<ReturnType<typeof listProductCards>>[number];

/**
 * Activities are read "not ended", earliest start first, so the running ones come first and the
 * first coming one tells the service when its cached answer goes stale.
 */
const notEnded = (endColumn: AnyPgColumn, now: Date) => gt(endColumn, now);

/** Enabled flash sales that have not ended, with the lowest flash price, for sellable products. */
export async function listSeckills(db: Db, now: Date, limit: number) {
  return db
    .select({
      seckillId: seckills.id,
      prodId: products.id,
      nameZh: products.nameZh,
      nameEn: products.nameEn,
      pic: products.pic,
      price: products.price,
      seckillPrice: min(seckillSkus.seckillPrice),
      startTime: seckills.startTime,
      endTime: seckills.endTime,
    })
    .from(seckills)
    .innerJoin(seckillSkus, eq(seckillSkus.seckillId, seckills.id))
    .innerJoin(products, and(eq(products.id, seckills.productId), eq(products.status, PRODUCT_STATUS.onShelf)))
    .innerJoin(shops, and(eq(shops.id, products.shopId), eq(shops.status, SHOP_STATUS.open)))
    .where(and(eq(seckills.status, ENABLED), notEnded(seckills.endTime, now)))
    .groupBy(seckills.id, products.id)
    .orderBy(asc(seckills.startTime), asc(seckills.endTime), asc(seckills.id))
    .limit(limit);
}

/** Enabled group-buy activities that have not ended, with the lowest activity price. */
export async function listGroupActivities(db: Db, now: Date, limit: number) {
  return db
    .select({
      groupActivityId: groupActivities.id,
      prodId: products.id,
      nameZh: products.nameZh,
      nameEn: products.nameEn,
      pic: products.pic,
      price: products.price,
      actPrice: min(groupSkus.actPrice),
      groupNumber: groupActivities.groupNumber,
      startTime: groupActivities.startTime,
      endTime: groupActivities.endTime,
    })
    .from(groupActivities)
    .innerJoin(groupSkus, eq(groupSkus.groupActivityId, groupActivities.id))
    .innerJoin(products, and(eq(products.id, groupActivities.productId), eq(products.status, PRODUCT_STATUS.onShelf)))
    .innerJoin(shops, and(eq(shops.id, products.shopId), eq(shops.status, SHOP_STATUS.open)))
    .where(and(eq(groupActivities.status, ENABLED), notEnded(groupActivities.endTime, now)))
    .groupBy(groupActivities.id, products.id)
    .orderBy(asc(groupActivities.startTime), asc(groupActivities.endTime), asc(groupActivities.id))
    .limit(limit);
}

/**
 * Enabled promotions of open shops that have not ended, each with its first ladder step and the
 * product that fronts it: the best-selling listed product, or the shop's best seller when the
 * promotion covers every product. One statement (lateral joins), whatever the number of promotions.
 */
export async function listDiscounts(db: Db, now: Date, limit: number) {
  const front = db
    .select({ id: products.id, nameZh: products.nameZh, nameEn: products.nameEn, pic: products.pic, price: products.price })
    .from(products)
    .where(
      and(
        eq(products.shopId, discounts.shopId),
        eq(products.status, PRODUCT_STATUS.onShelf),
        or(
          eq(discounts.suitableProdType, 0),
          exists(
            db
              .select({ one: sql`1` })
              .from(discountProducts)
              .where(and(eq(discountProducts.discountId, discounts.id), eq(discountProducts.productId, products.id))),
          ),
        ),
      ),
    )
    .orderBy(desc(products.soldNum), asc(products.id))
    .limit(1)
    .as('front');
  const step = db
    .select({ needAmount: discountItems.needAmount, reduceAmount: discountItems.reduceAmount, discount: discountItems.discount })
    .from(discountItems)
    .where(eq(discountItems.discountId, discounts.id))
    .orderBy(asc(discountItems.needAmount))
    .limit(1)
    .as('step');
  return db
    .select({
      discountId: discounts.id,
      nameZh: discounts.nameZh,
      nameEn: discounts.nameEn,
      discountRule: discounts.discountRule,
      startTime: discounts.startTime,
      endTime: discounts.endTime,
      shopId: shops.id,
      shopNameZh: shops.nameZh,
      shopNameEn: shops.nameEn,
      needAmount: step.needAmount,
      reduceAmount: step.reduceAmount,
      discount: step.discount,
      prodId: front.id,
      prodNameZh: front.nameZh,
      prodNameEn: front.nameEn,
      pic: front.pic,
      price: front.price,
    })
    .from(discounts)
    .innerJoin(shops, and(eq(shops.id, discounts.shopId), eq(shops.status, SHOP_STATUS.open)))
    .innerJoinLateral(front, sql`true`)
    .leftJoinLateral(step, sql`true`)
    .where(and(eq(discounts.status, ENABLED), notEnded(discounts.endTime, now)))
    .orderBy(asc(discounts.startTime), asc(discounts.endTime), asc(discounts.id))
    .limit(limit);
}

/** Named read for product search documents: the names of these categories, by id. */
export async function findCategoryNames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, { nameZh: string; nameEn: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: categories.id, nameZh: categories.nameZh, nameEn: categories.nameEn }).from(categories).where(inArray(categories.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { nameZh: r.nameZh, nameEn: r.nameEn }]));
}
