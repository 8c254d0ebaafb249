// Factories for the points mall's tests (issue 29, decision 066): a self-run shop and products of the
// test's own, points items written straight into the database, points granted through the ledger,
// and the shopper's confirm + submit through the API as the storefront calls them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { POINTS_SOURCE } from '@bazaar/shared/constants/points';
import { PointsConfirmResultSchema, PointsSubmitResultSchema, type PointsConfirmResult, type PointsSubmitResult } from '@bazaar/shared/schemas/points-mall';
import { pointsItems } from '../db/schema.ts';
import { grantPart, ledgerSums, runPart, scoreOf } from '../modules/wallet/points.ts';
import { json, type RegisteredUser } from './account-test-kit.ts';
import { createSelfRunShop } from './member-test-kit.ts';
import { as } from './order-test-kit.ts';
import { createTestProduct } from './product-test-kit.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;

export interface TestPointsItem {
  itemId: number;
  prodId: number;
  skuId: number;
  shopId: number;
  /** A word only this item's product name has (for the list's name search). */
  word: string;
  scorePrice: number;
  cashPrice: number;
}

/** The test's own self-run shop, made once per app. */
const shops = new WeakMap<TestApp, Promise<number>>();
export function pointsShop(t: TestApp): Promise<number> {
  let shop = shops.get(t);
  if (!shop) shops.set(t, (shop = createSelfRunShop(t, 0)));
  return shop;
}

/** A points item on a new product of the shop (the test's self-run shop by default). */
export async function createPointsItem(
  t: TestApp,
  options: { shopId?: number; scorePrice?: number; cashPrice?: number; stocks?: number; skuStocks?: number; maxNum?: number; status?: number; mold?: 0 | 1; word?: string; skus?: number } = {},
): Promise<TestPointsItem> {
  counter += 1;
  const shopId = options.shopId ?? (await pointsShop(t));
  const word = options.word ?? `pm${process.pid % 1000}x${Date.now().toString(36)}y${counter}`;
  const skuCount = options.skus ?? 1;
  const product = await createTestProduct(t, {
    shopId,
    nameEn: `Points gift ${word}`,
    mold: options.mold ?? 0,
    skus: Array.from({ length: skuCount }, (_, i) => ({ properties: `颜色:色${i}`, nameZh: `色${i}`, nameEn: `Colour ${i}`, price: 9_900, stocks: options.skuStocks ?? 100 })),
  });
  const scorePrice = options.scorePrice ?? 100;
  const cashPrice = options.cashPrice ?? 0;
  const [row] = await t.ctx.db
    .insert(pointsItems)
    .values({ productId: product.prodId, shopId, scorePrice, cashPrice, stocks: options.stocks ?? 50, maxNum: options.maxNum ?? -1, status: options.status ?? 1 })
    .returning({ id: pointsItems.id });
  return { itemId: row!.id, prodId: product.prodId, skuId: product.skuIds[0]!, shopId, word, scorePrice, cashPrice };
}

/** Points for the shopper, as a staff adjustment would grant them (a batch and a record). */
export async function grantPoints(t: TestApp, userId: string, score: number): Promise<void> {
  const now = t.ctx.now();
  await runPart(t.ctx.db, grantPart({ userId, score, source: POINTS_SOURCE.adjustment, bizId: 'test', expireAt: new Date(now.getTime() + 365 * 86_400_000), now }));
}

export const pointsOf = (t: TestApp, userId: string) => scoreOf(t.ctx.db, userId);

/** The balance, the records' sum and the usable batches' sum must all agree. */
export async function expectLedgerBalanced(t: TestApp, userId: string): Promise<number> {
  const sums = await ledgerSums(t.ctx.db, userId);
  expect(sums.records).toBe(sums.score);
  expect(sums.batches).toBe(sums.score);
  expect(sums.score).toBeGreaterThanOrEqual(0);
  return sums.score;
}

export function scoreConfirm(t: TestApp, user: RegisteredUser, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') {
  return t.app.inject({ method: 'POST', url: '/p/score/confirm', ...json(body, { headers: as(user, { 'accept-language': lang }) }) });
}

export function scoreSubmit(t: TestApp, user: RegisteredUser, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') {
  return t.app.inject({ method: 'POST', url: '/p/score/submit', ...json(body, { headers: as(user, { 'accept-language': lang }) }) });
}

/** Confirms an exchange under a fresh uuid; answers the uuid and the confirm. */
export async function confirmExchange(t: TestApp, user: RegisteredUser, item: TestPointsItem, prodCount = 1, addrId = 0): Promise<{ uuid: string; confirmed: PointsConfirmResult }> {
  const uuid = randomUUID();
  const res = await scoreConfirm(t, user, { addrId, orderItem: { prodId: item.prodId, skuId: item.skuId, prodCount }, uuid });
  expect(res.statusCode, res.body).toBe(200);
  return { uuid, confirmed: PointsConfirmResultSchema.parse(res.json()) };
}

/** Confirms and submits an exchange; answers the submit's result. */
export async function exchange(t: TestApp, user: RegisteredUser, item: TestPointsItem, prodCount = 1, remarks = ''): Promise<PointsSubmitResult> {
  const { uuid } = await confirmExchange(t, user, item, prodCount);
  const res = await scoreSubmit(t, user, { uuid, remarks });
  expect(res.statusCode, res.body).toBe(200);
  return PointsSubmitResultSchema.parse(res.json());
}

export async function itemRow(t: TestApp, itemId: number) {
  const [row] = await t.ctx.db.select().from(pointsItems).where(eq(pointsItems.id, itemId));
  return row!;
}
