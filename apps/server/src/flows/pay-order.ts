// Paying orders (reference 2.5, 5.2, 5.10). Every way money arrives ends in settleOrderPayment,
// inside one transaction: the payment row, the orders' move to paid (conditional on unpaid),
// the sold counters, the end of the auto-cancel jobs and the voucher codes of virtual goods.
// Balance payment adds the debit and its ledger row to that same transaction. Points, coupons and
// other entries plug in here later.
import { PAY_ENTRY, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { invalid } from '../lib/app-error.ts';
import { cancelJob } from '../lib/jobs.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { addSold } from '../modules/inventory/stock.ts';
import { scheduleAutoReceipt } from '../modules/merchant/service.ts';
import { markOrdersPaid, markVirtualDelivered } from '../modules/order/transitions.ts';
import { issueVoucherCodes } from '../modules/order/vouchers.ts';
import * as repo from '../modules/payment/repository.ts';
import { fenToYuan } from '../providers/payment/payment-provider.ts';
import { AUTO_CANCEL_JOB } from './place-order.ts';

/** balance_logs.type and ioType (reference section 3). */
export const BALANCE_LOG_TYPE = { topUp: 1, gift: 2, payment: 3, refund: 4, adjustment: 5, membership: 6 } as const;
export const IO_TYPE = { out: 0, in: 1 } as const;

export interface SettleResult {
  /** False when the payment had already been settled (a second notification of it). */
  settled: boolean;
  paidOrders: string[];
  /** Orders that were no longer unpaid (cancelled or paid otherwise): their money goes back. */
  refundOrders: string[];
  refundAmount: number;
}

/** Moves the orders the payment covers to paid; what can no longer be paid is recorded for refund. */
export async function settleOrderPayment(ctx: AppContext, tx: Tx, payment: repo.PaymentRow, input: { paidAt: Date; providerTradeNo: string | null }): Promise<SettleResult> {
  if (!(await repo.markPaymentPaid(tx, payment.payNo, input))) return { settled: false, paidOrders: [], refundOrders: [], refundAmount: 0 };
  const orderNumbers = (payment.orderNumbers ?? '').split(',').filter(Boolean);
  const paidOrders = await markOrdersPaid(tx, { userId: payment.userId, orderNumbers, payNo: payment.payNo, payType: payment.payType, paidAt: input.paidAt });
  if (paidOrders.length > 0) {
    await addSold(tx, await repo.soldLines(tx, paidOrders));
    for (const orderNumber of paidOrders) await cancelJob(tx, AUTO_CANCEL_JOB, orderNumber);
    // Virtual goods are delivered by their voucher codes at once, then wait for receipt like a parcel.
    const delivered = await markVirtualDelivered(tx, { orderNumbers: paidOrders, now: input.paidAt });
    await issueVoucherCodes(tx, delivered, input.paidAt);
    for (const orderNumber of delivered) await scheduleAutoReceipt(ctx, tx, orderNumber, input.paidAt);
    // The other QR codes and cashiers of these orders must not take money a second time.
    await repo.closeOpenAttempts(tx, { userId: payment.userId, orderNumbers: payment.orderNumbers ?? '', exceptPayNo: payment.payNo, now: input.paidAt });
  }
  const refundOrders = orderNumbers.filter((n) => !paidOrders.includes(n));
  // Never revive a cancelled order: the money it brought is owed back to the buyer.
  const refundAmount = refundOrders.length > 0 ? Math.min(payment.amount, await repo.sumOrderTotals(tx, refundOrders)) : 0;
  if (refundOrders.length > 0) {
    await repo.insertRefund(tx, { refundSn: nextSerialNumber(), payNo: payment.payNo, payType: payment.payType, amount: refundAmount, status: 0 });
  }
  return { settled: true, paidOrders, refundOrders, refundAmount };
}

/**
 * Pays unpaid orders from the balance in one transaction: a conditional debit (never below zero,
 * so two parallel payments cannot both spend the same money), its ledger row, a paid payment
 * row and the settlement, which must move every order or the whole payment rolls back.
 */
export async function payOrdersWithBalance(ctx: AppContext, input: { userId: string; orderNumbers: string[]; amount: number; expiresAt: Date }): Promise<string> {
  const now = ctx.now();
  const payNo = nextSerialNumber(now.getTime());
  await ctx.db.transaction(async (tx) => {
    if (input.amount > 0) {
      const left = await repo.debitBalance(tx, input.userId, input.amount, now);
      if (left === null) {
        throw invalid('payment.errors.insufficientBalance', { balance: fenToYuan(await repo.findBalance(tx, input.userId)) });
      }
      await repo.insertBalanceLog(tx, {
        userId: input.userId,
        changeBalance: input.amount,
        ioType: IO_TYPE.out,
        type: BALANCE_LOG_TYPE.payment,
        payNo,
        bizId: input.orderNumbers.length === 1 ? input.orderNumbers[0] : null,
        isPayed: true,
        payTime: now,
        createdAt: now,
      });
    }
    const payment: repo.PaymentRow = {
      payNo,
      userId: input.userId,
      payEntry: PAY_ENTRY.order,
      payType: PAY_TYPE.balance,
      orderNumbers: input.orderNumbers.join(','),
      bizId: null,
      amount: input.amount,
      payScore: 0,
      status: 0,
      providerTradeNo: null,
      returnUrl: null,
      expiresAt: input.expiresAt,
      paidAt: null,
      createdAt: now,
      updatedAt: now,
      version: 0,
    };
    await repo.insertPayment(tx, payment);
    const result = await settleOrderPayment(ctx, tx, payment, { paidAt: now, providerTradeNo: null });
    if (result.paidOrders.length !== input.orderNumbers.length) throw invalid('payment.errors.orderStatusChanged');
  });
  return payNo;
}
