import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS, PAY_ENTRY, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { Language } from '@bazaar/shared/constants/limits';
import type { OrderPayInfo, PaymentInfo } from '@bazaar/shared/schemas/payment';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { nextSerialNumber } from '../../lib/serial-number.ts';
import { payOrdersWithBalance, settleOrderPayment } from '../../flows/pay-order.ts';
import type { PaymentProviders } from '../../providers/payment/create-payment-providers.ts';
import { formatGmt8, type AckReply, type NotificationInput, type PaymentProvider } from '../../providers/payment/payment-provider.ts';
import { createContentService } from '../content/service.ts';
import * as repo from './repository.ts';

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

const errors = {
  orderNotFound: () => invalid('payment.errors.orderNotFound'),
  statusChanged: () => invalid('payment.errors.orderStatusChanged'),
  expired: () => invalid('payment.errors.orderExpired'),
  disabled: () => invalid('payment.errors.methodDisabled'),
  paymentNotFound: () => invalid('payment.errors.paymentNotFound'),
  returnUrl: () => invalid('payment.errors.returnUrl'),
  provider: () => invalid('payment.errors.providerFailed'),
};

const RESULT_PATH = '/payment/result';
const SUBJECT_MAX = 100;

export type PaymentService = ReturnType<typeof createPaymentService>;

