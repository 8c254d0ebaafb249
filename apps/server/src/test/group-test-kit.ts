// Factories for the group-buy tests (decision 065): a running activity over a product of its own,
// shoppers with balance, and the shopper's calls (confirm + submit, pay with the balance), plus the
// rows a test checks (the team, the seats) and the expiry job run on the app's clock.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BazaarApp } from '../app.ts';
import { groupActivities, groupOrders, groupSkus, groupTeams, orders } from '../db/schema.ts';
import { GROUP_TEAM_EXPIRY_JOB, groupTeamExpiryHandler } from '../flows/expire-group-teams.ts';
import { runDueJobs } from '../lib/jobs.ts';
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
