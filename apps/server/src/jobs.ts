import type { AppContext } from './context.ts';
import type { JobHandler } from './lib/jobs.ts';
import { autoCancelOrder } from './flows/cancel-order.ts';
import { trackDeliveryHandler } from './flows/track-delivery.ts';
import { COURIER_JOB } from './modules/logistics/tracking.ts';
import { AUTO_CANCEL_JOB, AUTO_RECEIPT_JOB, autoReceiptHandler } from './modules/order/lifecycle.ts';

/**
 * Every background job kind and its handler, registered in one place (like http/routes.ts).
 * server.ts sweeps them; tests call runDueJobs(ctx.db, jobHandlers(ctx), ctx.now()).
 */
export function jobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return {
    [AUTO_CANCEL_JOB]: (job) => autoCancelOrder(ctx, job.ref),
    [COURIER_JOB]: trackDeliveryHandler(ctx),
    [AUTO_RECEIPT_JOB]: autoReceiptHandler(ctx),
  };
}
