// Platform staff's review moderation (decision 056): GET /admin/reviews and PUT
// /admin/reviews/{commId}/status on the real database. Two fresh shops; the reviews are written as
// rows (writing them is review-write.test.ts's part) a day ahead, a minute apart, so they are the
// newest of every shop's and "newest first" is known.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { AdminReviewSchema } from '@bazaar/shared/schemas/admin-reviews';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MyReviewSchema, ReviewSchema, ReviewSummarySchema } from '@bazaar/shared/schemas/review';
import { auditLogs, reviews } from '../db/schema.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { evaluateOf } from '../modules/review/service.ts';
import { registerUser, json, type RegisteredUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { userIdOf } from '../test/order-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { auditOf, createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

type Lang = 'zh' | 'en';
const zh = createI18n('zh').t;
const en = createI18n('en').t;
const tr = (lang: Lang) => (lang === 'zh' ? zh : en);
const ReviewPage = pageOf(AdminReviewSchema);
const MINUTE = 60_000;

let t: TestApp;
let staff: string;
let shopA: TestShop;
let shopB: TestShop;
let teapot: TestProduct;
let cups: TestProduct;
let named: RegisteredUser & { userId: string };
let masked: RegisteredUser & { userId: string };
/** The reviews written here, newest first. */
const written: Array<{ id: number; shopId: number; prodId: number; score: number; anonymous: boolean }> = [];

function call(method: 'GET' | 'PUT', url: string, token: string | null, body?: unknown, lang: Lang = 'en') {
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) headers.authorization = token;
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}
async function list(query = '', lang: Lang = 'en') {
  const res = await call('GET', `/admin/reviews${query}`, staff, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return ReviewPage.parse(res.json());
}
const setStatus = (commId: number | string, body: unknown, token: string | null = staff, lang: Lang = 'en') => call('PUT', `/admin/reviews/${commId}/status`, token, body, lang);
async function moved(commId: number, status: 0 | 1) {
  const res = await setStatus(commId, { status });
  expect(res.statusCode, res.body).toBe(200);
  return AdminReviewSchema.parse(res.json());
}
const rowOf = async (id: number) => (await t.ctx.db.select().from(reviews).where(eq(reviews.id, id)))[0]!;
async function productPage(prodId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/prod/prodCommPageByProd?prodId=${prodId}&size=50` });
  expect(res.statusCode, res.body).toBe(200);
  return pageOf(ReviewSchema).parse(res.json());
}
async function summary(prodId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/prod/prodCommData?prodId=${prodId}` });
  expect(res.statusCode, res.body).toBe(200);
  return ReviewSummarySchema.parse(res.json());
}
async function myReviews(user: RegisteredUser) {
  const res = await t.app.inject({ method: 'GET', url: '/p/prodComm/prodCommPageByUser?size=50', headers: { authorization: user.token } });
  expect(res.statusCode, res.body).toBe(200);
  return pageOf(MyReviewSchema).parse(res.json());
}

let minutesAhead = 24 * 60;
async function review(product: TestProduct, user: { userId: string }, score: number, anonymous = false) {
  minutesAhead += 1;
  const [row] = await t.ctx.db
    .insert(reviews)
    .values({
      productId: product.prodId,
      userId: user.userId,
      shopId: product.shopId,
      orderNumber: nextSerialNumber(),
      score,
      evaluate: evaluateOf(score),
      content: `审核测试评价 ${minutesAhead}`,
      isAnonymous: anonymous,
      createdAt: new Date(t.ctx.now().getTime() + minutesAhead * MINUTE),
    })
    .returning({ id: reviews.id });
  return row!.id;
}

