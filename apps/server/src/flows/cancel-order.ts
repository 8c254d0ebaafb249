// Cancelling an unpaid order: by the buyer (closeType 4) or by the unpaid-timeout job (closeType 1).
// The state move and the stock release are one transaction, and the move is conditional on the
// order still being unpaid, so a cancel that lost a race with a payment changes nothing.
// The points the order used go back to the shopper's batches in the same transaction, and its
// coupons to the shopper (decision 041); an invoice it asked for ends (decision 061).
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { cancelJob } from '../lib/jobs.ts';
import { releaseStock } from '../modules/product/stock.ts';
import { findOrderStatus, productIdsOfOrder } from '../modules/order/repository.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { CLOSE_TYPE, closeUnpaidOrder } from '../modules/order/transitions.ts';
import { AUTO_CANCEL_JOB } from '../modules/order/lifecycle.ts';
import { findOrderOwner } from '../modules/order/points-reads.ts';
import { returnCheckoutPoints } from '../modules/wallet/points-service.ts';
import { returnOrderCoupons } from '../modules/promotion/coupons.ts';
import { returnSeckillUnits } from './seckill-gate.ts';
import { endOrderInvoice } from '../modules/invoice/service.ts';
import { returnPointsOrderUnits } from './place-points-order.ts';
import { invalidateUnpaidSeat } from '../modules/group/repository.ts';

/** Answers whether the order moved to cancelled. */
export async function closeOrder(ctx: AppContext, input: { orderNumber: string; userId?: string; closeType: number }): Promise<boolean> {
  const now = ctx.now();
  let flashSale: Awaited<ReturnType<typeof returnSeckillUnits>>;
  const closed = await ctx.db.transaction(async (tx) => {
    const lines = await closeUnpaidOrder(tx, { orderNumber: input.orderNumber, userId: input.userId, closeType: input.closeType, now });
    if (!lines) return false;
    // A points order's allotment and per-user count go back (decision 066; its points below) before
    // its SKU's stock: an exchange takes the item's row, then the SKU's, in one statement, so a cancel
    // taking the SKU first deadlocked with exchanges of the same item (a 500 to the canceller).
    // The activities' rows before the SKUs, as the flash sale's just below.
    await returnPointsOrderUnits(tx, input.orderNumber, now);
    // A flash-sale order's units go back to the activity's flash stock, not the SKU's (decision 062).
    flashSale = await returnSeckillUnits(ctx, tx, input.orderNumber);
    if (!flashSale) await releaseStock(tx, lines);
    // A group order's seat is void (a leader's unopened team with it; decision 065).
    await invalidateUnpaidSeat(tx, input.orderNumber, now);
    const owner = input.userId ?? (await findOrderOwner(tx, input.orderNumber));
    if (owner) await returnCheckoutPoints(tx, { userId: owner, orderNumbers: [input.orderNumber], now });
    await returnOrderCoupons(tx, { orderNumbers: [input.orderNumber], now });
    // An invoice asked at checkout ends with the order (failed, "order cancelled"), out of the shop's queue.
    await endOrderInvoice(tx, { orderNumber: input.orderNumber, reason: 'cancelled', now });
    if (input.closeType !== CLOSE_TYPE.timeout) await cancelJob(tx, AUTO_CANCEL_JOB, input.orderNumber);
    return true;
  });
  // ... and to the stock gate once that is committed.
  if (closed) await flashSale?.after();
  // The detail page's stock cache of this instance follows at once.
  if (closed) invalidateProductDetail(ctx, ...(await productIdsOfOrder(ctx.db, input.orderNumber)));
  return closed;
}

/** PUT /p/myOrder/cancel/{orderNumber}: only the buyer's own unpaid order. */
export async function cancelOrderByBuyer(ctx: AppContext, userId: string, orderNumber: string): Promise<void> {
  if (await closeOrder(ctx, { orderNumber, userId, closeType: CLOSE_TYPE.buyer })) return;
  const order = await findOrderStatus(ctx.db, userId, orderNumber);
  throw invalid(order ? 'orders.errors.statusChanged' : 'orders.errors.notFound');
}

/** The `order.autoCancel` job: cancels the order if it is still unpaid; otherwise nothing to do. */
export async function autoCancelOrder(ctx: AppContext, orderNumber: string): Promise<void> {
  await closeOrder(ctx, { orderNumber, closeType: CLOSE_TYPE.timeout });
}
