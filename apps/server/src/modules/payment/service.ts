// Payments as the gateways see them: attempts (the payments table), the provider that serves a
// pay type, the return and notify addresses, and the notifications' record. What a payment pays
// for (orders today) is the pay-order flow's business.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PAY_ENTRY, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import type { NotificationInput, PaymentProvider } from '../../providers/payment/payment-provider.ts';
import * as repo from './repository.ts';

/** A forged notification is kept for the record up to this many characters: enough to see what it was. */
export const FORGED_RAW_MAX_CHARS = 2_000;
/** The newest forged notifications kept; older ones are pruned as new ones arrive. */
export const FORGED_NOTIFICATIONS_KEPT = 10_000;

export type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

export const paymentErrors = {
  orderNotFound: () => invalid('payment.errors.orderNotFound'),
  statusChanged: () => invalid('payment.errors.orderStatusChanged'),
  expired: () => invalid('payment.errors.orderExpired'),
  disabled: () => invalid('payment.errors.methodDisabled'),
  paymentNotFound: () => invalid('payment.errors.paymentNotFound'),
  returnUrl: () => invalid('payment.errors.returnUrl'),
  provider: () => invalid('payment.errors.providerFailed'),
};
const errors = paymentErrors;

const RESULT_PATH = '/payment/result';
/** The gateway's subject for what is not an order (the gateways take one text, the mall's language). */
const ENTRY_SUBJECTS: Record<number, string> = { [PAY_ENTRY.topUp]: '余额充值', [PAY_ENTRY.membership]: '付费会员' };
const SUBJECT_MAX = 100;

export type PaymentService = ReturnType<typeof createPaymentService>;

export function createPaymentService(ctx: AppContext) {
  const providers = ctx.providers.payment;
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

  /** What the gateway shows the payer: the products of orders, or what else the payment is for. */
  function subjectOf(rows: Array<{ prodName: string }>, payEntry: number = PAY_ENTRY.order): string {
    if (payEntry !== PAY_ENTRY.order) return ENTRY_SUBJECTS[payEntry] ?? 'Bazaar';
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
    providers,
    providerFor,
    returnUrlFor,
    subjectOf,
    startProviderPayment,

    findUserPayment(userId: string, payNo: string) {
      return repo.findUserPayment(ctx.db, userId, payNo);
    },

    /** A notification whose signature or body does not verify: kept for the record, changes nothing. */
    async recordForgery(payEntry: number, payType: number, input: NotificationInput, log: Log): Promise<void> {
      log.warn({ payEntry, payType, bytes: input.rawBody.length }, 'payment notification refused: bad signature or body');
      await repo.recordForgedNotification(
        ctx.db,
        {
          payType,
          payEntry,
          notifyId: `unverified:${createHash('sha256').update(input.rawBody).digest('hex')}`,
          raw: input.rawBody.slice(0, FORGED_RAW_MAX_CHARS),
          error: 'signature',
        },
        FORGED_NOTIFICATIONS_KEPT,
      );
    },
  };
}
