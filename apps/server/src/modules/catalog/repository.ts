import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { banners, categories } from '../../db/schema/catalog.ts';

const SHOWN = 1;
const PLATFORM = 0;

type Part<T> = SQL.Aliased<T>;

/**
 * The product and shop modules' named queries the catalog's reads join in place of their tables
 * (product/repository.ts onShelfProductCard, shop/repository.ts openShopCard and shopIsOpen;
 * flows/catalog.ts hands them in).
 */
export interface CatalogParts {
  onShelfProductCard: (db: Db) => SubqueryWithSelection<
    {
      prodId: Part<number>;
      nameZh: Part<string>;
      nameEn: Part<string | null>;
      pic: Part<string>;
      price: Part<number>;
      oriPrice: Part<number>;
      soldNum: Part<number>;
      totalStocks: Part<number>;
      shopId: Part<number>;
      createdAt: Part<Date>;
    },
    'on_shelf_product'
  >;
  openShopCard: (db: Db) => SubqueryWithSelection<{ shopId: Part<number>; shopNameZh: Part<string>; shopNameEn: Part<string | null> }, 'shop_card'>;
  shopIsOpen: (shopId: number) => SQL<boolean>;
}

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
export async function listChildCategories(db: Db, shopId: number, parentId: number, parts: CatalogParts): Promise<CategoryRow[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(
      and(
        eq(categories.shopId, shopId),
        eq(categories.parentId, parentId),
        eq(categories.status, SHOWN),
        shopId === PLATFORM ? undefined : parts.shopIsOpen(shopId),
      ),
    )
    .orderBy(asc(categories.seq), asc(categories.id));
}

/**
 * The carousel of the home page (0) or of an open shop. A slide whose product is off the shelf
 * or whose shop is closed stays, but without a product to open.
 */
export async function listBanners(db: Db, shopId: number, parts: CatalogParts) {
  const product = parts.onShelfProductCard(db);
  const shop = parts.openShopCard(db);
  return db
    .select({
      img: banners.img,
      imgEn: banners.imgEn,
      titleZh: banners.titleZh,
      titleEn: banners.titleEn,
      seq: banners.seq,
      prodId: sql<number | null>`case when ${shop.shopId} is not null then ${product.prodId} end`,
    })
    .from(banners)
    .leftJoin(product, eq(product.prodId, banners.productId))
    .leftJoin(shop, eq(shop.shopId, product.shopId))
    .where(and(eq(banners.shopId, shopId), eq(banners.status, SHOWN), shopId === PLATFORM ? undefined : parts.shopIsOpen(shopId)))
    .orderBy(asc(banners.seq), asc(banners.id));
}
export type BannerRow = Awaited<ReturnType<typeof listBanners>>[number];

/** Product cards of on-shelf products in open shops, best sellers or newest first (the home page's floors). */
export async function listProductCards(db: Db, order: 'sales' | 'newest', limit: number, parts: CatalogParts) {
  const product = parts.onShelfProductCard(db);
  const shop = parts.openShopCard(db);
  return db
    .select({
      prodId: product.prodId,
      nameZh: product.nameZh,
      nameEn: product.nameEn,
      pic: product.pic,
      price: product.price,
      oriPrice: product.oriPrice,
      soldNum: product.soldNum,
      totalStocks: product.totalStocks,
      shopId: product.shopId,
      shopNameZh: shop.shopNameZh,
      shopNameEn: shop.shopNameEn,
    })
    .from(product)
    .innerJoin(shop, eq(shop.shopId, product.shopId))
    .orderBy(...(order === 'sales' ? [desc(product.soldNum), asc(product.prodId)] : [desc(product.createdAt), desc(product.prodId)]))
    .limit(limit);
}
export type ProductCardRow = Awaited<ReturnType<typeof listProductCards>>[number];

/**
 * Named statement part: the ids of a platform category and its whole subtree (a category of grade 1
 * or 2 stands for its children and grandchildren), a subquery for `category_id in (...)` (the search
 * page, product/card-page.ts, through flows/search-products.ts). Its names are bare: at each level
 * they resolve to that level's own table first.
 */
export const platformCategorySubtree = (categoryId: number): SQL => sql`select ${categories.id} from ${categories}
  where ${categories.shopId} = ${PLATFORM} and (${categories.id} = ${categoryId} or ${categories.parentId} = ${categoryId}
    or ${categories.parentId} in (select ${categories.id} from ${categories} where ${categories.shopId} = ${PLATFORM} and ${categories.parentId} = ${categoryId}))`;

/** Named read: a platform category's subtree ids (platformCategorySubtree run on its own). */
export async function listPlatformCategorySubtree(db: Db, categoryId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(platformCategorySubtree(categoryId));
  return result.rows.map((r) => r.id);
}

/** Named read for product search documents: the names of these categories, by id. */
export async function findCategoryNames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, { nameZh: string; nameEn: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: categories.id, nameZh: categories.nameZh, nameEn: categories.nameEn }).from(categories).where(inArray(categories.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { nameZh: r.nameZh, nameEn: r.nameEn }]));
}
