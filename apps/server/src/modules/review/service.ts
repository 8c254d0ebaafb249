import type { Language } from '@bazaar/shared/constants/limits';
import type { Page, PageQuery } from '@bazaar/shared/schemas/common';
import type { MyReview, Review, ReviewPageQuery, ReviewSummary } from '@bazaar/shared/schemas/review';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { invalid } from '../../lib/app-error.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { localized } from '../../lib/localized.ts';
import type { SQL } from 'drizzle-orm';
import * as repo from './repository.ts';

/** A review's evaluation follows from its score: 4-5 good (0), 3 medium (1), 1-2 bad (2). */
export const evaluateOf = (score: number): 0 | 1 | 2 => (score >= 4 ? 0 : score === 3 ? 1 : 2);

/** '张小北' -> '张***北'; one character -> '*'. Anonymous reviewers are never named in full. */
export function maskNickName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return '*';
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** The summary is read with every detail page, so it is kept in memory this long. */
export const REVIEW_SUMMARY_TTL_MS = 30_000;
const MAX_SUMMARIES = 20_000;
const SUMMARY_CACHE = 'review-summary';

/** Forgets the cached summaries of these products in every instance (writing or hiding a review calls it). */
export async function invalidateReviewSummary(ctx: AppContext, ...prodIds: number[]): Promise<void> {
  await ctx.caches.invalidate(SUMMARY_CACHE, prodIds.map(String));
}

/** `listed` is the product module's part telling whether the product exists (flows/product-reviews.ts). */
export async function reviewSummary(ctx: AppContext, prodId: number, listed: (prodId: number) => SQL<boolean>): Promise<ReviewSummary> {
  const summaries = ctx.caches.named<ReviewSummary | null>(SUMMARY_CACHE, { ttlMs: REVIEW_SUMMARY_TTL_MS, max: MAX_SUMMARIES });
  const summary = await summaries.get(String(prodId), async () => {
    const row = await repo.summarizeReviews(ctx.db, prodId, listed(prodId));
    if (!row) return null;
    return { ...row, positiveRating: row.number ? Math.round((row.praiseNumber * 100) / row.number) : 0 };
  });
  if (!summary) throw invalid('product.errors.notFound');
  return summary;
}

export async function reviewPage(ctx: AppContext, query: ReviewPageQuery, lang: Language, author: repo.AuthorParts) {
  const { prodId, evaluate, current, size } = query;
  const [total, rows] = await Promise.all([
    repo.countReviews(ctx.db, prodId, evaluate),
    repo.listReviews(ctx.db, prodId, evaluate, size, (current - 1) * size, author),
  ]);
  const records: Review[] = rows.map((r) => ({
    commId: r.id,
    score: r.score,
    evaluate: r.evaluate,
    content: r.content,
    pics: r.pics,
    isAnonymous: r.isAnonymous,
    nickName: r.isAnonymous ? maskNickName(r.nickName) : r.nickName,
    userAvatar: r.isAnonymous ? null : r.avatar,
    skuName: (lang === 'en' ? r.skuNameEn || r.skuNameZh : r.skuNameZh) ?? '',
    recTime: formatApiTime(r.createdAt),
    replyContent: r.replyContent,
    replyTime: r.replyTime ? formatApiTime(r.replyTime) : null,
  }));
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

/** What a shopper's review of an order line records; the line's copies come from the order (flows/shopper-reviews.ts). */
export interface ReviewOfLine {
  userId: string;
  orderItemId: number;
  orderNumber: string;
  productId: number;
  shopId: number;
  skuNameZh: string | null;
  skuNameEn: string | null;
  score: number;
  content: string;
  pics: string[];
  isAnonymous: boolean;
  createdAt: Date;
}

/** Writes the review in the caller's transaction (the one that marked the line reviewed); answers its id. */
export function addReview(tx: Tx, review: ReviewOfLine): Promise<number> {
  return repo.insertReview(tx, { ...review, evaluate: evaluateOf(review.score) });
}

/** GET /p/prodComm/prodCommPageByUser: the user's own reviews, newest first, hidden ones marked (status 0). */
export async function userReviewPage(ctx: AppContext, userId: string, query: PageQuery, lang: Language, productName: repo.ProductName): Promise<Page<MyReview>> {
  const { current, size } = query;
  const [total, rows] = await Promise.all([repo.countUserReviews(ctx.db, userId), repo.listUserReviews(ctx.db, userId, size, (current - 1) * size, productName)]);
  const records = rows.map((r) => toMyReview(r, lang));
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

/** A row of repo.reviewWithProductColumns (the shop's list reads the same, and the reviewer's name). */
type ReviewWithProduct = Awaited<ReturnType<typeof repo.listUserReviews>>[number];

/** A review with its product as the shopper's list (and, with the reviewer's name, the shop's) shows it. */
export function toMyReview(r: ReviewWithProduct, lang: Language): MyReview {
  return {
    commId: r.id,
    prodId: r.productId,
    prodName: localized(lang, r.prodNameZh, r.prodNameEn),
    pic: r.pic ?? '',
    orderNumber: r.orderNumber ?? '',
    score: r.score,
    evaluate: r.evaluate,
    content: r.content,
    pics: r.pics,
    isAnonymous: r.isAnonymous,
    skuName: localized(lang, r.skuNameZh, r.skuNameEn),
    recTime: formatApiTime(r.createdAt),
    replyContent: r.replyContent,
    replyTime: r.replyTime ? formatApiTime(r.replyTime) : null,
    status: r.status,
  };
}
