// Receipt of a shipped order, by the buyer or by the auto-receipt job (reference 5.5): the order
// moves to completed and, in the same transaction, each line earns its points by the configured
// rate times the member level's multiplier (reference 5.7, 5.9), recorded on the line and granted
// to the buyer as one batch, and the buyer's growth value rises by what was paid (the growth rule),
// recorded once per order (growth_logs); money refunded before receipt earns neither.
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { rescheduleJob, type JobHandler } from '../lib/jobs.ts';
import { countOpenRefundsOfOrder } from '../modules/aftersale/repository.ts';
import { sumRefunded } from '../modules/aftersale/settlement.ts';
import { takeBackEarnedPoints } from '../modules/wallet/refunds.ts';
import { markReceived } from '../modules/order/transitions.ts';
import { findEarningLines, recordGainScores } from '../modules/order/points-reads.ts';
import { findOrderStatus } from '../modules/order/repository.ts';
import { invalid } from '../lib/app-error.ts';
import { grantShoppingPoints, pointsEarned, readPointsSettings } from '../modules/wallet/points-service.ts';
import { growthEarned, readMemberSettings } from '../modules/member/levels.ts';
import { earnOrderGrowth, takeBackOrderGrowth } from '../modules/wallet/growth.ts';
import { memberBenefitsOf } from './membership.ts';

/** Points earned times the level's multiplier (two decimals at most), rounded down. */
export const multiplied = (points: number, rateScore: number) => (rateScore > 1 ? Math.floor((points * Math.round(rateScore * 100)) / 100) : points);

async function earnPoints(tx: Tx, orderNumber: string, now: Date): Promise<void> {
  const order = await findEarningLines(tx, orderNumber);
  if (!order) return;
  const settings = await readPointsSettings(tx);
  const benefits = await memberBenefitsOf(tx, order.userId, now);
  const lines = order.lines.map((l) => ({ id: l.id, gainScore: multiplied(pointsEarned(l.paid, settings), benefits.rateScore) }));
  await recordGainScores(tx, orderNumber, lines);
  await grantShoppingPoints(tx, { userId: order.userId, orderNumber, score: lines.reduce((n, l) => n + l.gainScore, 0), settings, now });
  // Money refunded before receipt (decision 060) earns nothing: its share goes straight back, as a
  // later refund would take it (source 9), so the records and later refunds add up.
  const goods = order.lines.reduce((n, l) => n + l.paid, 0);
  const growth = growthEarned(goods, await readMemberSettings(tx));
  await earnOrderGrowth(tx, { userId: order.userId, orderNumber, growth, now });
  const refunded = await sumRefunded(tx, orderNumber);
  if (refunded > 0 && goods > 0) {
    // Weighed against the goods' total, what the points and growth were earned on, not the shipping
    // (as the settle step weighs them: refundedShare in flows/refund-money.ts).
    const share = { refunded: Math.min(refunded, goods), orderTotal: goods };
    await takeBackEarnedPoints(tx, { userId: order.userId, orderNumber, gainScore: lines.reduce((n, l) => n + l.gainScore, 0), ...share, now });
    // The growth too: the refunded share of what the order earned goes at once.
    await takeBackOrderGrowth(tx, { userId: order.userId, orderNumber, ...share, now });
  }
}

/** Answers whether the order moved (it was shipped, and the buyer's when `userId` is given). */
async function receive(ctx: AppContext, orderNumber: string, userId?: string): Promise<boolean> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    if (!(await markReceived(tx, { orderNumber, userId, now }))) return false;
    await earnPoints(tx, orderNumber, now);
    return true;
  });
}

/** PUT /p/myOrder/receipt/{orderNumber}. */
export async function receiveOrderByBuyer(ctx: AppContext, userId: string, orderNumber: string): Promise<void> {
  if (await receive(ctx, orderNumber, userId)) return;
  const order = await findOrderStatus(ctx.db, userId, orderNumber);
  throw invalid(order ? 'orders.errors.statusChanged' : 'orders.errors.notFound');
}

/** While an after-sales request of the order is open, auto-receipt waits: it looks again this much later. */
const RECEIPT_WAIT_MS = 12 * 3_600_000;
/** The second row of the wait: a job cannot move its own row (the sweep marks it done after the handler). */
export const AUTO_RECEIPT_WAIT_JOB = 'order.autoReceiptWait';

/**
 * `order.autoReceipt`: a shipped order is received when its time comes; a no-op if the buyer
 * already confirmed. An open after-sales request (decision 059) makes it wait: the wait job looks
 * again later, and the two hand the order to each other until no request is open.
 */
export function autoReceiptHandler(ctx: AppContext, waitKind = AUTO_RECEIPT_WAIT_JOB): JobHandler {
  return async (job) => {
    if ((await countOpenRefundsOfOrder(ctx.db, job.ref)) > 0) {
      await rescheduleJob(ctx.db, waitKind, job.ref, new Date(ctx.now().getTime() + RECEIPT_WAIT_MS));
      return;
    }
    await receive(ctx, job.ref);
  };
}
