// A shop's orders as the merchant API reads them: always filtered by the shop, so a shop never
// sees another's orders. Named reads the ship-order flow composes with logistics. Platform staff
// read every shop's orders with the same filter and row (the `any` reads, decision 058).
import { and, asc, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderAddresses, orderItems, orders } from '../../db/schema/order.ts';
import { orderLineColumns } from './line-columns.ts';

type Queryable = Db | Tx;

const orderColumns = {
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  shopId: orders.shopId,
  status: orders.status,
  orderType: orders.orderType,
  orderMold: orders.orderMold,
  dvyType: orders.dvyType,
  total: orders.total,
  freight: orders.freight,
  reduceAmount: orders.reduceAmount,
  actualTotal: orders.actualTotal,
  remarks: orders.remarks,
  createdAt: orders.createdAt,
  payTime: orders.payTime,
  dvyTime: orders.dvyTime,
  finallyTime: orders.finallyTime,
};

export type ShopOrderRow = NonNullable<Awaited<ReturnType<typeof findShopOrder>>>;

/** What narrows a shop's order list; days are the mall's (GMT+8) as 'yyyy-MM-dd'. */
export interface ShopOrderFilter {
  status: number;
  /** Digits only (the schema's rule), matched as a part of the number. */
  orderNumber?: string;
  prodName?: string;
  /** The buyers to keep, as a subquery of user ids (the account module's `buyerIdsMatching`). */
  buyerIds?: SQL;
  dateFrom?: string;
  dateTo?: string;
  /** ORDER_TYPE (staff's filter). */
  orderType?: number;
}

const GMT8_MS = 8 * 3_600_000;
const DAY_MS = 24 * 3_600_000;
/** The instant a mall day ('yyyy-MM-dd', GMT+8) starts. */
export const mallDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - GMT8_MS);

const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `shopId` null reads every shop: only the `any` reads below pass it. */
function filterWhere(shopId: number | null, filter: ShopOrderFilter): SQL {
  const lineNamed = filter.prodName
    ? sql`exists (select 1 from ${orderItems} where ${orderItems.orderNumber} = ${orders.orderNumber} and (${orderItems.prodNameZh} ilike ${likeLiteral(filter.prodName)} or ${orderItems.prodNameEn} ilike ${likeLiteral(filter.prodName)}))`
    : undefined;
  return and(
    ...(shopId === null ? [] : [eq(orders.shopId, shopId)]),
    ...(filter.orderType === undefined ? [] : [eq(orders.orderType, filter.orderType)]),
    ...(filter.status ? [eq(orders.status, filter.status)] : []),
    ...(filter.orderNumber ? [like(orders.orderNumber, `%${filter.orderNumber}%`)] : []),
    ...(lineNamed ? [lineNamed] : []),
    ...(filter.buyerIds ? [sql`${orders.userId} in ${filter.buyerIds}`] : []),
    ...(filter.dateFrom ? [gte(orders.createdAt, mallDayStart(filter.dateFrom))] : []),
    ...(filter.dateTo ? [lt(orders.createdAt, new Date(mallDayStart(filter.dateTo).getTime() + DAY_MS))] : []),
  )!;
}

/** A page of the shop's orders matching the filter, newest first. */
export function pageShopOrders(db: Queryable, shopId: number, filter: ShopOrderFilter, current: number, size: number) {
  return pageWhere(db, filterWhere(shopId, filter), current, size);
}

/** Platform staff: a page of every shop's orders (or one shop's, `shopId`) matching the filter, newest first. */
export function pageAnyShopOrders(db: Queryable, filter: ShopOrderFilter & { shopId?: number }, current: number, size: number) {
  return pageWhere(db, filterWhere(filter.shopId ?? null, filter), current, size);
}

async function pageWhere(db: Queryable, where: SQL, current: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countShopOrders(db: Queryable, shopId: number, filter: ShopOrderFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(filterWhere(shopId, filter));
  return row?.n ?? 0;
}

/**
 * The shop's orders matching the filter in batches of `size`, newest first, for an export: each
 * batch continues after the last row of the one before (by time and number), so a long export
 * never holds a cursor or skips a row when new orders arrive meanwhile.
 */
export async function* shopOrderBatches(db: Queryable, shopId: number, filter: ShopOrderFilter, size: number) {
  // Milliseconds, as the rows come back as Dates: the key compared is exactly the key read.
  const placed = sql`date_trunc('milliseconds', ${orders.createdAt})`;
  let after: { createdAt: Date; orderNumber: string } | null = null;
  for (;;) {
    const last: { createdAt: Date; orderNumber: string } | null = after;
    const rows: ShopOrderRow[] = await db
      .select(orderColumns)
      .from(orders)
      .where(and(filterWhere(shopId, filter), last ? sql`(${placed}, ${orders.orderNumber}) < (${last.createdAt.toISOString()}::timestamptz, ${last.orderNumber})` : undefined))
      .orderBy(desc(placed), desc(orders.orderNumber))
      .limit(size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    const tail: ShopOrderRow = rows[rows.length - 1]!;
    after = { createdAt: tail.createdAt, orderNumber: tail.orderNumber };
  }
}

/** Platform staff: any shop's order, with what the detail adds to the list's row. */
export async function findAnyOrder(db: Queryable, orderNumber: string) {
  const [row] = await db
    .select({
      ...orderColumns,
      discountReduce: orders.discountReduce,
      shopCouponReduce: orders.shopCouponReduce,
      platformCouponReduce: orders.platformCouponReduce,
      levelReduce: orders.levelReduce,
      scoreReduce: orders.scoreReduce,
      comboReduce: orders.comboReduce,
      freeFreight: orders.freeFreight,
      useScore: orders.useScore,
      payType: orders.payType,
      closeType: orders.closeType,
      refundStatus: orders.refundStatus,
      cancelTime: orders.cancelTime,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  return row ?? null;
}

export async function findShopOrder(db: Queryable, shopId: number, orderNumber: string) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.shopId, shopId)))
    .limit(1);
  return row ?? null;
}

/** The lines of the given orders, oldest first. */
export function listOrderLines(db: Queryable, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return Promise.resolve([]);
  return db
    .select(orderLineColumns)
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, orderNumbers))
    .orderBy(asc(orderItems.id));
}

export function listOrderAddresses(db: Queryable, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return Promise.resolve([]);
  return db.select().from(orderAddresses).where(inArray(orderAddresses.orderNumber, orderNumbers));
}
