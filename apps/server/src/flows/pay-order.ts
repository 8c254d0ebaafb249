// Paying orders (reference 2.5, 5.2, 5.10). Every way money arrives ends in settleOrderPayment,
// inside one transaction: the payment row, the orders' move to paid (conditional on unpaid),
// the sold counters, the end of the auto-cancel jobs and the voucher codes of virtual goods.
// Balance payment asks the wallet to debit inside that same transaction. A gateway's notification
// reaches settleOrderPayment through the payment notice flow, which dispatches on what is paid.
// Coupons frozen at submit become used here. A group order's team moves here too (flows/group-teams.ts). The HTTP calls of payment (createPayOrderFlow) live here too,
// as each of them reads orders, payments, the pay switches or the wallet together.
import type { Language } from '@bazaar/shared/constants/limits';
import { ORDER_STATUS, ORDER_TYPE, PAY_ENTRY, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { OrderPayInfo, PaymentInfo } from '@bazaar/shared/schemas/payment';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { invalid } from '../lib/app-error.ts';
import { executeTogether } from '../db/one-statement.ts';
import { cancelJobsStatement } from '../lib/jobs.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { createAddressService } from '../modules/address/service.ts';
import { createContentService } from '../modules/content/service.ts';
import { addSold } from '../modules/product/stock.ts';
import { AUTO_CANCEL_JOB, payByOf, scheduleAutoReceipt } from '../modules/order/lifecycle.ts';
import * as orderReads from '../modules/order/payment-reads.ts';
import { markOrdersPaid, markVirtualDelivered } from '../modules/order/transitions.ts';
import { issueVoucherCodes } from '../modules/order/vouchers.ts';
import { useOrderCouponsPart } from '../modules/promotion/coupons.ts';
import * as repo from '../modules/payment/repository.ts';
import { markSeckillOrdersPaid } from '../modules/seckill/repository.ts';
import { refundLateSeckillPayment } from './cancel-seckill-orders.ts';
import { settleGroupPayment } from './group-teams.ts';
import { createPaymentService, paymentErrors as errors, type Log } from '../modules/payment/service.ts';
import { balanceOf, debitForPayment } from '../modules/wallet/service.ts';
import { fenToYuan, formatGmt8 } from '../providers/payment/payment-provider.ts';

export interface SettleResult {
  /** False when the payment had already been settled (a second notification of it). */
  settled: boolean;
  paidOrders: string[];
  /** Orders that were no longer unpaid (cancelled or paid otherwise): their money goes back. */
  refundOrders: string[];
  refundAmount: number;
  /** Cancelled flash-sale orders among them, refunded through the after-sales path once committed (decision 062). */
  lateRefundSns?: string[];
}

/**
 * Moves the orders the payment covers to paid; what can no longer be paid is recorded for refund.
 * `beforeCoupons`: the balance's debit, run once orders were paid, after their products, seats and
 * teams and before their coupons: the mall's lock order (decision 008's amendment) puts the wallet
 * before the coupon rows, as a cancel and a refund take them (they return the points or credit the
 * balance, then return the coupons).
 */
export async function settleOrderPayment(
  ctx: AppContext,
  tx: Tx,
  payment: repo.PaymentRow,
  input: { paidAt: Date; providerTradeNo: string | null },
  beforeCoupons?: (tx: Tx) => Promise<void>,
): Promise<SettleResult> {
  if (!(await repo.markPaymentPaid(tx, payment.payNo, input))) return { settled: false, paidOrders: [], refundOrders: [], refundAmount: 0 };
  const orderNumbers = (payment.orderNumbers ?? '').split(',').filter(Boolean);
  const paidOrders = await markOrdersPaid(tx, { userId: payment.userId, orderNumbers, payNo: payment.payNo, payType: payment.payType, paidAt: input.paidAt });
  if (paidOrders.length > 0) {
    await addSold(tx, await orderReads.soldLines(tx, paidOrders));
    // A flash-sale order's attempt counts as paid toward the per-user limit (decision 062).
    await markSeckillOrdersPaid(tx, paidOrders, input.paidAt);
    // A group order's seat is paid: the leader opens the team, a member joins it (or opens a new one), a full team forms (decision 065).
    await settleGroupPayment(ctx, tx, paidOrders, input.paidAt);
    if (beforeCoupons) await beforeCoupons(tx);
    // One statement: the coupons submit froze for these orders are now used (decision 041), their
    // auto-cancel jobs end, and the other QR codes and cashiers of these orders must not take money
    // a second time. Rows of their own, none needing another's result (decision 060, sixth pass).
    const coupons = useOrderCouponsPart({ orderNumbers: paidOrders, now: input.paidAt });
    await executeTogether(
      tx,
      [cancelJobsStatement(AUTO_CANCEL_JOB, paidOrders, input.paidAt), repo.closeOpenAttemptsStatement({ userId: payment.userId, orderNumbers: payment.orderNumbers ?? '', exceptPayNo: payment.payNo, now: input.paidAt })],
      coupons ? [coupons] : [],
    );
    // Virtual goods are delivered by their voucher codes at once, then wait for receipt like a parcel.
    const delivered = await markVirtualDelivered(tx, { orderNumbers: paidOrders, now: input.paidAt });
    await issueVoucherCodes(tx, delivered, input.paidAt);
    for (const orderNumber of delivered) await scheduleAutoReceipt(ctx, tx, orderNumber, input.paidAt);
  }
  const refundOrders = orderNumbers.filter((n) => !paidOrders.includes(n));
  // Never revive a cancelled order: the money it brought is owed back to the buyer. A cancelled
  // flash-sale order's goes back by itself, through a decided after-sales refund (decision 062).
  const late = refundOrders.length > 0 ? await refundLateSeckillPayment(tx, payment, refundOrders, input.paidAt) : { orderNumbers: [], refundSns: [] };
  const recordOnly = refundOrders.filter((n) => !late.orderNumbers.includes(n));
  const refundAmount = refundOrders.length > 0 ? Math.min(payment.amount, await orderReads.sumOrderTotals(tx, refundOrders)) : 0;
  if (recordOnly.length > 0) {
    const amount = Math.min(payment.amount, await orderReads.sumOrderTotals(tx, recordOnly));
    await repo.insertRefund(tx, { refundSn: nextSerialNumber(), payNo: payment.payNo, payType: payment.payType, amount, status: 0 });
  }
  return { settled: true, paidOrders, refundOrders, refundAmount, lateRefundSns: late.refundSns };
}

/**
 * Pays unpaid orders from the balance in one transaction: a paid payment row, the settlement, which
 * must move every order, and last the wallet's debit (never below zero, so two parallel payments
 * cannot both spend the same money) with its ledger row. Any refusal rolls the whole payment back.
 */
export async function payOrdersWithBalance(ctx: AppContext, input: { userId: string; orderNumbers: string[]; amount: number; expiresAt: Date }): Promise<string> {
  const now = ctx.now();
  const payNo = nextSerialNumber(now.getTime());
  await ctx.db.transaction(async (tx) => {
    const payment = repo.newPayment(
      { payNo, userId: input.userId, payEntry: PAY_ENTRY.order, payType: PAY_TYPE.balance, orderNumbers: input.orderNumbers.join(','), amount: input.amount, expiresAt: input.expiresAt },
      now,
    );
    await repo.insertPayment(tx, payment);
    // The wallet after the orders, their products (sold counts here, stock in a cancel), seats and
    // teams, and before their coupons, as a cancel and a refund take rows (decision 008's amendment).
    // Debiting first deadlocked with a cancel of an order that used points; debiting after the
    // coupons, with a refund or cancel of another order of the same checkout returning its coupon.
    let debited = false;
    const debit = async (t: Tx) => {
      debited = true;
      if (input.amount <= 0) return;
      const bizId = input.orderNumbers.length === 1 ? input.orderNumbers[0]! : null;
      if (!(await debitForPayment(t, { userId: input.userId, amount: input.amount, payNo, bizId, now }))) {
        throw invalid('payment.errors.insufficientBalance', { balance: fenToYuan(await balanceOf(t, input.userId)) });
      }
    };
    const result = await settleOrderPayment(ctx, tx, payment, { paidAt: now, providerTradeNo: null }, debit);
    // Every order must be paid (and so debited for): anything less rolls the payment back.
    if (result.paidOrders.length !== input.orderNumbers.length || !debited) throw invalid('payment.errors.orderStatusChanged');
  });
  return payNo;
}

export type PayOrderFlow = ReturnType<typeof createPayOrderFlow>;

/** The payment calls of reference 2.5, over orders, payment attempts, the pay switches and the wallet. */
export function createPayOrderFlow(ctx: AppContext) {
  const payments = createPaymentService(ctx);

  /** The caller's orders, all unpaid and not expired; with their total and shared end time. */
  async function loadPayableOrders(userId: string, orderNumbers: string[]) {
    const rows = await orderReads.findUserOrders(ctx.db, userId, orderNumbers);
    if (rows.length !== orderNumbers.length) throw errors.orderNotFound();
    if (rows.some((r) => r.status !== ORDER_STATUS.unpaid)) throw errors.statusChanged();
    // Each order's own pay-by time (a flash sale's maxCancelTime): the earliest ends them all.
    const endTime = new Date(Math.min(...rows.map((r) => payByOf(ctx, r).getTime())));
    if (ctx.now() >= endTime) throw errors.expired();
    return { rows, endTime, amount: rows.reduce((sum, r) => sum + r.actualTotal, 0) };
  }

  return {
    /** GET /p/order/getOrderPayInfoByOrderNumber (reference 2.5). */
    async orderPayInfo(userId: string, orderNumbers: string[], lang: Language): Promise<OrderPayInfo> {
      const { rows, endTime, amount } = await loadPayableOrders(userId, orderNumbers);
      const [names, address] = await Promise.all([orderReads.findItemNames(ctx.db, orderNumbers), orderReads.findOrderAddress(ctx.db, orderNumbers[0]!)]);
      const order = new Map(orderNumbers.map((n, i) => [n, i]));
      names.sort((a, b) => order.get(a.orderNumber)! - order.get(b.orderNumber)!);
      // The order keeps its address as written (Chinese); English pages name its region in English,
      // as the order detail does, from the address module's division names.
      let region = address ? [address.province, address.city, address.area] : [];
      if (address && lang === 'en') {
        const ids = [address.provinceId, address.cityId, address.areaId];
        const english = await createAddressService(ctx).areaNamesEn(ids.filter((id): id is number => id != null));
        region = region.map((name, i) => (ids[i] != null ? (english.get(ids[i]!) ?? name) : name));
      }
      return {
        orderNumbers: orderNumbers.join(','),
        prodNameList: names.map((n) => (lang === 'en' && n.nameEn ? n.nameEn : n.nameZh)),
        receiver: address?.receiver ?? '',
        userAddr: address ? [...region, address.addr].filter(Boolean).join(' ') : '',
        mobile: address?.mobile ?? '',
        status: ORDER_STATUS.unpaid,
        endTime: formatGmt8(endTime),
        totalFee: amount,
        // A points-mall order's points were taken at submit; the page shows them beside the cash part.
        totalScore: rows.reduce((sum, r) => sum + (r.orderType === ORDER_TYPE.points ? r.useScore : 0), 0),
      };
    },

    /** POST /p/order/pay: balance settles at once; Alipay and WeChat start a gateway payment. */
    async pay(userId: string, input: { orderNumbers: string[]; payType: number; returnUrl?: string }, webOrigin: string, log: Log) {
      const switches = await createContentService(ctx).paySwitch();
      const enabled = { [PAY_TYPE.alipay]: switches.aliPaySwitch, [PAY_TYPE.wechat]: switches.wxPaySwitch, [PAY_TYPE.balance]: switches.balancePaySwitch }[input.payType];
      if (!enabled) throw errors.disabled();
      const { rows, endTime, amount } = await loadPayableOrders(userId, input.orderNumbers);
      if (input.payType === PAY_TYPE.balance) {
        const payNo = await payOrdersWithBalance(ctx, { userId, orderNumbers: input.orderNumbers, amount, expiresAt: endTime });
        return { payNo };
      }
      const provider = payments.providerFor(input.payType)!;
      const now = ctx.now();
      const payNo = nextSerialNumber(now.getTime());
      const payment = repo.newPayment(
        { payNo, userId, payEntry: PAY_ENTRY.order, payType: input.payType, orderNumbers: input.orderNumbers.join(','), amount, returnUrl: payments.returnUrlFor(webOrigin, input.returnUrl, payNo), expiresAt: endTime },
        now,
      );
      await repo.insertPayment(ctx.db, payment);
      await repo.closeOpenAttempts(ctx.db, { userId, orderNumbers: payment.orderNumbers!, exceptPayNo: payNo, now });
      const started = await payments.startProviderPayment(provider, payment, payments.subjectOf(rows), log);
      return { payNo, ...started };
    },

    /** GET /p/order/isPay/{payEntry}/{payNo or orderNumbers}: the caller's own only. */
    async isPaid(userId: string, payEntry: number, ref: string): Promise<boolean> {
      const numbers = ref.split(',');
      if (numbers.length === 1) {
        const payment = await payments.findUserPayment(userId, ref);
        if (payment) {
          if (payment.payEntry !== payEntry) throw errors.paymentNotFound();
          return payment.status === 1;
        }
      }
      if (payEntry !== PAY_ENTRY.order) throw errors.paymentNotFound();
      const rows = await orderReads.findUserOrders(ctx.db, userId, numbers);
      if (rows.length !== new Set(numbers).size) throw errors.paymentNotFound();
      return rows.every((r) => r.isPayed);
    },

    /** GET /p/order/getPayInfoByPayNo: one attempt, with the WeChat link while it can be paid. */
    async paymentInfo(userId: string, payNo: string, log: Log): Promise<PaymentInfo> {
      const payment = await payments.findUserPayment(userId, payNo);
      if (!payment) throw errors.paymentNotFound();
      let codeUrl: string | null = null;
      if (payment.payType === PAY_TYPE.wechat && payment.status === 0 && payment.expiresAt > ctx.now()) {
        const orderNumbers = (payment.orderNumbers ?? '').split(',').filter(Boolean);
        const rows = await orderReads.findUserOrders(ctx.db, userId, orderNumbers);
        // The same out_trade_no and parameters give the same link again (WeChat Native behaves so).
        codeUrl = (await payments.startProviderPayment(ctx.providers.payment.wechat, payment, payments.subjectOf(rows, payment.payEntry), log)).codeUrl ?? null;
      }
      return {
        payNo: payment.payNo,
        payType: payment.payType,
        payEntry: payment.payEntry,
        orderNumbers: payment.orderNumbers ?? '',
        totalFee: payment.amount,
        endTime: formatGmt8(payment.expiresAt),
        status: payment.status,
        codeUrl,
      };
    },
  };
}
