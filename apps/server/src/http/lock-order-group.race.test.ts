// A group-buy team's end racing its member's balance payment (decision 065, and the mall's lock
// order). The expiry locks the team, fails it and takes its paid units off the activity SKU's sold
// count; a member's payment adds its unit to that count and takes a place in the team. Were the
// payment to take the SKU's row before the team's, each would hold what the other waits for and
// PostgreSQL would abort one: the shopper's payment answers 500, or the expiry job fails. Here the
// payments start just before the teams' end and the expiries just after it (another instance's
// clock a moment ahead), all at once, across two API instances on PostgreSQL + Redis. On PGlite,
// which runs one transaction at a time, only the outcome is checked. The race shows the deadlock
// only now and then; the last test checks the order itself, on either database: a member's payment
// sends the team's update before the sold count's. The teams the file leaves grouping end after it.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BazaarApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { countQueries } from '../db/query-count.ts';
import { groupSkus, groupTeams, jobs, orders, refunds } from '../db/schema.ts';
import { expireGroupTeam } from '../flows/expire-group-teams.ts';
import { GROUP_TEAM_EXPIRY_JOB } from '../flows/group-teams.ts';
import { activitiesOfFile, createGroupShoppers, payWithBalance, placeGroupOrder, seatOf, teamRow } from '../test/group-test-kit.ts';
import { createTestInstance, SHARED_INFRASTRUCTURE, type TestInstance } from '../test/instances.ts';
import { ledgerSum, walletBalance } from '../test/payment-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let b: TestInstance | null = null;

beforeAll(async () => {
  t = await ensureSeeded();
  if (SHARED_INFRASTRUCTURE) b = await createTestInstance();
});
afterAll(async () => {
  await b?.close();
});
/** This file's activities: what their teams leave grouping ends after it. */
const activity = activitiesOfFile(() => t);

const TEAMS = 25;
const BALANCE = 100_000;
const PRICE = 1_990;

