// Topping up the balance (issue 12, reference 2.9 and 5.10, decision 040): a preset or a custom
// amount, paid through Alipay or WeChat only, never by balance. Making a top-up writes its record
// unpaid with a payment (payEntry 1); the gateway's notification settles it through the payment
// notice flow, which calls settleTopUp: the payment moves to paid and the wallet is credited with
// the gifts, both conditional, so it happens once.
import { PAY_ENTRY, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { BalanceOption } from '@bazaar/shared/schemas/balance';
import type { Language } from '@bazaar/shared/constants/limits';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { createContentService } from '../modules/content/service.ts';
import * as repo from '../modules/payment/repository.ts';
import { createPaymentService, paymentErrors, type Log } from '../modules/payment/service.ts';
import { checkRoomFor, creditTopUp, listTopUpOptions, recordUnpaidTopUp, topUpTerms } from '../modules/wallet/balance-service.ts';
import type { Settlement } from './payment-notice.ts';

/** Where the shopper comes back to after paying a top-up: the balance page, with the payNo. */
export const TOP_UP_RETURN_PATH = '/user-center/uc-balance';

export function listBalanceOptions(ctx: AppContext, lang: Language): Promise<BalanceOption[]> {
  return listTopUpOptions(ctx.db, lang);
}

/** POST /p/balance/pay: answers the Alipay form or the WeChat link, like paying orders. */
export async function createTopUp(
  ctx: AppContext,
  userId: string,
  input: { optionId: number | null; amount: number | null; payType: 2 | 3; returnUrl?: string },
  webOrigin: string,
  log: Log,
): Promise<{ payNo: string; form?: string; codeUrl?: string }> {
  const switches = await createContentService(ctx).paySwitch();
  if (!(input.payType === PAY_TYPE.alipay ? switches.aliPaySwitch : switches.wxPaySwitch)) throw paymentErrors.disabled();
  const terms = await topUpTerms(ctx.db, input);
  await checkRoomFor(ctx.db, userId, terms);
  const payments = createPaymentService(ctx);
  const now = ctx.now();
  const payNo = nextSerialNumber(now.getTime());
  const payment = repo.newPayment(
    {
      payNo,
      userId,
      payEntry: PAY_ENTRY.topUp,
      payType: input.payType,
      amount: terms.amount,
      returnUrl: payments.returnUrlFor(webOrigin, input.returnUrl ?? TOP_UP_RETURN_PATH, payNo),
      expiresAt: new Date(now.getTime() + ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000),
    },
    now,
  );
  await ctx.db.transaction(async (tx) => {
    payment.bizId = String(await recordUnpaidTopUp(tx, { userId, payNo, terms, now }));
    await repo.insertPayment(tx, payment);
  });
  const provider = payments.providerFor(input.payType)!;
  const started = await payments.startProviderPayment(provider, payment, payments.subjectOf([], PAY_ENTRY.topUp), log);
  return { payNo, ...started };
}

/** The settlement of a top-up's payment (the payment notice flow's dispatch). */
export async function settleTopUp(_ctx: AppContext, tx: Tx, payment: repo.PaymentRow, input: { paidAt: Date; providerTradeNo: string | null }): Promise<Settlement> {
  if (!(await repo.markPaymentPaid(tx, payment.payNo, input))) return { settled: false, problem: null };
  const credited = await creditTopUp(tx, { userId: payment.userId, payNo: payment.payNo, paidAt: input.paidAt });
  return { settled: true, problem: credited ? null : 'top-up record already credited or missing' };
}
