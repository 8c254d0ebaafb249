import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { preparedPer, preparedPerParts } from '../../db/prepared.ts';
import { cartCombos, cartItems } from '../../db/schema/cart.ts';

/**
 * The product and shop modules' named queries the cart joins in place of their tables
 * (product/repository.ts skuCard, shop/repository.ts anyShopCard; flows/cart.ts hands them in).
 */
export interface CatalogParts {
  skuCard: (db: Db) => SubqueryWithSelection<
    {
      skuId: SQL.Aliased<number>;
      skuStatus: SQL.Aliased<number>;
      stocks: SQL.Aliased<number>;
      price: SQL.Aliased<number>;
      skuPic: SQL.Aliased<string | null>;
      properties: SQL.Aliased<string>;
      skuNameZh: SQL.Aliased<string | null>;
      skuNameEn: SQL.Aliased<string | null>;
      prodId: SQL.Aliased<number>;
      prodStatus: SQL.Aliased<number>;
      prodType: SQL.Aliased<number>;
      nameZh: SQL.Aliased<string>;
      nameEn: SQL.Aliased<string | null>;
      pic: SQL.Aliased<string>;
      shopId: SQL.Aliased<number>;
    },
    'sku_card'
  >;
  anyShopCard: (db: Db) => SubqueryWithSelection<
    { shopId: SQL.Aliased<number>; nameZh: SQL.Aliased<string>; nameEn: SQL.Aliased<string | null>; status: SQL.Aliased<number> },
    'any_shop'
  >;
}

const readChangeStatement = (byBasket: boolean) =>
  preparedPerParts((db, parts: CatalogParts) => {
    const sku = parts.skuCard(db);
    const shop = parts.anyShopCard(db);
    return db
      .select({
        skuId: sku.skuId,
        skuStatus: sku.skuStatus,
        stocks: sku.stocks,
        prodId: sku.prodId,
        prodStatus: sku.prodStatus,
        prodType: sku.prodType,
        shopId: shop.shopId,
        shopStatus: shop.status,
        lineId: cartItems.id,
        lineCount: cartItems.count,
      })
      .from(sku)
      .innerJoin(shop, eq(shop.shopId, sku.shopId))
      .leftJoin(
        cartItems,
        and(
          eq(cartItems.userId, sql.placeholder('userId')),
          eq(cartItems.skuId, sku.skuId),
          byBasket ? eq(cartItems.id, sql.placeholder('basketId')) : undefined,
        ),
      )
      .where(eq(sku.skuId, sql.placeholder('skuId')))
      .prepare(byBasket ? 'cart_read_change_by_basket' : 'cart_read_change');
  });
/** Prepared once per set of parts and handle (the flow hands in one constant set). */
const readChangeBySku = readChangeStatement(false);
const readChangeByBasket = readChangeStatement(true);

/**
 * What a cart change decides on, in one statement: the SKU as it is now (with its product and
 * shop) and the user's line of it, found by basket id when one is given. `sku` is undefined for an
 * unknown SKU; `line` is undefined when the user has no such line (another user's basket id finds none).
 */
export async function readChange(db: Db, userId: string, change: { basketId: number; skuId: number }, parts: CatalogParts) {
  const statement = change.basketId > 0 ? readChangeByBasket(db, parts) : readChangeBySku(db, parts);
  const [row] = await statement.execute({ userId, skuId: change.skuId, basketId: change.basketId });
  if (!row) return { sku: undefined, line: undefined };
  const { lineId, lineCount, ...sku } = row;
  return { sku, line: lineId === null || lineCount === null ? undefined : { id: lineId, count: lineCount } };
}

/**
 * Adds `count` pieces to the user's line of a SKU, creating it when absent, as long as the line
 * stays at or below `cap`. Answers the new count, or null when the line would pass the cap (the
 * guard holds even against a parallel change of the same line).
 */
export async function addToLine(
  db: Db,
  line: { userId: string; shopId: number; prodId: number; skuId: number; count: number },
  cap: number,
  at: Date,
): Promise<number | null> {
  const [row] = await db
    .insert(cartItems)
    .values({ userId: line.userId, shopId: line.shopId, productId: line.prodId, skuId: line.skuId, count: line.count })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.skuId],
      set: { count: sql`${cartItems.count} + excluded.count`, updatedAt: at },
      setWhere: sql`${cartItems.count} + excluded.count <= ${cap}`,
    })
    .returning({ count: cartItems.count });
  return row?.count ?? null;
}

