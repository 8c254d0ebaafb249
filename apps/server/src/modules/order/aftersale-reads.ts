// What after-sales requests read and write of an order (decision 059): the order's figures and
// lines that decide what may be refunded, and the order's refundStatus 1 (applying) while a request
// is open. The settle step's moves (2/3/4, the close) are refunds.ts's.
import { and, eq, getTableName, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ORDER_REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { Db, Tx } from '../../db/client.ts';
import { jsonObjectOf, parsedJson, rowFromJson } from '../../db/json-rows.ts';
import { orderItems, orders } from '../../db/schema/order.ts';
import { orderLineColumns } from './line-columns.ts';
import { closeRefundedOrderValues } from './transitions.ts';

export interface OrderForAftersale {
  orderNumber: string;
  userId: string;
  shopId: number;
  status: number;
  orderType: number;
  orderMold: number;
  isPayed: boolean;
  actualTotal: number;
  freight: number;
  dvyTime: Date | null;
  finallyTime: Date | null;
  refundStatus: number | null;
  deleteStatus: number;
  payType: number | null;
  payNo: string | null;
  useScore: number;
}

/** The order's columns an after-sales request and its refund read (refunds.ts locks the same). */
export const aftersaleOrderColumns = {
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  shopId: orders.shopId,
  status: orders.status,
  orderType: orders.orderType,
  orderMold: orders.orderMold,
  isPayed: orders.isPayed,
  actualTotal: orders.actualTotal,
  freight: orders.freight,
  dvyTime: orders.dvyTime,
  finallyTime: orders.finallyTime,
  refundStatus: orders.refundStatus,
  deleteStatus: orders.deleteStatus,
  payType: orders.payType,
  payNo: orders.payNo,
  useScore: orders.useScore,
};

export async function findOrderForAftersale(db: Db | Tx, orderNumber: string): Promise<OrderForAftersale | undefined> {
  const [row] = await db.select(aftersaleOrderColumns).from(orders).where(eq(orders.orderNumber, orderNumber));
  return row;
}

export async function findOrdersForAftersale(db: Db | Tx, orderNumbers: string[]): Promise<OrderForAftersale[]> {
  if (orderNumbers.length === 0) return [];
  return db.select(aftersaleOrderColumns).from(orders).where(inArray(orders.orderNumber, orderNumbers));
}

export type AftersaleLine = Awaited<ReturnType<typeof linesForAftersale>>[number];

const aftersaleLineColumns = { ...orderLineColumns, actualTotal: orderItems.actualTotal, isRefund: orderItems.isRefund };

/** The lines of the orders, in line order: what each cost and whether its product allows refunds. */
export async function linesForAftersale(db: Db | Tx, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return [];
  return db.select(aftersaleLineColumns).from(orderItems).where(inArray(orderItems.orderNumber, orderNumbers)).orderBy(orderItems.id);
}

/**
 * findOrderForAftersale and linesForAftersale of one order as parts of another statement (decision
 * 017, db/json-rows.ts): scalar subqueries answering JSON, read back by orderForAftersaleOf and
 * aftersaleLinesOf. A flow reads them with other owners' parts in one round trip.
 */
export function orderForAftersalePart(orderNumber: string): SQL<unknown> {
  return sql`(select ${jsonObjectOf(aftersaleOrderColumns)} from ${orders} where ${sql.identifier(getTableName(orders))}.${sql.identifier(orders.orderNumber.name)} = ${orderNumber})`;
}

export const orderForAftersaleOf = (value: unknown): OrderForAftersale | undefined => (value === null || value === undefined ? undefined : rowFromJson<OrderForAftersale>(aftersaleOrderColumns, value));

export function aftersaleLinesPart(orderNumber: string): SQL<unknown> {
  const item = (column: AnyColumn) => sql`${sql.identifier(getTableName(orderItems))}.${sql.identifier(column.name)}`;
  return sql`(select coalesce(json_agg(${jsonObjectOf(aftersaleLineColumns)} order by ${item(orderItems.id)}), '[]'::json) from ${orderItems} where ${item(orderItems.orderNumber)} = ${orderNumber})`;
}

export const aftersaleLinesOf = (value: unknown): AftersaleLine[] => parsedJson<unknown[]>(value).map((line) => rowFromJson<AftersaleLine>(aftersaleLineColumns, line));

/** A request was made: the order shows 1 (applying). */
export async function markOrderApplying(tx: Tx, orderNumber: string, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ refundStatus: ORDER_REFUND_STATUS.applying, updatedAt: now, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.orderNumber, orderNumber), sql`${orders.refundStatus} is distinct from ${ORDER_REFUND_STATUS.applying}`));
}

/**
 * markOrderApplying as a part of the statement that writes the new request (decision 017): the
 * request's trigger locks the order's row first (refunds_check_order), and this writes it once.
 * No condition on the refund state in the where clause: the statement's snapshot is older than the
 * trigger's lock wait, and an update re-reads the latest row only for rows its snapshot matched, so
 * a withdrawal that cleared the 1 meanwhile would go unseen (flows/refund-parts.race.test.ts). An
 * order already applying keeps its values (a new row version, nothing else).
 */
export function markOrderApplyingPart(db: Db | Tx, orderNumber: string, now: Date): SQL {
  const changes = sql`${orders.refundStatus} is distinct from ${ORDER_REFUND_STATUS.applying}`;
  return db
    .update(orders)
    .set({
      refundStatus: ORDER_REFUND_STATUS.applying,
      updatedAt: sql`case when ${changes} then ${now.toISOString()}::timestamptz else ${orders.updatedAt} end`,
      version: sql`case when ${changes} then ${orders.version} + 1 else ${orders.version} end`,
    })
    .where(eq(orders.orderNumber, orderNumber))
    .getSQL();
}

/**
 * The order's last open request ended without money (withdrawn, closed, refused): refundStatus
 * goes back to what the refunded money says (`refunded` of `actualTotal`: none, part or all), all
 * when every piece is refunded whatever the amounts (`everyPiece`); wholly refunded, it closes.
 * Only from 1: the settle step's own values stand.
 */
export async function clearOrderApplying(tx: Tx, input: { orderNumber: string; refunded: number; everyPiece: boolean; now: Date }): Promise<void> {
  const back =
    input.refunded <= 0 && !input.everyPiece
      ? null
      : input.everyPiece
        ? ORDER_REFUND_STATUS.allRefunded
        : // The CASE's branches are parameters of no type (text to the database): cast, or the update fails.
        sql`(case when ${input.refunded} >= ${orders.actualTotal} then ${ORDER_REFUND_STATUS.allRefunded} else ${ORDER_REFUND_STATUS.partlyRefunded} end)::smallint`;
  // Wholly refunded: the order closes as the settle step closes it (2026-12-08).
  const close = back === null ? {} : closeRefundedOrderValues(typeof back === 'number' ? sql`true` : sql`${back} = ${ORDER_REFUND_STATUS.allRefunded}`, input.now);
  await tx
    .update(orders)
    .set({ refundStatus: back, ...close, updatedAt: input.now, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.orderNumber, input.orderNumber), eq(orders.refundStatus, ORDER_REFUND_STATUS.applying)));
}
