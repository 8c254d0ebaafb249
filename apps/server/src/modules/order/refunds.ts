// The order's side of a refund's settle step (decision 060): the order locked while its refunds are
// summed (two refunds of one order settle one after the other), its lines for stock and points, and
// its refundStatus (2 all refunded, 3 partly, 4 failed) with the close of an order wholly refunded
// (status 6, closeType 2, shipped or not: 2026-12-08). Each move is conditional and repeatable.
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ORDER_REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { Db, Tx } from '../../db/client.ts';
import { jsonObjectOf, parsedJson, rowFromJson } from '../../db/json-rows.ts';
import { orderItems, orders } from '../../db/schema/order.ts';
import { closeRefundedOrderValues } from './transitions.ts';
import { aftersaleOrderColumns, findOrderForAftersale, type OrderForAftersale } from './aftersale-reads.ts';

/** The order as a refund reads it: the same columns as an after-sales request's (aftersale-reads.ts). */
export type OrderForRefund = OrderForAftersale;
export { findOrderForAftersale as findOrderForRefund };

/** The order, locked until the transaction ends. */
export async function lockOrderForRefund(tx: Tx, orderNumber: string): Promise<OrderForRefund | undefined> {
  const [row] = await tx.select(aftersaleOrderColumns).from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
  return row;
}

export type RefundLine = { id: number; skuId: number; productId: number; prodCount: number; gainScore: number; actualTotal: number };

/** The lines of the order a statement reads from "orders" (orderLinesForRefund's, in line order), as one JSON array. */
function linesOfLockedOrder(): SQL<RefundLine[]> {
  // Qualified by hand: drizzle leaves column names bare in a single-table select, and the subquery correlates with orders.
  const item = (column: AnyColumn) => sql`"order_items".${sql.identifier(column.name)}`;
  return sql<RefundLine[]>`(select coalesce(json_agg(json_build_object('id', ${item(orderItems.id)}, 'skuId', ${item(orderItems.skuId)}, 'productId', ${item(orderItems.productId)}, 'prodCount', ${item(orderItems.prodCount)}, 'gainScore', ${item(orderItems.gainScore)}, 'actualTotal', ${item(orderItems.actualTotal)}) order by ${item(orderItems.id)}), '[]'::json) from ${orderItems} where ${item(orderItems.orderNumber)} = "orders".${sql.identifier(orders.orderNumber.name)})`;
}

/**
 * The order locked, with its lines (orderLinesForRefund's, in line order) read by the same
 * statement: the settle step's first round trip. Lines never change once the order is placed.
 */
export async function lockOrderWithLines(tx: Tx, orderNumber: string): Promise<{ order: OrderForRefund; lines: RefundLine[] } | undefined> {
  const [row] = await tx
    .select({ ...aftersaleOrderColumns, lines: linesOfLockedOrder() })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .for('update', { of: orders });
  if (!row) return undefined;
  const { lines: found, ...order } = row;
  return { order, lines: typeof found === 'string' ? (JSON.parse(found) as RefundLine[]) : found };
}

/**
 * lockOrderWithLines as a part of another owner's statement (decision 017): the order numbered
 * `orderNumber` (SQL of that statement, e.g. the column of the request its move just wrote), locked
 * until the transaction ends, with its lines, as one JSON value that `orderWithLinesOf` reads. A
 * scalar subquery: it runs, and locks, only for a row the statement answers, after that row was
 * written (the request first, then its order: decision 060's lock order), and it answers the order
 * as it stands once the lock is granted, as lockOrderWithLines does.
 */
export function lockOrderWithLinesPart(orderNumber: SQL): SQL<unknown> {
  return sql`(select json_build_object('order', ${jsonObjectOf(aftersaleOrderColumns)}, 'lines', ${linesOfLockedOrder()}) from ${orders} where "orders".${sql.identifier(orders.orderNumber.name)} = ${orderNumber} for update of ${orders})`;
}

