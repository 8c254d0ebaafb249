// Orders and what checkout reads to build them. Queries only; the rules live in the flows and service.
import { and, desc, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { ORDER_REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { FreightRule } from '@bazaar/shared/schemas/freight';
import type { Db, Tx } from '../../db/client.ts';
import { insertJsonRows } from '../../db/json-rows.ts';
import type { NewOrder, NewOrderAddress, NewOrderItem } from './order-rows.ts';
import { preparedPer, preparedPerParts } from '../../db/prepared.ts';
import { orderLineColumns } from './line-columns.ts';
import { payBySql } from './lifecycle.ts';
import { checkoutTokens, orderAddresses, orderItems, orders, orderVirtualCodes } from '../../db/schema/order.ts';

type Part<T> = SQL.Aliased<T>;

/**
 * The shop module's named query the order list, the order detail and checkout join in place of the
 * shops table (shop/repository.ts anyShopCard): every shop, whatever its status.
 */
export type ShopCard = (db: Db) => SubqueryWithSelection<
  {
    shopId: Part<number>;
    nameZh: Part<string>;
    nameEn: Part<string | null>;
    status: Part<number>;
    /** 1 self-run, 2 ordinary. */
    type: Part<number>;
    freightRule: Part<FreightRule>;
  },
  'any_shop'
>;

/**
 * The named queries checkout joins in place of other owners' tables, handed in by
 * flows/place-order.ts: the product module's SKUs with their product (product/repository.ts
 * skuCard), the shop module's shops and the cart module's ticked lines (cart/repository.ts
 * checkedCartLines).
 */
export interface CheckoutParts {
  skuCard: (db: Db) => SubqueryWithSelection<
    {
      skuId: Part<number>;
      skuStatus: Part<number>;
      stocks: Part<number>;
      price: Part<number>;
      skuPic: Part<string | null>;
      weight: Part<number>;
      properties: Part<string>;
      skuNameZh: Part<string | null>;
      skuNameEn: Part<string | null>;
      prodId: Part<number>;
      prodStatus: Part<number>;
      prodType: Part<number>;
      mold: Part<number>;
      isRefund: Part<number>;
      nameZh: Part<string>;
      nameEn: Part<string | null>;
      pic: Part<string>;
      shopId: Part<number>;
    },
    'sku_card'
  >;
  anyShopCard: ShopCard;
  checkedCartLines: (db: Db) => SubqueryWithSelection<
    { basketId: Part<number>; userId: Part<string>; shopId: Part<number>; skuId: Part<number>; count: Part<number>; discountId: Part<number | null> },
    'checked_line'
  >;
}

/** What checkout needs of one SKU to decide whether and how it can be bought. */
function lineColumns(sku: ReturnType<CheckoutParts['skuCard']>, shop: ReturnType<ShopCard>) {
  return {
    skuId: sku.skuId,
    skuStatus: sku.skuStatus,
    stocks: sku.stocks,
    skuNameZh: sku.skuNameZh,
    skuNameEn: sku.skuNameEn,
    properties: sku.properties,
    price: sku.price,
    skuPic: sku.skuPic,
    weight: sku.weight,
    prodId: sku.prodId,
    prodStatus: sku.prodStatus,
    prodType: sku.prodType,
    mold: sku.mold,
    prodNameZh: sku.nameZh,
    prodNameEn: sku.nameEn,
    prodPic: sku.pic,
    isRefund: sku.isRefund,
    shopId: shop.shopId,
    shopStatus: shop.status,
    shopType: shop.type,
    shopNameZh: shop.nameZh,
    shopNameEn: shop.nameEn,
    freightRule: shop.freightRule,
  };
}

export type SkuLine = Awaited<ReturnType<typeof findSkuLines>>[number];

const skuLinesStatement = preparedPerParts((db, parts: CheckoutParts) => {
  const sku = parts.skuCard(db);
  const shop = parts.anyShopCard(db);
  return db
    .select(lineColumns(sku, shop))
    .from(sku)
    .innerJoin(shop, eq(shop.shopId, sku.shopId))
    .where(sql`${sku.skuId} = any(${sql.placeholder('skuIds')}::int[])`)
    .prepare('order_sku_lines');
});

/** The SKUs as they are now, with their product and shop (a non-locking read, prepared). */
export function findSkuLines(db: Db, skuIds: number[], parts: CheckoutParts) {
  return skuLinesStatement(db, parts).execute({ skuIds });
}

const checkedCartLinesStatement = preparedPerParts((db, parts: CheckoutParts) => {
  const line = parts.checkedCartLines(db);
  const sku = parts.skuCard(db);
  const shop = parts.anyShopCard(db);
  return db
    .select({ ...lineColumns(sku, shop), basketId: line.basketId, count: line.count, discountId: line.discountId })
    .from(line)
    .innerJoin(sku, eq(sku.skuId, line.skuId))
    .innerJoin(shop, eq(shop.shopId, sku.shopId))
    .where(eq(line.userId, sql.placeholder('userId')))
    .orderBy(line.shopId, line.basketId)
    .prepare('order_checked_cart_lines');
});

/** The user's ticked cart lines with their SKUs, oldest first (the order the cart shows); prepared. */
export function findCheckedCartLines(db: Db, userId: string, parts: CheckoutParts) {
  return checkedCartLinesStatement(db, parts).execute({ userId });
}

/**
 * The writes of placed orders, unexecuted, for the checkout to send in one statement with its other
 * writes: the one-time checkout token (its primary key refuses a second submit of the same
 * checkout), the orders, their lines and their address copies.
 */
export function placedOrderStatements(placed: {
  token: typeof checkoutTokens.$inferInsert;
  orders: NewOrder[];
  items: NewOrderItem[];
  addresses: NewOrderAddress[];
}) {
  return [insertJsonRows(checkoutTokens, [placed.token]), ...orderRowStatements(placed)];
}

/** The inserts of orders with their lines and address copies (checkout, and the flash sale's order writers). */
export function orderRowStatements(placed: { orders: NewOrder[]; items: NewOrderItem[]; addresses: NewOrderAddress[] }) {
  return [
    insertJsonRows(orders, placed.orders),
    insertJsonRows(orderItems, placed.items),
    placed.addresses.length ? insertJsonRows(orderAddresses, placed.addresses) : null,
  ];
}

/** The constraint a second submit of one checkout runs into. */
export const CHECKOUT_TOKEN_KEY = 'checkout_tokens_user_id_uuid_pk';

export async function isCheckoutUsed(db: Db, userId: string, uuid: string): Promise<boolean> {
  const [row] = await db
    .select({ uuid: checkoutTokens.uuid })
    .from(checkoutTokens)
    .where(and(eq(checkoutTokens.userId, userId), eq(checkoutTokens.uuid, uuid)));
  return !!row;
}

// ---- The shopper's order list and detail ----

/** Escapes LIKE wildcards so a product name is matched literally. */
function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface OrderFilter {
  userId: string;
  tab: number;
  prodName?: string;
  orderNumber?: string;
  /** Created at or after (myOrderSearch's time spans). */
  createdFrom?: Date;
  /** Created strictly before. */
  createdBefore?: Date;
  orderType?: number;
  orderMold?: number;
}

/** A filter whose user may be a prepared statement's placeholder. */
type FilterOf = Omit<OrderFilter, 'userId'> & { userId: string | Placeholder };

function filterConditions(filter: FilterOf): SQL[] {
  const conditions: SQL[] = [eq(orders.userId, filter.userId), eq(orders.deleteStatus, 0)];
  const awaitingReview = sql`exists (select 1 from ${orderItems} where ${orderItems.orderNumber} = ${orders.orderNumber} and ${orderItems.commSts} = 0)`;
  if (filter.tab === 1) conditions.push(eq(orders.status, ORDER_STATUS.unpaid));
  else if (filter.tab === 2) conditions.push(eq(orders.status, ORDER_STATUS.paid));
  else if (filter.tab === 3) conditions.push(eq(orders.status, ORDER_STATUS.shipped));
  else if (filter.tab === 4) conditions.push(eq(orders.status, ORDER_STATUS.completed), awaitingReview);
  else if (filter.tab === 5) conditions.push(eq(orders.status, ORDER_STATUS.completed));
  else if (filter.tab === 7) conditions.push(eq(orders.status, ORDER_STATUS.grouping));
  if (filter.orderNumber) conditions.push(eq(orders.orderNumber, filter.orderNumber));
  if (filter.prodName) conditions.push(sql`${orders.prodName} ilike ${likeLiteral(filter.prodName)}`);
  if (filter.createdFrom) conditions.push(gte(orders.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(orders.createdAt, filter.createdBefore));
  if (filter.orderType !== undefined) conditions.push(eq(orders.orderType, filter.orderType));
  if (filter.orderMold !== undefined) conditions.push(eq(orders.orderMold, filter.orderMold));
  return conditions;
}

function pageQuery(db: Db, filter: FilterOf, shopCard: ShopCard) {
  const shop = shopCard(db);
  return db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      orderType: orders.orderType,
      orderMold: orders.orderMold,
      refundStatus: orders.refundStatus,
      shopId: orders.shopId,
      shopNameZh: shop.nameZh,
      shopNameEn: shop.nameEn,
      total: orders.total,
      freight: orders.freight,
      actualTotal: orders.actualTotal,
      useScore: orders.useScore,
      productNums: orders.productNums,
      createdAt: orders.createdAt,
      payBy: payBySql,
      total_count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(shop, eq(shop.shopId, orders.shopId))
    .where(and(...filterConditions(filter)))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
}

/** A tab's page without a search, prepared once per tab, shop card and handle: the order list's usual read. */
const tabPageStatements = preparedPerParts((db, shopCard: ShopCard) => {
  const made = new Map<number, ReturnType<typeof prepareTab>>();
  const prepareTab = (tab: number) =>
    pageQuery(db, { userId: sql.placeholder('userId'), tab }, shopCard)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`order_page_tab_${tab}`);
  return (tab: number) => {
    let statement = made.get(tab);
    if (statement === undefined) {
      statement = prepareTab(tab);
      made.set(tab, statement);
    }
    return statement;
  };
});

/** One page of orders, newest first, with the total riding on the same statement and the shop's name joined. */
export function pageOrders(db: Db, filter: OrderFilter, limit: number, offset: number, shopCard: ShopCard) {
  const searched = filter.prodName || filter.orderNumber || filter.createdFrom || filter.createdBefore || filter.orderType !== undefined || filter.orderMold !== undefined;
  if (searched) return pageQuery(db, filter, shopCard).limit(limit).offset(offset);
  return tabPageStatements(db, shopCard)(filter.tab).execute({ userId: filter.userId, limit, offset });
}

export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(...filterConditions(filter)));
  return row?.n ?? 0;
}

