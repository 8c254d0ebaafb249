// The after-sales deadlines as jobs (decision 059): each waiting step books its deadline job and a
// reminder job `reminderHours` before it (flows/refund-parts.ts bookStep). The jobs table hands each
// due row to one instance; each handler re-reads the request and acts only when it is still in the
// step and its deadline has passed, so a stale or repeated job does nothing. The reminder goes to
// the party who must act: a notice row (the user center's or the merchant center's list) and an
// SMS through the SMS provider, once per deadline.
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import type { Language } from '@bazaar/shared/constants/limits';
import { APPLY_TYPE, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { RefundNotice } from '@bazaar/shared/schemas/refund';
import type { AppContext } from '../context.ts';
import { formatApiTime } from '../lib/api-time.ts';
import type { JobHandler } from '../lib/jobs.ts';
import * as repo from '../modules/aftersale/repository.ts';
import { sendSmsNotice } from '../modules/account/sms-codes.ts';
import { findShopContact } from '../modules/shop/contact.ts';
import { autoAgreeRefund, autoCloseRefund, autoReceiveRefund } from './handle-refund.ts';
import { DEADLINE_JOBS, REMINDER_JOBS } from './refund-parts.ts';

const translators = { zh: createI18n('zh').t, en: createI18n('en').t };

type Kind = RefundNotice['kind'];
const KIND_OF_STEP: Record<1 | 2 | 3, Kind> = { 1: 'sellerHandle', 2: 'buyerShip', 3: 'sellerReceive' };

/** The reminder of the step `status`, if the request is still there and its deadline not yet passed. */
async function remind(ctx: AppContext, refundSn: string, status: 1 | 2 | 3): Promise<void> {
  const row = await repo.findRefund(ctx.db, refundSn);
  const now = ctx.now();
  if (!row || row.returnMoneySts !== status || !row.deadline || row.deadline <= now) return;
  if (status === REFUND_STATUS.accepted && row.applyType !== APPLY_TYPE.returnAndRefund) return;
  const deadline = row.deadline;
  const kind = KIND_OF_STEP[status];
  const toBuyer = kind === 'buyerShip';
  const claimed = await ctx.db.transaction(async (tx) => {
    if (!(await repo.claimReminder(tx, refundSn, status, deadline))) return false;
    await repo.insertNotice(tx, { refundSn, userId: toBuyer ? row.userId : null, shopId: toBuyer ? null : row.shopId, kind, deadline, createdAt: now });
    return true;
  });
  if (!claimed) return;
  const mobile = toBuyer ? row.buyerMobile : (await findShopContact(ctx.db, row.shopId))?.tel;
  const t = translators.zh;
  const at = formatApiTime(deadline);
  const text = t(`refundNotices.${kind}`, { refundSn, deadline: at });
  // The notice row is the reminder of record; an SMS the provider refuses is not sent again. The
  // params are the variables of a gateway's registered template (Aliyun's ALIYUN_SMS_NOTICE_TEMPLATE).
  await sendSmsNotice(ctx, { mobile, kind: 'refund', text: t('refundNotices.sms', { text }), params: { refundSn, deadline: at, action: t(`refundNotices.${kind}Action`) } });
}

/** Every after-sales job kind and its handler (registered in jobs.ts). */
export function refundJobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return {
    [DEADLINE_JOBS[1]]: (job) => autoAgreeRefund(ctx, job.ref),
    [DEADLINE_JOBS[2]]: (job) => autoCloseRefund(ctx, job.ref),
    [DEADLINE_JOBS[3]]: (job) => autoReceiveRefund(ctx, job.ref),
    [REMINDER_JOBS[1]]: (job) => remind(ctx, job.ref, 1),
    [REMINDER_JOBS[2]]: (job) => remind(ctx, job.ref, 2),
    [REMINDER_JOBS[3]]: (job) => remind(ctx, job.ref, 3),
  };
}

/** The reminders of a shopper or a shop, newest first, in the reader's language. */
export async function refundNoticesOf(ctx: AppContext, owner: { userId?: string; shopId?: number }, lang: Language, kinds?: readonly Kind[]): Promise<RefundNotice[]> {
  const rows = await repo.noticesOf(ctx.db, owner, 50, kinds);
  const t = translators[lang];
  return rows.map((r) => {
    const kind = r.kind as Kind;
    const deadline = formatApiTime(r.deadline);
    return {
      id: r.id,
      refundSn: r.refundSn,
      kind,
      title: t(`refundNotices.${kind}Title`),
      content: t(`refundNotices.${kind}`, { refundSn: r.refundSn, deadline }),
      deadline,
      createTime: formatApiTime(r.createdAt),
    };
  });
}
