// Orders and what checkout reads to build them. Queries only; the rules live in the flows and service.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { Db, Tx } from '../../db/client.ts';
import { insertJsonRows } from '../../db/json-rows.ts';
import type { NewOrder, NewOrderAddress, NewOrderItem } from './order-rows.ts';
import { preparedPer } from '../../db/prepared.ts';
import { cartItems } from '../../db/schema/cart.ts';
import { products, skus } from '../../db/schema/product.ts';
import { checkoutTokens, orderAddresses, orderItems, orders, orderVirtualCodes } from '../../db/schema/order.ts';
import { shops } from '../../db/schema/shop.ts';

/** What checkout needs of one SKU to decide whether and how it can be bought. */
const lineColumns = {
  skuId: skus.id,
  skuStatus: skus.status,
  stocks: skus.stocks,
  skuNameZh: skus.nameZh,
  skuNameEn: skus.nameEn,
  properties: skus.properties,
  price: skus.price,
  skuPic: skus.pic,
  prodId: products.id,
  prodStatus: products.status,
  prodType: products.prodType,
  mold: products.mold,
  prodNameZh: products.nameZh,
  prodNameEn: products.nameEn,
  prodPic: products.pic,
  isRefund: products.isRefund,
  shopId: shops.id,
  shopStatus: shops.status,
  shopNameZh: shops.nameZh,
  shopNameEn: shops.nameEn,
  freight: shops.freight,
  freeFreightFrom: shops.freeFreightFrom,
};

export type SkuLine = Awaited<ReturnType<typeof findSkuLines>>[number];

const skuLinesStatement = preparedPer((db) =>
  db
    .select(lineColumns)
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(sql`${skus.id} = any(${sql.placeholder('skuIds')}::int[])`)
    .prepare('order_sku_lines'),
);

/** The SKUs as they are now, with their product and shop (a non-locking read, prepared). */
export function findSkuLines(db: Db, skuIds: number[]) {
  return skuLinesStatement(db).execute({ skuIds });
}

const checkedCartLinesStatement = preparedPer((db) =>
  db
    .select({ ...lineColumns, basketId: cartItems.id, count: cartItems.count })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(cartItems.userId, sql.placeholder('userId')), eq(cartItems.isChecked, true)))
    .orderBy(cartItems.shopId, cartItems.id)
    .prepare('order_checked_cart_lines'),
);

/** The user's ticked cart lines with their SKUs, oldest first (the order the cart shows); prepared. */
export function findCheckedCartLines(db: Db, userId: string) {
  return checkedCartLinesStatement(db).execute({ userId });
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
  return [
    insertJsonRows(checkoutTokens, [placed.token]),
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
}

function filterConditions(filter: OrderFilter): SQL[] {
  const conditions: SQL[] = [eq(orders.userId, filter.userId), eq(orders.deleteStatus, 0)];
  const awaitingReview = sql`exists (select 1 from ${orderItems} where ${orderItems.orderNumber} = ${orders.orderNumber} and ${orderItems.commSts} = 0)`;
  if (filter.tab === 1) conditions.push(eq(orders.status, ORDER_STATUS.unpaid));
  else if (filter.tab === 2) conditions.push(eq(orders.status, ORDER_STATUS.paid));
  else if (filter.tab === 3) conditions.push(eq(orders.status, ORDER_STATUS.shipped));
  else if (filter.tab === 4) conditions.push(eq(orders.status, ORDER_STATUS.completed), awaitingReview);
  else if (filter.tab === 5) conditions.push(eq(orders.status, ORDER_STATUS.completed));
  if (filter.orderNumber) conditions.push(eq(orders.orderNumber, filter.orderNumber));
  if (filter.prodName) conditions.push(sql`${orders.prodName} ilike ${likeLiteral(filter.prodName)}`);
  return conditions;
}

const orderColumns = {
  orderNumber: orders.orderNumber,
  status: orders.status,
  orderType: orders.orderType,
  orderMold: orders.orderMold,
  refundStatus: orders.refundStatus,
  shopId: orders.shopId,
  shopNameZh: shops.nameZh,
  shopNameEn: shops.nameEn,
  total: orders.total,
  freight: orders.freight,
  actualTotal: orders.actualTotal,
  productNums: orders.productNums,
  createdAt: orders.createdAt,
};

/** One page of orders, newest first, with the total riding on the same statement. */
export function pageOrders(db: Db, filter: OrderFilter, limit: number, offset: number) {
  return db
    .select({ ...orderColumns, total_count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(and(...filterConditions(filter)))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit)
    .offset(offset);
}

export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(...filterConditions(filter)));
  return row?.n ?? 0;
}

export function itemsOfOrders(db: Db, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return Promise.resolve([]);
  return db.select().from(orderItems).where(inArray(orderItems.orderNumber, orderNumbers)).orderBy(orderItems.id);
}

/** The order with its shop and address copy, only when it is this user's and not deleted. */
export async function findUserOrder(db: Db, userId: string, orderNumber: string) {
  const [row] = await db
    .select({ order: orders, shopNameZh: shops.nameZh, shopNameEn: shops.nameEn, address: orderAddresses })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(orderAddresses, eq(orderAddresses.orderNumber, orders.orderNumber))
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId), eq(orders.deleteStatus, 0)));
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

/** Soft delete, only from completed or cancelled. Answers whether a row moved. */
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
      ),
    )
    .returning({ orderNumber: orders.orderNumber });
  return moved.length === 1;
}