describe('team expiries racing their members’ payments', () => {
  it(`${TEAMS} teams fail at their end while a member of each pays: every payment answers 200, every expiry ends, the money and the sold count end exact`, { timeout: 240_000 }, async () => {
    const ga = await activity({ groupNumber: 3, hasRobot: false, actPrice: PRICE, stocks: 1_000 });
    const shoppers = await createGroupShoppers(t, TEAMS * 2, BALANCE);
    const apps: BazaarApp[] = b ? [t.app, b.app] : [t.app];
    const cases: Array<{ teamId: number; leader: (typeof shoppers)[number]; leaderOrder: string; member: (typeof shoppers)[number]; memberOrder: string }> = [];
    for (let i = 0; i < TEAMS; i += 1) {
      const leader = shoppers[2 * i]!;
      const member = shoppers[2 * i + 1]!;
      const leaderOrder = await placeGroupOrder(t.app, leader, ga);
      expect((await payWithBalance(t.app, leader, leaderOrder)).statusCode).toBe(200);
      const teamId = (await seatOf(t.ctx, leaderOrder)).groupTeamId;
      cases.push({ teamId, leader, leaderOrder, member, memberOrder: await placeGroupOrder(t.app, member, ga, { groupTeamId: teamId }) });
    }
    // Every team ends in ten minutes; its expiry job is not left for another file's sweep.
    const end = new Date(t.ctx.now().getTime() + 10 * 60_000);
    const ids = cases.map((c) => c.teamId);
    await t.ctx.db.update(groupTeams).set({ endTime: end }).where(inArray(groupTeams.id, ids));
    await t.ctx.db.delete(jobs).where(and(eq(jobs.kind, GROUP_TEAM_EXPIRY_JOB), inArray(jobs.ref, ids.map(String))));
    // The expiries run on a clock just past the end, the payments on the apps' own, before it.
    const later: AppContext = { ...(b?.ctx ?? t.ctx), now: () => new Date(end.getTime() + 1_000) };

    const [paid, expired] = await Promise.all([
      Promise.all(cases.map((c, i) => payWithBalance(apps[i % apps.length]!, c.member, c.memberOrder))),
      Promise.allSettled(cases.map((c) => expireGroupTeam(later, c.teamId))),
    ]);
    for (const res of paid) expect(res.statusCode, res.body).toBe(200);
    for (const result of expired) expect(result.status, result.status === 'rejected' ? String(result.reason) : '').toBe('fulfilled');

    let moved = 0;
    for (const c of cases) {
      const team = await teamRow(t.ctx, c.teamId);
      expect(team.status).toBe(3);
      const seat = await seatOf(t.ctx, c.memberOrder);
      const [order] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, c.memberOrder));
      // The leader was refunded with the failed team.
      expect(await walletBalance(t, c.leader.userId)).toBe(BALANCE);
      if (seat.groupTeamId === c.teamId) {
        // Joined before the team failed: refunded with it.
        expect(team.joinNum).toBe(2);
        expect(order).toMatchObject({ status: 6, closeType: 2, refundStatus: 2 });
        const [refund] = await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, c.memberOrder));
        expect(refund).toMatchObject({ buyerReason: 7, returnMoneySts: 5 });
        expect(await walletBalance(t, c.member.userId)).toBe(BALANCE);
      } else {
        // Paid after it failed: a team of its own, still grouping, the price paid once.
        moved += 1;
        expect(team.joinNum).toBe(1);
        expect(seat).toMatchObject({ movedFromTeamId: c.teamId, identityType: 1, status: 1 });
        expect(order!.status).toBe(7);
        expect(await walletBalance(t, c.member.userId)).toBe(BALANCE - PRICE);
      }
      for (const s of [c.leader, c.member]) expect(await ledgerSum(t, s.userId)).toBe(await walletBalance(t, s.userId));
    }
    // Only the members grouping in teams of their own still count as sold.
    const [sku] = await t.ctx.db.select({ sellNum: groupSkus.sellNum }).from(groupSkus).where(eq(groupSkus.id, ga.groupSkuIds[0]!));
    expect(sku!.sellNum).toBe(moved);
  });
});

describe('the lock order itself: the team before the activity SKU', () => {
  it("a member's payment takes a place in the team before counting the activity SKU's sold units, then debits the wallet", async () => {
    const ga = await activity({ groupNumber: 3, hasRobot: false, actPrice: PRICE });
    const [leader, member] = await createGroupShoppers(t, 2, BALANCE);
    const leaderOrder = await placeGroupOrder(t.app, leader!, ga);
    expect((await payWithBalance(t.app, leader!, leaderOrder)).statusCode).toBe(200);
    const teamId = (await seatOf(t.ctx, leaderOrder)).groupTeamId;
    const memberOrder = await placeGroupOrder(t.app, member!, ga, { groupTeamId: teamId });

    const { result, queries } = await countQueries(() => payWithBalance(t.app, member!, memberOrder));
    expect(result.statusCode, result.body).toBe(200);
    // Each statement locks the rows it updates: the seat, the team, the activity SKU, the wallet.
    const first = (table: string) => queries.findIndex((q) => q.startsWith(`update "${table}"`));
    const order = ['group_orders', 'group_teams', 'group_skus', 'user_wallets'].map((table) => [table, first(table)] as const);
    expect(order.filter(([, at]) => at < 0), 'statements not sent').toEqual([]);
    expect([...order].sort((x, y) => x[1] - y[1]).map(([table]) => table)).toEqual(order.map(([table]) => table));
    expect(await teamRow(t.ctx, teamId)).toMatchObject({ status: 1, joinNum: 2 });
    const [sku] = await t.ctx.db.select({ sellNum: groupSkus.sellNum }).from(groupSkus).where(eq(groupSkus.id, ga.groupSkuIds[0]!));
    expect(sku!.sellNum).toBe(2);
  });
});
