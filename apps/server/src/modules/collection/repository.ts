import { and, count, desc, eq, inArray, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { qualified } from '../../db/named-query.ts';
import { browseLogs, productCollections, shopCollections } from '../../db/schema/collection.ts';

/**
 * The product and shop modules' named parts the lists and guards compose (flows/collections.ts
 * hands them in): product/repository.ts productIsListed, productIsOnShelf, listedProductCard;
 * shop/repository.ts shopIsOpen, anyShopCard.
 */
export interface CatalogParts {
  productIsListed: (prodId: number) => SQL<boolean>;
  productIsOnShelf: (prodId: number) => SQL<boolean>;
  shopIsOpen: (shopId: number) => SQL<boolean>;
  listedProductCard: (db: Db) => SubqueryWithSelection<
    {
      prodId: SQL.Aliased<number>;
      nameZh: SQL.Aliased<string>;
      nameEn: SQL.Aliased<string | null>;
      pic: SQL.Aliased<string>;
      price: SQL.Aliased<number>;
      oriPrice: SQL.Aliased<number>;
      soldNum: SQL.Aliased<number>;
      totalStocks: SQL.Aliased<number>;
      status: SQL.Aliased<number>;
      shopId: SQL.Aliased<number>;
    },
    'listed_product'
  >;
  anyShopCard: (db: Db) => SubqueryWithSelection<
    {
      shopId: SQL.Aliased<number>;
      nameZh: SQL.Aliased<string>;
      nameEn: SQL.Aliased<string | null>;
      introZh: SQL.Aliased<string | null>;
      introEn: SQL.Aliased<string | null>;
      logo: SQL.Aliased<string | null>;
      type: SQL.Aliased<number>;
      score: SQL.Aliased<number>;
      status: SQL.Aliased<number>;
    },
    'any_shop'
  >;
}

/** The card columns of a listed product and its shop, for collection and footprint lists. */
function productCards(db: Db, parts: CatalogParts) {
  const product = parts.listedProductCard(db);
  const shop = parts.anyShopCard(db);
  const columns = {
    prodId: product.prodId,
    nameZh: product.nameZh,
    nameEn: product.nameEn,
    pic: product.pic,
    price: product.price,
    oriPrice: product.oriPrice,
    soldNum: product.soldNum,
    totalStocks: product.totalStocks,
    status: product.status,
    shopId: shop.shopId,
    shopNameZh: shop.nameZh,
    shopNameEn: shop.nameEn,
    shopStatus: shop.status,
  };
  return { product, shop, columns };
}

// ---- Products ----

/** Named statement part: how many shoppers follow the shop in `shopId` (a store's header, composed by flows/shop-head.ts). */
export const shopFollowerCount = (shopId: AnyColumn): SQL<number> =>
  sql<number>`(select count(*)::int from ${shopCollections} where ${qualified(shopCollections.shopId)} = ${qualified(shopId)})`;

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
export async function insertProductCollection(db: Db, userId: string, prodId: number, at: Date, parts: CatalogParts): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${productCollections} (user_id, product_id, created_at)
    select ${userId}, ${prodId}::int, ${at.toISOString()}::timestamptz
    where ${parts.productIsListed(prodId)}
    on conflict do nothing
    returning product_id`);
  return (result.rows?.length ?? 0) > 0;
}

export async function countProductCollections(db: Db, userId: string, parts: CatalogParts): Promise<number> {
  const product = parts.listedProductCard(db);
  const [row] = await db
    .select({ n: count() })
    .from(productCollections)
    .innerJoin(product, eq(product.prodId, productCollections.productId))
    .where(eq(productCollections.userId, userId));
  return row?.n ?? 0;
}

/** Collected products, newest first; deleted products drop out, off-shelf ones stay. */
export async function listProductCollections(db: Db, userId: string, limit: number, offset: number, parts: CatalogParts) {
  const { product, shop, columns } = productCards(db, parts);
  return db
    .select({ ...columns, collectedAt: productCollections.createdAt })
    .from(productCollections)
    .innerJoin(product, eq(product.prodId, productCollections.productId))
    .innerJoin(shop, eq(shop.shopId, product.shopId))
    .where(eq(productCollections.userId, userId))
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

/** How many shoppers follow this shop (the detail's shop card, through service.ts's cache). */
export async function countShopFollowers(db: Db, shopId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shopCollections).where(eq(shopCollections.shopId, shopId));
  return row?.n ?? 0;
}

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
export async function insertShopCollection(db: Db, userId: string, shopId: number, at: Date, parts: CatalogParts): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${shopCollections} (user_id, shop_id, created_at)
    select ${userId}, ${shopId}::int, ${at.toISOString()}::timestamptz
    where ${parts.shopIsOpen(shopId)}
    on conflict do nothing
    returning shop_id`);
  return (result.rows?.length ?? 0) > 0;
}

export async function countShopCollections(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shopCollections).where(eq(shopCollections.userId, userId));
  return row?.n ?? 0;
}

export async function listShopCollections(db: Db, userId: string, limit: number, offset: number, parts: CatalogParts) {
  const shop = parts.anyShopCard(db);
  return db
    .select({
      shopId: shop.shopId,
      nameZh: shop.nameZh,
      nameEn: shop.nameEn,
      introZh: shop.introZh,
      introEn: shop.introEn,
      logo: shop.logo,
      type: shop.type,
      score: shop.score,
      collectedAt: shopCollections.createdAt,
    })
    .from(shopCollections)
    .innerJoin(shop, eq(shop.shopId, shopCollections.shopId))
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
export async function upsertBrowseLog(db: Db, userId: string, prodId: number, at: Date, parts: CatalogParts): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${browseLogs} (user_id, product_id, browse_time)
    select ${userId}, ${prodId}::int, ${at.toISOString()}::timestamptz
    where ${parts.productIsOnShelf(prodId)}
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

export async function countBrowseLogs(db: Db, userId: string, parts: CatalogParts): Promise<number> {
  const product = parts.listedProductCard(db);
  const [row] = await db
    .select({ n: count() })
    .from(browseLogs)
    .innerJoin(product, eq(product.prodId, browseLogs.productId))
    .where(eq(browseLogs.userId, userId));
  return row?.n ?? 0;
}

export async function listBrowseLogs(db: Db, userId: string, limit: number, offset: number, parts: CatalogParts) {
  const { product, shop, columns } = productCards(db, parts);
  return db
    .select({ ...columns, id: browseLogs.id, browseTime: browseLogs.browseTime })
    .from(browseLogs)
    .innerJoin(product, eq(product.prodId, browseLogs.productId))
    .innerJoin(shop, eq(shop.shopId, product.shopId))
    .where(eq(browseLogs.userId, userId))
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
