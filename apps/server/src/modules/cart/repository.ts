import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, products, shops, skus } from '../../db/schema.ts';

/** The SKU with what decides whether it can be bought, read live (never from the detail cache). */
export async function findSkuForCart(db: Db | Tx, skuId: number) {
  const [row] = await db
    .select({
      skuId: skus.id,
      skuStatus: skus.status,
      stocks: skus.stocks,
      prodId: products.id,
      prodStatus: products.status,
      prodType: products.prodType,
      shopId: shops.id,
      shopStatus: shops.status,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(skus.id, skuId));
  return row;
}

/** The user's line of a SKU, locked for the rest of the transaction. */
export async function findLineForUpdate(tx: Tx, userId: string, where: { basketId: number } | { skuId: number }) {
  const [row] = await tx
    .select({ id: cartItems.id, skuId: cartItems.skuId, count: cartItems.count })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), 'basketId' in where ? eq(cartItems.id, where.basketId) : eq(cartItems.skuId, where.skuId)))
    .for('update');
  return row;
}

export async function insertLine(tx: Tx, line: { userId: string; shopId: number; prodId: number; skuId: number; count: number }) {
  await tx.insert(cartItems).values({ userId: line.userId, shopId: line.shopId, productId: line.prodId, skuId: line.skuId, count: line.count });
}

export async function updateLineCount(tx: Tx, id: number, count: number, at: Date) {
  await tx.update(cartItems).set({ count, updatedAt: at }).where(eq(cartItems.id, id));
}

export async function deleteLine(tx: Tx, id: number) {
  await tx.delete(cartItems).where(eq(cartItems.id, id));
}

/** The number of pieces in the user's cart. */
export async function sumCartCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.count}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

/**
 * The user's lines (all, or only `basketIds`) with their SKU, product and shop as they are now,
 * newest first, in one statement: the cart page, the invalid list and the total all read this.
 */
export async function listCartLines(db: Db, userId: string, basketIds?: number[]) {
  const mine = eq(cartItems.userId, userId);
  return db
    .select({
      basketId: cartItems.id,
      count: cartItems.count,
      isChecked: cartItems.isChecked,
      skuId: skus.id,
      skuStatus: skus.status,
      stocks: skus.stocks,
      price: skus.price,
      skuPic: skus.pic,
      properties: skus.properties,
      skuNameZh: skus.nameZh,
      skuNameEn: skus.nameEn,
      prodId: products.id,
      prodStatus: products.status,
      prodType: products.prodType,
      nameZh: products.nameZh,
      nameEn: products.nameEn,
      pic: products.pic,
      shopId: shops.id,
      shopStatus: shops.status,
      shopNameZh: shops.nameZh,
      shopNameEn: shops.nameEn,
    })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(basketIds ? and(mine, inArray(cartItems.id, basketIds)) : mine)
    .orderBy(desc(cartItems.id));
}
export type CartLineRow = Awaited<ReturnType<typeof listCartLines>>[number];

/** Ticks `checked` and unticks the other `basketIds`, only among the user's own lines. */
export async function setLinesChecked(db: Db, userId: string, basketIds: number[], checked: number[], at: Date): Promise<void> {
  await db
    .update(cartItems)
    .set({ isChecked: checked.length > 0 ? sql`${inArray(cartItems.id, checked)}` : sql`false`, updatedAt: at })
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, basketIds)));
}

/** Deletes the user's lines among `basketIds` (other users' ids match nothing); answers how many. */
export async function deleteLines(db: Db, userId: string, basketIds: number[]): Promise<number> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, basketIds)))
    .returning({ id: cartItems.id });
  return rows.length;
}
