// Flash sales in the platform console (issue 27, decision 062): the day's session times, the review
// (approve; reject with a reason, the flash stock going back), taking one offline, the
// reconciliation reports, audit entries, messages in both languages and the permission.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { MerchantSeckillCreatedSchema, SeckillReportPageSchema, SeckillRowDetailSchema, SeckillRowPageSchema, SeckillSessionTimesSchema } from '@bazaar/shared/schemas/seckill';
import { seckillReports, seckills, seckillSkus, skus } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { auditOf, createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shop: TestShop;
let merchant: string;
let staff: string;

const zh = createI18n('zh').t;
const en = createI18n('en').t;
const HOUR = 3_600_000;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * HOUR));

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = { authorization: token, 'accept-language': lang };
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}

async function pendingActivity(): Promise<{ id: number; product: TestProduct }> {
  const product = await createTestProduct(t, { shopId: shop.shopId, skus: [{ properties: '颜色:黑色', nameZh: '黑色', nameEn: 'Black', price: 9_900, stocks: 20 }] });
  const res = await call(merchant, 'POST', '/merchant/seckills', {
    nameZh: '审核秒杀',
    nameEn: 'Reviewed deal',
    prodId: product.prodId,
    startTime: at(2),
    endTime: at(4),
    maxNum: 1,
    maxCancelTime: 30,
    skus: [{ skuId: product.skuIds[0], seckillPrice: 1_900, seckillStocks: 6 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: MerchantSeckillCreatedSchema.parse(res.json()).seckillId, product };
}

const stockOf = async (skuId: number) => (await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, skuId)))[0]!.stocks;
const rowOf = async (id: number) => (await t.ctx.db.select().from(seckills).where(eq(seckills.id, id)))[0]!;

beforeAll(async () => {
  t = await ensureSeeded();
  shop = await createTestShop(t);
  [merchant, staff] = await Promise.all([merchantLogin(t, shop.shopId), adminToken(t, 'operations')]);
}, 180_000);

describe('the day\'s sessions', () => {
  it('replaces the sessions, which the merchant center then reads; audited', async () => {
    const sessions = [
      { startTime: '20:00', durationMinutes: 120 },
      { startTime: '10:00', durationMinutes: 90 },
      { startTime: '14:00', durationMinutes: 60 },
    ];
    // Other suites share the database: the sessions found are put back afterwards.
    const found = SeckillSessionTimesSchema.parse((await call(staff, 'GET', '/admin/seckill/sessions')).json());
    const res = await call(staff, 'PUT', '/admin/seckill/sessions', { sessions });
    expect(res.statusCode, res.body).toBe(200);
    onTestFinished(async () => {
      expect((await call(staff, 'PUT', '/admin/seckill/sessions', found)).statusCode).toBe(200);
    });
    const sorted = [sessions[1], sessions[2], sessions[0]];
    expect(SeckillSessionTimesSchema.parse((await call(staff, 'GET', '/admin/seckill/sessions')).json()).sessions).toEqual(sorted);
    expect(SeckillSessionTimesSchema.parse((await call(merchant, 'GET', '/merchant/seckill/sessions')).json()).sessions).toEqual(sorted);
    const entries = await auditOf(t, 'seckill_sessions', 0);
    expect(entries.at(-1)).toMatchObject({ action: 'seckill.sessions', after: { sessions: sorted } });
  });

  const cases: [string, unknown, string][] = [
    ['none', [], 'seckill.errors.sessionsRequired'],
    ['thirteen', Array.from({ length: 13 }, (_v, i) => ({ startTime: `${String(i).padStart(2, '0')}:00`, durationMinutes: 30 })), 'seckill.errors.sessionsTooMany'],
    ['a time that is no time', [{ startTime: '24:00', durationMinutes: 30 }], 'seckill.errors.sessionTime'],
    ['a length of 0', [{ startTime: '10:00', durationMinutes: 0 }], 'seckill.errors.sessionDuration'],
    ['the same start twice', [{ startTime: '10:00', durationMinutes: 30 }, { startTime: '10:00', durationMinutes: 60 }], 'seckill.errors.sessionTwice'],
    ['overlapping sessions', [{ startTime: '10:00', durationMinutes: 240 }, { startTime: '12:00', durationMinutes: 60 }], 'seckill.errors.sessionOverlap'],
    ['a late session running into the first one', [{ startTime: '00:30', durationMinutes: 60 }, { startTime: '23:00', durationMinutes: 120 }], 'seckill.errors.sessionOverlap'],
  ];
  it.each(cases)('refuses %s, in both languages, and keeps the sessions', async (_name, sessions, key) => {
    const before = (await call(staff, 'GET', '/admin/seckill/sessions')).json();
    const res = await call(staff, 'PUT', '/admin/seckill/sessions', { sessions });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toBe(en(key));
    expect((await call(staff, 'PUT', '/admin/seckill/sessions', { sessions }, 'zh')).body).toBe(zh(key));
    expect((await call(staff, 'GET', '/admin/seckill/sessions')).json()).toEqual(before);
  });
});

describe('the review', () => {
  it('approves a pending activity: it becomes upcoming, keeps its stock, and the decision is audited', async () => {
    const { id, product } = await pendingActivity();
    const listed = SeckillRowPageSchema.parse((await call(staff, 'GET', `/admin/seckills?state=pending&shopId=${shop.shopId}&size=50`)).json());
    expect(listed.records.map((r) => r.seckillId)).toContain(id);
    const res = await call(staff, 'POST', `/admin/seckills/${id}/review`, { approve: true });
    expect(res.statusCode, res.body).toBe(200);
    const d = SeckillRowDetailSchema.parse((await call(staff, 'GET', `/admin/seckills/${id}`)).json());
    expect(d).toMatchObject({ listState: 'upcoming', auditStatus: 1, shopId: shop.shopId, skus: [{ skuId: product.skuIds[0], seckillPrice: 1_900, totalStocks: 6 }] });
    expect(await stockOf(product.skuIds[0]!)).toBe(14);
    expect((await auditOf(t, 'seckill', id)).map((e) => e.action)).toEqual(['seckill.approve']);
    const again = await call(staff, 'POST', `/admin/seckills/${id}/review`, { approve: false, reason: '太迟了' }, 'zh');
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(zh('seckill.errors.notPending'));
  });

  it('rejects with a reason the shop sees; the flash stock goes back at once', async () => {
    const { id, product } = await pendingActivity();
    expect(await stockOf(product.skuIds[0]!)).toBe(14);
    const noReason = await call(staff, 'POST', `/admin/seckills/${id}/review`, { approve: false, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toBe(en('seckill.errors.reasonRequired'));
    const tooLong = await call(staff, 'POST', `/admin/seckills/${id}/review`, { approve: false, reason: '长'.repeat(201) }, 'zh');
    expect(tooLong.body).toBe(zh('seckill.errors.reasonTooLong'));
    const res = await call(staff, 'POST', `/admin/seckills/${id}/review`, { approve: false, reason: '秒杀价高于近期售价' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(product.skuIds[0]!)).toBe(20);
    const seen = SeckillRowDetailSchema.parse((await call(merchant, 'GET', `/merchant/seckills/${id}`)).json());
    expect(seen).toMatchObject({ listState: 'rejected', auditStatus: -1, auditReason: '秒杀价高于近期售价' });
    expect((await rowOf(id)).settledAt).not.toBeNull();
    expect((await auditOf(t, 'seckill', id))[0]).toMatchObject({ action: 'seckill.reject', after: { auditStatus: -1, reason: '秒杀价高于近期售价' } });
    // A rejected one is neither ended by the shop nor given back twice.
    expect((await call(merchant, 'POST', `/merchant/seckills/${id}/end`)).body).toBe(en('seckill.errors.cannotEnd'));
    expect(await stockOf(product.skuIds[0]!)).toBe(20);
  });

  it('decides a pending activity once when two staff members decide at the same time', async () => {
    const { id, product } = await pendingActivity();
    const other = await adminToken(t, 'operations');
    const answers = await Promise.all([call(staff, 'POST', `/admin/seckills/${id}/review`, { approve: false, reason: '不通过' }), call(other, 'POST', `/admin/seckills/${id}/review`, { approve: false, reason: '不行' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await stockOf(product.skuIds[0]!)).toBe(20);
    expect(await auditOf(t, 'seckill', id)).toHaveLength(1);
  });

  it('answers an unknown activity as missing', async () => {
    const res = await call(staff, 'POST', '/admin/seckills/2147483000/review', { approve: true });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(en('seckill.errors.notFound'));
    expect((await call(staff, 'GET', '/admin/seckills/2147483000', undefined, 'zh')).body).toBe(zh('seckill.errors.notFound'));
  });
});

describe('taking an activity offline', () => {
  it('stops a running approved activity now with the reason the shop sees; audited', async () => {
    const { id } = await pendingActivity();
    expect((await call(staff, 'POST', `/admin/seckills/${id}/offline`, { reason: '违规' })).body).toBe(en('seckill.errors.cannotOffline'));
    await call(staff, 'POST', `/admin/seckills/${id}/review`, { approve: true });
    await t.ctx.db.update(seckills).set({ startTime: new Date(Date.now() - HOUR) }).where(eq(seckills.id, id));
    expect((await call(staff, 'POST', `/admin/seckills/${id}/offline`, {})).body).toBe(en('seckill.errors.reasonRequired'));
    const res = await call(staff, 'POST', `/admin/seckills/${id}/offline`, { reason: '商品存在质量投诉' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 0, offlineReason: '商品存在质量投诉', settledAt: null });
    expect(row.endTime.getTime()).toBeLessThanOrEqual(Date.now());
    expect(SeckillRowDetailSchema.parse((await call(merchant, 'GET', `/merchant/seckills/${id}`)).json())).toMatchObject({ listState: 'offline', offlineReason: '商品存在质量投诉' });
    const offline = SeckillRowPageSchema.parse((await call(staff, 'GET', `/admin/seckills?state=offline&shopId=${shop.shopId}`)).json());
    expect(offline.records.map((r) => r.seckillId)).toEqual([id]);
    expect((await auditOf(t, 'seckill', id)).map((e) => e.action)).toEqual(['seckill.approve', 'seckill.offline']);
    expect((await call(staff, 'POST', `/admin/seckills/${id}/offline`, { reason: '再次' }, 'zh')).body).toBe(zh('seckill.errors.cannotOffline'));
  });
});

describe('the reconciliation reports', () => {
  it('lists the reports with names, differences first, and filters them', async () => {
    const { id } = await pendingActivity();
    const [sku] = await t.ctx.db.select().from(seckillSkus).where(eq(seckillSkus.seckillId, id));
    const second = await pendingActivity();
    const [sku2] = await t.ctx.db.select().from(seckillSkus).where(eq(seckillSkus.seckillId, second.id));
    await t.ctx.db.insert(seckillReports).values([
      { seckillId: id, seckillSkuId: sku!.id, totalStocks: 6, gateStocks: 1, dbStocks: 1, acceptedNum: 5, orderedNum: 5, cancelledNum: 0, difference: 0, matched: true },
      { seckillId: second.id, seckillSkuId: sku2!.id, totalStocks: 6, gateStocks: 0, dbStocks: 1, acceptedNum: 6, orderedNum: 5, cancelledNum: 0, difference: -1, matched: false },
    ]);
    try {
      const res = await call(staff, 'GET', `/admin/seckill/reports?seckillId=${second.id}`, undefined, 'zh');
      expect(res.statusCode, res.body).toBe(200);
      const page = SeckillReportPageSchema.parse(res.json());
      expect(page.records).toEqual([
        expect.objectContaining({ seckillId: second.id, seckillName: '审核秒杀', shopName: shop.nameZh, skuName: '黑色', gateStocks: 0, dbStocks: 1, difference: -1, matched: false }),
      ]);
      const mismatches = SeckillReportPageSchema.parse((await call(staff, 'GET', '/admin/seckill/reports?onlyMismatch=true&size=100')).json());
      expect(mismatches.records.every((r) => !r.matched)).toBe(true);
      expect(mismatches.records.map((r) => r.seckillId)).toContain(second.id);
      expect(mismatches.records.map((r) => r.seckillId)).not.toContain(id);
      const all = SeckillReportPageSchema.parse((await call(staff, 'GET', '/admin/seckill/reports?size=100')).json());
      const firstMatched = all.records.findIndex((r) => r.matched);
      expect(all.records.slice(firstMatched).every((r) => r.matched)).toBe(true);
      expect((await call(staff, 'GET', '/admin/seckill/reports?onlyMismatch=maybe')).statusCode).toBe(400);
    } finally {
      await t.ctx.db.delete(seckillReports).where(inArray(seckillReports.seckillId, [id, second.id]));
    }
  });
});

describe('permissions', () => {
  it('refuses staff without seckill.manage (403) and merchants on the platform routes', async () => {
    const service = await adminToken(t, 'service');
    const { id } = await pendingActivity();
    expect((await call(service, 'GET', '/admin/seckills')).statusCode).toBe(403);
    expect((await call(service, 'POST', `/admin/seckills/${id}/review`, { approve: true })).statusCode).toBe(403);
    expect((await call(service, 'PUT', '/admin/seckill/sessions', { sessions: [{ startTime: '10:00', durationMinutes: 60 }] })).statusCode).toBe(403);
    expect((await call(service, 'GET', '/admin/seckill/reports')).statusCode).toBe(403);
    expect([401, 403]).toContain((await call(merchant, 'POST', `/admin/seckills/${id}/review`, { approve: true })).statusCode);
    expect((await rowOf(id)).auditStatus).toBe(0);
  });
});
