// The SMS of a failed group-buy team (decision 065; flows/expire-group-teams.ts): when a team ends
// without filling, each member who paid is told by SMS (kind 'group': the whole text in Chinese, and
// the template's variables name and refundSn) at their own number, once, even when the expiry runs
// again or on two instances at the same moment; nobody outside the paying members gets one. The
// refund number the SMS names is the after-sales request that sent the money back. The texts are read
// where the sandbox provider records them (sms_messages, shared by every instance) and the variables
// from the providers themselves. The teams the file leaves grouping end after it (and their expiry
// jobs with them), not in a later file's run of due jobs.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BALANCE_LOG_TYPE } from '@bazaar/shared/constants/balance';
import { RefundPageSchema } from '@bazaar/shared/schemas/refund';
import type { AppContext } from '../context.ts';
import { balanceLogs, groupSkus, jobs, refunds, smsMessages } from '../db/schema.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import { expireGroupTeam } from './expire-group-teams.ts';
import { GROUP_TEAM_EXPIRY_JOB } from './group-teams.ts';
import {
  activitiesOfFile,
  createGroupShoppers,
  orderRow,
  payWithBalance,
  placeGroupOrder,
  runTeamExpiries,
  seatOf,
  teamRow,
  type TestGroupActivity,
} from '../test/group-test-kit.ts';
import { createTestInstance, SHARED_INFRASTRUCTURE, type TestInstance } from '../test/instances.ts';
import { walletBalance } from '../test/payment-test-kit.ts';
import type { TestShopper } from '../test/seckill-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
/** A second API instance on PostgreSQL + Redis (none on PGlite). */
let second: TestInstance | undefined;
beforeAll(async () => {
  t = await ensureSeeded();
  if (SHARED_INFRASTRUCTURE) second = await createTestInstance();
});
afterAll(async () => {
  await second?.close();
});
/** This file's activities: what their teams leave grouping ends after it. */
const activity = activitiesOfFile(() => t);
afterEach(() => {
  t.resetClock();
  vi.restoreAllMocks();
});

const MINUTE = 60_000;
const BALANCE = 50_000;
const GROUP_PRICE = 1_990;

async function pay(s: TestShopper, orderNumber: string): Promise<void> {
  const res = await payWithBalance(t.app, s, orderNumber);
  expect(res.statusCode, res.body).toBe(200);
}

/** The SMS text the code sends a member (groupbuy.notices.failedSms in Chinese, the amount in yuan). */
const failedText = (ga: TestGroupActivity, orderNumber: string, yuan: string) => `【Bazaar】你参加的拼团「拼团${ga.prodId}」未成团，订单 ${orderNumber} 的 ¥${yuan} 已原路退回。`;

/** The notices the sandbox recorded for these numbers, as [mobile, text] sorted by mobile (every instance writes the one table). */
async function noticesTo(mobiles: string[]): Promise<Array<[string, string | null]>> {
  const rows = await t.ctx.db
    .select({ mobile: smsMessages.mobile, text: smsMessages.sandboxText })
    .from(smsMessages)
    .where(and(inArray(smsMessages.mobile, mobiles), eq(smsMessages.purpose, 'notice')))
    .orderBy(asc(smsMessages.mobile), asc(smsMessages.id));
  return rows.map((r) => [r.mobile, r.text]);
}

/** The group-buy SMS handed to the spied providers about the activity, sorted by mobile. */
function groupSmsAbout(spies: Array<MockInstance<SmsProvider['sendNotice']>>, ga: TestGroupActivity) {
  return spies
    .flatMap((spy) => spy.mock.calls.map(([m]) => m))
    .filter((m) => m.kind === 'group' && m.params.name === `拼团${ga.prodId}`)
    .sort((x, y) => x.mobile.localeCompare(y.mobile));
}

const refundsOf = (orderNumber: string) => t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, orderNumber));
const refundLedger = (userId: string) => t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.userId, userId), eq(balanceLogs.type, BALANCE_LOG_TYPE.refund)));
const soldCount = async (ga: TestGroupActivity) => (await t.ctx.db.select({ n: groupSkus.sellNum }).from(groupSkus).where(eq(groupSkus.id, ga.groupSkuIds[0]!)))[0]!.n;