const itemsStatement = preparedPer((db) =>
  db
    .select({
      ...orderLineColumns,
      shopId: orderItems.shopId,
      productTotalAmount: orderItems.productTotalAmount,
      actualTotal: orderItems.actualTotal,
      commSts: orderItems.commSts,
      comboId: orderItems.comboId,
    })
    .from(orderItems)
    .where(sql`${orderItems.orderNumber} = any(${sql.placeholder('orderNumbers')}::text[])`)
    .orderBy(orderItems.id)
    .prepare('order_items_of_orders'),
);

/** The items of the given orders as the order list and detail show them, in one prepared statement. */
export function itemsOfOrders(db: Db, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return Promise.resolve([]);
  return itemsStatement(db).execute({ orderNumbers });
}

/** The order with its shop and address copy, only when it is this user's and not deleted. */
/** `withDeleted`: an order the user deleted too (its after-sales history still links to it: flows/my-orders.ts). */
export async function findUserOrder(db: Db, userId: string, orderNumber: string, shopCard: ShopCard, withDeleted = false) {
  const shop = shopCard(db);
  const [row] = await db
    .select({ order: orders, payBy: payBySql, shopNameZh: shop.nameZh, shopNameEn: shop.nameEn, address: orderAddresses })
    .from(orders)
    .innerJoin(shop, eq(shop.shopId, orders.shopId))
    .leftJoin(orderAddresses, eq(orderAddresses.orderNumber, orders.orderNumber))
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId), withDeleted ? undefined : eq(orders.deleteStatus, 0)));
  return row;
}

