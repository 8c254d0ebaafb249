// A gateway's payment notification (POST /notice/pay/{payEntry}/{payType}, decisions 009 and 040):
// verified over the exact bytes, checked against its payment, recorded once by (payType, notifyId) when accepted, then settled by what the
// payment pays for: orders, a top-up, or a membership. Each settler starts with the
// payment's conditional move to paid and does its own conditional work in the same transaction,
// so a repeated, parallel or late notification settles nothing twice, and a forged one nothing.
import { PAY_ENTRY } from '@bazaar/shared/constants/order-status';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { notFound } from '../lib/app-error.ts';
import * as repo from '../modules/payment/repository.ts';
import { createPaymentService, type Log } from '../modules/payment/service.ts';
import type { AckReply, NotificationInput } from '../providers/payment/payment-provider.ts';
import { settleOrderPayment } from './pay-order.ts';
import { settleTopUp } from './top-up.ts';
import { settleMembership } from './membership.ts';
import { sendLateRefunds } from './cancel-seckill-orders.ts';

/** What settling did: false when the payment had been settled before; a problem worth logging. */
export interface Settlement {
  settled: boolean;
  problem: string | null;
  /** Work once the settlement is committed (the automatic refund of a late flash-sale payment). */
  after?: (log: Log) => Promise<void>;
}

export type Settler = (ctx: AppContext, tx: Tx, payment: repo.PaymentRow, input: { paidAt: Date; providerTradeNo: string | null }) => Promise<Settlement>;

async function settleOrders(ctx: AppContext, tx: Tx, payment: repo.PaymentRow, input: { paidAt: Date; providerTradeNo: string | null }): Promise<Settlement> {
  const result = await settleOrderPayment(ctx, tx, payment, input);
  const late = result.lateRefundSns ?? [];
  // Money for orders cancelled meanwhile is recorded for refund (decision 009); a flash-sale order's is refunded at once (decision 062).
  return {
    settled: result.settled,
    problem: result.refundOrders.length ? `orders no longer unpaid, refund ${result.refundAmount}${late.length ? ` (${late.length} flash-sale refunds sent)` : ''}` : null,
    ...(late.length ? { after: (log: Log) => sendLateRefunds(ctx, late, log) } : {}),
  };
}

/** One settler per payEntry. An entry without one is refused. */
const SETTLERS: Partial<Record<number, Settler>> = {
  [PAY_ENTRY.order]: settleOrders,
  [PAY_ENTRY.topUp]: settleTopUp,
  [PAY_ENTRY.membership]: settleMembership,
};

/**
 * A forgery changes nothing and is kept for the record; a repeat of a handled notification is a
 * no-op; the settlement is one transaction with the notification's row, so a failure leaves
 * nothing behind and the gateway's retry starts over.
 */
export async function handlePaymentNotification(ctx: AppContext, payEntry: number, payType: number, input: NotificationInput, log: Log): Promise<AckReply> {
  const payments = createPaymentService(ctx);
  const provider = payments.providerFor(payType);
  if (!provider) throw notFound();
  const verified = await provider.verifyNotification(input);
  if (!verified) {
    await payments.recordForgery(payEntry, payType, input, log);
    return provider.ack.fail;
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    // The payment is locked and checked before the notification's id is recorded: a delivery
    // addressed to the wrong entry (or otherwise refused) must not use up the id, or the correct
    // delivery of the same notification would then be taken for a repeat and refused.
    const payment = /^\d{19}$/.test(verified.payNo) ? await repo.lockPayment(tx, verified.payNo) : undefined;
    const settle = payment ? SETTLERS[payment.payEntry] : undefined;
    const problem = !payment
      ? 'unknown payment'
      : payment.payType !== payType || payment.payEntry !== payEntry
        ? 'payment type or entry mismatch'
        : !settle
          ? 'entry not supported'
          : payment.amount !== verified.amount
            ? 'amount mismatch'
            : null;
    const row = {
      payType,
      payEntry,
      notifyId: verified.notifyId,
      payNo: verified.payNo,
      providerTradeNo: verified.providerTradeNo,
      amount: verified.amount,
      raw: input.rawBody.slice(0, 20_000),
      verified: true,
    };
    if (problem || !payment || !settle) {
      await repo.recordRefusedNotification(tx, { ...row, error: problem });
      return { kind: 'refused' as const, problem };
    }
    const id = await repo.recordNotification(tx, row);
    if (id === null) return { kind: 'repeat' as const };
    if (!verified.paid) {
      await repo.updateNotification(tx, id, { processed: true });
      return { kind: 'not-paid' as const };
    }
    const result = await settle(ctx, tx, payment, { paidAt: ctx.now(), providerTradeNo: verified.providerTradeNo });
    await repo.updateNotification(tx, id, { processed: true, ...(result.problem ? { error: result.problem } : {}) });
    return { kind: 'settled' as const, result };
  });
  switch (outcome.kind) {
    case 'repeat': {
      const first = await repo.findNotification(ctx.db, payType, verified.notifyId);
      return first?.processed ? provider.ack.ok : provider.ack.fail;
    }
    case 'refused':
      log.warn({ payEntry, payType, payNo: verified.payNo, amount: verified.amount, problem: outcome.problem }, 'payment notification refused');
      return provider.ack.fail;
    case 'not-paid':
      return provider.ack.ok;
    case 'settled':
      if (outcome.result.problem) log.warn({ payEntry, payNo: verified.payNo, problem: outcome.result.problem }, 'payment arrived for what can no longer take it');
      await outcome.result.after?.(log);
      return provider.ack.ok;
  }
}