beforeAll(async () => {
  t = await ensureSeeded();
  staff = `Bearer ${await adminToken(t)}`;
  [shopA, shopB] = await Promise.all([createTestShop(t), createTestShop(t)]);
  [teapot, cups] = await Promise.all([createTestProduct(t, { shopId: shopA.shopId }), createTestProduct(t, { shopId: shopB.shopId })]);
  const [a, b] = await Promise.all([registerUser(t, { nickName: '王小明' }), registerUser(t, { nickName: '张小北' })]);
  named = { ...a!, userId: await userIdOf(t, a!) };
  masked = { ...b!, userId: await userIdOf(t, b!) };
  const plan = [
    { product: teapot, user: named, score: 5 },
    { product: teapot, user: masked, score: 1, anonymous: true },
    { product: cups, user: named, score: 3 },
    { product: teapot, user: named, score: 4 },
    { product: cups, user: masked, score: 2, anonymous: true },
  ];
  for (const p of plan) {
    const id = await review(p.product, p.user, p.score, p.anonymous);
    written.unshift({ id, shopId: p.product.shopId, prodId: p.product.prodId, score: p.score, anonymous: p.anonymous ?? false });
  }
}, 180_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /admin/reviews', () => {
  it("lists every shop's reviews newest first, with the shop, the product and the reviewer (masked when anonymous)", async () => {
    const page = await list(`?size=${written.length}`, 'zh');
    expect(page.records.map((r) => r.commId)).toEqual(written.map((w) => w.id));
    expect(new Set(page.records.map((r) => r.shopId))).toEqual(new Set([shopA.shopId, shopB.shopId]));
    const [newest, second] = page.records;
    expect(newest).toMatchObject({ shopId: shopB.shopId, shopName: shopB.nameZh, prodId: cups.prodId, prodName: cups.nameZh, score: 2, isAnonymous: true, nickName: '张***北', status: 1 });
    expect(second).toMatchObject({ shopId: shopA.shopId, shopName: shopA.nameZh, prodName: teapot.nameZh, nickName: '王小明', isAnonymous: false });
    expect(JSON.stringify(page)).not.toContain('张小北');
    const english = await list('?size=1', 'en');
    expect(english.records[0]).toMatchObject({ shopName: shopB.nameEn, prodName: cups.nameEn });
    // Every shop: the seed's reviews are there too.
    expect((await list('?size=1')).total).toBeGreaterThan(written.length);
  });

  it('filters by shop, status, evaluation and product name, and pages', async () => {
    const ids = async (query: string) => (await list(`?size=50&${query}`)).records.map((r) => r.commId);
    const where = (keep: (w: (typeof written)[number]) => boolean) => written.filter(keep).map((w) => w.id);
    expect(await ids(`shopId=${shopA.shopId}`)).toEqual(where((w) => w.shopId === shopA.shopId));
    expect(await ids(`shopId=${shopB.shopId}&evaluate=2`)).toEqual(where((w) => w.shopId === shopB.shopId && w.score <= 2));
    expect(await ids(`shopId=${shopA.shopId}&evaluate=0`)).toEqual(where((w) => w.shopId === shopA.shopId && w.score >= 4));
    expect(await ids(`prodName=${encodeURIComponent(cups.nameEn!.toUpperCase())}`)).toEqual(where((w) => w.prodId === cups.prodId));
    expect(await ids(`shopId=${shopA.shopId}&status=hidden`)).toEqual([]);
    expect(await ids(`shopId=${shopA.shopId}&status=shown`)).toEqual(where((w) => w.shopId === shopA.shopId));
    const second = await list(`?shopId=${shopA.shopId}&size=2&current=2`);
    expect(second).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(second.records.map((r) => r.commId)).toEqual(where((w) => w.shopId === shopA.shopId).slice(2));
  });

  it('refuses a filter it does not know, in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const [query, key] of [
        ['status=gone', 'adminReviews.errors.statusFilter'],
        ['shopId=abc', 'adminReviews.errors.shopId'],
        ['shopId=0', 'adminReviews.errors.shopId'],
        ['evaluate=9', 'review.errors.evaluate'],
        [`prodName=${'茶'.repeat(31)}`, 'merchantReviews.errors.prodName'],
      ] as const) {
        const res = await call('GET', `/admin/reviews?${encodeURI(query)}`, staff, undefined, lang);
        expect([res.statusCode, res.body], query).toEqual([400, tr(lang)(key)]);
      }
    }
  });
});