export function virtualCodesOf(db: Db, orderNumber: string) {
  return db
    .select({ code: orderVirtualCodes.code, status: orderVirtualCodes.status, expiresAt: orderVirtualCodes.expiresAt })
    .from(orderVirtualCodes)
    .where(eq(orderVirtualCodes.orderNumber, orderNumber))
    .orderBy(orderVirtualCodes.id);
}

export async function productIdsOfOrder(db: Db, orderNumber: string): Promise<number[]> {
  const rows = await db.selectDistinct({ id: orderItems.productId }).from(orderItems).where(eq(orderItems.orderNumber, orderNumber));
  return rows.map((r) => r.id);
}

/** The status of a visible order of this user, or undefined. */
export async function findOrderStatus(db: Db | Tx, userId: string, orderNumber: string) {
  const [row] = await db
    .select({ status: orders.status, refundStatus: orders.refundStatus, orderMold: orders.orderMold })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId), eq(orders.deleteStatus, 0)));
  return row;
}

/**
 * Soft delete, only from completed or cancelled, and not while an after-sales request of the order is
 * open (refundStatus 1 applying, or 4 its refund failing). Answers whether a row moved. Race-safe: a
 * request's insert locks this row and marks it applying in the same statement (decision 059), and
 * this update re-reads a row changed meanwhile before it writes.
 */
