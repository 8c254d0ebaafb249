// Factories for the flash-sale tests: an approved activity over a product of its own, many
// logged-in shoppers at once (rows and tokens written straight, as registering 500 through the API
// would take minutes), and the shopper's three calls.
import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { SeckillOrderStatusSchema } from '@bazaar/shared/schemas/seckill';
import { seckillSkus, seckills, users } from '../db/schema.ts';
import { drainSeckillQueue } from '../flows/write-seckill-orders.ts';
import { issueToken } from '../modules/auth/service.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import type { BazaarApp } from '../app.ts';
import { createTestProduct } from './product-test-kit.ts';
import type { TestApp } from './test-app.ts';

export interface TestSeckill {
  seckillId: number;
  prodId: number;
  shopId: number;
  skuIds: number[];
  seckillSkuIds: number[];
}

export interface SeckillOptions {
  /** Flash stock per SKU (one SKU per entry). */
  stocks?: number[];
  seckillPrice?: number;
  price?: number;
  maxNum?: number;
  maxCancelTime?: number;
  /** Relative to the app's clock. */
  startInMs?: number;
  endInMs?: number;
  mold?: 0 | 1;
  shopId?: number;
  auditStatus?: number;
}

/** An approved flash sale of a new product (virtual goods by default: no address needed). */
export async function createSeckill(t: TestApp, options: SeckillOptions = {}): Promise<TestSeckill> {
  const stocks = options.stocks ?? [10];
  const price = options.price ?? 10_000;
  const product = await createTestProduct(t, {
    shopId: options.shopId,
    mold: options.mold ?? 1,
    prodType: 2,
    // The SKUs keep some stock of their own; the flash stock was taken from it.
    skus: stocks.map((_, i) => ({ properties: `规格:款${i + 1}`, nameZh: `款${i + 1}`, nameEn: `Style ${i + 1}`, price, stocks: 5 })),
  });
  const now = t.ctx.now().getTime();
  const [row] = await t.ctx.db
    .insert(seckills)
    .values({
      shopId: product.shopId,
      productId: product.prodId,
      nameZh: `秒杀${product.prodId}`,
      nameEn: `Flash sale ${product.prodId}`,
      startTime: new Date(now + (options.startInMs ?? -60_000)),
      endTime: new Date(now + (options.endInMs ?? 3_600_000)),
      maxNum: options.maxNum ?? -1,
      maxCancelTime: options.maxCancelTime ?? 30,
      auditStatus: options.auditStatus ?? 1,
    })
    .returning({ id: seckills.id });
  const skuRows = await t.ctx.db
    .insert(seckillSkus)
    .values(product.skuIds.map((skuId, i) => ({ seckillId: row!.id, skuId, seckillPrice: options.seckillPrice ?? 1_990, seckillStocks: stocks[i]!, originalStocks: stocks[i]! })))
    .returning({ id: seckillSkus.id });
  return { seckillId: row!.id, prodId: product.prodId, shopId: product.shopId, skuIds: product.skuIds, seckillSkuIds: skuRows.map((r) => r.id) };
}

export interface TestShopper {
  userId: string;
  mobile: string;
  token: string;
}

