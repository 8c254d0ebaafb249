// Group-buy (issue 29; reference §2.4, §5.5; decision 065), the shopper's side through the API: the
// lists, the product's group panel, confirm and submit at the activity price only, the leader's
// payment opening the team, members joining until it forms (7 -> 2), the full team that makes a
// late member open their own, the per-user limit, the refusal of after-sales while grouping, the
// cancel of an unpaid group order, and the team's end on an injected clock: robots, or a failed
// team refunded automatically through the after-sales path, exactly once.
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceLogs, couponUseRecords, groupActivities, groupOrders, groupSkus, groupTeams, jobs, orders, refunds, skus } from '../db/schema.ts';
import { closeOrder } from '../flows/cancel-order.ts';
import { executeRefund } from '../flows/refund-money.ts';
import { GROUP_TEAM_EXPIRY_JOB } from '../flows/group-teams.ts';
import { CLOSE_TYPE } from '../modules/order/transitions.ts';
import {
  buyGroup,
  confirmGroup,
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
import { ledgerSum, walletBalance } from '../test/payment-test-kit.ts';
import type { TestShopper } from '../test/seckill-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => t.resetClock());
/** This file's activities: what their teams leave grouping ends after it. */
const activity = activitiesOfFile(() => t);

const HOUR = 3_600_000;

async function pay(s: TestShopper, orderNumber: string) {
  const res = await payWithBalance(t.app, s, orderNumber);
  expect(res.statusCode, res.body).toBe(200);
}

/** A leader who opened and paid a team: answers the team id and the leader's order. */
async function openPaidTeam(ga: TestGroupActivity, leader: TestShopper) {
  const orderNumber = await placeGroupOrder(t.app, leader, ga);
  await pay(leader, orderNumber);
  return { teamId: (await seatOf(t.ctx, orderNumber)).groupTeamId, orderNumber };
}

async function skuStocks(skuId: number): Promise<number> {
  const [row] = await t.ctx.db.select({ n: skus.stocks }).from(skus).where(eq(skus.id, skuId));
  return row!.n;
}

describe('group-buy: the public reads', () => {
  it('/group-buy lists the running activity with its group and single price, and prodInfo carries its panel only when asked', async () => {
    const ga = await activity({ groupNumber: 3, actPrice: 1_990, price: 5_000, hasRobot: true, maxNum: 2 });
    const list = await t.app.inject({ method: 'GET', url: '/group/activities?current=1&size=50', headers: { 'accept-language': 'en' } });
    expect(list.statusCode, list.body).toBe(200);
    const card = (list.json().records as Array<Record<string, unknown>>).find((r) => r.groupActivityId === ga.groupActivityId);
    expect(card).toMatchObject({ prodId: ga.prodId, groupPrice: 1_990, price: 5_000, groupNumber: 3, teamsFormed: 0, activityName: `Group buy ${ga.prodId}` });

    const plain = await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${ga.prodId}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).not.toHaveProperty('groupActivityVO');
    const withGroup = await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${ga.prodId}&groupActivityId=${ga.groupActivityId}`, headers: { 'accept-language': 'zh' } });
    expect(withGroup.statusCode, withGroup.body).toBe(200);
    const vo = withGroup.json().groupActivityVO;
    expect(vo).toMatchObject({ groupActivityId: ga.groupActivityId, state: 2, groupNumber: 3, hasRobot: true, hasMaxNum: true, maxNum: 2, groupPrice: 1_990, price: 5_000, activityName: `拼团${ga.prodId}` });
    expect(vo.skuList).toEqual([expect.objectContaining({ groupSkuId: ga.groupSkuIds[0], skuId: ga.skuIds[0], actPrice: 1_990, price: 5_000, leaderPrice: null, stocks: 100 })]);
    expect(vo.serverTime).toBeTypeOf('number');
    // Another product's activity id names nothing here.
    const other = await activity({});
    const wrong = await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${ga.prodId}&groupActivityId=${other.groupActivityId}` });
    expect(wrong.json().groupActivityVO).toBeNull();
    // Once the activity is off (ended, taken offline), its link answers 204: the page says so and goes home.
    await t.ctx.db.update(groupActivities).set({ status: 0 }).where(eq(groupActivities.id, other.groupActivityId));
    const ended = await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${other.prodId}&groupActivityId=${other.groupActivityId}` });
    expect(ended.statusCode).toBe(204);
    expect(ended.body).toBe('');
  });
});

describe('group-buy: a team from opening to success', () => {
  it('the leader opens a team, pays (grouping 7, team 1 with its end); a member joins by paying; the full team moves both orders to 2', async () => {
    const ga = await activity({ groupNumber: 2, validMinutes: 90 });
    const [leader, member] = await createGroupShoppers(t, 2);
    const leaderOrder = await placeGroupOrder(t.app, leader!, ga);
    const placed = await orderRow(t.ctx, leaderOrder);
    expect(placed).toMatchObject({ orderType: 1, status: 1, actualTotal: 1_990 });
    const seat = await seatOf(t.ctx, leaderOrder);
    expect(seat).toMatchObject({ identityType: 1, status: 0, groupSkuId: ga.groupSkuIds[0] });
    expect(await teamRow(t.ctx, seat.groupTeamId)).toMatchObject({ status: 0, joinNum: 0 });
    // A team not opened yet cannot be joined nor shown by its link.
    const early = await confirmGroup(t.app, member!, { groupSkuId: ga.groupSkuIds[0], groupTeamId: seat.groupTeamId, prodCount: 1, uuid: 'early-uuid-1' });
    expect(early.statusCode).toBe(400);
    expect(early.body).toBe('This team is full, has ended or is not open yet: please open a new team');
    expect((await t.app.inject({ method: 'GET', url: `/group/teamInfo?groupTeamId=${seat.groupTeamId}` })).statusCode).toBe(400);

    const before = t.ctx.now().getTime();
    await pay(leader!, leaderOrder);
    expect((await orderRow(t.ctx, leaderOrder)).status).toBe(7);
    const team = await teamRow(t.ctx, seat.groupTeamId);
    expect(team).toMatchObject({ status: 1, joinNum: 1 });
    expect(team.endTime!.getTime() - team.startTime!.getTime()).toBe(90 * 60_000);
    expect(team.startTime!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [job] = await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, GROUP_TEAM_EXPIRY_JOB), eq(jobs.ref, String(team.id))));
    expect(job!.runAt.getTime()).toBe(team.endTime!.getTime());

    const open = await t.app.inject({ method: 'GET', url: `/group/joinGroupList?groupActivityId=${ga.groupActivityId}` });
    expect(open.json().teams).toEqual([expect.objectContaining({ groupTeamId: team.id, joinNum: 1, groupNumber: 2, missing: 1, endAt: team.endTime!.getTime(), leaderNickName: expect.any(String) })]);
    const shared = await t.app.inject({ method: 'GET', url: `/group/teamInfo?groupTeamId=${team.id}`, headers: { 'accept-language': 'en' } });
    expect(shared.json()).toMatchObject({ status: 1, joinable: true, missing: 1, members: [{ leader: true, robot: false }], order: null });
    // The leader asking is not offered their own team: not in the list, not joinable by its link (QA2 item 6).
    const ownList = await t.app.inject({ method: 'GET', url: `/group/joinGroupList?groupActivityId=${ga.groupActivityId}`, headers: { authorization: leader!.token } });
    expect(ownList.json().teams).toEqual([]);
    const ownLink = await t.app.inject({ method: 'GET', url: `/group/teamInfo?groupTeamId=${team.id}`, headers: { authorization: leader!.token } });
    expect(ownLink.json()).toMatchObject({ joinable: false, inTeam: true });
    const otherLink = await t.app.inject({ method: 'GET', url: `/group/teamInfo?groupTeamId=${team.id}`, headers: { authorization: member!.token } });
    expect(otherLink.json()).toMatchObject({ joinable: true, inTeam: false });
    const center = await t.app.inject({ method: 'GET', url: '/p/user/centerInfo', headers: { authorization: leader!.token } });
    expect(center.json().orderCountData.grouping).toBe(1);
    // The order list's grouping tab (status 7) lists it.
    const grouping = await t.app.inject({ method: 'GET', url: '/p/myOrder/myOrderSearch?status=7&current=1&size=10', headers: { authorization: leader!.token } });
    expect(grouping.statusCode, grouping.body).toBe(200);
    expect(grouping.json().records.map((r: { orderNumber: string }) => r.orderNumber)).toEqual([leaderOrder]);
    expect((await t.app.inject({ method: 'GET', url: '/p/myOrder/myOrderSearch?status=6', headers: { authorization: leader!.token } })).statusCode).toBe(400);

    // The member's order names the team; it takes the place when paid, and the team forms.
    const memberOrder = await placeGroupOrder(t.app, member!, ga, { groupTeamId: team.id });
    expect((await seatOf(t.ctx, memberOrder)).groupTeamId).toBe(team.id);
    // The leader cannot join their own team again.
    const twice = await buyGroup(t.app, leader!, ga, { groupTeamId: team.id });
    expect(twice.body).toBe('You are already in this team');
    await pay(member!, memberOrder);
    expect(await teamRow(t.ctx, team.id)).toMatchObject({ status: 2, joinNum: 2 });
    // Virtual goods: formed, the orders were delivered by their codes at once, as any paid virtual order.
    for (const n of [leaderOrder, memberOrder]) expect([2, 3]).toContain((await orderRow(t.ctx, n)).status);
    const [expiry] = await t.ctx.db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.kind, GROUP_TEAM_EXPIRY_JOB), eq(jobs.ref, String(team.id))));
    expect(expiry!.status).toBe(4);
    const mine = await t.app.inject({ method: 'GET', url: `/p/group/teamInfo?orderNumber=${memberOrder}`, headers: { authorization: member!.token, 'accept-language': 'zh' } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ status: 2, joinNum: 2, missing: 0, joinable: false, order: { orderNumber: memberOrder, groupOrderStatus: 1, leader: false, movedFromTeamId: null } });
    expect(mine.json().members.map((m: { leader: boolean }) => m.leader)).toEqual([true, false]);
    // Another shopper's order is not theirs to see.
    const nosy = await t.app.inject({ method: 'GET', url: `/p/group/teamInfo?orderNumber=${memberOrder}`, headers: { authorization: leader!.token } });
    expect(nosy.statusCode).toBe(400);
    // My orders: the kind filter finds group orders.
    const search = await t.app.inject({ method: 'GET', url: '/p/myOrder/myOrderSearch?orderType=1', headers: { authorization: member!.token } });
    expect(search.json().records.map((r: { orderNumber: string; orderType: number }) => [r.orderNumber, r.orderType])).toEqual([[memberOrder, 1]]);
    const general = await t.app.inject({ method: 'GET', url: '/p/myOrder/myOrderSearch?orderType=0', headers: { authorization: member!.token } });
    expect(general.json().records).toEqual([]);
    // The activity counts a formed team and the units sold.
    const list = await t.app.inject({ method: 'GET', url: '/group/activities?current=1&size=50' });
    expect((list.json().records as Array<Record<string, unknown>>).find((r) => r.groupActivityId === ga.groupActivityId)).toMatchObject({ teamsFormed: 1, soldNum: 2 });
  });

  it('a member who pays for a team that filled meanwhile opens a new team, and the order says so', async () => {
    const ga = await activity({ groupNumber: 2 });
    const [leader, first, late] = await createGroupShoppers(t, 3);
    const { teamId } = await openPaidTeam(ga, leader!);
    const firstOrder = await placeGroupOrder(t.app, first!, ga, { groupTeamId: teamId });
    const lateOrder = await placeGroupOrder(t.app, late!, ga, { groupTeamId: teamId });
    await pay(first!, firstOrder);
    expect(await teamRow(t.ctx, teamId)).toMatchObject({ status: 2, joinNum: 2 });
    await pay(late!, lateOrder);
    const seat = await seatOf(t.ctx, lateOrder);
    expect(seat).toMatchObject({ identityType: 1, status: 1, movedFromTeamId: teamId });
    expect(seat.groupTeamId).not.toBe(teamId);
    expect(await teamRow(t.ctx, seat.groupTeamId)).toMatchObject({ status: 1, joinNum: 1, shareUserId: late!.userId });
    expect((await orderRow(t.ctx, lateOrder)).status).toBe(7);
    expect(await teamRow(t.ctx, teamId)).toMatchObject({ status: 2, joinNum: 2 });
    const info = await t.app.inject({ method: 'GET', url: `/p/group/teamInfo?orderNumber=${lateOrder}`, headers: { authorization: late!.token } });
    expect(info.json()).toMatchObject({ groupTeamId: seat.groupTeamId, status: 1, order: { leader: true, movedFromTeamId: teamId } });
  });
});

describe('group-buy: the rules of the order', () => {
  it('takes the activity price only: no coupons, promotions or points, whatever the body asks', async () => {
    const ga = await activity({ actPrice: 2_500, price: 9_000 });
    const [s] = await createGroupShoppers(t, 1);
    const confirmed = await confirmGroup(t.app, s!, { groupSkuId: ga.groupSkuIds[0], groupTeamId: 0, prodCount: 2, uuid: 'no-coupon-uuid-1', couponUserIds: [1, 2], userChangeCoupon: 1, isScorePay: 1, userUseScore: 100 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ actPrice: 2_500, price: 9_000, total: 5_000, transFee: 0, actualTotal: 5_000, groupTeamId: 0 });
    const submitted = await t.app.inject({ method: 'POST', url: '/p/group/order/submit', headers: { authorization: s!.token, 'content-type': 'application/json' }, payload: { uuid: 'no-coupon-uuid-1', remarks: 'hi' } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const orderNumber = submitted.json().orderNumbers as string;
    expect(await orderRow(t.ctx, orderNumber)).toMatchObject({ total: 5_000, actualTotal: 5_000, reduceAmount: 0, useScore: 0, orderType: 1 });
    expect(await t.ctx.db.select().from(couponUseRecords).where(eq(couponUseRecords.orderNumber, orderNumber))).toEqual([]);
    // The uuid is used up: a second submit of it is refused.
    const again = await t.app.inject({ method: 'POST', url: '/p/group/order/submit', headers: { authorization: s!.token, 'content-type': 'application/json', 'accept-language': 'zh' }, payload: { uuid: 'no-coupon-uuid-1' } });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('订单已过期，请重新下单');
  });

  it('holds the per-user limit over unpaid and paid orders; a cancelled one gives its units, its stock and its seat back', async () => {
    const ga = await activity({ maxNum: 2, stocks: 10 });
    const [s] = await createGroupShoppers(t, 1);
    const first = await placeGroupOrder(t.app, s!, ga, { prodCount: 2 });
    expect(await skuStocks(ga.skuIds[0]!)).toBe(8);
    const over = await buyGroup(t.app, s!, ga, { prodCount: 1 });
    expect(over.statusCode).toBe(400);
    expect(over.body).toBe('This exceeds the limit of 2 per person for this group-buy (you already have 2)');
    const zh = await buyGroup(t.app, s!, ga, { prodCount: 1 }, 'zh');
    expect(zh.body).toBe('超出该活动每人限购数量（每人 2 件，你已购 2 件）');
    const seat = await seatOf(t.ctx, first);
    expect(await closeOrder(t.ctx, { orderNumber: first, userId: s!.userId, closeType: CLOSE_TYPE.buyer })).toBe(true);
    expect(await seatOf(t.ctx, first)).toMatchObject({ status: -1 });
    // The leader's team never opened: it ends with the order.
    expect((await teamRow(t.ctx, seat.groupTeamId)).status).toBe(3);
    expect(await skuStocks(ga.skuIds[0]!)).toBe(10);
    await placeGroupOrder(t.app, s!, ga, { prodCount: 1 });
    const tooMany = await confirmGroup(t.app, s!, { groupSkuId: ga.groupSkuIds[0], prodCount: 100, uuid: 'count-uuid-1' });
    expect(tooMany.body).toBe('Please enter the correct number of items (1 to 99)');
  });

  it('refuses an unknown or ended activity, a sold-out SKU and a team of another activity, each with its message', async () => {
    const ga = await activity({ stocks: 1 });
    const other = await activity({});
    const ended = await activity({ startInMs: -2 * HOUR, endInMs: -HOUR });
    const [s, leader] = await createGroupShoppers(t, 2);
    const none = await confirmGroup(t.app, s!, { groupSkuId: 2_000_000_000, prodCount: 1, uuid: 'unknown-uuid' });
    expect(none.body).toBe('This group-buy activity does not exist or has ended');
    const gone = await confirmGroup(t.app, s!, { groupSkuId: ended.groupSkuIds[0], prodCount: 1, uuid: 'ended-uuid-1' });
    expect(gone.body).toBe('The group-buy has ended');
    const short = await confirmGroup(t.app, s!, { groupSkuId: ga.groupSkuIds[0], prodCount: 2, uuid: 'short-uuid-1' });
    expect(short.body).toBe('Insufficient inventory');
    const { teamId } = await openPaidTeam(other, leader!);
    const wrongTeam = await confirmGroup(t.app, s!, { groupSkuId: ga.groupSkuIds[0], groupTeamId: teamId, prodCount: 1, uuid: 'wrong-team-1' });
    expect(wrongTeam.body).toBe('This team is not part of this group-buy');
  });

  it('refuses an after-sales request while the order is grouping, with its own message', async () => {
    const ga = await activity({ groupNumber: 3 });
    const [leader] = await createGroupShoppers(t, 1);
    const { orderNumber } = await openPaidTeam(ga, leader!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/p/orderRefund/apply',
      headers: { authorization: leader!.token, 'content-type': 'application/json', 'accept-language': 'en' },
      payload: { orderNumber, refundType: 1, orderItemId: 0, goodsNum: 1, applyType: 1, isReceiver: 0, buyerReason: 0, buyerDesc: '', buyerMobile: '13800138000', photoFiles: [], refundAmount: 1_990 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toBe('The order is still grouping: no after-sales request can be made until the team ends');
  });
});

describe('group-buy: the end of a team (injected clock)', () => {
  it('with robots, the expiry fills the team with robot members and it succeeds', async () => {
    const ga = await activity({ groupNumber: 3, hasRobot: true, validMinutes: 60 });
    const [leader] = await createGroupShoppers(t, 1);
    const { teamId, orderNumber } = await openPaidTeam(ga, leader!);
    try {
      // Not yet: the job is not due.
      t.advanceClock(30 * 60_000);
      await runTeamExpiries(t.ctx);
      expect((await teamRow(t.ctx, teamId)).status).toBe(1);
      t.advanceClock(31 * 60_000);
      await runTeamExpiries(t.ctx);
      expect(await teamRow(t.ctx, teamId)).toMatchObject({ status: 2, joinNum: 3 });
      const robots = await t.ctx.db.select().from(groupOrders).where(and(eq(groupOrders.groupTeamId, teamId), eq(groupOrders.userId, '0')));
      expect(robots).toHaveLength(2);
      expect([2, 3]).toContain((await orderRow(t.ctx, orderNumber)).status);
      const info = await t.app.inject({ method: 'GET', url: `/group/teamInfo?groupTeamId=${teamId}`, headers: { 'accept-language': 'en' } });
      expect(info.json().members).toEqual([
        expect.objectContaining({ leader: true, robot: false }),
        { pic: '', nickName: 'Group buddy', leader: false, robot: true },
        { pic: '', nickName: 'Group buddy', leader: false, robot: true },
      ]);
    } finally {
      t.resetClock();
    }
  });

  it('without robots, the team fails: every paid order is refunded in full through after-sales, once, closed 6/2, and a later payment opens a new team', async () => {
    const ga = await activity({ groupNumber: 3, validMinutes: 20, mold: 0, stocks: 10 });
    const [leader, member, late] = await createGroupShoppers(t, 3, 50_000);
    // Physical goods: the shoppers need an address.
    for (const s of [leader!, member!, late!]) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/p/address/addAddr',
        headers: { authorization: s.token, 'content-type': 'application/json' },
        payload: { receiver: '张三', mobile: '13800138000', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 100 号' },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const { teamId, orderNumber: leaderOrder } = await openPaidTeam(ga, leader!);
    const memberOrder = await placeGroupOrder(t.app, member!, ga, { groupTeamId: teamId });
    await pay(member!, memberOrder);
    const lateOrder = await placeGroupOrder(t.app, late!, ga, { groupTeamId: teamId });
    expect(await skuStocks(ga.skuIds[0]!)).toBe(7);
    const paidAmount = (await orderRow(t.ctx, leaderOrder)).actualTotal;
    const sold = async () => (await t.ctx.db.select({ n: groupSkus.sellNum }).from(groupSkus).where(eq(groupSkus.id, ga.groupSkuIds[0]!)))[0]!.n;
    expect(await sold()).toBe(2);
    try {
      // Within the late member's 30 minutes to pay, after the team's 20.
      t.advanceClock(21 * 60_000);
      await runTeamExpiries(t.ctx);
      expect(await teamRow(t.ctx, teamId)).toMatchObject({ status: 3, joinNum: 2 });
      // The refunded units leave the activity's sold count.
      expect(await sold()).toBe(0);
      for (const [s, n] of [
        [leader!, leaderOrder],
        [member!, memberOrder],
      ] as const) {
        expect(await orderRow(t.ctx, n)).toMatchObject({ status: 6, closeType: 2, refundStatus: 2 });
        const [refund] = await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, n));
        expect(refund).toMatchObject({ buyerReason: 7, refundAmount: paidAmount, returnMoneySts: 5, orderItemId: 0 });
        // The money is back where it came from (the balance), with its refund record, exactly once.
        expect(await walletBalance(t, s.userId)).toBe(50_000);
        expect(await ledgerSum(t, s.userId)).toBe(50_000);
        const logs = await t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.userId, s.userId), eq(balanceLogs.type, 4)));
        expect(logs.map((l) => l.changeBalance)).toEqual([paidAmount]);
        expect(await executeRefund(t.ctx, refund!.refundSn)).toBe('refunded');
        expect(await walletBalance(t, s.userId)).toBe(50_000);
        const records = await t.app.inject({ method: 'GET', url: '/p/userBalanceLog/log?current=1&size=10', headers: { authorization: s.token } });
        expect(records.json().records[0]).toMatchObject({ changeBalance: paidAmount, ioType: 1, type: 4 });
      }
      // The two paid units came back; the late member's unit is still held by their unpaid order.
      expect(await skuStocks(ga.skuIds[0]!)).toBe(9);
      // The job ran once: running it again changes nothing.
      await t.ctx.db.update(jobs).set({ status: 0 }).where(and(eq(jobs.kind, GROUP_TEAM_EXPIRY_JOB), eq(jobs.ref, String(teamId))));
      await runTeamExpiries(t.ctx);
      expect(await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, leaderOrder))).toHaveLength(1);
      // The late member pays after the failure: never into the failed team, a team of their own.
      await pay(late!, lateOrder);
      const seat = await seatOf(t.ctx, lateOrder);
      expect(seat).toMatchObject({ movedFromTeamId: teamId, identityType: 1, status: 1 });
      expect((await teamRow(t.ctx, teamId)).joinNum).toBe(2);
      const [paidInFailed] = await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupOrders)
        .innerJoin(groupTeams, eq(groupTeams.id, groupOrders.groupTeamId))
        .where(and(eq(groupTeams.id, teamId), eq(groupOrders.status, 1)));
      expect(paidInFailed!.n).toBe(2);
      expect((await orderRow(t.ctx, lateOrder)).status).toBe(7);
    } finally {
      t.resetClock();
    }
  });

  it('GROUP_TEAM_VALID_SECONDS shortens every team', async () => {
    const ga = await activity({ validMinutes: 1440 });
    const [leader] = await createGroupShoppers(t, 1);
    const env = t.ctx.env as { GROUP_TEAM_VALID_SECONDS?: number };
    env.GROUP_TEAM_VALID_SECONDS = 30;
    try {
      const { teamId } = await openPaidTeam(ga, leader!);
      const team = await teamRow(t.ctx, teamId);
      expect(team.endTime!.getTime() - team.startTime!.getTime()).toBe(30_000);
    } finally {
      delete env.GROUP_TEAM_VALID_SECONDS;
    }
  });
});

describe('group-buy: the database guard', () => {
  it('never lets a team hold more paid members than its size', async () => {
    const ga = await activity({ groupNumber: 2 });
    const [leader] = await createGroupShoppers(t, 1);
    const { teamId } = await openPaidTeam(ga, leader!);
    await expect(t.ctx.db.update(groupTeams).set({ joinNum: 3 }).where(eq(groupTeams.id, teamId))).rejects.toThrow();
    const [row] = await t.ctx.db.select({ joinNum: groupTeams.joinNum }).from(groupTeams).where(eq(groupTeams.id, teamId));
    expect(row!.joinNum).toBe(1);
    const [o] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.orderType, 1));
    expect(o!.n).toBeGreaterThan(0);
  });
});
