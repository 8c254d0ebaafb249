// Flash sales in the merchant center (issue 27, decision 062): creating one takes each SKU's flash
// stock from its stock (and refuses more than there is), every bad input gets its message in both
// languages, a shop sees and changes only its own, ending early, live counts, and permissions.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { MerchantSeckillCreatedSchema, SeckillCountsSchema, SeckillRowDetailSchema, SeckillRowPageSchema, SeckillSessionTimesSchema } from '@bazaar/shared/schemas/seckill';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { groupActivities, groupSkus, seckillOrders, seckills, seckillSkus, skus } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import { sweepSeckills } from '../flows/seckill-gate.ts';
import { runDueJobs } from '../lib/jobs.ts';
import { jobHandlers } from '../jobs.ts';
import { cipherOf, json } from '../test/account-test-kit.ts';
import { merchantLogin, registerBuyer } from '../test/merchant-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopA: TestShop;
let shopB: TestShop;
let tokenA: string;
let tokenB: string;

const zh = createI18n('zh').t;
const en = createI18n('en').t;
const HOUR = 3_600_000;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * HOUR));

function call(method: 'GET' | 'POST', url: string, token: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = { authorization: token, 'accept-language': lang };
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}

/** A product of the shop with two SKUs of 20 and 10 pieces at ¥99 and ¥109. */
const stockedProduct = (shopId: number, extra: Parameters<typeof createTestProduct>[1] = {}) =>
  createTestProduct(t, {
    shopId,
    skus: [
      { properties: '颜色:黑色', nameZh: '黑色', nameEn: 'Black', price: 9_900, stocks: 20 },
      { properties: '颜色:白色', nameZh: '白色', nameEn: 'White', price: 10_900, stocks: 10 },
    ],
    ...extra,
  });

const activity = (p: TestProduct, overrides: Record<string, unknown> = {}) => ({
  nameZh: '限时秒杀',
  nameEn: 'Flash deal',
  prodId: p.prodId,
  startTime: at(2),
  endTime: at(4),
  maxNum: 2,
  maxCancelTime: 15,
  skus: [
    { skuId: p.skuIds[0], seckillPrice: 4_900, seckillStocks: 5 },
    { skuId: p.skuIds[1], seckillPrice: 5_900, seckillStocks: 3 },
  ],
  ...overrides,
});

async function created(token: string, body: unknown): Promise<number> {
  const res = await call('POST', '/merchant/seckills', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return MerchantSeckillCreatedSchema.parse(res.json()).seckillId;
}

const stockOf = async (skuIds: number[]) => {
  const rows = await t.ctx.db.select({ id: skus.id, stocks: skus.stocks }).from(skus).where(inArray(skus.id, skuIds));
  return skuIds.map((id) => rows.find((r) => r.id === id)!.stocks);
};

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = await Promise.all([createTestShop(t), createTestShop(t)]);
  [tokenA, tokenB] = await Promise.all([merchantLogin(t, shopA.shopId), merchantLogin(t, shopB.shopId)]);
}, 180_000);