describe('PUT /admin/reviews/{commId}/status', () => {
  it('hides a review: it leaves the product page and its summary, stays in the lists marked, and is audited; showing brings it back', async () => {
    const target = written.find((w) => w.prodId === teapot.prodId && w.score === 1)!;
    const before = await summary(teapot.prodId);
    expect(before).toMatchObject({ number: 3, negativeNumber: 1 });
    const invalidate = vi.spyOn(t.ctx.caches, 'invalidate');

    const hidden = await moved(target.id, 0);
    expect(hidden).toMatchObject({ commId: target.id, status: 0, shopId: shopA.shopId, nickName: '张***北' });
    expect(invalidate).toHaveBeenCalledWith('review-summary', [String(teapot.prodId)]);
    expect((await rowOf(target.id)).status).toBe(0);
    expect((await productPage(teapot.prodId)).records.map((r) => r.commId)).not.toContain(target.id);
    expect(await summary(teapot.prodId)).toMatchObject({ number: 2, negativeNumber: 0 });
    expect((await myReviews(masked)).records.find((r) => r.commId === target.id)?.status).toBe(0);
    expect((await list(`?shopId=${shopA.shopId}&status=hidden`)).records.map((r) => r.commId)).toEqual([target.id]);
    const [entry] = await auditOf(t, 'review', target.id);
    expect(entry).toMatchObject({ action: 'review.hide', before: { status: 1 }, after: { status: 0 } });

    const shown = await moved(target.id, 1);
    expect(shown.status).toBe(1);
    expect((await productPage(teapot.prodId)).records.map((r) => r.commId)).toContain(target.id);
    expect(await summary(teapot.prodId)).toMatchObject({ number: 3, negativeNumber: 1 });
    expect((await myReviews(masked)).records.find((r) => r.commId === target.id)?.status).toBe(1);
    expect((await auditOf(t, 'review', target.id)).map((e) => e.action)).toEqual(['review.hide', 'review.show']);
  });

  it('answers 404 to an unknown review and 400 to what is not an id, in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const missing = await setStatus(2_000_000_000, { status: 0 }, staff, lang);
      expect([missing.statusCode, missing.body]).toEqual([404, tr(lang)('adminReviews.errors.notFound')]);
      const notAnId = await setStatus('abc', { status: 0 }, staff, lang);
      expect([notAnId.statusCode, notAnId.body]).toEqual([400, tr(lang)('adminReviews.errors.notFound')]);
    }
  });

  it('refuses a bad body in both languages and changes nothing', async () => {
    const target = written[0]!;
    const before = await rowOf(target.id);
    for (const lang of ['zh', 'en'] as const) {
      for (const body of [{}, { status: 2 }, { status: '0' }, { status: null }, []]) {
        const res = await setStatus(target.id, body, staff, lang);
        expect([res.statusCode, res.body], JSON.stringify(body)).toEqual([400, tr(lang)('adminReviews.errors.status')]);
      }
    }
    expect(await rowOf(target.id)).toEqual(before);
  });

  it('refuses a visitor, a shopper and a merchant (401) on both calls', async () => {
    const merchant = await merchantLogin(t, shopA.shopId);
    const target = written[0]!;
    const before = await rowOf(target.id);
    for (const token of [null, named.token, merchant]) {
      for (const lang of ['zh', 'en'] as const) {
        const listed = await call('GET', '/admin/reviews', token, undefined, lang);
        const hid = await setStatus(target.id, { status: 0 }, token, lang);
        for (const res of [listed, hid]) expect([res.statusCode, res.body]).toEqual([401, tr(lang)('admin.errors.unauthorized')]);
      }
    }
    expect(await rowOf(target.id)).toEqual(before);
  });

  it('hides once under 50 parallel requests: all answer 200, one row, one audit entry', async () => {
    const target = written.find((w) => w.prodId === cups.prodId)!;
    const answers = await Promise.all(Array.from({ length: 50 }, () => setStatus(target.id, { status: 0 })));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    for (const answer of answers) expect(AdminReviewSchema.parse(answer.json()).status).toBe(0);
    const rows = await t.ctx.db.select().from(reviews).where(eq(reviews.id, target.id));
    expect(rows.map((r) => r.status)).toEqual([0]);
    const entries = (await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.targetId, String(target.id)))).filter((e) => e.targetType === 'review');
    expect(entries.map((e) => e.action)).toEqual(['review.hide']);
    // Hiding it again is a no-op that answers the review.
    expect((await moved(target.id, 0)).status).toBe(0);
  });
});