export function createPaymentService(ctx: AppContext, providers: PaymentProviders) {
  const timeoutMs = ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000;

  /** The caller's orders, all unpaid and not expired; with their total and shared end time. */
  async function loadPayableOrders(userId: string, orderNumbers: string[]) {
    const rows = await repo.findUserOrders(ctx.db, userId, orderNumbers);
    if (rows.length !== orderNumbers.length) throw errors.orderNotFound();
    if (rows.some((r) => r.status !== ORDER_STATUS.unpaid)) throw errors.statusChanged();
    const endTime = new Date(Math.min(...rows.map((r) => r.createdAt.getTime())) + timeoutMs);
    if (ctx.now() >= endTime) throw errors.expired();
    return { rows, endTime, amount: rows.reduce((sum, r) => sum + r.actualTotal, 0) };
  }

  function providerFor(payType: number): PaymentProvider | null {
    return payType === PAY_TYPE.alipay ? providers.alipay : payType === PAY_TYPE.wechat ? providers.wechat : null;
  }

  /** A return address on the storefront (never another site), carrying the payNo. */
  function returnUrlFor(webOrigin: string, requested: string | undefined, payNo: string): string {
    let url: URL;
    try {
      url = new URL(requested || RESULT_PATH, `${webOrigin}/`);
    } catch {
      throw errors.returnUrl();
    }
    if (url.origin !== new URL(webOrigin).origin) throw errors.returnUrl();
    url.searchParams.set('payNo', payNo);
    return url.toString();
  }

  const notifyUrl = (webOrigin: string, payEntry: number, payType: number) => `${webOrigin}/api/notice/pay/${payEntry}/${payType}`;

  function subjectOf(rows: Array<{ prodName: string }>): string {
    const names = rows.map((r) => r.prodName).filter(Boolean).join('、') || 'Bazaar';
    return names.length > SUBJECT_MAX ? `${names.slice(0, SUBJECT_MAX - 1)}…` : names;
  }

  async function startProviderPayment(provider: PaymentProvider, payment: repo.PaymentRow, subject: string, log: Log) {
    const webOrigin = new URL(payment.returnUrl ?? '').origin;
    try {
      return await provider.startPayment({
        payNo: payment.payNo,
        amount: payment.amount,
        subject,
        expiresAt: payment.expiresAt,
        notifyUrl: notifyUrl(webOrigin, payment.payEntry, payment.payType),
        returnUrl: payment.returnUrl ?? webOrigin,
        webOrigin,
      });
    } catch (err) {
      log.warn({ err, payNo: payment.payNo, provider: provider.name }, 'payment could not be started');
      throw errors.provider();
    }
  }

  return {
    /** GET /p/order/getOrderPayInfoByOrderNumber (reference 2.5). */
    async orderPayInfo(userId: string, orderNumbers: string[], lang: Language): Promise<OrderPayInfo> {
      const { endTime, amount } = await loadPayableOrders(userId, orderNumbers);
      const [names, address] = await Promise.all([repo.findItemNames(ctx.db, orderNumbers), repo.findOrderAddress(ctx.db, orderNumbers[0]!)]);
      const order = new Map(orderNumbers.map((n, i) => [n, i]));
      names.sort((a, b) => order.get(a.orderNumber)! - order.get(b.orderNumber)!);
      return {
        orderNumbers: orderNumbers.join(','),
        prodNameList: names.map((n) => (lang === 'en' && n.nameEn ? n.nameEn : n.nameZh)),
        receiver: address?.receiver ?? '',
        userAddr: address ? [address.province, address.city, address.area, address.addr].filter(Boolean).join(' ') : '',
        mobile: address?.mobile ?? '',
        status: ORDER_STATUS.unpaid,
        endTime: formatGmt8(endTime),
        totalFee: amount,
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
      const provider = providerFor(input.payType)!;
      const now = ctx.now();
      const payNo = nextSerialNumber(now.getTime());
      const payment: repo.PaymentRow = {
        payNo,
        userId,
        payEntry: PAY_ENTRY.order,
        payType: input.payType,
        orderNumbers: input.orderNumbers.join(','),
        bizId: null,
        amount,
        payScore: 0,
        status: 0,
        providerTradeNo: null,
        returnUrl: returnUrlFor(webOrigin, input.returnUrl, payNo),
        expiresAt: endTime,
        paidAt: null,
        createdAt: now,
        updatedAt: now,
        version: 0,
      };
      await repo.insertPayment(ctx.db, payment);
      await repo.closeOpenAttempts(ctx.db, { userId, orderNumbers: payment.orderNumbers!, exceptPayNo: payNo, now });
      const started = await startProviderPayment(provider, payment, subjectOf(rows), log);
      return { payNo, ...started };
    },

    /** GET /p/order/isPay/{payEntry}/{payNo or orderNumbers}: the caller's own only. */
    async isPaid(userId: string, payEntry: number, ref: string): Promise<boolean> {
      const numbers = ref.split(',');
      if (numbers.length === 1) {
        const payment = await repo.findUserPayment(ctx.db, userId, ref);
        if (payment) {
          if (payment.payEntry !== payEntry) throw errors.paymentNotFound();
          return payment.status === 1;
        }
      }
      if (payEntry !== PAY_ENTRY.order) throw errors.paymentNotFound();
      const rows = await repo.findUserOrders(ctx.db, userId, numbers);
      if (rows.length !== new Set(numbers).size) throw errors.paymentNotFound();
      return rows.every((r) => r.isPayed);
    },

    /** GET /p/order/getPayInfoByPayNo: one attempt, with the WeChat link while it can be paid. */
    async paymentInfo(userId: string, payNo: string, log: Log): Promise<PaymentInfo> {
      const payment = await repo.findUserPayment(ctx.db, userId, payNo);
      if (!payment) throw errors.paymentNotFound();
      let codeUrl: string | null = null;
      if (payment.payType === PAY_TYPE.wechat && payment.status === 0 && payment.expiresAt > ctx.now()) {
        const orderNumbers = (payment.orderNumbers ?? '').split(',').filter(Boolean);
        const rows = await repo.findUserOrders(ctx.db, userId, orderNumbers);
        // The same out_trade_no and parameters give the same link again (WeChat Native behaves so).
        codeUrl = (await startProviderPayment(providers.wechat, payment, subjectOf(rows), log)).codeUrl ?? null;
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

    balance(userId: string): Promise<number> {
      return repo.findBalance(ctx.db, userId);
    },

    /**
     * POST /notice/pay/{payEntry}/{payType}. A forgery changes nothing and is kept for the record;
     * a repeat of a handled notification is a no-op; the settlement is one transaction with the
     * notification's row, so a failure leaves nothing behind and the gateway's retry starts over.
     */
    async handleNotification(payEntry: number, payType: number, input: NotificationInput, log: Log): Promise<AckReply> {
      const provider = providerFor(payType);
      if (!provider) throw notFound();
      const verified = await provider.verifyNotification(input);
      if (!verified) {
        log.warn({ payEntry, payType, bytes: input.rawBody.length }, 'payment notification refused: bad signature or body');
        await repo.recordNotification(ctx.db, {
          payType,
          payEntry,
          notifyId: `unverified:${createHash('sha256').update(input.rawBody).digest('hex')}`,
          raw: input.rawBody.slice(0, 20_000),
          verified: false,
          error: 'signature',
        });
        return provider.ack.fail;
      }
      const outcome = await ctx.db.transaction(async (tx) => {
        const id = await repo.recordNotification(tx, {
          payType,
          payEntry,
          notifyId: verified.notifyId,
          payNo: verified.payNo,
          providerTradeNo: verified.providerTradeNo,
          amount: verified.amount,
          raw: input.rawBody.slice(0, 20_000),
          verified: true,
        });
        if (id === null) return { kind: 'repeat' as const };
        const payment = /^\d{19}$/.test(verified.payNo) ? await repo.lockPayment(tx, verified.payNo) : undefined;
        const problem = !payment
          ? 'unknown payment'
          : payment.payType !== payType || payment.payEntry !== payEntry
            ? 'payment type or entry mismatch'
            : payment.payEntry !== PAY_ENTRY.order
              ? 'entry not supported yet'
              : payment.amount !== verified.amount
                ? 'amount mismatch'
                : null;
        if (problem || !payment) {
          await repo.updateNotification(tx, id, { error: problem });
          return { kind: 'refused' as const, problem };
        }
        if (!verified.paid) {
          await repo.updateNotification(tx, id, { processed: true });
          return { kind: 'not-paid' as const };
        }
        const result = await settleOrderPayment(ctx, tx, payment, { paidAt: ctx.now(), providerTradeNo: verified.providerTradeNo });
        await repo.updateNotification(tx, id, { processed: true, ...(result.refundOrders.length ? { error: `orders no longer unpaid, refund ${result.refundAmount}` } : {}) });
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
          if (outcome.result.refundOrders.length > 0) {
            log.warn(
              { payNo: verified.payNo, refundOrders: outcome.result.refundOrders, refundAmount: outcome.result.refundAmount },
              'payment arrived for orders that are no longer unpaid: recorded for refund',
            );
          }
          return provider.ack.ok;
      }
    },
  };
}
