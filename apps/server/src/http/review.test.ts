import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ReviewSchema, ReviewSummarySchema } from '@bazaar/shared/schemas/review';
import { countQueries } from '../db/query-count.ts';
import { reviews, users } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { registerUser } from '../test/account-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { invalidateReviewSummary, maskNickName, REVIEW_SUMMARY_TTL_MS } from '../modules/review/service.ts';

let t: TestApp;
let product: TestProduct;
const en = { 'accept-language': 'en' };
const ReviewPageSchema = pageOf(ReviewSchema);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await ensureSeeded();
  product = await createTestProduct(t);
  const named = await registerUser(t, { nickName: '评论人甲' });
  const hidden = await registerUser(t, { nickName: '匿名买家' });
  const [namedUser] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.mobile, named.mobile));
  const [hiddenUser] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.mobile, hidden.mobile));
  const base = { productId: product.prodId, shopId: product.shopId, skuNameZh: '黑色 M', skuNameEn: 'Black / M' };
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 4));
  await t.ctx.db.insert(reviews).values([
    { ...base, userId: namedUser!.id, score: 5, evaluate: 0, content: '很好', pics: ['/uploads/a.svg', '/uploads/b.svg'], createdAt: day(1) },
    { ...base, userId: hiddenUser!.id, score: 4, evaluate: 0, content: '不错', isAnonymous: true, createdAt: day(2) },
    { ...base, userId: namedUser!.id, score: 3, evaluate: 1, content: '一般', createdAt: day(3) },
    { ...base, userId: namedUser!.id, score: 1, evaluate: 2, content: '很差', pics: ['/uploads/c.svg'], replyContent: '抱歉', replyTime: day(4), createdAt: day(4) },
    { ...base, userId: namedUser!.id, score: 5, evaluate: 0, content: '隐藏的评价', status: 0, createdAt: day(5) },
  ]);
});