describe('creating a flash sale', () => {
  it("takes each SKU's flash stock from its stock and waits for the platform's review", async () => {
    const p = await stockedProduct(shopA.shopId);
    const id = await created(tokenA, activity(p));
    expect(await stockOf(p.skuIds)).toEqual([15, 7]);
    const res = await call('GET', `/merchant/seckills/${id}`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const d = SeckillRowDetailSchema.parse(res.json());
    expect(d).toMatchObject({ seckillId: id, shopId: shopA.shopId, shopName: shopA.nameEn, prodId: p.prodId, prodName: p.nameEn, listState: 'pending', auditStatus: 0, status: 1, maxNum: 2, maxCancelTime: 15, minSeckillPrice: 4_900 });
    expect(d.counts).toEqual({ seckillId: id, totalStocks: 8, stocksLeft: 8, soldNum: 0, unpaidNum: 0, paidNum: 0, cancelledNum: 0, queuedNum: 0 });
    expect(d.skus).toEqual([
      { seckillSkuId: expect.any(Number), skuId: p.skuIds[0], skuName: 'Black', price: 9_900, seckillPrice: 4_900, totalStocks: 5, seckillStocks: 5 },
      { seckillSkuId: expect.any(Number), skuId: p.skuIds[1], skuName: 'White', price: 10_900, seckillPrice: 5_900, totalStocks: 3, seckillStocks: 3 },
    ]);
    const zhRes = await call('GET', `/merchant/seckills/${id}`, tokenA, undefined, 'zh');
    expect(zhRes.json()).toMatchObject({ prodName: p.nameZh, shopName: shopA.nameZh, skus: [{ skuName: '黑色' }, { skuName: '白色' }] });
  });

  it('takes nothing from an unlimited SKU and keeps it unlimited', async () => {
    const p = await createTestProduct(t, { shopId: shopA.shopId, skus: [{ properties: '颜色:红色', nameZh: '红色', price: 5_000, stocks: -1 }] });
    await created(tokenA, activity(p, { skus: [{ skuId: p.skuIds[0], seckillPrice: 1_000, seckillStocks: 100 }] }));
    expect(await stockOf(p.skuIds)).toEqual([-1]);
  });

  const cases: [string, (p: TestProduct) => Record<string, unknown>, string][] = [
    ['no name', () => ({ nameZh: ' ' }), 'seckill.errors.nameRequired'],
    ['a long name', () => ({ nameZh: '秒'.repeat(31) }), 'seckill.errors.nameTooLong'],
    ['a long English name', () => ({ nameEn: 'x'.repeat(61) }), 'seckill.errors.nameEnTooLong'],
    ['no product', () => ({ prodId: 'x' }), 'seckill.errors.product'],
    ['no start', () => ({ startTime: '' }), 'seckill.errors.startTime'],
    ['an end that is no date', () => ({ endTime: '2026-02-30 10:00:00' }), 'seckill.errors.endTime'],
    ['an end before the start', () => ({ startTime: at(5), endTime: at(4) }), 'seckill.errors.endAfterStart'],
    ['a start already past', () => ({ startTime: at(-1), endTime: at(3) }), 'seckill.errors.startPassed'],
    ['more than 7 days', () => ({ startTime: at(1), endTime: at(1 + 24 * 7 + 1) }), 'seckill.errors.tooLong'],
    ['a limit of 0', () => ({ maxNum: 0 }), 'seckill.errors.maxNum'],
    ['a limit of 100', () => ({ maxNum: 100 }), 'seckill.errors.maxNum'],
    ['a cancel time of 0', () => ({ maxCancelTime: 0 }), 'seckill.errors.maxCancelTime'],
    ['a cancel time over a day', () => ({ maxCancelTime: 1_441 }), 'seckill.errors.maxCancelTime'],
    ['no SKUs', () => ({ skus: [] }), 'seckill.errors.skusRequired'],
    ['a SKU twice', (p) => ({ skus: [1, 2].map((n) => ({ skuId: p.skuIds[0], seckillPrice: 1_000, seckillStocks: n })) }), 'seckill.errors.skuTwice'],
    ['a flash price of 0', (p) => ({ skus: [{ skuId: p.skuIds[0], seckillPrice: 0, seckillStocks: 1 }] }), 'seckill.errors.price'],
    ['a flash price in yuan', (p) => ({ skus: [{ skuId: p.skuIds[0], seckillPrice: 49.5, seckillStocks: 1 }] }), 'seckill.errors.price'],
    ['a flash price not below the usual price', (p) => ({ skus: [{ skuId: p.skuIds[0], seckillPrice: 9_900, seckillStocks: 1 }] }), 'seckill.errors.priceAbovePrice'],
    ['a flash stock of 0', (p) => ({ skus: [{ skuId: p.skuIds[0], seckillPrice: 1_000, seckillStocks: 0 }] }), 'seckill.errors.stocks'],
    ['a SKU of another product', () => ({ skus: [{ skuId: 1, seckillPrice: 1, seckillStocks: 1 }] }), 'seckill.errors.skuNotOfProduct'],
  ];
  it.each(cases)('refuses %s, in both languages, and takes no stock', async (_name, overrides, key) => {
    const p = await stockedProduct(shopA.shopId);
    const body = activity(p, overrides(p));
    const res = await call('POST', '/merchant/seckills', tokenA, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toBe(en(key, { stocks: 20 }));
    expect(en(key)).not.toBe(key);
    const zhRes = await call('POST', '/merchant/seckills', tokenA, body, 'zh');
    expect(zhRes.body).toBe(zh(key, { stocks: 20 }));
    expect(await stockOf(p.skuIds)).toEqual([20, 10]);
  });

  it('refuses more flash stock than the SKU has, naming what it has', async () => {
    const p = await stockedProduct(shopA.shopId);
    const res = await call('POST', '/merchant/seckills', tokenA, activity(p, { skus: [{ skuId: p.skuIds[1], seckillPrice: 1_000, seckillStocks: 11 }] }), 'zh');
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(zh('seckill.errors.stocksOverSku', { stocks: 10 }));
    expect(await stockOf(p.skuIds)).toEqual([20, 10]);
  });

  it("refuses another shop's product, a product off the shelf, and a disabled SKU", async () => {
    const theirs = await stockedProduct(shopB.shopId);
    const other = await call('POST', '/merchant/seckills', tokenA, activity(theirs));
    expect(other.body).toBe(en('seckill.errors.productNotOwned'));
    expect(await stockOf(theirs.skuIds)).toEqual([20, 10]);
    const off = await stockedProduct(shopA.shopId, { status: 0 });
    expect((await call('POST', '/merchant/seckills', tokenA, activity(off))).body).toBe(en('seckill.errors.productNotOnSale'));
    const points = await stockedProduct(shopA.shopId, { prodType: 3 });
    expect((await call('POST', '/merchant/seckills', tokenA, activity(points))).body).toBe(en('seckill.errors.productNotOnSale'));
    const disabled = await createTestProduct(t, { shopId: shopA.shopId, skus: [{ properties: '颜色:灰色', price: 5_000, stocks: 5, status: 0 }, { properties: '颜色:蓝色', price: 5_000, stocks: 5 }] });
    const res = await call('POST', '/merchant/seckills', tokenA, activity(disabled, { skus: [{ skuId: disabled.skuIds[0], seckillPrice: 1_000, seckillStocks: 1 }] }));
    expect(res.body).toBe(en('seckill.errors.skuNotOfProduct'));
  });

  it('refuses a second activity of the product in an overlapping window, even when both are sent at once', async () => {
    const p = await stockedProduct(shopA.shopId);
    const one = { skus: [{ skuId: p.skuIds[0], seckillPrice: 1_000, seckillStocks: 2 }] };
    const two = { skus: [{ skuId: p.skuIds[1], seckillPrice: 1_000, seckillStocks: 2 }] };
    const answers = await Promise.all([call('POST', '/merchant/seckills', tokenA, activity(p, one)), call('POST', '/merchant/seckills', tokenA, activity(p, two))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.body).toBe(en('seckill.errors.productBusy'));
    expect((await stockOf(p.skuIds)).reduce((a, b) => a + b)).toBe(28);
    // A later window of the same product is fine.
    await created(tokenA, activity(p, { ...one, startTime: at(5), endTime: at(6) }));
  });

  it('refuses a product in a group buy of an overlapping window, in both languages, taking no stock', async () => {
    const p = await stockedProduct(shopA.shopId);
    const [group] = await t.ctx.db
      .insert(groupActivities)
      .values({ shopId: shopA.shopId, productId: p.prodId, nameZh: '拼团', groupNumber: 2, startTime: new Date(Date.now() - HOUR), endTime: new Date(Date.now() + 48 * HOUR) })
      .returning({ id: groupActivities.id });
    await t.ctx.db.insert(groupSkus).values({ groupActivityId: group!.id, skuId: p.skuIds[0]!, actPrice: 1_000 });
    try {
      const res = await call('POST', '/merchant/seckills', tokenA, activity(p), 'zh');
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(zh('seckill.errors.productInGroupBuy'));
      expect((await call('POST', '/merchant/seckills', tokenA, activity(p))).body).toBe(en('seckill.errors.productInGroupBuy'));
      expect(await stockOf(p.skuIds)).toEqual([20, 10]);
      // After the group buy's window, the flash sale is fine.
      await created(tokenA, activity(p, { startTime: at(49), endTime: at(50) }));
    } finally {
      await t.ctx.db.delete(groupActivities).where(eq(groupActivities.id, group!.id));
    }
  });

  it('needs a merchant login and the seckill.manage permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/merchant/seckills' })).statusCode).toBe(401);
    const username = `svc-${Date.now().toString(36)}${process.pid % 1000}`;
    const made = await call('POST', '/merchant/staff', tokenA, { username, displayName: 'Service', role: 'service', password: cipherOf(t, 'staff1234') });
    expect(made.statusCode, made.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username, password: cipherOf(t, 'staff1234') }) });
    const service = MerchantTokenSchema.parse(login.json()).accessToken;
    const p = await stockedProduct(shopA.shopId);
    expect((await call('GET', '/merchant/seckills', service)).statusCode).toBe(403);
    expect((await call('POST', '/merchant/seckills', service, activity(p))).statusCode).toBe(403);
    expect((await call('GET', '/merchant/seckill/sessions', service)).statusCode).toBe(403);
    expect(await stockOf(p.skuIds)).toEqual([20, 10]);
  });
});

