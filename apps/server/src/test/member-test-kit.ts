// Factories for the membership tests: levels of the test's own (each test file makes fresh ranks so
// the shared database's seeded levels never collide), a self-run shop that charges freight, and a
// purchase started through the API.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { flatFreightRule } from '@bazaar/shared/schemas/freight';
import { coupons, levelLogs, levelPrices, shops, userLevels, userMembers } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';
import { WEB } from './top-up-test-kit.ts';

let rank = 0;
/** A rank no other level of the run has (the seed uses 1-9). */
async function freshRank(t: TestApp, levelType: number): Promise<number> {
  const [row] = await t.ctx.db.select({ max: sql<number>`coalesce(max(${userLevels.level}), 0)::int` }).from(userLevels).where(eq(userLevels.levelType, levelType));
  rank = Math.max(rank, Number(row!.max)) + 1;
  return rank;
}

export interface TestLevelOptions {
  levelType?: 0 | 1;
  /** A rank below or above another's: defaults to a fresh rank. */
  level?: number;
  needGrowth?: number;
  discount?: number | null;
  discountRange?: 0 | 1;
  rateScore?: number;
  isFreeFee?: boolean;
  status?: number;
  prices?: Array<{ termType: number; price: number }>;
}

export async function createLevel(t: TestApp, options: TestLevelOptions = {}) {
  const levelType = options.levelType ?? 1;
  const level = options.level ?? (await freshRank(t, levelType));
  const [row] = await t.ctx.db
    .insert(userLevels)
    .values({
      levelType,
      level,
      nameZh: `测试会员${level}`,
      nameEn: `Test level ${level}`,
      needGrowth: options.needGrowth ?? 0,
      discount: options.discount === undefined ? 9.5 : options.discount,
      discountRange: options.discountRange ?? 0,
      rateScore: options.rateScore ?? 1,
      isFreeFee: options.isFreeFee ?? false,
      status: options.status ?? 1,
    })
    .returning();
  const prices = options.prices ?? (levelType === 1 ? [{ termType: 1, price: 100 }, { termType: 3, price: 1_500 }] : []);
  if (prices.length > 0) await t.ctx.db.insert(levelPrices).values(prices.map((p) => ({ levelId: row!.id, ...p })));
  return row!;
}

/**
 * Removes the levels `createLevel` made that nobody holds or bought: the files share one database,
 * and the levels they leave count toward the cap of levels per type (a test that creates one through
 * the console calls this first, whatever order the files ran in).
 */
export async function dropUnusedTestLevels(t: TestApp, levelType: number): Promise<void> {
  await t.ctx.db.execute(sql`
    delete from ${userLevels} l
    where l.level_type = ${levelType} and l.name_zh like '测试会员%'
      and not exists (select 1 from ${userMembers} m where m.paid_level_id = l.id or m.growth_level_id = l.id)
      and not exists (select 1 from ${levelLogs} g where g.level_id = l.id)`);
}

/** A coupon given to the buyers of `levelId` (issued only). */
export async function createLevelCoupon(t: TestApp, levelId: number, stocks = 100) {
  const now = t.ctx.now();
  const [row] = await t.ctx.db
    .insert(coupons)
    .values({
      shopId: 0,
      nameZh: '会员专享 满100减10',
      nameEn: 'Members: ¥10 off ¥100',
      couponType: 1,
      cashCondition: 10_000,
      reduceAmount: 1_000,
      validTimeType: 1,
      startTime: new Date(now.getTime() - 86_400_000),
      endTime: new Date(now.getTime() + 30 * 86_400_000),
      stocks,
      totalStock: stocks,
      getWay: 1,
      putonStatus: 1,
      levelId,
    })
    .returning();
  return row!;
}

/** A self-run open shop of the test's own charging `fee` per order, never free. */
export async function createSelfRunShop(t: TestApp, fee = 800): Promise<number> {
  const [row] = await t.ctx.db
    .insert(shops)
    .values({ nameZh: `测试自营店${Date.now() % 100_000}`, nameEn: 'Test self-run store', type: 1, status: 1, freightRule: flatFreightRule(fee, null) })
    .returning({ id: shops.id });
  return row!.id;
}

export function payLevel(t: TestApp, token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/p/level/payLevel',
    headers: { authorization: token, 'accept-language': lang, 'content-type': 'application/json', ...WEB },
    payload: JSON.stringify(body),
  });
}

export async function memberRow(t: TestApp, userId: string) {
  const [row] = await t.ctx.db.select().from(userMembers).where(eq(userMembers.userId, userId));
  return row;
}

export function expectOk(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body || 'null');
}
