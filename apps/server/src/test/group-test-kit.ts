// Factories for the group-buy tests (decision 065): a running activity over a product of its own,
// shoppers with balance, and the shopper's calls (confirm + submit, pay with the balance), plus the
// rows a test checks (the team, the seats) and the expiry job run on the app's clock; and the end of
// a file's teams, so that none is left grouping for a later file's jobs.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import type { BazaarApp } from '../app.ts';
import { GROUP_TEAM_STATUS } from '@bazaar/shared/constants/group';
import { groupActivities, groupOrders, groupSkus, groupTeams, jobs, orders } from '../db/schema.ts';
import { expireGroupTeam, GROUP_TEAM_EXPIRY_JOB, groupTeamExpiryHandler } from '../flows/expire-group-teams.ts';
import { cancelJobsStatement, JOB_STATUS, runDueJobs } from '../lib/jobs.ts';
import type { AppContext } from '../context.ts';
import { topUpBalance } from './payment-test-kit.ts';
import { createTestProduct } from './product-test-kit.ts';
import { createShoppers, type TestShopper } from './seckill-test-kit.ts';
import type { TestApp } from './test-app.ts';

export interface TestGroupActivity {
  groupActivityId: number;
  prodId: number;
  shopId: number;
  skuIds: number[];
  groupSkuIds: number[];
}

export interface GroupOptions {
  groupNumber?: number;
  hasRobot?: boolean;
  maxNum?: number | null;
  /** Minutes a team stays open. */
  validMinutes?: number;
  actPrice?: number;
  price?: number;
  stocks?: number;
  mold?: 0 | 1;
  startInMs?: number;
  endInMs?: number;
}

/** A running group activity of a new product (virtual goods by default: no address needed). */
export async function createGroupActivity(t: TestApp, options: GroupOptions = {}): Promise<TestGroupActivity> {
  const product = await createTestProduct(t, {
    mold: options.mold ?? 1,
    prodType: 1,
    skus: [{ properties: '规格:标准', nameZh: '标准', nameEn: 'Standard', price: options.price ?? 5_000, stocks: options.stocks ?? 100 }],
  });
  const now = t.ctx.now().getTime();
  const [row] = await t.ctx.db
    .insert(groupActivities)
    .values({
      shopId: product.shopId,
      productId: product.prodId,
      nameZh: `拼团${product.prodId}`,
      nameEn: `Group buy ${product.prodId}`,
      groupNumber: options.groupNumber ?? 2,
      groupValidTime: options.validMinutes ?? 60,
      hasMaxNum: options.maxNum != null,
      maxNum: options.maxNum ?? null,
      hasRobot: options.hasRobot ?? false,
      startTime: new Date(now + (options.startInMs ?? -60_000)),
      endTime: new Date(now + (options.endInMs ?? 7 * 86_400_000)),
    })
    .returning({ id: groupActivities.id });
  const skuRows = await t.ctx.db
    .insert(groupSkus)
    .values(product.skuIds.map((skuId) => ({ groupActivityId: row!.id, skuId, actPrice: options.actPrice ?? 1_990 })))
    .returning({ id: groupSkus.id });
  return { groupActivityId: row!.id, prodId: product.prodId, shopId: product.shopId, skuIds: product.skuIds, groupSkuIds: skuRows.map((r) => r.id) };
}

/** `n` logged-in shoppers with `balance` fen each. */
export async function createGroupShoppers(t: TestApp, n: number, balance = 100_000): Promise<TestShopper[]> {
  const shoppers = await createShoppers(t, n);
  for (const s of shoppers) await topUpBalance(t, s.userId, balance);
  return shoppers;
}

const headers = (s: TestShopper, lang: 'zh' | 'en') => ({ authorization: s.token, 'accept-language': lang, 'content-type': 'application/json' });

export function confirmGroup(app: BazaarApp, s: TestShopper, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') {
  return app.inject({ method: 'POST', url: '/p/group/order/confirm', headers: headers(s, lang), payload: body });
}

/** Confirm and submit; answers the submit's response (or the confirm's refusal). */
export async function buyGroup(app: BazaarApp, s: TestShopper, ga: TestGroupActivity, body: { groupTeamId?: number; prodCount?: number } = {}, lang: 'zh' | 'en' = 'en') {
  const uuid = randomUUID();
  const confirmed = await confirmGroup(app, s, { addrId: 0, groupSkuId: ga.groupSkuIds[0], groupTeamId: body.groupTeamId ?? 0, prodCount: body.prodCount ?? 1, uuid }, lang);
  if (confirmed.statusCode !== 200) return confirmed;
  return app.inject({ method: 'POST', url: '/p/group/order/submit', headers: headers(s, lang), payload: { uuid, remarks: '' } });
}