describe('listing, counting and ending', () => {
  it("lists the shop's own activities by state and product name, never another shop's", async () => {
    const p = await stockedProduct(shopB.shopId);
    const pending = await created(tokenB, activity(p));
    const q = await stockedProduct(shopB.shopId);
    const later = await created(tokenB, activity(q, { startTime: at(30), endTime: at(31) }));
    await t.ctx.db.update(seckills).set({ auditStatus: 1 }).where(eq(seckills.id, later));
    const page = async (query: string, token = tokenB) => {
      const res = await call('GET', `/merchant/seckills?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return SeckillRowPageSchema.parse(res.json());
    };
    const all = await page('size=50');
    expect(all.records.map((r) => r.seckillId)).toEqual(expect.arrayContaining([pending, later]));
    expect(all.records.every((r) => r.shopId === shopB.shopId)).toBe(true);
    expect((await page('state=pending&size=50')).records.map((r) => r.seckillId)).toContain(pending);
    expect((await page('state=pending&size=50')).records.map((r) => r.seckillId)).not.toContain(later);
    expect((await page('state=upcoming&size=50')).records.map((r) => r.seckillId)).toEqual([later]);
    expect((await page(`prodName=${encodeURIComponent(q.nameZh)}`)).records.map((r) => r.seckillId)).toEqual([later]);
    expect((await page('prodName=nothing-like-this')).total).toBe(0);
    const a = await page('size=50', tokenA);
    expect(a.records.map((r) => r.seckillId)).not.toContain(pending);
    const bad = await call('GET', '/merchant/seckills?state=soon', tokenB);
    expect(bad.statusCode).toBe(400);
    // A control character in the search is refused before it reaches PostgreSQL.
    const nul = await call('GET', '/merchant/seckills?prodName=a%00b', tokenB);
    expect(nul.statusCode).toBe(400);
    expect(nul.body).toBe(en('validation.invalid'));
  });

  it("answers another shop's activity as missing: read, counts and end change nothing", async () => {
    const p = await stockedProduct(shopB.shopId);
    const theirs = await created(tokenB, activity(p));
    for (const res of [
      await call('GET', `/merchant/seckills/${theirs}`, tokenA),
      await call('GET', `/merchant/seckills/${theirs}/counts`, tokenA),
      await call('POST', `/merchant/seckills/${theirs}/end`, tokenA),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(en('seckill.errors.notFound'));
    }
    const [row] = await t.ctx.db.select().from(seckills).where(eq(seckills.id, theirs));
    expect(row).toMatchObject({ status: 1, settledAt: null });
    expect(await stockOf(p.skuIds)).toEqual([15, 7]);
  });

  it('counts sold, unpaid, paid and cancelled units live', async () => {
    const p = await stockedProduct(shopA.shopId);
    const id = await created(tokenA, activity(p));
    const skuRows = await t.ctx.db.select().from(seckillSkus).where(eq(seckillSkus.seckillId, id));
    const buyer = await registerBuyer(t);
    const sku = skuRows.find((s) => s.skuId === p.skuIds[0])!;
    await t.ctx.db.insert(seckillOrders).values([
      { seckillId: id, seckillSkuId: sku.id, userId: buyer.userId, orderNumber: nextSerialNumber(), prodCount: 2, state: 0 },
      { seckillId: id, seckillSkuId: sku.id, userId: buyer.userId, orderNumber: nextSerialNumber(), prodCount: 1, state: 1 },
      { seckillId: id, seckillSkuId: sku.id, userId: buyer.userId, orderNumber: nextSerialNumber(), prodCount: 1, state: -1 },
      { seckillId: id, seckillSkuId: sku.id, userId: buyer.userId, orderNumber: nextSerialNumber(), prodCount: 1, state: -2 },
    ]);
    await t.ctx.db.update(seckillSkus).set({ seckillStocks: sku.seckillStocks - 3 }).where(eq(seckillSkus.id, sku.id));
    const res = await call('GET', `/merchant/seckills/${id}/counts`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    expect(SeckillCountsSchema.parse(res.json())).toEqual({ seckillId: id, totalStocks: 8, stocksLeft: 5, soldNum: 3, unpaidNum: 2, paidNum: 1, cancelledNum: 1, queuedNum: 0 });
    const list = SeckillRowPageSchema.parse((await call('GET', `/merchant/seckills?prodName=${encodeURIComponent(p.nameZh)}`, tokenA)).json());
    expect(list.records[0]!.counts).toMatchObject({ soldNum: 3, paidNum: 1 });
  });

  it("takes a running activity's stock left from the stock gate, and counts the units it accepted that are still queued", async () => {
    const p = await stockedProduct(shopA.shopId);
    const id = await created(tokenA, activity(p));
    await t.ctx.db.update(seckills).set({ auditStatus: 1, startTime: new Date(Date.now() - HOUR), gateLoadedAt: new Date() }).where(eq(seckills.id, id));
    const skuRows = await t.ctx.db.select().from(seckillSkus).where(eq(seckillSkus.seckillId, id));
    const gate = seckillGate(t.ctx);
    // As if the gate had accepted 3 of the first SKU's 5 units: one order of 2 is written, 1 unit is still queued.
    await gate.load(id, skuRows.map((s) => ({ seckillSkuId: s.id, stocks: s.skuId === p.skuIds[0] ? 2 : s.seckillStocks })), [], Date.now() + HOUR);
    try {
      const buyer = await registerBuyer(t);
      const first = skuRows.find((s) => s.skuId === p.skuIds[0])!;
      await t.ctx.db.insert(seckillOrders).values({ seckillId: id, seckillSkuId: first.id, userId: buyer.userId, orderNumber: nextSerialNumber(), prodCount: 2, state: 0 });
      const res = await call('GET', `/merchant/seckills/${id}/counts`, tokenA);
      expect(SeckillCountsSchema.parse(res.json())).toEqual({ seckillId: id, totalStocks: 8, stocksLeft: 5, soldNum: 3, unpaidNum: 2, paidNum: 0, cancelledNum: 0, queuedNum: 1 });
    } finally {
      await gate.unload(id, skuRows.map((s) => s.id));
      await t.ctx.db.update(seckills).set({ status: 0, settledAt: new Date() }).where(eq(seckills.id, id));
    }
  });

  it('ends a pending activity at once and gives its flash stock back; it cannot be ended twice', async () => {
    const p = await stockedProduct(shopA.shopId);
    const id = await created(tokenA, activity(p));
    expect(await stockOf(p.skuIds)).toEqual([15, 7]);
    const res = await call('POST', `/merchant/seckills/${id}/end`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(p.skuIds)).toEqual([20, 10]);
    const [row] = await t.ctx.db.select().from(seckills).where(eq(seckills.id, id));
    expect(row).toMatchObject({ status: 0, offlineReason: null });
    expect(row!.settledAt).not.toBeNull();
    expect(SeckillRowDetailSchema.parse((await call('GET', `/merchant/seckills/${id}`, tokenA)).json()).listState).toBe('ended');
    const again = await call('POST', `/merchant/seckills/${id}/end`, tokenA, undefined, 'zh');
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(zh('seckill.errors.cannotEnd'));
    expect(await stockOf(p.skuIds)).toEqual([20, 10]);
  });

  it('gives the flash stock of an activity nobody reviewed back once its window has passed; it can no longer be approved', async () => {
    const p = await stockedProduct(shopA.shopId);
    const id = await created(tokenA, activity(p));
    expect(await stockOf(p.skuIds)).toEqual([15, 7]);
    t.advanceClock(5 * HOUR);
    try {
      // The sweep takes 200 activities at a time, and the suite's other files leave theirs: sweep until this one is settled.
      for (let round = 0; round < 20; round++) {
        await sweepSeckills(t.ctx);
        await runDueJobs(t.ctx.db, jobHandlers(t.ctx), t.ctx.now());
        const [now] = await t.ctx.db.select({ settledAt: seckills.settledAt }).from(seckills).where(eq(seckills.id, id));
        if (now!.settledAt) break;
      }
      expect(await stockOf(p.skuIds)).toEqual([20, 10]);
      const [row] = await t.ctx.db.select().from(seckills).where(eq(seckills.id, id));
      expect(row!.settledAt).not.toBeNull();
      // A second sweep gives nothing back twice.
      await sweepSeckills(t.ctx);
      await runDueJobs(t.ctx.db, jobHandlers(t.ctx), t.ctx.now());
      expect(await stockOf(p.skuIds)).toEqual([20, 10]);
    } finally {
      t.resetClock();
    }
    // Its sweeps run every job the files before it left due within 5 hours: more work the later it runs.
  }, 60_000);

  it("ends a running approved activity now; its stock waits for the close job's settlement", async () => {
    const p = await stockedProduct(shopA.shopId);
    const id = await created(tokenA, activity(p));
    await t.ctx.db.update(seckills).set({ auditStatus: 1, startTime: new Date(Date.now() - HOUR) }).where(eq(seckills.id, id));
    expect(SeckillRowDetailSchema.parse((await call('GET', `/merchant/seckills/${id}`, tokenA)).json()).listState).toBe('running');
    const res = await call('POST', `/merchant/seckills/${id}/end`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(seckills).where(eq(seckills.id, id));
    expect(row).toMatchObject({ status: 0, settledAt: null });
    expect(row!.endTime.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await stockOf(p.skuIds)).toEqual([15, 7]);
    expect(SeckillRowDetailSchema.parse((await call('GET', `/merchant/seckills/${id}`, tokenA)).json())).toMatchObject({ listState: 'ended', endTime: formatApiTime(row!.endTime) });
  });

  it("reads the platform's session times, or the defaults before any are set", async () => {
    const res = await call('GET', '/merchant/seckill/sessions', tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const { sessions } = SeckillSessionTimesSchema.parse(res.json());
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((s) => s.startTime)).toEqual([...sessions.map((s) => s.startTime)].sort());
  });
});
