// The demo's group buys (decision 065): running bilingual activities on group products, a team one
// place from full, and two teams about to end (without robots, and with robots), each with its
// expiry job and its paid orders grouping, as payment leaves them.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupActivities, groupOrders, groupTeams, jobs, orders, payments, products, refunds, sandboxGatewayRefunds } from '../schema.ts';
import { executeRefund } from '../../flows/refund-money.ts';
import { GROUP_TEAM_EXPIRY_JOB } from '../../modules/group/repository.ts';
import { runTeamExpiries } from '../../test/group-test-kit.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});

describe('demo group buys', () => {
  it('seeds running bilingual activities with a team one place from full and two teams about to end', async () => {
    const seededNames = ['三人团 自营好物', '两人成团 茶器', '数码拼团（机器人成团）', '美妆两人团'];
    const activities = await t.ctx.db.select().from(groupActivities).where(inArray(groupActivities.nameZh, seededNames));
    expect(activities).toHaveLength(4);
    for (const a of activities) {
      expect(a.nameEn).toBeTruthy();
      const [product] = await t.ctx.db.select({ prodType: products.prodType, status: products.status }).from(products).where(eq(products.id, a.productId));
      expect(product).toEqual({ prodType: 1, status: 1 });
    }
    const teams = await t.ctx.db.select().from(groupTeams).where(inArray(groupTeams.groupActivityId, activities.map((a) => a.id)));
    const activityOf = (id: number) => activities.find((a) => a.id === id)!;
    const almostFull = teams.find((team) => team.groupNumber - team.joinNum === 1 && team.groupNumber === 3 && !activityOf(team.groupActivityId).hasRobot);
    expect(almostFull).toBeDefined();
    const soon = teams.filter((team) => team.endTime!.getTime() - almostFull!.endTime!.getTime() < -12 * 3_600_000);
    expect(soon.map((team) => activityOf(team.groupActivityId).hasRobot).sort()).toEqual([false, true]);
    for (const team of teams) {
      // Whatever the expiry job did since (a test suite's clock may have run it), each team's seats and orders agree.
      const seats = await t.ctx.db.select().from(groupOrders).where(and(eq(groupOrders.groupTeamId, team.id), eq(groupOrders.status, 1)));
      expect(seats).toHaveLength(team.joinNum);
      const [job] = await t.ctx.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, GROUP_TEAM_EXPIRY_JOB), eq(jobs.ref, String(team.id))));
      expect(job!.runAt.getTime()).toBe(team.endTime!.getTime());
      const numbers = seats.flatMap((s) => (s.orderNumber ? [s.orderNumber] : []));
      const placed = await t.ctx.db.select().from(orders).where(inArray(orders.orderNumber, numbers));
      expect(placed.every((o) => o.orderType === 1 && o.isPayed && o.payType === 2)).toBe(true);
      if (team.status === 1) expect(placed.every((o) => o.status === 7)).toBe(true);
      const paid = await t.ctx.db.select().from(payments).where(inArray(payments.orderNumbers, numbers));
      expect(paid.map((p) => p.amount).sort()).toEqual(placed.map((o) => o.actualTotal).sort());
    }
  });

  it('ends the two short teams by their jobs: robots fill one, the other fails and its leader is refunded through the Alipay sandbox', async () => {
    const [tea] = await t.ctx.db.select().from(groupActivities).where(eq(groupActivities.nameZh, '两人成团 茶器'));
    const [gadget] = await t.ctx.db.select().from(groupActivities).where(eq(groupActivities.nameZh, '数码拼团（机器人成团）'));
    const [failed] = await t.ctx.db.select().from(groupTeams).where(eq(groupTeams.groupActivityId, tea!.id));
    const [seat] = await t.ctx.db.select().from(groupOrders).where(eq(groupOrders.groupTeamId, failed!.id));
    try {
      t.advanceClock(11 * 60_000);
      await runTeamExpiries(t.ctx);
      expect((await t.ctx.db.select().from(groupTeams).where(eq(groupTeams.id, failed!.id)))[0]!.status).toBe(3);
      // The sandbox gateway answers 'processing' first, as Alipay does (the order waits, applying);
      // a later try finds it done: the money is back and the order closes. (Another file's clock may
      // have ended the team earlier in the run: the same request, then.)
      const [refund] = await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, seat!.orderNumber!));
      expect(refund).toMatchObject({ buyerReason: 7, orderItemId: 0 });
      t.advanceClock(2 * 60_000);
      // A try made earlier in the run, on a clock another file had moved ahead, set when the
      // gateway completes it: the next try comes after that.
      const [paid] = await t.ctx.db.select({ payNo: payments.payNo }).from(payments).where(eq(payments.orderNumbers, seat!.orderNumber!));
      const [gateway] = await t.ctx.db.select({ completesAt: sandboxGatewayRefunds.completesAt }).from(sandboxGatewayRefunds).where(eq(sandboxGatewayRefunds.payNo, paid!.payNo));
      if (gateway && gateway.completesAt >= t.ctx.now()) t.advanceClock(gateway.completesAt.getTime() - t.ctx.now().getTime() + 1_000);
      expect(await executeRefund(t.ctx, refund!.refundSn)).toBe('refunded');
    } finally {
      t.resetClock();
    }
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, seat!.orderNumber!));
    expect(order).toMatchObject({ status: 6, closeType: 2, refundStatus: 2 });
    const [robots] = await t.ctx.db.select().from(groupTeams).where(eq(groupTeams.groupActivityId, gadget!.id));
    expect(robots).toMatchObject({ status: 2, joinNum: 3 });
  });
});