/** buyGroup that must succeed: answers the order number. */
export async function placeGroupOrder(app: BazaarApp, s: TestShopper, ga: TestGroupActivity, body: { groupTeamId?: number; prodCount?: number } = {}): Promise<string> {
  const res = await buyGroup(app, s, ga, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orderNumbers as string;
}

export function payWithBalance(app: BazaarApp, s: TestShopper, orderNumber: string) {
  return app.inject({ method: 'POST', url: '/p/order/pay', headers: headers(s, 'en'), payload: { orderNumbers: orderNumber, payType: 9 } });
}

export async function seatOf(ctx: AppContext, orderNumber: string) {
  const [row] = await ctx.db.select().from(groupOrders).where(eq(groupOrders.orderNumber, orderNumber));
  return row!;
}

export async function teamRow(ctx: AppContext, teamId: number) {
  const [row] = await ctx.db.select().from(groupTeams).where(eq(groupTeams.id, teamId));
  return row!;
}

export async function orderRow(ctx: AppContext, orderNumber: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}

/** Runs every due team expiry on the app's clock, in batches until none is left (only this job kind: other files' jobs are theirs). */
export async function runTeamExpiries(ctx: AppContext): Promise<number> {
  const handlers = { [GROUP_TEAM_EXPIRY_JOB]: groupTeamExpiryHandler(ctx) };
  let total = 0;
  for (;;) {
    const ran = await runDueJobs(ctx.db, handlers, ctx.now());
    total += ran;
    if (ran < 20) return total;
  }
}

/**
 * Ends what a file's activities left open (the suite's files share one database, one after
 * another): every team still grouping fails as at its end (its paid members refunded, told by SMS)
 * and every pending expiry job of their teams is cancelled. Otherwise a later file running due jobs
 * on a clock moved ahead would end them, with refunds and SMS of its own. Answers the teams ended.
 */
export async function endActivityTeams(ctx: AppContext, activityIds: number[]): Promise<number[]> {
  if (activityIds.length === 0) return [];
  const teams = await ctx.db.select({ id: groupTeams.id, status: groupTeams.status, endTime: groupTeams.endTime }).from(groupTeams).where(inArray(groupTeams.groupActivityId, activityIds));
  const ended: number[] = [];
  for (const team of teams.filter((tm) => tm.status === GROUP_TEAM_STATUS.grouping)) {
    const at = Math.max(ctx.now().getTime(), (team.endTime?.getTime() ?? 0) + 1_000);
    await expireGroupTeam({ ...ctx, now: () => new Date(at) }, team.id);
    ended.push(team.id);
  }
  if (teams.length) await ctx.db.execute(cancelJobsStatement(GROUP_TEAM_EXPIRY_JOB, teams.map((tm) => String(tm.id)), ctx.now()));
  return ended;
}

/** What of these activities is still open: their teams grouping and their teams' pending expiry jobs. */
export async function openOfActivities(ctx: AppContext, activityIds: number[]): Promise<{ grouping: number[]; pendingJobs: string[] }> {
  if (activityIds.length === 0) return { grouping: [], pendingJobs: [] };
  const teams = await ctx.db.select({ id: groupTeams.id, status: groupTeams.status }).from(groupTeams).where(inArray(groupTeams.groupActivityId, activityIds));
  const refs = teams.map((tm) => String(tm.id));
  const pending = refs.length
    ? await ctx.db.select({ ref: jobs.ref }).from(jobs).where(and(eq(jobs.kind, GROUP_TEAM_EXPIRY_JOB), inArray(jobs.ref, refs), eq(jobs.status, JOB_STATUS.pending)))
    : [];
  return { grouping: teams.filter((tm) => tm.status === GROUP_TEAM_STATUS.grouping).map((tm) => tm.id), pendingJobs: pending.map((j) => j.ref) };
}

/**
 * The group activities a test file creates, ended after it: an afterAll runs the expiry of every
 * team of theirs still grouping, cancels their jobs and requires nothing left open, since the
 * suite's later files share the database (a later sweep on a moved clock would fail those teams).
 * Answers the file's way to create one.
 */
export function activitiesOfFile(app: () => TestApp): (options: GroupOptions) => Promise<TestGroupActivity> {
  const made: number[] = [];
  afterAll(async () => {
    if (made.length === 0) return;
    await endActivityTeams(app().ctx, made);
    expect(await openOfActivities(app().ctx, made)).toEqual({ grouping: [], pendingJobs: [] });
  });
  return async (options) => {
    const ga = await createGroupActivity(app(), options);
    made.push(ga.groupActivityId);
    return ga;
  };
}
