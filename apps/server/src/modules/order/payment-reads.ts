// Named reads of orders for the pay-order flow: what a payment covers, sums and sold counts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderAddresses, orderItems, orders } from '../../db/schema/order.ts';
import { payBySql } from './lifecycle.ts';

type Reader = Db | Tx;

/** The caller's orders among the numbers (others' are simply not found). */
export async function findUserOrders(db: Reader, userId: string, orderNumbers: string[]) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      actualTotal: orders.actualTotal,
      prodName: orders.prodName,
      isPayed: orders.isPayed,
      orderType: orders.orderType,
      useScore: orders.useScore,
      payBy: payBySql,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.orderNumber, orderNumbers), eq(orders.deleteStatus, 0)));
}

export async function findItemNames(db: Reader, orderNumbers: string[]) {
  return db
    .select({ orderNumber: orderItems.orderNumber, nameZh: orderItems.prodNameZh, nameEn: orderItems.prodNameEn })
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, orderNumbers))
    .orderBy(orderItems.id);
}

export async function findOrderAddress(db: Reader, orderNumber: string) {
  const [row] = await db.select().from(orderAddresses).where(eq(orderAddresses.orderNumber, orderNumber));
  return row;
}

/** Pieces per product of the given orders, for the sold counters. */
export async function soldLines(tx: Tx, orderNumbers: string[]) {
  const rows = await tx
    .select({ productId: orderItems.productId, count: sql<number>`sum(${orderItems.prodCount})::int` })
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, orderNumbers))
    .groupBy(orderItems.productId);
  return rows.map((r) => ({ productId: r.productId, count: Number(r.count) }));
}

export async function sumOrderTotals(tx: Tx, orderNumbers: string[]): Promise<number> {
  if (orderNumbers.length === 0) return 0;
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${orders.actualTotal}), 0)::bigint` })
    .from(orders)
    .where(inArray(orders.orderNumber, orderNumbers));
  return Number(row?.total ?? 0);
}
