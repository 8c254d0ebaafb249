// The order's timed moves: an unpaid order is cancelled after ORDER_UNPAID_TIMEOUT_MINUTES (the
// cancel-order flow handles that job), a delivered one is received ORDER_AUTO_RECEIPT_DAYS later (flows/receive-order.ts handles that job).
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/order.ts';
import { jobRunAtSql, scheduleJob } from '../../lib/jobs.ts';

export const AUTO_CANCEL_JOB = 'order.autoCancel';
export const AUTO_RECEIPT_JOB = 'order.autoReceipt';

/**
 * The order's one "pay by" time: the run time of its auto-cancel job, which each placing flow sets
 * (a flash-sale order's from its activity's maxCancelTime, write-seckill-orders.ts; others
 * ORDER_UNPAID_TIMEOUT_MINUTES). Null when it has none; readers fall back to payByOf's default.
 * The payment page, the order list and detail, and the payment refusal all read it.
 */
export const payBySql = jobRunAtSql(AUTO_CANCEL_JOB, orders.orderNumber);

/** The pay-by time of an order read with payBySql, else created at plus ORDER_UNPAID_TIMEOUT_MINUTES. */
export function payByOf(ctx: AppContext, row: { createdAt: Date; payBy?: Date | null }): Date {
  return row.payBy ?? new Date(row.createdAt.getTime() + ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000);
}
const DAY_MS = 86_400_000;

/** A delivered order (shipped, or a virtual one paid) is received by itself ORDER_AUTO_RECEIPT_DAYS later. */
export async function scheduleAutoReceipt(ctx: AppContext, tx: Tx, orderNumber: string, deliveredAt: Date): Promise<void> {
  await scheduleJob(tx, { kind: AUTO_RECEIPT_JOB, ref: orderNumber, runAt: new Date(deliveredAt.getTime() + ctx.env.ORDER_AUTO_RECEIPT_DAYS * DAY_MS) });
}
