// A team's end (reference §5.5; decision 065). Each opened team has its expiry as a row in `jobs`
// (kind group.teamExpiry, ref = the team's id, run_at = its end), booked in the transaction that
// opened it, so a restart loses none; the sweeper claims due rows with FOR UPDATE SKIP LOCKED, so
// one instance runs each. The handler locks the team row itself (a member's join waits for it and
// then sees the outcome) and acts only on a team still grouping:
// - robots allowed: the places left are filled by robot seats (userId '0'), the team succeeds and its
//   orders move 7 -> 2 (flows/group-teams.ts formTeam);
// - otherwise the team fails (3) and every paid order of it gets an after-sales request for the whole
//   order already decided for the buyer (reason 7 "group failed"), in the same transaction; after the
//   commit the after-sales refund path (flows/refund-money.ts executeRefund) sends the money back where
//   it came from, exactly once (its retries and sweep take over when a try fails), and when the money
//   is back the order closes (6, closeType 2) with its stock back. The members who paid are told by
//   SMS; the user center has no notice list for it yet (decision 065, "Left for later").
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { GROUP_FAILED_REFUND_REASON, GROUP_TEAM_STATUS } from '@bazaar/shared/constants/group';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { APPLY_TYPE, REFUND_SETTLE_STATUS, REFUND_STATUS, REFUND_TYPE } from '@bazaar/shared/constants/refund';
import type { AppContext } from '../context.ts';
import type { JobHandler } from '../lib/jobs.ts';
import { localized } from '../lib/localized.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { readUserById } from '../modules/account/repository.ts';
import { sendSmsNotice } from '../modules/account/sms-codes.ts';
import { insertRefund } from '../modules/aftersale/repository.ts';
import * as repo from '../modules/group/repository.ts';
import { findOrdersForAftersale, markOrderApplying } from '../modules/order/aftersale-reads.ts';
import { orderLinesForRefund } from '../modules/order/refunds.ts';
import { fenToYuan } from '../providers/payment/payment-provider.ts';
import { formTeam, GROUP_TEAM_EXPIRY_JOB } from './group-teams.ts';
import { executeRefund } from './refund-money.ts';

const zh = createI18n('zh').t;
const en = createI18n('en').t;

export interface TeamExpiry {
  outcome: 'none' | 'robots' | 'failed';
  /** The failed team's refunds, one per paid order. */
  refunds: Array<{ refundSn: string; orderNumber: string; userId: string; amount: number }>;
}

/** Ends one team if it is still grouping and its end has come. Answers what happened. */
export async function expireGroupTeam(ctx: AppContext, teamId: number, log?: { warn: (obj: object, msg: string) => void }): Promise<TeamExpiry> {
  const now = ctx.now();
  let activityName = '';
  let groupNumber = 0;
  const result = await ctx.db.transaction(async (tx): Promise<TeamExpiry> => {
    const team = await repo.lockTeam(tx, teamId);
    if (!team || team.status !== GROUP_TEAM_STATUS.grouping) return { outcome: 'none', refunds: [] };
    // Booked for the end: a job that ran early (a clock moved back) is tried again later.
    if (team.endTime && team.endTime.getTime() > now.getTime()) throw new Error(`group team ${teamId} ends at ${team.endTime.toISOString()}`);
    const activity = await repo.findActivity(tx, team.groupActivityId);
    activityName = activity ? localized('zh', activity.nameZh, activity.nameEn) : '';
    groupNumber = team.groupNumber;
    if (activity?.hasRobot) {
      await repo.fillWithRobots(tx, team, now);
      await formTeam(ctx, tx, team.id, now);
      return { outcome: 'robots', refunds: [] };
    }
    await repo.failTeam(tx, team.id, now);
    const seats = await repo.paidSeats(tx, team.id);
    // Refunded in full: their units leave the activity's sold count again.
    await repo.addSellNum(tx, seats.map((s) => ({ groupSkuId: s.groupSkuId, prodCount: -s.prodCount })));
    const paid = (await findOrdersForAftersale(tx, seats.flatMap((s) => (s.orderNumber ? [s.orderNumber] : [])))).filter((o) => o.status === ORDER_STATUS.grouping && o.isPayed);
    const refunds: TeamExpiry['refunds'] = [];
    for (const order of paid) {
      const lines = await orderLinesForRefund(tx, order.orderNumber);
      const refundSn = nextSerialNumber(now.getTime());
      await insertRefund(tx, {
        refundSn,
        orderNumber: order.orderNumber,
        orderItemId: 0,
        userId: order.userId,
        shopId: order.shopId,
        refundType: REFUND_TYPE.order,
        applyType: APPLY_TYPE.refundOnly,
        isReceiver: 0,
        goodsNum: Math.max(1, lines.reduce((n, l) => n + l.prodCount, 0)),
        refundAmount: order.actualTotal,
        maxRefundAmount: order.actualTotal,
        freightAmount: order.freight,
        buyerReason: GROUP_FAILED_REFUND_REASON,
        buyerDesc: `${zh('groupbuy.notices.refundReason')} / ${en('groupbuy.notices.refundReason')}`,
        returnMoneySts: REFUND_STATUS.accepted,
        settleStatus: REFUND_SETTLE_STATUS.refunding,
        applyTime: now,
        handleTime: now,
        updatedAt: now,
      });
      await markOrderApplying(tx, order.orderNumber, now);
      refunds.push({ refundSn, orderNumber: order.orderNumber, userId: order.userId, amount: order.actualTotal });
    }
    return { outcome: 'failed', refunds };
  });
  // The money goes back now; a try that fails is retried by the refund jobs and their sweep.
  for (const refund of result.refunds) {
    try {
      await executeRefund(ctx, refund.refundSn);
    } catch (err) {
      log?.warn({ err, refundSn: refund.refundSn }, 'failed group-buy team: refund try failed; the refund sweep retries it');
    }
  }
  for (const refund of result.refunds) await tellMember(ctx, refund, activityName, groupNumber);
  return result;
}

/** The member's SMS through the account module (which records it; the refund itself shows in their after-sales list and balance records). */
async function tellMember(ctx: AppContext, refund: TeamExpiry['refunds'][number], name: string, groupNumber: number): Promise<void> {
  const user = await readUserById(ctx.db, refund.userId);
  const amount = fenToYuan(refund.amount);
  const text = zh('groupbuy.notices.failedSms', { name, orderNumber: refund.orderNumber, amount, groupNumber });
  await sendSmsNotice(ctx, { mobile: user?.mobile, kind: 'group', text, params: { name, refundSn: refund.refundSn } });
}

/** `group.teamExpiry` (ref = team id), registered in jobs.ts. */
export function groupTeamExpiryHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    await expireGroupTeam(ctx, Number(job.ref));
  };
}

export { GROUP_TEAM_EXPIRY_JOB };