/** A leader who opened a team of the activity and paid: answers the team and the order. */
async function openPaidTeam(ga: TestGroupActivity, leader: TestShopper): Promise<{ teamId: number; orderNumber: string }> {
  const orderNumber = await placeGroupOrder(t.app, leader, ga);
  await pay(leader, orderNumber);
  return { teamId: (await seatOf(t.ctx, orderNumber)).groupTeamId, orderNumber };
}

async function joinAndPay(ga: TestGroupActivity, s: TestShopper, teamId: number): Promise<string> {
  const orderNumber = await placeGroupOrder(t.app, s, ga, { groupTeamId: teamId });
  await pay(s, orderNumber);
  return orderNumber;
}

describe('the SMS of a failed group-buy team', () => {
  it("tells each member who paid, at their own number, with the template's text and variables; an unpaid joiner and another team's member get none; the SMS's refund is the after-sales request that sent the money back", async () => {
    const ga = await activity({ groupNumber: 4, validMinutes: 20, actPrice: GROUP_PRICE });
    const [leader, member, unpaid, outsider] = await createGroupShoppers(t, 4, BALANCE);
    const { teamId, orderNumber: leaderOrder } = await openPaidTeam(ga, leader!);
    const memberOrder = await joinAndPay(ga, member!, teamId);
    // Joined but never paid: no seat of the team, nothing to refund.
    const unpaidOrder = await placeGroupOrder(t.app, unpaid!, ga, { groupTeamId: teamId });
    // Another team of the same activity, opened later: still grouping when the first one ends.
    t.advanceClock(10 * MINUTE);
    const other = await openPaidTeam(ga, outsider!);
    const sms = vi.spyOn(t.ctx.providers.sms, 'sendNotice');

    t.advanceClock(11 * MINUTE);
    await runTeamExpiries(t.ctx);
    expect(await teamRow(t.ctx, teamId)).toMatchObject({ status: 3, joinNum: 2 });
    expect((await teamRow(t.ctx, other.teamId)).status).toBe(1);

    const paying = [
      { s: leader!, orderNumber: leaderOrder },
      { s: member!, orderNumber: memberOrder },
    ].sort((x, y) => x.s.mobile.localeCompare(y.s.mobile));
    const refundSns: string[] = [];
    for (const p of paying) {
      // What was paid: the group price, no freight (virtual goods).
      expect((await orderRow(t.ctx, p.orderNumber)).actualTotal).toBe(GROUP_PRICE);
      const rows = await refundsOf(p.orderNumber);
      expect(rows).toHaveLength(1);
      refundSns.push(rows[0]!.refundSn);
    }
    // Exactly the paying members, one each, with the text and the template's variables the code sends.
    expect(groupSmsAbout([sms], ga)).toEqual(
      paying.map((p, i) => ({ mobile: p.s.mobile, kind: 'group', text: failedText(ga, p.orderNumber, '19.90'), params: { name: `拼团${ga.prodId}`, refundSn: refundSns[i] } })),
    );
    const everyone = [leader!, member!, unpaid!, outsider!].map((s) => s.mobile);
    expect(await noticesTo(everyone)).toEqual(paying.map((p) => [p.s.mobile, failedText(ga, p.orderNumber, '19.90')]));

    // The refund the SMS names: in the member's after-sales list, refunded (5, settled), the whole
    // order's amount, and the money back in the balance once, with one refund record.
    for (const [i, p] of paying.entries()) {
      const list = await t.app.inject({ method: 'GET', url: '/p/orderRefund/list?current=1&size=10', headers: { authorization: p.s.token, 'accept-language': 'en' } });
      expect(list.statusCode, list.body).toBe(200);
      expect(RefundPageSchema.parse(list.json()).records.map((r) => ({ refundSn: r.refundSn, orderNumber: r.orderNumber, refundType: r.refundType, returnMoneySts: r.returnMoneySts, settleStatus: r.settleStatus, refundAmount: r.refundAmount }))).toEqual([
        { refundSn: refundSns[i], orderNumber: p.orderNumber, refundType: 1, returnMoneySts: 5, settleStatus: 2, refundAmount: GROUP_PRICE },
      ]);
      expect((await refundsOf(p.orderNumber))[0]).toMatchObject({ buyerReason: 7, applyType: 1, orderItemId: 0 });
      expect(await walletBalance(t, p.s.userId)).toBe(BALANCE);
      expect((await refundLedger(p.s.userId)).map((l) => l.changeBalance)).toEqual([GROUP_PRICE]);
      expect(await orderRow(t.ctx, p.orderNumber)).toMatchObject({ status: 6, closeType: 2 });
    }
    // Outside the paying members nothing moved: no request, no refund, the other team's money still paid.
    expect(await refundsOf(unpaidOrder)).toEqual([]);
    expect(await refundsOf(other.orderNumber)).toEqual([]);
    expect(await walletBalance(t, unpaid!.userId)).toBe(BALANCE);
    expect(await walletBalance(t, outsider!.userId)).toBe(BALANCE - GROUP_PRICE);
  });

  it('tells each member once and refunds them once when the expiry runs again: a second sweep, a retried job, and a second instance at the same moment (on PostgreSQL + Redis)', async () => {
    const ga = await activity({ groupNumber: 3, validMinutes: 20, actPrice: GROUP_PRICE });
    const [leader, member] = await createGroupShoppers(t, 2, BALANCE);
    const { teamId, orderNumber: leaderOrder } = await openPaidTeam(ga, leader!);
    const memberOrder = await joinAndPay(ga, member!, teamId);
    expect(await soldCount(ga)).toBe(2);
    const spies = [vi.spyOn(t.ctx.providers.sms, 'sendNotice'), ...(second ? [vi.spyOn(second.ctx.providers.sms, 'sendNotice')] : [])];
    // The second instance on the app's clock (its own pool, Redis connections and SMS provider); on PGlite the one app twice.
    const otherCtx: AppContext = second ? { ...second.ctx, now: t.ctx.now } : t.ctx;

    t.advanceClock(21 * MINUTE);
    // Both instances' sweeps and both handlers at once.
    await Promise.all([runTeamExpiries(t.ctx), runTeamExpiries(otherCtx), expireGroupTeam(t.ctx, teamId), expireGroupTeam(otherCtx, teamId)]);
    expect((await teamRow(t.ctx, teamId)).status).toBe(3);
    // The job handed out again (a lease that ran out, an instance that died before marking it done) and a late sweep.
    await t.ctx.db.update(jobs).set({ status: 0 }).where(and(eq(jobs.kind, GROUP_TEAM_EXPIRY_JOB), eq(jobs.ref, String(teamId))));
    await runTeamExpiries(otherCtx);
    await runTeamExpiries(t.ctx);
    expect(await expireGroupTeam(t.ctx, teamId)).toEqual({ outcome: 'none', refunds: [] });

    const paying = [
      { s: leader!, orderNumber: leaderOrder },
      { s: member!, orderNumber: memberOrder },
    ].sort((x, y) => x.s.mobile.localeCompare(y.s.mobile));
    expect(groupSmsAbout(spies, ga).map((m) => m.mobile)).toEqual(paying.map((p) => p.s.mobile));
    expect(await noticesTo(paying.map((p) => p.s.mobile))).toEqual(paying.map((p) => [p.s.mobile, failedText(ga, p.orderNumber, '19.90')]));
    for (const p of paying) {
      expect(await refundsOf(p.orderNumber)).toHaveLength(1);
      expect(await walletBalance(t, p.s.userId)).toBe(BALANCE);
      expect((await refundLedger(p.s.userId)).map((l) => l.changeBalance)).toEqual([GROUP_PRICE]);
    }
    // The refunded units left the sold count once.
    expect(await soldCount(ga)).toBe(0);
  });
});
