// Group-buy races (issue 29; decision 065) through two API instances sharing PostgreSQL and Redis
// (each with its own pool): the last place of a team, paid for by 20 shoppers at once, and teams
// ending while their members pay. Only meaningful with DATABASE_URL and REDIS_URL (PGlite's one
// connection serializes everything), so the file skips otherwise; the rules themselves are
// http/group.test.ts's.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BazaarApp } from '../app.ts';
import { groupOrders, groupTeams, jobs, orders, refunds } from '../db/schema.ts';
import { GROUP_TEAM_EXPIRY_JOB } from '../flows/group-teams.ts';
import { activitiesOfFile, createGroupShoppers, payWithBalance, placeGroupOrder, runTeamExpiries, seatOf, teamRow } from '../test/group-test-kit.ts';
import { createTestInstance, SHARED_INFRASTRUCTURE, type TestInstance } from '../test/instances.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let b: TestInstance;

beforeAll(async () => {
  if (!SHARED_INFRASTRUCTURE) return;
  t = await ensureSeeded();
  b = await createTestInstance();
});
afterAll(async () => {
  await b?.close();
});
/** This file's activities: what their teams leave grouping ends after it. */
const activity = activitiesOfFile(() => t);

describe.skipIf(!SHARED_INFRASTRUCTURE)('group-buy races on PostgreSQL + Redis, two API instances', () => {
  it('20 shoppers pay at once for the last place of a team: exactly one joins, the others open their own teams', { timeout: 180_000 }, async () => {
    const ga = await activity({ groupNumber: 3 });
    const [leader, second, ...racers] = await createGroupShoppers(t, 22);
    const apps: BazaarApp[] = [t.app, b.app];
    const leaderOrder = await placeGroupOrder(t.app, leader!, ga);
    expect((await payWithBalance(t.app, leader!, leaderOrder)).statusCode).toBe(200);
    const teamId = (await seatOf(t.ctx, leaderOrder)).groupTeamId;
    const secondOrder = await placeGroupOrder(b.app, second!, ga, { groupTeamId: teamId });
    expect((await payWithBalance(b.app, second!, secondOrder)).statusCode).toBe(200);
    expect(await teamRow(t.ctx, teamId)).toMatchObject({ status: 1, joinNum: 2 });

    // Every racer's order names the team while it has its one place; then all pay at once.
    const numbers = await Promise.all(racers.map((s, i) => placeGroupOrder(apps[i % 2]!, s, ga, { groupTeamId: teamId })));
    const paid = await Promise.all(racers.map((s, i) => payWithBalance(apps[(i + 1) % 2]!, s, numbers[i]!)));
    expect(paid.map((r) => r.statusCode)).toEqual(racers.map(() => 200));

    expect(await teamRow(t.ctx, teamId)).toMatchObject({ status: 2, joinNum: 3 });
    const seats = await t.ctx.db.select().from(groupOrders).where(inArray(groupOrders.orderNumber, numbers));
    const joined = seats.filter((s) => s.groupTeamId === teamId);
    expect(joined).toHaveLength(1);
    const moved = seats.filter((s) => s.groupTeamId !== teamId);
    expect(moved).toHaveLength(19);
    expect(moved.every((s) => s.movedFromTeamId === teamId && s.identityType === 1 && s.status === 1)).toBe(true);
    expect(new Set(moved.map((s) => s.groupTeamId)).size).toBe(19);
    // The three paid members' orders formed; the moved ones group in their own teams.
    const states = await t.ctx.db.select({ orderNumber: orders.orderNumber, status: orders.status }).from(orders).where(inArray(orders.orderNumber, [leaderOrder, secondOrder, joined[0]!.orderNumber!]));
    expect(states.every((o) => o.status === 2 || o.status === 3)).toBe(true);
    // No team of the activity holds more paid members than its size, counted from the seats themselves.
    const over = await t.ctx.db.execute<{ id: number }>(sql`
      select t.id from group_teams t
      where t.group_activity_id = ${ga.groupActivityId}
        and (t.join_num > t.group_number or (select count(*) from group_orders o where o.group_team_id = t.id and o.status = 1) > t.group_number)`);
    expect(over.rows).toEqual([]);
  });

  it('teams ending while their members pay: a member joins before the end (then is refunded with the team) or opens a team of their own; none joins after the failure', { timeout: 180_000 }, async () => {
    const ga = await activity({ groupNumber: 3 });
    const teams = 12;
    const shoppers = await createGroupShoppers(t, teams * 2);
    const apps: BazaarApp[] = [t.app, b.app];
    const cases: Array<{ teamId: number; memberOrder: string; member: (typeof shoppers)[number] }> = [];
    for (let i = 0; i < teams; i += 1) {
      const leader = shoppers[2 * i]!;
      const member = shoppers[2 * i + 1]!;
      const leaderOrder = await placeGroupOrder(t.app, leader, ga);
      expect((await payWithBalance(t.app, leader, leaderOrder)).statusCode).toBe(200);
      const teamId = (await seatOf(t.ctx, leaderOrder)).groupTeamId;
      cases.push({ teamId, memberOrder: await placeGroupOrder(t.app, member, ga, { groupTeamId: teamId }), member });
    }
    // Every team ends 300 ms from now (its row and its job).
    const end = new Date(Date.now() + 300);
    const ids = cases.map((c) => c.teamId);
    await t.ctx.db.update(groupTeams).set({ endTime: end }).where(inArray(groupTeams.id, ids));
    await t.ctx.db
      .update(jobs)
      .set({ runAt: end })
      .where(and(eq(jobs.kind, GROUP_TEAM_EXPIRY_JOB), inArray(jobs.ref, ids.map(String))));
    // Instance B sweeps the expiries while the members pay around the end, on both instances.
    const sweeping = (async () => {
      const stopAt = Date.now() + 5_000;
      while (Date.now() < stopAt) {
        await runTeamExpiries(b.ctx);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const paying = Promise.all(
      cases.map(async (c, i) => {
        await new Promise((r) => setTimeout(r, i * 50));
        return payWithBalance(apps[i % 2]!, c.member, c.memberOrder);
      }),
    );
    const [answers] = await Promise.all([paying, sweeping]);
    expect(answers.map((r) => r.statusCode)).toEqual(cases.map(() => 200));

    let joinedBefore = 0;
    let movedAfter = 0;
    for (const c of cases) {
      const team = await teamRow(t.ctx, c.teamId);
      expect(team.status).toBe(3);
      const seat = await seatOf(t.ctx, c.memberOrder);
      const [order] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, c.memberOrder));
      if (seat.groupTeamId === c.teamId) {
        // Joined before the end: refunded in full with its team, and closed.
        joinedBefore += 1;
        expect(team.joinNum).toBe(2);
        expect(order).toMatchObject({ status: 6, closeType: 2, refundStatus: 2 });
        const [refund] = await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, c.memberOrder));
        expect(refund).toMatchObject({ buyerReason: 7, returnMoneySts: 5 });
        expect(seat.updatedAt.getTime()).toBeLessThan(end.getTime());
      } else {
        // Too late for it: a team of its own, still grouping; the failed team never counted it.
        movedAfter += 1;
        expect(team.joinNum).toBe(1);
        expect(seat).toMatchObject({ movedFromTeamId: c.teamId, identityType: 1, status: 1 });
        expect(order!.status).toBe(7);
      }
      const [paidInTeam] = await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupOrders)
        .where(and(eq(groupOrders.groupTeamId, c.teamId), eq(groupOrders.status, 1)));
      expect(paidInTeam!.n).toBe(team.joinNum);
    }
    expect(joinedBefore + movedAfter).toBe(teams);
  });
});