/** Takes `count` pieces off a line while at least one stays; answers the new count, or null when it would not. */
export async function takeFromLine(db: Db, userId: string, lineId: number, count: number, at: Date): Promise<number | null> {
  const [row] = await db
    .update(cartItems)
    .set({ count: sql`${cartItems.count} - ${count}`, updatedAt: at })
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId), sql`${cartItems.count} - ${count} >= 1`))
    .returning({ count: cartItems.count });
  return row?.count ?? null;
}

export async function deleteLine(db: Db, userId: string, id: number) {
  await db.delete(cartItems).where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
}

const cartCountStatement = preparedPer((db) =>
  db
    .select({
      n: sql<number>`(coalesce(sum(${cartItems.count}), 0) + (select coalesce(sum(${cartCombos.count}), 0) from ${cartCombos} where ${cartCombos.userId} = ${sql.placeholder('userId')}))::int`,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .prepare('cart_count'),
);

/** The number of pieces in the user's cart, a discount package's set counting as one (prepared: the header asks on every logged-in page). */
export async function sumCartCount(db: Db, userId: string): Promise<number> {
  const [row] = await cartCountStatement(db).execute({ userId });
  return row?.n ?? 0;
}

const cartLinesStatement = (byBasket: boolean) =>
  preparedPerParts((db, parts: CatalogParts) => {
    const sku = parts.skuCard(db);
    const shop = parts.anyShopCard(db);
    const mine = eq(cartItems.userId, sql.placeholder('userId'));
    return db
      .select({
        basketId: cartItems.id,
        count: cartItems.count,
        isChecked: cartItems.isChecked,
        discountId: cartItems.discountId,
        skuId: sku.skuId,
        skuStatus: sku.skuStatus,
        stocks: sku.stocks,
        price: sku.price,
        skuPic: sku.skuPic,
        properties: sku.properties,
        skuNameZh: sku.skuNameZh,
        skuNameEn: sku.skuNameEn,
        prodId: sku.prodId,
        prodStatus: sku.prodStatus,
        prodType: sku.prodType,
        nameZh: sku.nameZh,
        nameEn: sku.nameEn,
        pic: sku.pic,
        shopId: shop.shopId,
        shopStatus: shop.status,
        shopNameZh: shop.nameZh,
        shopNameEn: shop.nameEn,
      })
      .from(cartItems)
      .innerJoin(sku, eq(sku.skuId, cartItems.skuId))
      .innerJoin(shop, eq(shop.shopId, sku.shopId))
      .where(byBasket ? and(mine, sql`${cartItems.id} = any(${sql.placeholder('basketIds')}::int[])`) : mine)
      .orderBy(desc(cartItems.id))
      .prepare(byBasket ? 'cart_lines_by_basket' : 'cart_lines');
  });
/** Prepared once per set of parts and handle (the flow hands in one constant set): every cart page reads this. */
const allCartLines = cartLinesStatement(false);
const someCartLines = cartLinesStatement(true);

/**
 * The user's lines (all, or only `basketIds`) with their SKU, product and shop as they are now,
 * newest first, in one prepared statement: the cart page, the invalid list and the total all read this.
 */
export function listCartLines(db: Db, userId: string, parts: CatalogParts, basketIds?: number[]) {
  return basketIds ? someCartLines(db, parts).execute({ userId, basketIds }) : allCartLines(db, parts).execute({ userId });
}
export type CartLineRow = Awaited<ReturnType<typeof listCartLines>>[number];

/** Ticks `checked` and unticks the other `basketIds`, only among the user's own lines. */
export async function setLinesChecked(db: Db, userId: string, basketIds: number[], checked: number[], at: Date): Promise<void> {
  await db
    .update(cartItems)
    .set({ isChecked: checked.length > 0 ? sql`${inArray(cartItems.id, checked)}` : sql`false`, updatedAt: at })
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, basketIds)));
}

/** The shopper's promotion for a line (0 = let the pricing choose); answers whether the line is theirs. */
export async function setLineDiscount(db: Db, userId: string, basketId: number, discountId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({ discountId: discountId === 0 ? null : discountId, updatedAt: at })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.id, basketId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

/** The bought lines leave the cart with the order they went into: a statement for the checkout to send (null when none). */
export function deleteLinesStatement(db: Db | Tx, userId: string, basketIds: number[]) {
  if (basketIds.length === 0) return null;
  return db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, basketIds)));
}

/** Deletes the user's lines among `basketIds` (other users' ids match nothing); answers how many. */
export async function deleteLines(db: Db, userId: string, basketIds: number[]): Promise<number> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, basketIds)))
    .returning({ id: cartItems.id });
  return rows.length;
}

