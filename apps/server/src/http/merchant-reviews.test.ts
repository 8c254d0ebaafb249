// The merchant center's reviews (decision 055): GET /merchant/reviews and PUT
// /merchant/reviews/{commId}/reply on the real database. Two fresh shops, so a shop's list can be
// counted exactly; the reviews are written as rows (writing them is review-write.test.ts's part),
// each a minute apart so that "newest first" is known.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantReviewSchema, REVIEW_REPLY_MAX, type MerchantReview } from '@bazaar/shared/schemas/merchant-reviews';
import { ReviewSchema } from '@bazaar/shared/schemas/review';
import { reviews } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { evaluateOf } from '../modules/review/service.ts';
import { json, registerUser, type RegisteredUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { userIdOf } from '../test/order-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

type Lang = 'zh' | 'en';
const zh = createI18n('zh').t;
const en = createI18n('en').t;
const tr = (lang: Lang) => (lang === 'zh' ? zh : en);
const ReviewPage = pageOf(MerchantReviewSchema);
const ProductReviewPage = pageOf(ReviewSchema);
const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const MINUTE = 60_000;

let t: TestApp;
let shopA: TestShop;
let shopB: TestShop;
let tokenA: string;
let tokenB: string;
let teapot: TestProduct;
let cups: TestProduct;
let other: TestProduct;
let named: RegisteredUser & { userId: string };
let hidden: RegisteredUser & { userId: string };
/** Shop A's reviews, newest first, as written. */
const written: Array<{ id: number; prodId: number; score: number; pics: number; anonymous: boolean; replied: boolean }> = [];
let shopBReview: number;

function call(method: 'GET' | 'PUT', url: string, token: string | null, body?: unknown, lang: Lang = 'en') {
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) headers.authorization = token;
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}
async function list(query = '', token = tokenA, lang: Lang = 'en') {
  const res = await call('GET', `/merchant/reviews${query}`, token, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return ReviewPage.parse(res.json());
}
const reply = (commId: number | string, body: unknown, token: string | null = tokenA, lang: Lang = 'en') => call('PUT', `/merchant/reviews/${commId}/reply`, token, body, lang);
async function replied(commId: number, content: string, lang: Lang = 'en'): Promise<MerchantReview> {
  const res = await reply(commId, { content }, tokenA, lang);
  expect(res.statusCode, res.body).toBe(200);
  return MerchantReviewSchema.parse(res.json());
}
const rowOf = async (id: number) => (await t.ctx.db.select().from(reviews).where(eq(reviews.id, id)))[0]!;

let minutesAgo = 1_000;
/** A review row of `product` by `user`, a minute newer than the one before. */
async function review(product: TestProduct, user: { userId: string }, options: { score: number; pics?: number; anonymous?: boolean; reply?: string }) {
  minutesAgo -= 1;
  const createdAt = new Date(t.ctx.now().getTime() - minutesAgo * MINUTE);
  const [row] = await t.ctx.db
    .insert(reviews)
    .values({
      productId: product.prodId,
      userId: user.userId,
      shopId: product.shopId,
      orderNumber: nextSerialNumber(),
      skuNameZh: '黑色 M',
      skuNameEn: 'Black / M',
      score: options.score,
      evaluate: evaluateOf(options.score),
      content: `第 ${1_000 - minutesAgo} 条评价`,
      pics: Array.from({ length: options.pics ?? 0 }, (_, i) => `/uploads/seed/review-${i}.svg`),
      isAnonymous: options.anonymous ?? false,
      replyContent: options.reply ?? null,
      replyTime: options.reply ? createdAt : null,
      createdAt,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = await Promise.all([createTestShop(t), createTestShop(t)]);
  [tokenA, tokenB] = await Promise.all([merchantLogin(t, shopA.shopId), merchantLogin(t, shopB.shopId)]);
  [teapot, cups, other] = await Promise.all([createTestProduct(t, { shopId: shopA.shopId }), createTestProduct(t, { shopId: shopA.shopId }), createTestProduct(t, { shopId: shopB.shopId })]);
  const [a, b] = await Promise.all([registerUser(t, { nickName: '王小明' }), registerUser(t, { nickName: '张小北' })]);
  named = { ...a!, userId: await userIdOf(t, a!) };
  hidden = { ...b!, userId: await userIdOf(t, b!) };
  // Oldest first: 5 stars, 4 with pictures (anonymous), 3 replied, 2 with a picture, 1 anonymous; then the cups' 5.
  const plan = [
    { product: teapot, user: named, score: 5 },
    { product: teapot, user: hidden, score: 4, pics: 2, anonymous: true },
    { product: teapot, user: named, score: 3, reply: '感谢您的建议' },
    { product: teapot, user: named, score: 2, pics: 1 },
    { product: teapot, user: hidden, score: 1, anonymous: true },
    { product: cups, user: named, score: 5, reply: '谢谢支持' },
  ];
  for (const p of plan) {
    const id = await review(p.product, p.user, p);
    written.unshift({ id, prodId: p.product.prodId, score: p.score, pics: p.pics ?? 0, anonymous: p.anonymous ?? false, replied: Boolean(p.reply) });
  }
  shopBReview = await review(other, named, { score: 5 });
}, 180_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /merchant/reviews', () => {
  it("lists the shop's own reviews only, newest first, with the product, the order and the reviewer (masked when anonymous)", async () => {
    const page = await list('?size=20', tokenA, 'zh');
    expect(page.total).toBe(written.length);
    expect(page.records.map((r) => r.commId)).toEqual(written.map((w) => w.id));
    expect(page.records.some((r) => r.commId === shopBReview)).toBe(false);
    const [newest, , , , anonymous] = page.records;
    expect(newest).toMatchObject({ prodId: cups.prodId, prodName: cups.nameZh, skuName: '黑色 M', score: 5, evaluate: 0, nickName: '王小明', isAnonymous: false, replyContent: '谢谢支持', status: 1 });
    expect(newest!.orderNumber).toMatch(/^\d+$/);
    expect(newest!.recTime).toMatch(TIME);
    expect(newest!.replyTime).toMatch(TIME);
    expect(anonymous).toMatchObject({ isAnonymous: true, nickName: '张***北', score: 4, pics: ['/uploads/seed/review-0.svg', '/uploads/seed/review-1.svg'] });
    expect(page.records.filter((r) => r.isAnonymous).every((r) => r.nickName === '张***北')).toBe(true);
    expect(JSON.stringify(page)).not.toContain('张小北');

    const english = await list('?size=1', tokenA, 'en');
    expect(english.records[0]).toMatchObject({ prodName: cups.nameEn, skuName: 'Black / M' });
    const b = await list('', tokenB);
    expect(b.records.map((r) => r.commId)).toEqual([shopBReview]);
  });

  it('filters by evaluation, pictures, reply and product name (Chinese or English, wildcards taken literally)', async () => {
    const ids = async (query: string) => (await list(`?size=20&${query}`)).records.map((r) => r.commId);
    const where = (keep: (w: (typeof written)[number]) => boolean) => written.filter(keep).map((w) => w.id);
    expect(await ids('evaluate=-1')).toEqual(written.map((w) => w.id));
    expect(await ids('evaluate=0')).toEqual(where((w) => w.score >= 4));
    expect(await ids('evaluate=1')).toEqual(where((w) => w.score === 3));
    expect(await ids('evaluate=2')).toEqual(where((w) => w.score <= 2));
    expect(await ids('evaluate=3')).toEqual(where((w) => w.pics > 0));
    expect(await ids('replied=replied')).toEqual(where((w) => w.replied));
    expect(await ids('replied=unreplied')).toEqual(where((w) => !w.replied));
    expect(await ids('replied=all')).toEqual(written.map((w) => w.id));
    expect(await ids(`prodName=${encodeURIComponent(teapot.nameZh.slice(2))}`)).toEqual(where((w) => w.prodId === teapot.prodId));
    expect(await ids(`prodName=${encodeURIComponent(cups.nameEn!.toUpperCase())}`)).toEqual(where((w) => w.prodId === cups.prodId));
    expect(await ids(`prodName=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await ids(`prodName=${encodeURIComponent('_')}`)).toEqual([]);
    // Together: the teapot's unanswered bad reviews.
    expect(await ids(`evaluate=2&replied=unreplied&prodName=${encodeURIComponent(teapot.nameZh)}`)).toEqual(where((w) => w.prodId === teapot.prodId && w.score <= 2 && !w.replied));
    // Another shop's product name finds nothing in this shop.
    expect(await ids(`prodName=${encodeURIComponent(other.nameZh)}`)).toEqual([]);
  });

  it('pages', async () => {
    const second = await list('?size=4&current=2');
    expect(second).toMatchObject({ total: written.length, size: 4, current: 2, pages: 2 });
    expect(second.records.map((r) => r.commId)).toEqual(written.slice(4).map((w) => w.id));
    expect((await list('?size=4&current=3')).records).toEqual([]);
  });

  it('refuses a filter it does not know, in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const [query, key] of [
        ['evaluate=4', 'review.errors.evaluate'],
        ['evaluate=x', 'review.errors.evaluate'],
        ['replied=maybe', 'merchantReviews.errors.replied'],
        [`prodName=${'茶'.repeat(31)}`, 'merchantReviews.errors.prodName'],
        ['size=101', 'validation.pageSize'],
      ] as const) {
        const res = await call('GET', `/merchant/reviews?${encodeURI(query)}`, tokenA, undefined, lang);
        expect([res.statusCode, res.body], query).toEqual([400, tr(lang)(key)]);
      }
    }
  });
});

describe('PUT /merchant/reviews/{commId}/reply', () => {
  it('writes the reply (trimmed, timed now), replaces it, and drops the product\'s review summary', async () => {
    const target = written.find((w) => !w.replied && w.prodId === teapot.prodId)!;
    const invalidate = vi.spyOn(t.ctx.caches, 'invalidate');
    const first = await replied(target.id, '  感谢您的反馈，我们会改进包装。  ', 'zh');
    expect(first).toMatchObject({ commId: target.id, prodId: teapot.prodId, prodName: teapot.nameZh, replyContent: '感谢您的反馈，我们会改进包装。' });
    expect(invalidate).toHaveBeenCalledWith('review-summary', [String(teapot.prodId)]);
    const row = await rowOf(target.id);
    expect(row.replyContent).toBe('感谢您的反馈，我们会改进包装。');
    expect(first.replyTime).toBe(formatApiTime(row.replyTime!));
    expect(Math.abs(row.replyTime!.getTime() - t.ctx.now().getTime())).toBeLessThan(MINUTE);

    const second = await replied(target.id, 'Thanks, we have changed our courier.');
    expect(second.replyContent).toBe('Thanks, we have changed our courier.');
    expect((await rowOf(target.id)).replyContent).toBe('Thanks, we have changed our courier.');
    const inList = (await list('?size=20')).records.find((r) => r.commId === target.id)!;
    expect(inList).toEqual(second);
    // Answered now: it left the "unreplied" filter.
    expect((await list('?size=20&replied=unreplied')).records.some((r) => r.commId === target.id)).toBe(false);
    // At the limit is fine.
    expect((await replied(target.id, '好'.repeat(REVIEW_REPLY_MAX))).replyContent).toHaveLength(REVIEW_REPLY_MAX);
  });

  it("shows on the storefront's product page", async () => {
    const target = written.find((w) => w.prodId === teapot.prodId && w.score === 5)!;
    await replied(target.id, '感谢惠顾，欢迎再来！');
    const res = await t.app.inject({ method: 'GET', url: `/prod/prodCommPageByProd?prodId=${teapot.prodId}&size=20` });
    expect(res.statusCode, res.body).toBe(200);
    const shown = ProductReviewPage.parse(res.json()).records.find((r) => r.commId === target.id)!;
    expect(shown.replyContent).toBe('感谢惠顾，欢迎再来！');
    expect(shown.replyTime).toMatch(TIME);
  });

  it("answers 404 to another shop's review, as to a missing one, in both languages, and changes nothing", async () => {
    const before = await rowOf(shopBReview);
    for (const lang of ['zh', 'en'] as const) {
      for (const commId of [shopBReview, 2_000_000_000]) {
        const res = await reply(commId, { content: '不是本店的评价' }, tokenA, lang);
        expect([res.statusCode, res.body]).toEqual([404, tr(lang)('merchantReviews.errors.notFound')]);
      }
      // Not an id at all: a bad request, with the same words.
      const notAnId = await reply('abc', { content: '回复' }, tokenA, lang);
      expect([notAnId.statusCode, notAnId.body]).toEqual([400, tr(lang)('merchantReviews.errors.notFound')]);
    }
    expect(await rowOf(shopBReview)).toEqual(before);
  });

  it('refuses a blank, missing, too long or control-character reply, in both languages', async () => {
    const target = written[0]!;
    const before = await rowOf(target.id);
    for (const lang of ['zh', 'en'] as const) {
      for (const [body, key] of [
        [{ content: '   ' }, 'merchantReviews.errors.replyRequired'],
        [{ content: '' }, 'merchantReviews.errors.replyRequired'],
        [{}, 'merchantReviews.errors.replyRequired'],
        [{ content: 42 }, 'merchantReviews.errors.replyRequired'],
        [{ content: '好'.repeat(REVIEW_REPLY_MAX + 1) }, 'merchantReviews.errors.replyTooLong'],
        [{ content: `谢谢\u0000` }, 'validation.invalid'],
      ] as const) {
        const res = await reply(target.id, body, tokenA, lang);
        expect([res.statusCode, res.body], JSON.stringify(body)).toEqual([400, tr(lang)(key)]);
      }
    }
    expect(await rowOf(target.id)).toEqual(before);
  });

  it('refuses a visitor, a shopper and staff (401) on both calls', async () => {
    const staff = await adminToken(t);
    const before = await rowOf(written[0]!.id);
    for (const token of [null, named.token, `Bearer ${staff}`]) {
      for (const lang of ['zh', 'en'] as const) {
        const listed = await call('GET', '/merchant/reviews', token, undefined, lang);
        const answered = await reply(written[0]!.id, { content: '回复' }, token, lang);
        for (const res of [listed, answered]) expect([res.statusCode, res.body]).toEqual([401, tr(lang)('merchant.errors.unauthorized')]);
      }
    }
    expect(await rowOf(written[0]!.id)).toEqual(before);
  });

  it('leaves one consistent reply after 50 parallel replies to the same review', async () => {
    const target = written.find((w) => w.prodId === cups.prodId)!;
    const texts = Array.from({ length: 50 }, (_, i) => `并发回复 ${i + 1}`);
    const answers = await Promise.all(texts.map((content) => reply(target.id, { content })));
    expect(answers.map((r) => r.statusCode)).toEqual(texts.map(() => 200));
    const rows = await t.ctx.db.select().from(reviews).where(eq(reviews.id, target.id));
    expect(rows).toHaveLength(1);
    expect(texts).toContain(rows[0]!.replyContent);
    expect(rows[0]!.replyTime).not.toBeNull();
    const shown = (await list('?size=20')).records.find((r) => r.commId === target.id)!;
    expect(shown.replyContent).toBe(rows[0]!.replyContent);
    expect(shown.replyTime).toBe(formatApiTime(rows[0]!.replyTime!));
    // Each answer is the review as it read right after its own write: one of the 50 replies.
    for (const answer of answers) expect(texts).toContain(MerchantReviewSchema.parse(answer.json()).replyContent);
  });
});
