import type { AppContext } from './context.ts';
import type { JobHandler } from './lib/jobs.ts';
import { autoCancelOrder } from './flows/cancel-order.ts';
import { trackDeliveryHandler } from './flows/track-delivery.ts';
import { COURIER_JOB } from './modules/logistics/tracking.ts';
import { AUTO_RECEIPT_WAIT_JOB, autoReceiptHandler } from './flows/receive-order.ts';
import { AUTO_CANCEL_JOB, AUTO_RECEIPT_JOB } from './modules/order/lifecycle.ts';
import { MEMBERSHIP_EXPIRY_JOB, membershipExpiryHandler, scheduleNextMembershipExpiry } from './flows/membership.ts';
import { POINTS_EXPIRY_JOB, pointsExpiryHandler, scheduleNextPointsExpiry } from './modules/wallet/points-service.ts';
import { refundJobHandlers } from './flows/refund-deadlines.ts';
import { CHAT_EXPIRY_JOB, chatExpiryHandler } from './flows/chat.ts';
import { REFUND_RETRY_JOB, REFUND_SWEEP_JOB, refundRetryHandler, refundSweepHandler, scheduleNextRefundSweep } from './flows/refund-money.ts';
import { scheduleNextSeckillSweep, seckillJobHandlers } from './flows/seckill-gate.ts';
import { GROUP_TEAM_EXPIRY_JOB, groupTeamExpiryHandler } from './flows/expire-group-teams.ts';

/**
 * Every background job kind and its handler, registered in one place (like http/routes.ts).
 * server.ts sweeps them; tests call runDueJobs(ctx.db, jobHandlers(ctx), ctx.now()).
 */
export function jobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return {
    [AUTO_CANCEL_JOB]: (job) => autoCancelOrder(ctx, job.ref),
    [COURIER_JOB]: trackDeliveryHandler(ctx),
    [AUTO_RECEIPT_JOB]: autoReceiptHandler(ctx),
    [AUTO_RECEIPT_WAIT_JOB]: autoReceiptHandler(ctx, AUTO_RECEIPT_JOB),
    [POINTS_EXPIRY_JOB]: pointsExpiryHandler(ctx),
    [MEMBERSHIP_EXPIRY_JOB]: membershipExpiryHandler(ctx),
    ...refundJobHandlers(ctx),
    [REFUND_RETRY_JOB]: refundRetryHandler(ctx),
    [REFUND_SWEEP_JOB]: refundSweepHandler(ctx),
    ...seckillJobHandlers(ctx),
    [CHAT_EXPIRY_JOB]: chatExpiryHandler(ctx),
    [GROUP_TEAM_EXPIRY_JOB]: groupTeamExpiryHandler(ctx),
  };
}

/** The nightly jobs book their next run themselves; this books the first one (a no-op when it is booked). */
export async function scheduleRecurringJobs(ctx: AppContext): Promise<void> {
  await scheduleNextPointsExpiry(ctx.db, ctx.now());
  await scheduleNextMembershipExpiry(ctx.db, ctx.now());
  await scheduleNextRefundSweep(ctx, ctx.now());
  await scheduleNextSeckillSweep(ctx, ctx.now());
}