/**
 * Named query: every ticked cart line, as a subquery checkout joins in place of the cart table
 * (flows/place-order.ts); the consumer filters on userId. Aliases start with checked_line_.
 */
export const checkedCartLines = (db: Db) =>
  db
    .select({
      basketId: sql<number>`${cartItems.id}`.mapWith(cartItems.id).as('checked_line_id'),
      userId: sql<string>`${cartItems.userId}`.mapWith(cartItems.userId).as('checked_line_user_id'),
      shopId: sql<number>`${cartItems.shopId}`.mapWith(cartItems.shopId).as('checked_line_shop_id'),
      skuId: sql<number>`${cartItems.skuId}`.mapWith(cartItems.skuId).as('checked_line_sku_id'),
      count: sql<number>`${cartItems.count}`.mapWith(cartItems.count).as('checked_line_count'),
      discountId: sql<number | null>`${cartItems.discountId}`.mapWith(cartItems.discountId).as('checked_line_discount_id'),
    })
    .from(cartItems)
    .where(eq(cartItems.isChecked, true))
    .as('checked_line');

// ---- Discount packages in the cart (decision 046): one row per user and package, `count` sets ----

/** The user's packages in the cart, newest first. */
const cartCombosStatement = preparedPer((db) =>
  db
    .select({ comboId: cartCombos.comboId, shopId: cartCombos.shopId, count: cartCombos.count, isChecked: cartCombos.isChecked })
    .from(cartCombos)
    .where(eq(cartCombos.userId, sql.placeholder('userId')))
    .orderBy(desc(cartCombos.id))
    .prepare('cart_combos'),
);

export function listCartCombos(db: Db, userId: string) {
  return cartCombosStatement(db).execute({ userId });
}
export type CartComboRow = Awaited<ReturnType<typeof listCartCombos>>[number];

/** The user's row of a package, or undefined. */
export async function findCartCombo(db: Db, userId: string, comboId: number) {
  const [row] = await db
    .select({ count: cartCombos.count })
    .from(cartCombos)
    .where(and(eq(cartCombos.userId, userId), eq(cartCombos.comboId, comboId)));
  return row;
}

/**
 * Adds `count` sets of a package, creating the row when absent, as long as it stays at or below
 * `cap` (the guard holds against a parallel change of the same row). Answers the new count, or null.
 */
export async function addCombo(db: Db, row: { userId: string; shopId: number; comboId: number; count: number }, cap: number, at: Date): Promise<number | null> {
  const [written] = await db
    .insert(cartCombos)
    .values(row)
    .onConflictDoUpdate({
      target: [cartCombos.userId, cartCombos.comboId],
      set: { count: sql`${cartCombos.count} + excluded.count`, updatedAt: at },
      setWhere: sql`${cartCombos.count} + excluded.count <= ${cap}`,
    })
    .returning({ count: cartCombos.count });
  return written?.count ?? null;
}

/** Takes `count` sets off while at least one stays; answers the new count, or null when it would not. */
export async function takeFromCombo(db: Db, userId: string, comboId: number, count: number, at: Date): Promise<number | null> {
  const [row] = await db
    .update(cartCombos)
    .set({ count: sql`${cartCombos.count} - ${count}`, updatedAt: at })
    .where(and(eq(cartCombos.userId, userId), eq(cartCombos.comboId, comboId), sql`${cartCombos.count} - ${count} >= 1`))
    .returning({ count: cartCombos.count });
  return row?.count ?? null;
}

/** Deletes the user's packages among `comboIds`; answers how many. */
export async function deleteCombos(db: Db, userId: string, comboIds: number[]): Promise<number> {
  const rows = await db
    .delete(cartCombos)
    .where(and(eq(cartCombos.userId, userId), inArray(cartCombos.comboId, comboIds)))
    .returning({ id: cartCombos.id });
  return rows.length;
}

/** Ticks `checked` and unticks the other `comboIds`, only among the user's own packages. */
export async function setCombosChecked(db: Db, userId: string, comboIds: number[], checked: number[], at: Date): Promise<void> {
  await db
    .update(cartCombos)
    .set({ isChecked: checked.length > 0 ? sql`${inArray(cartCombos.comboId, checked)}` : sql`false`, updatedAt: at })
    .where(and(eq(cartCombos.userId, userId), inArray(cartCombos.comboId, comboIds)));
}

/** The bought packages leave the cart with the order: a statement for the checkout to send (null when none). */
export function deleteCombosStatement(db: Db | Tx, userId: string, comboIds: number[]) {
  if (comboIds.length === 0) return null;
  return db.delete(cartCombos).where(and(eq(cartCombos.userId, userId), inArray(cartCombos.comboId, comboIds)));
}
