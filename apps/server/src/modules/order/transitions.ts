// The order state machine's moves, each one conditional on the state it leaves, so a move that
// lost a race changes nothing (the caller then answers 'order status changed'). Flows (pay,
// cancel, ship, receive) call these inside their own transaction.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ORDER_MOLD, ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import type { Tx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/order.ts';

/** closeType: 1 unpaid timeout, 2 refund, 4 buyer cancelled. */
export const CLOSE_TYPE = { timeout: 1, refund: 2, buyer: 4 } as const;

/**
 * A wholly refunded order closes (status 6, closeType 2, cancelTime) when `when` holds, whatever it
 * had reached: paid, grouping (a failed team's refund, decision 065), shipped or received
 * (2026-12-08, decisions 059/060: Taobao shows 交易关闭 after a full refund). Unpaid or closed stays.
 */
export function closeRefundedOrderValues(when: SQL, now: Date) {
  const closes = sql`(${when}) and ${orders.status} in (${ORDER_STATUS.paid}, ${ORDER_STATUS.grouping}, ${ORDER_STATUS.shipped}, ${ORDER_STATUS.completed})`;
  return {
    status: sql`case when ${closes} then ${ORDER_STATUS.cancelled} else ${orders.status} end`,
    closeType: sql`case when ${closes} then ${CLOSE_TYPE.refund} else ${orders.closeType} end`,
    cancelTime: sql`case when ${closes} then ${now.toISOString()}::timestamptz else ${orders.cancelTime} end`,
  };
}

/**
 * Unpaid -> paid (a group-buy order waits in grouping). Answers the order numbers that moved;
 * fewer than asked means some were no longer unpaid.
 */
export async function markOrdersPaid(
  tx: Tx,
  input: { userId: string; orderNumbers: string[]; payNo: string; payType: number; paidAt: Date },
): Promise<string[]> {
  if (input.orderNumbers.length === 0) return [];
  const moved = await tx
    .update(orders)
    .set({
      // Bound parameters arrive as text: the cast keeps the column's type.
      status: sql`(case when ${orders.orderType} = ${ORDER_TYPE.grouping} then ${ORDER_STATUS.grouping} else ${ORDER_STATUS.paid} end)::smallint`,
      isPayed: true,
      payNo: input.payNo,
      payType: input.payType,
      payTime: input.paidAt,
      updatedAt: input.paidAt,
      version: sql`${orders.version} + 1`,
    })
    .where(and(eq(orders.userId, input.userId), inArray(orders.orderNumber, input.orderNumbers), eq(orders.status, ORDER_STATUS.unpaid)))
    .returning({ orderNumber: orders.orderNumber });
  return moved.map((m) => m.orderNumber);
}

/**
 * Unpaid -> cancelled. Answers the pieces per SKU to give back, or null when the order was not unpaid
 * (paid meanwhile, already cancelled, or not this user's).
 */
export async function closeUnpaidOrder(
  tx: Tx,
  input: { orderNumber: string; userId?: string; closeType: number; now: Date },
): Promise<Array<{ skuId: number; count: number }> | null> {
  const [closed] = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.cancelled, closeType: input.closeType, cancelTime: input.now, updatedAt: input.now, version: sql`${orders.version} + 1` })
    .where(
      and(
        eq(orders.orderNumber, input.orderNumber),
        eq(orders.status, ORDER_STATUS.unpaid),
        ...(input.userId ? [eq(orders.userId, input.userId)] : []),
      ),
    )
    .returning({ orderNumber: orders.orderNumber });
  if (!closed) return null;
  return tx.select({ skuId: orderItems.skuId, count: orderItems.prodCount }).from(orderItems).where(eq(orderItems.orderNumber, input.orderNumber));
}

/** Paid -> shipped, by the shop that owns the order. */
export async function markShipped(tx: Tx, input: { orderNumber: string; shopId: number; now: Date }): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.shipped, dvyTime: input.now, updatedAt: input.now, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.orderNumber, input.orderNumber), eq(orders.shopId, input.shopId), eq(orders.status, ORDER_STATUS.paid)))
    .returning({ orderNumber: orders.orderNumber });
  return moved.length === 1;
}

/** Shipped -> completed: the buyer confirms receipt, or the auto-receipt job does (no userId). */
export async function markReceived(tx: Tx, input: { orderNumber: string; userId?: string; now: Date }): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.completed, finallyTime: input.now, updatedAt: input.now, version: sql`${orders.version} + 1` })
    .where(
      and(
        eq(orders.orderNumber, input.orderNumber),
        eq(orders.status, ORDER_STATUS.shipped),
        ...(input.userId ? [eq(orders.userId, input.userId)] : []),
      ),
    )
    .returning({ orderNumber: orders.orderNumber });
  return moved.length === 1;
}

/**
 * Paid -> shipped for virtual goods, which need no parcel: their voucher codes are the delivery.
 * Answers the orders among `orderNumbers` that were virtual and paid, now awaiting receipt.
 */
export async function markVirtualDelivered(tx: Tx, input: { orderNumbers: string[]; now: Date }): Promise<string[]> {
  if (input.orderNumbers.length === 0) return [];
  const moved = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.shipped, dvyTime: input.now, updatedAt: input.now, version: sql`${orders.version} + 1` })
    .where(and(inArray(orders.orderNumber, input.orderNumbers), eq(orders.orderMold, ORDER_MOLD.virtual), eq(orders.status, ORDER_STATUS.paid)))
    .returning({ orderNumber: orders.orderNumber });
  return moved.map((m) => m.orderNumber);
}

/**
 * A payment that arrived after its orders were cancelled (a flash-sale order whose unit went back
 * on sale): the cancelled orders keep their state and record the payment, so the refund that sends
 * the money back finds where it came from. Answers the orders it marked.
 */
export async function recordLatePayment(tx: Tx, input: { orderNumbers: string[]; payNo: string; payType: number; now: Date }): Promise<string[]> {
  if (input.orderNumbers.length === 0) return [];
  const marked = await tx
    .update(orders)
    .set({ payNo: input.payNo, payType: input.payType, updatedAt: input.now, version: sql`${orders.version} + 1` })
    .where(and(inArray(orders.orderNumber, input.orderNumbers), eq(orders.status, ORDER_STATUS.cancelled), sql`(${orders.payNo} is null or ${orders.payNo} = ${input.payNo})`))
    .returning({ orderNumber: orders.orderNumber });
  return marked.map((m) => m.orderNumber);
}

/** A group-buy team succeeded (decision 065): its paid orders move grouping -> pending delivery. Answers those that moved. */
export async function markGroupOrdersFormed(tx: Tx, input: { orderNumbers: string[]; now: Date }): Promise<string[]> {
  if (input.orderNumbers.length === 0) return [];
  const moved = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.paid, updatedAt: input.now, version: sql`${orders.version} + 1` })
    .where(and(inArray(orders.orderNumber, input.orderNumbers), eq(orders.status, ORDER_STATUS.grouping)))
    .returning({ orderNumber: orders.orderNumber });
  return moved.map((m) => m.orderNumber);
}