/** `n` shoppers with a live token each (users written straight; the token issued by the auth module). */
export async function createShoppers(t: { ctx: TestApp['ctx'] }, n: number): Promise<TestShopper[]> {
  // Random numbers under 166 (uniquePhone's counter wraps at 100 per millisecond): 500 at once never meet.
  const mobiles = new Set<string>();
  while (mobiles.size < n) mobiles.add(`166${String(randomInt(0, 100_000_000)).padStart(8, '0')}`);
  const rows = [...mobiles].map((mobile, i) => ({ id: randomBytes(16).toString('hex'), mobile, nickName: `闪购${i}` }));
  for (let i = 0; i < rows.length; i += 500) await t.ctx.db.insert(users).values(rows.slice(i, i + 500));
  const out: TestShopper[] = [];
  for (const r of rows) {
    const token = await issueToken(t.ctx, 'shopper', r.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    out.push({ userId: r.id, mobile: r.mobile, token: token.accessToken });
  }
  return out;
}

export const headers = (s: TestShopper, lang: 'zh' | 'en' = 'en') => ({ authorization: s.token, 'accept-language': lang, 'content-type': 'application/json' });

export async function orderPath(app: BazaarApp, s: TestShopper, prodId: number, lang: 'zh' | 'en' = 'en') {
  return app.inject({ method: 'GET', url: `/p/seckill/orderPath?prodId=${prodId}`, headers: headers(s, lang) });
}

export async function confirmSeckill(app: BazaarApp, s: TestShopper, path: string, sk: TestSeckill, body: { prodCount?: number; seckillSkuId?: number; addrId?: number } = {}, lang: 'zh' | 'en' = 'en') {
  return app.inject({
    method: 'POST',
    url: `/p/seckill/${path}/confirm`,
    headers: headers(s, lang),
    payload: { addrId: body.addrId ?? 0, prodId: sk.prodId, shopId: sk.shopId, seckillSkuId: body.seckillSkuId ?? sk.seckillSkuIds[0], prodCount: body.prodCount ?? 1 },
  });
}

export async function submitSeckill(app: BazaarApp, s: TestShopper, path: string, sk: TestSeckill, remarks = '', lang: 'zh' | 'en' = 'en') {
  return app.inject({ method: 'POST', url: `/p/seckill/${path}/submit`, headers: headers(s, lang), payload: { orderShopParam: { shopId: sk.shopId, remarks } } });
}

/** orderPath, confirm and submit; answers the submit's response (status 200 with the order number, or the refusal). */
export async function buySeckill(app: BazaarApp, s: TestShopper, sk: TestSeckill, body: { prodCount?: number; seckillSkuId?: number } = {}) {
  const path = await orderPath(app, s, sk.prodId);
  if (path.statusCode !== 200) return path;
  const orderPathValue = path.json().orderPath as string;
  const confirmed = await confirmSeckill(app, s, orderPathValue, sk, body);
  if (confirmed.statusCode !== 200) return confirmed;
  return submitSeckill(app, s, orderPathValue, sk);
}

export async function seckillSkuStocks(t: TestApp, seckillSkuId: number): Promise<number> {
  const [row] = await t.ctx.db.select({ n: seckillSkus.seckillStocks }).from(seckillSkus).where(eq(seckillSkus.id, seckillSkuId));
  return row!.n;
}

export function expectStatus(res: { statusCode: number; body: string }, status: number, body?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (body !== undefined) expect(res.body).toBe(body);
}

/** Writes what the gate queued (the writers run in the background too; this makes a test deterministic): a background writer may hold a batch, so it waits until the queue is empty (at most 10 s). */
export async function settleSeckillQueue(t: TestApp) {
  await drainSeckillQueue(t.ctx);
  for (const deadline = Date.now() + 10_000; (await seckillGate(t.ctx).queue.size()) > 0; await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > deadline) throw new Error('the flash-sale queue was not written within 10 s');
  }
}

/** The shopper's one-time order path for the activity's product (expected to be given). */
export async function seckillPathOf(t: TestApp, s: TestShopper, sk: TestSeckill) {
  const res = await orderPath(t.app, s, sk.prodId);
  expectStatus(res, 200);
  return res.json().orderPath as string;
}

/** createOrderStatus of one attempt, as its shopper polls it. */
export async function seckillOrderStatus(t: TestApp, s: TestShopper, orderNumber: string, lang: 'zh' | 'en' = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/p/seckill/createOrderStatus?orderNumber=${orderNumber}`, headers: headers(s, lang) });
  expectStatus(res, 200);
  return SeckillOrderStatusSchema.parse(res.json());
}