/** What lockOrderWithLinesPart answered: the order (each column as its own read maps it) and its lines; undefined when there was none. */
export function orderWithLinesOf(value: unknown): { order: OrderForRefund; lines: RefundLine[] } | undefined {
  const parsed = value === null || value === undefined ? null : parsedJson<{ order: unknown; lines: RefundLine[] }>(value);
  if (!parsed) return undefined;
  return { order: rowFromJson<OrderForRefund>(aftersaleOrderColumns, parsed.order), lines: parsed.lines };
}

export async function orderLinesForRefund(db: Db | Tx, orderNumber: string) {
  return db
    .select({ id: orderItems.id, skuId: orderItems.skuId, productId: orderItems.productId, prodCount: orderItems.prodCount, gainScore: orderItems.gainScore, actualTotal: orderItems.actualTotal })
    .from(orderItems)
    .where(eq(orderItems.orderNumber, orderNumber))
    .orderBy(orderItems.id);
}

/**
 * refundStatus after a settled refund: all (2) or part (3) of the order's money is back. A wholly
 * refunded order closes (status 6, closeType 2) from paid, grouping, shipped or received, in the same
 * statement (one round trip: the after-sales bench, decision 060). Not sent: the settle step sends
 * it with its other last writes (db/one-statement.ts).
 */
export function markOrderRefundedStatement(tx: Tx, input: { orderNumber: string; all: boolean; stillApplying: boolean; now: Date }) {
  // While another request of the order is open its refundStatus stays 1 (applying): the request flows
  // set 2 or 3 from the refunded sum when the last one ends without money, this step when it ends with.
  if (input.stillApplying) {
    // A refund that was failing (4) has gone through: the order shows its open request again.
    return tx
      .update(orders)
      .set({ refundStatus: ORDER_REFUND_STATUS.applying, updatedAt: input.now, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.orderNumber, input.orderNumber), eq(orders.refundStatus, ORDER_REFUND_STATUS.failed)));
  }
  if (!input.all) {
    return tx
      .update(orders)
      .set({ refundStatus: ORDER_REFUND_STATUS.partlyRefunded, updatedAt: input.now, version: sql`${orders.version} + 1` })
      .where(eq(orders.orderNumber, input.orderNumber));
  }
  // A wholly refunded order closes whatever it had reached (2026-12-08, decisions 059/060): paid,
  // grouping (a failed team's automatic refund, decision 065), shipped or received, as Taobao shows
  // 交易关闭 after a full refund.
  return tx
    .update(orders)
    .set({
      refundStatus: ORDER_REFUND_STATUS.allRefunded,
      ...closeRefundedOrderValues(sql`true`, input.now),
      updatedAt: input.now,
      version: sql`${orders.version} + 1`,
    })
    .where(eq(orders.orderNumber, input.orderNumber));
}

/** The gateway keeps refusing the refund: refundStatus 4 (failed) while nothing was refunded yet. */
export async function markOrderRefundFailing(db: Db | Tx, input: { orderNumber: string; now: Date }): Promise<void> {
  await db
    .update(orders)
    .set({ refundStatus: ORDER_REFUND_STATUS.failed, updatedAt: input.now, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.orderNumber, input.orderNumber), sql`coalesce(${orders.refundStatus}, 0) in (0, 1)`));
}

/**
 * The pieces of each line the settled refunds took back (an item refund its goodsNum, up to the
 * line's count; a whole-order refund all of them). Decides what is left to ship and whether the
 * order is wholly refunded (every piece back, whatever the amounts: decision 059).
 */
export function refundedPieces(lines: ReadonlyArray<{ id: number; prodCount: number }>, settled: ReadonlyArray<{ orderItemId: number; goodsNum: number }>): Map<number, number> {
  const whole = settled.some((r) => r.orderItemId === 0);
  return new Map(lines.map((l) => [l.id, whole ? l.prodCount : Math.min(l.prodCount, settled.filter((r) => r.orderItemId === l.id).reduce((n, r) => n + r.goodsNum, 0))]));
}

/** Every piece of every line refunded. */
export function everyPieceRefunded(lines: ReadonlyArray<{ id: number; prodCount: number }>, settled: ReadonlyArray<{ orderItemId: number; goodsNum: number }>): boolean {
  const back = refundedPieces(lines, settled);
  return lines.length > 0 && lines.every((l) => (back.get(l.id) ?? 0) >= l.prodCount);
}