export async function softDeleteOrder(db: Db, userId: string, orderNumber: string, now: Date): Promise<boolean> {
  const moved = await db
    .update(orders)
    .set({ deleteStatus: 1, updatedAt: now })
    .where(
      and(
        eq(orders.orderNumber, orderNumber),
        eq(orders.userId, userId),
        eq(orders.deleteStatus, 0),
        inArray(orders.status, [ORDER_STATUS.completed, ORDER_STATUS.cancelled]),
        sql`coalesce(${orders.refundStatus}, 0) not in (${ORDER_REFUND_STATUS.applying}, ${ORDER_REFUND_STATUS.failed})`,
      ),
    )
    .returning({ orderNumber: orders.orderNumber });
  return moved.length === 1;
}

/**
 * How the shop's discount packages sold (decision 046), per package: orders not cancelled that
 * bought it, the pieces bought in it and the fen its saving took off them.
 */
export async function comboUsage(db: Db, shopId: number, comboIds: number[]): Promise<Map<number, { orders: number; pieces: number; reduced: number }>> {
  const map = new Map<number, { orders: number; pieces: number; reduced: number }>();
  if (comboIds.length === 0) return map;
  const rows = await db
    .select({
      comboId: sql<number>`${orderItems.comboId}`,
      orders: sql<number>`count(distinct ${orderItems.orderNumber})::int`,
      pieces: sql<number>`coalesce(sum(${orderItems.prodCount}), 0)::int`,
      reduced: sql<number>`coalesce(sum(${orderItems.comboShare}), 0)::bigint`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
    // Paid orders, as the promotions' and coupons' figures count (promotion-usage.ts, coupon-admin.ts).
    .where(and(eq(orderItems.shopId, shopId), inArray(orderItems.comboId, comboIds), eq(orders.isPayed, true)))
    .groupBy(orderItems.comboId);
  for (const r of rows) map.set(r.comboId, { orders: r.orders, pieces: r.pieces, reduced: r.reduced });
  return map;
}
