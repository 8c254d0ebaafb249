// The product module's reads for the points mall (issue 29, decision 066): the cards of the products
// points items are offered on, the named part "on-shelf product ids" the mall's pages filter by, and
// the self-run shops' products the platform console may make points items of.
import { and, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { PRODUCT_STATUS, SKU_STATUS } from '@bazaar/shared/constants/product-status';
import type { Db, Tx } from '../../db/client.ts';
import { products, skus } from '../../db/schema/product.ts';
import { escapeLike } from '../../lib/sql-like.ts';

/**
 * Named statement part: the ids of the products on the shelf, a subquery for `product_id in (...)`.
 * Its names are bare: inside the parentheses they resolve to this subquery's own table first.
 */
export const onShelfProductIds = (): SQL => sql`select ${products.id} from ${products} where ${products.status} = ${PRODUCT_STATUS.onShelf}`;

export interface PointsProductCard {
  prodId: number;
  shopId: number;
  nameZh: string;
  nameEn: string | null;
  briefZh: string | null;
  briefEn: string | null;
  pic: string;
  price: number;
  mold: number;
  status: number;
  totalStocks: number;
}

const cardColumns = {
  prodId: products.id,
  shopId: products.shopId,
  nameZh: products.nameZh,
  nameEn: products.nameEn,
  briefZh: products.briefZh,
  briefEn: products.briefEn,
  pic: products.pic,
  price: products.price,
  mold: products.mold,
  status: products.status,
  totalStocks: products.totalStocks,
};

/** The products among `ids`, whatever their status. */
export async function pointsProductCards(db: Db | Tx, ids: number[]): Promise<Map<number, PointsProductCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(cardColumns).from(products).where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.prodId, r]));
}

/**
 * The console's product picker: products of the given shops, not deleted, whose name contains the
 * keyword (if any) and whose id is not in `exclude` (the mall's named part: products that already
 * have an item), newest first.
 */
export async function pageShopProducts(db: Db, input: { shopIds: number[]; keyword: string | undefined; exclude: SQL; limit: number; offset: number }): Promise<{ rows: PointsProductCard[]; total: number }> {
  if (input.shopIds.length === 0) return { rows: [], total: 0 };
  const like = input.keyword ? `%${escapeLike(input.keyword)}%` : null;
  const where = and(
    inArray(products.shopId, input.shopIds),
    ne(products.status, PRODUCT_STATUS.deleted),
    like ? or(sql`${products.nameZh} ilike ${like}`, sql`${products.nameEn} ilike ${like}`) : undefined,
    sql`${products.id} not in (${input.exclude})`,
  );
  const [rows, total] = await Promise.all([
    db.select(cardColumns).from(products).where(where).orderBy(sql`${products.id} desc`).limit(input.limit).offset(input.offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * What the enabled SKUs of these products can supply, by product: their stocks summed, -1 when one is
 * unlimited; a product without an enabled SKU is absent (it supplies nothing). QA2 item 4.
 */
export async function skuSupplyOf(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      productId: skus.productId,
      supply: sql<number>`case when bool_or(${skus.stocks} = -1) then -1 else coalesce(sum(greatest(${skus.stocks}, 0)), 0) end`.mapWith(Number),
    })
    .from(skus)
    .where(and(inArray(skus.productId, [...new Set(ids)]), eq(skus.status, SKU_STATUS.enabled)))
    .groupBy(skus.productId);
  return new Map(rows.map((r) => [r.productId, r.supply]));
}

/** A product's shop and status (the console checks both before making it a points item). */
export async function findProductOwner(db: Db | Tx, prodId: number): Promise<{ shopId: number; status: number } | undefined> {
  const [row] = await db.select({ shopId: products.shopId, status: products.status }).from(products).where(eq(products.id, prodId));
  return row;
}
