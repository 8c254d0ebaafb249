import { and, count, desc, eq, inArray, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/product.ts';
import { browseLogs, productCollections, shopCollections } from '../../db/schema/collection.ts';
import { shops } from '../../db/schema/shop.ts';


/** The card columns of a product and its shop, for collection and footprint lists. */
const productCardColumns = {
  prodId: products.id,
  nameZh: products.nameZh,
  nameEn: products.nameEn,
  pic: products.pic,
  price: products.price,
  oriPrice: products.oriPrice,
  soldNum: products.soldNum,
  totalStocks: products.totalStocks,
  status: products.status,
  shopId: shops.id,
  shopNameZh: shops.nameZh,
  shopNameEn: shops.nameEn,
  shopStatus: shops.status,
};

// ---- Products ----

/** Named statement part: how many shoppers follow the shop in `shopId` (a store's header, composed by flows/shop-head.ts). */
export const shopFollowerCount = (shopId: AnyColumn): SQL<number> =>
  sql<number>`(select count(*)::int from ${shopCollections} where ${shopCollections.shopId} = ${shopId})`;

export async function isProductCollected(db: Db, userId: string, prodId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(productCollections)
    .where(and(eq(productCollections.userId, userId), eq(productCollections.productId, prodId)))
    .limit(1);
  return rows.length > 0;
}

export async function deleteProductCollection(db: Db, userId: string, prodId: number): Promise<boolean> {
  const rows = await db
    .delete(productCollections)
    .where(and(eq(productCollections.userId, userId), eq(productCollections.productId, prodId)))
    .returning({ prodId: productCollections.productId });
  return rows.length > 0;
}

/** Collects a product that exists and is not deleted; false when there is no such product. */
export async function insertProductCollection(db: Db, userId: string, prodId: number, at: Date): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${productCollections} (user_id, product_id, created_at)
    select ${userId}, ${products.id}, ${at.toISOString()}::timestamptz from ${products}
    where ${products.id} = ${prodId} and ${products.status} <> ${PRODUCT_STATUS.deleted}
    on conflict do nothing
    returning product_id`);
  return (result.rows?.length ?? 0) > 0;
}

export async function countProductCollections(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(productCollections)
    .innerJoin(products, eq(products.id, productCollections.productId))
    .where(and(eq(productCollections.userId, userId), sql`${products.status} <> ${PRODUCT_STATUS.deleted}`));
  return row?.n ?? 0;
}

/** Collected products, newest first; deleted products drop out, off-shelf ones stay. */
export async function listProductCollections(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select({ ...productCardColumns, collectedAt: productCollections.createdAt })
    .from(productCollections)
    .innerJoin(products, eq(products.id, productCollections.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(productCollections.userId, userId), sql`${products.status} <> ${PRODUCT_STATUS.deleted}`))
    .orderBy(desc(productCollections.createdAt), desc(productCollections.productId))
    .limit(limit)
    .offset(offset);
}

export async function deleteProductCollections(db: Db, userId: string, prodIds: number[]): Promise<number> {
  const rows = await db
    .delete(productCollections)
    .where(and(eq(productCollections.userId, userId), inArray(productCollections.productId, prodIds)))
    .returning({ prodId: productCollections.productId });
  return rows.length;
}

// ---- Shops ----

export async function isShopCollected(db: Db, userId: string, shopId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(shopCollections)
    .where(and(eq(shopCollections.userId, userId), eq(shopCollections.shopId, shopId)))
    .limit(1);
  return rows.length > 0;
}

export async function deleteShopCollection(db: Db, userId: string, shopId: number): Promise<boolean> {
  const rows = await db
    .delete(shopCollections)
    .where(and(eq(shopCollections.userId, userId), eq(shopCollections.shopId, shopId)))
    .returning({ shopId: shopCollections.shopId });
  return rows.length > 0;
}

/** Follows an open shop; false when there is no such open shop. */
export async function insertShopCollection(db: Db, userId: string, shopId: number, at: Date): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${shopCollections} (user_id, shop_id, created_at)
    select ${userId}, ${shops.id}, ${at.toISOString()}::timestamptz from ${shops}
    where ${shops.id} = ${shopId} and ${shops.status} = ${SHOP_STATUS.open}
    on conflict do nothing
    returning shop_id`);
  return (result.rows?.length ?? 0) > 0;
}

export async function countShopCollections(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shopCollections).where(eq(shopCollections.userId, userId));
  return row?.n ?? 0;
}

export async function listShopCollections(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select({
      shopId: shops.id,
      nameZh: shops.nameZh,
      nameEn: shops.nameEn,
      introZh: shops.introZh,
      introEn: shops.introEn,
      logo: shops.logo,
      type: shops.type,
      score: shops.score,
      collectedAt: shopCollections.createdAt,
    })
    .from(shopCollections)
    .innerJoin(shops, eq(shops.id, shopCollections.shopId))
    .where(eq(shopCollections.userId, userId))
    .orderBy(desc(shopCollections.createdAt), desc(shopCollections.shopId))
    .limit(limit)
    .offset(offset);
}

export async function deleteShopCollections(db: Db, userId: string, shopIds: number[]): Promise<number> {
  const rows = await db
    .delete(shopCollections)
    .where(and(eq(shopCollections.userId, userId), inArray(shopCollections.shopId, shopIds)))
    .returning({ shopId: shopCollections.shopId });
  return rows.length;
}

// ---- Footprint ----

/** Moves (or adds) a product to the front of the user's footprint; false when the product is not on the shelf. */
export async function upsertBrowseLog(db: Db, userId: string, prodId: number, at: Date): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${browseLogs} (user_id, product_id, browse_time)
    select ${userId}, ${products.id}, ${at.toISOString()}::timestamptz from ${products}
    where ${products.id} = ${prodId} and ${products.status} = ${PRODUCT_STATUS.onShelf}
    on conflict (user_id, product_id) do update set browse_time = excluded.browse_time
    returning id`);
  return (result.rows?.length ?? 0) > 0;
}

/** Keeps only the user's `keep` most recent footprint rows. */
export async function trimBrowseLogs(db: Db, userId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: browseLogs.id })
    .from(browseLogs)
    .where(eq(browseLogs.userId, userId))
    .orderBy(desc(browseLogs.browseTime), desc(browseLogs.id))
    .limit(keep);
  await db.delete(browseLogs).where(and(eq(browseLogs.userId, userId), notInArray(browseLogs.id, newest)));
}

export async function countBrowseLogs(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(browseLogs)
    .innerJoin(products, eq(products.id, browseLogs.productId))
    .where(and(eq(browseLogs.userId, userId), sql`${products.status} <> ${PRODUCT_STATUS.deleted}`));
  return row?.n ?? 0;
}

export async function listBrowseLogs(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select({ ...productCardColumns, id: browseLogs.id, browseTime: browseLogs.browseTime })
    .from(browseLogs)
    .innerJoin(products, eq(products.id, browseLogs.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(browseLogs.userId, userId), sql`${products.status} <> ${PRODUCT_STATUS.deleted}`))
    .orderBy(desc(browseLogs.browseTime), desc(browseLogs.id))
    .limit(limit)
    .offset(offset);
}

export async function deleteBrowseLogs(db: Db, userId: string, ids: number[]): Promise<number> {
  const rows = await db
    .delete(browseLogs)
    .where(and(eq(browseLogs.userId, userId), inArray(browseLogs.id, ids)))
    .returning({ id: browseLogs.id });
  return rows.length;
}

export async function clearBrowseLogs(db: Db, userId: string): Promise<void> {
  await db.delete(browseLogs).where(eq(browseLogs.userId, userId));
}
