// The order's timed moves: an unpaid order is cancelled after ORDER_UNPAID_TIMEOUT_MINUTES (the
// cancel-order flow handles that job), a delivered one is received ORDER_AUTO_RECEIPT_DAYS later (flows/receive-order.ts handles that job).
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { scheduleJob } from '../../lib/jobs.ts';

export const AUTO_CANCEL_JOB = 'order.autoCancel';
export const AUTO_RECEIPT_JOB = 'order.autoReceipt';
const DAY_MS = 86_400_000;

/** A delivered order (shipped, or a virtual one paid) is received by itself ORDER_AUTO_RECEIPT_DAYS later. */
export async function scheduleAutoReceipt(ctx: AppContext, tx: Tx, orderNumber: string, deliveredAt: Date): Promise<void> {
  await scheduleJob(tx, { kind: AUTO_RECEIPT_JOB, ref: orderNumber, runAt: new Date(deliveredAt.getTime() + ctx.env.ORDER_AUTO_RECEIPT_DAYS * DAY_MS) });
}