describe('GET /prod/prodCommData', () => {
  it('counts shown reviews per evaluation and with pictures, and the good rate', async () => {
    const res = await get(`/prod/prodCommData?prodId=${product.prodId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ReviewSummarySchema.parse(res.json())).toEqual({
      number: 4,
      positiveRating: 50,
      praiseNumber: 2,
      secondaryNumber: 1,
      negativeNumber: 1,
      picNumber: 2,
    });
  });

  it('answers zeros for a product without reviews, in one statement, then from memory', async () => {
    const empty = await createTestProduct(t);
    const { result, queries } = await countQueries(() => get(`/prod/prodCommData?prodId=${empty.prodId}`));
    expect(result.json()).toEqual({ number: 0, positiveRating: 0, praiseNumber: 0, secondaryNumber: 0, negativeNumber: 0, picNumber: 0 });
    expect(queries).toHaveLength(1);
    expect((await countQueries(() => get(`/prod/prodCommData?prodId=${empty.prodId}`))).queries).toHaveLength(0);
  });

  it('serves a cached summary until invalidated or until the TTL passes', async () => {
    const p = await createTestProduct(t);
    const { id: userId } = (await t.ctx.db.select({ id: users.id }).from(users).limit(1))[0]!;
    const numberOf = async () => (await get(`/prod/prodCommData?prodId=${p.prodId}`)).json().number;
    expect(await numberOf()).toBe(0);
    const review = { productId: p.prodId, shopId: p.shopId, userId, score: 5, evaluate: 0, content: '好' };
    await t.ctx.db.insert(reviews).values(review);
    expect(await numberOf()).toBe(0);
    await invalidateReviewSummary(t.ctx, p.prodId);
    expect(await numberOf()).toBe(1);
    await t.ctx.db.insert(reviews).values(review);
    t.advanceClock(REVIEW_SUMMARY_TTL_MS + 1);
    try {
      expect(await numberOf()).toBe(2);
    } finally {
      t.resetClock();
    }
  });

  it('answers an unknown product with 400 and a bad id with 400 text', async () => {
    const unknown = await get('/prod/prodCommData?prodId=2147483000', en);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe('The product does not exist or is off the shelf');
    for (const id of ['x', '0', '-3', '']) expect((await get(`/prod/prodCommData?prodId=${id}`)).statusCode).toBe(400);
  });

  it('finds the seeded reviews: some with pictures, some anonymous, from the demo shoppers', async () => {
    const [stats] = await t.ctx.db
      .select({
        total: sql<number>`count(*)::int`,
        withPics: sql<number>`count(*) filter (where cardinality(${reviews.pics}) > 0)::int`,
        anonymous: sql<number>`count(*) filter (where ${reviews.isAnonymous})::int`,
        bad: sql<number>`count(*) filter (where ${reviews.evaluate} = 2)::int`,
        good: sql<number>`count(*) filter (where ${reviews.evaluate} = 0)::int`,
      })
      .from(reviews)
      .where(sql`${reviews.orderItemId} is null and ${reviews.content} not in ('很好','不错','一般','很差','隐藏的评价')`);
    expect(stats!.total).toBeGreaterThan(500);
    expect(stats!.withPics).toBeGreaterThan(50);
    expect(stats!.anonymous).toBeGreaterThan(20);
    expect(stats!.bad).toBeGreaterThan(0);
    expect(stats!.good / stats!.total).toBeGreaterThan(0.7);
    const [seededReview] = await t.ctx.db.select().from(reviews).where(sql`cardinality(${reviews.pics}) > 0`).orderBy(reviews.id).limit(1);
    const summary = ReviewSummarySchema.parse((await get(`/prod/prodCommData?prodId=${seededReview!.productId}`)).json());
    expect(summary.number).toBeGreaterThan(0);
    expect(summary.picNumber).toBeGreaterThan(0);
  });
});

describe('GET /prod/prodCommPageByProd', () => {
  const page = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/prod/prodCommPageByProd?prodId=${product.prodId}${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return ReviewPageSchema.parse(res.json());
  };

  it('lists all shown reviews newest first, masking anonymous reviewers', async () => {
    const all = await page('');
    expect(all).toMatchObject({ total: 4, current: 1, size: 10, pages: 1 });
    expect(all.records.map((r) => r.content)).toEqual(['很差', '一般', '不错', '很好']);
    const anonymous = all.records.find((r) => r.content === '不错')!;
    expect(anonymous).toMatchObject({ isAnonymous: true, nickName: '匿***家', userAvatar: null });
    expect(all.records.find((r) => r.content === '很好')).toMatchObject({ nickName: '评论人甲', pics: ['/uploads/a.svg', '/uploads/b.svg'], skuName: '黑色 M' });
    expect(all.records[0]).toMatchObject({ replyContent: '抱歉', replyTime: '2026-01-04 12:00:00', recTime: '2026-01-04 12:00:00' });
    expect(JSON.stringify(all)).not.toContain('匿名买家');
  });

  it.each([
    [0, ['不错', '很好']],
    [1, ['一般']],
    [2, ['很差']],
    [3, ['很差', '很好']],
    [-1, ['很差', '一般', '不错', '很好']],
  ])('filters by evaluate=%i', async (evaluate, contents) => {
    expect((await page(`&evaluate=${evaluate}`)).records.map((r) => r.content)).toEqual(contents);
  });

  it('pages and shows SKU names in English', async () => {
    const second = await page('&current=2&size=3', en);
    expect(second).toMatchObject({ total: 4, current: 2, size: 3, pages: 2 });
    expect(second.records.map((r) => r.content)).toEqual(['很好']);
    expect(second.records[0]?.skuName).toBe('Black / M');
    expect((await page('&current=9')).records).toEqual([]);
  });

  it('sends two statements for a page (count and rows), however many reviews', async () => {
    const { result, queries } = await countQueries(() => get(`/prod/prodCommPageByProd?prodId=${product.prodId}&size=100`));
    expect(result.statusCode).toBe(200);
    expect(queries).toHaveLength(2);
  });

  it.each([
    ['evaluate=4', 'The review filter is invalid'],
    ['evaluate=x', 'The review filter is invalid'],
    ['evaluate=-2', 'The review filter is invalid'],
    ['current=0', 'The page number is invalid'],
    ['current=-1', 'The page number is invalid'],
    ['size=1000', 'A page cannot hold more than 100 items'],
    ['size=1.5', 'The page number is invalid'],
  ])('rejects %s with 400 text', async (query, message) => {
    const res = await get(`/prod/prodCommPageByProd?prodId=${product.prodId}&${query}`, en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(message);
  });

  it('rejects a bad or missing prodId with 400', async () => {
    expect((await get('/prod/prodCommPageByProd?prodId=abc')).statusCode).toBe(400);
    expect((await get('/prod/prodCommPageByProd')).statusCode).toBe(400);
  });

  it('answers an empty page for a product nobody reviewed', async () => {
    const res = await get(`/prod/prodCommPageByProd?prodId=2147483000`);
    expect(res.json()).toMatchObject({ records: [], total: 0, pages: 0 });
  });
});

describe('maskNickName', () => {
  it.each([
    ['张小北', '张***北'],
    ['Lily Chen', 'L***n'],
    ['王', '*'],
    ['😀ab😀', '😀***😀'],
  ])('%s -> %s', (name, masked) => expect(maskNickName(name)).toBe(masked));
});

