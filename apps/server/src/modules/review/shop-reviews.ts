// A shop's own reviews for the merchant center (decision 055): the list, filtered and paged, and
// the shop's reply. The product's name and the reviewer's nickname are the product and account
// modules' named parts, handed in by flows/merchant-reviews.ts; every statement names the shop.
import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@bazaar/shared/constants/limits';
import { REVIEW_FILTER } from '@bazaar/shared/constants/review';
import type { Page } from '@bazaar/shared/schemas/common';
import type { MerchantReview, MerchantReviewQuery } from '@bazaar/shared/schemas/merchant-reviews';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/review.ts';
import { notFound } from '../../lib/app-error.ts';
import { escapeLike } from '../../lib/sql-like.ts';
import { reviewWithProductColumns, type AuthorParts, type ProductName } from './repository.ts';
import { invalidateReviewSummary, maskNickName, toMyReview } from './service.ts';

/** The other owners' parts a shop's list needs: the reviewer's nickname, the product's name and picture. */
export interface ShopReviewParts {
  nickName: AuthorParts['nickName'];
  productName: ProductName;
}

type ShopReviewFilter = Pick<MerchantReviewQuery, 'evaluate' | 'replied' | 'prodName'> & { commId?: number };

/** The list's filters (a shop's, or every shop's for staff with a status); `product` is the joined name query. */
export interface ReviewListFilter extends ShopReviewFilter {
  shopId?: number;
  status?: number;
}

/** The conditions of a review list, the product name's on the joined product query (the staff list uses them too). */
export function reviewListWhere(filter: ReviewListFilter, product: ReturnType<ShopReviewParts['productName']>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.shopId !== undefined) conditions.push(eq(reviews.shopId, filter.shopId));
  if (filter.commId !== undefined) conditions.push(eq(reviews.id, filter.commId));
  if (filter.status !== undefined) conditions.push(eq(reviews.status, filter.status));
  if (filter.evaluate === REVIEW_FILTER.withPictures) conditions.push(sql`cardinality(${reviews.pics}) > 0`);
  else if (filter.evaluate >= 0) conditions.push(eq(reviews.evaluate, filter.evaluate));
  if (filter.replied === 'replied') conditions.push(isNotNull(reviews.replyContent));
  if (filter.replied === 'unreplied') conditions.push(isNull(reviews.replyContent));
  if (filter.prodName) {
    const pattern = `%${escapeLike(filter.prodName)}%`;
    conditions.push(or(sql`${product.nameZh} ilike ${pattern}`, sql`${product.nameEn} ilike ${pattern}`));
  }
  return and(...conditions);
}

function shopReviews(db: Db, shopId: number, filter: ShopReviewFilter, parts: ShopReviewParts) {
  const product = parts.productName(db);
  return { product, where: reviewListWhere({ ...filter, shopId }, product) };
}

async function countShopReviews(db: Db, shopId: number, filter: ShopReviewFilter, parts: ShopReviewParts): Promise<number> {
  const { product, where } = shopReviews(db, shopId, filter, parts);
  const [row] = await db.select({ n: count() }).from(reviews).leftJoin(product, eq(product.prodId, reviews.productId)).where(where);
  return row?.n ?? 0;
}

/** Newest first (index reviews_shop_idx). */
function listShopReviews(db: Db, shopId: number, filter: ShopReviewFilter, limit: number, offset: number, parts: ShopReviewParts) {
  const { product, where } = shopReviews(db, shopId, filter, parts);
  return db
    .select({ ...reviewWithProductColumns(product), nickName: parts.nickName(reviews.userId) })
    .from(reviews)
    .leftJoin(product, eq(product.prodId, reviews.productId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

type ShopReviewRow = Awaited<ReturnType<typeof listShopReviews>>[number];

/** The shop's row: the shopper's own row and the reviewer, masked when anonymous (the staff list's too). */
export function toMerchantReview(r: ShopReviewRow, lang: Language): MerchantReview {
  return { ...toMyReview(r, lang), nickName: r.isAnonymous ? maskNickName(r.nickName) : r.nickName };
}

/** GET /merchant/reviews: a page of the shop's reviews, hidden ones too, newest first. */
export async function shopReviewPage(ctx: AppContext, shopId: number, query: MerchantReviewQuery, lang: Language, parts: ShopReviewParts): Promise<Page<MerchantReview>> {
  const { current, size } = query;
  const [total, rows] = await Promise.all([countShopReviews(ctx.db, shopId, query, parts), listShopReviews(ctx.db, shopId, query, size, (current - 1) * size, parts)]);
  return { records: rows.map((r) => toMerchantReview(r, lang)), total, size, current, pages: Math.ceil(total / size) };
}

/**
 * PUT /merchant/reviews/{commId}/reply. One conditional update of the review that is this shop's
 * writes or replaces the reply; another shop's review, or none, moves nothing and is "not found"
 * (never told apart). Parallel replies each take the row's lock in turn: the last one stays.
 * Answers the review as it now reads.
 */
export async function replyToShopReview(ctx: AppContext, shopId: number, commId: number, content: string, lang: Language, parts: ShopReviewParts): Promise<MerchantReview> {
  const [updated] = await ctx.db
    .update(reviews)
    .set({ replyContent: content, replyTime: ctx.now() })
    .where(and(eq(reviews.id, commId), eq(reviews.shopId, shopId)))
    .returning({ productId: reviews.productId });
  if (!updated) throw notFound('merchantReviews.errors.notFound');
  // The summary holds no reply, but every write of a product's reviews drops it: one rule, and
  // the reviews' pages are not cached anywhere (the product page loads them live).
  await invalidateReviewSummary(ctx, updated.productId);
  const [row] = await listShopReviews(ctx.db, shopId, { evaluate: REVIEW_FILTER.all, replied: 'all', commId }, 1, 0, parts);
  if (!row) throw notFound('merchantReviews.errors.notFound');
  return toMerchantReview(row, lang);
}
