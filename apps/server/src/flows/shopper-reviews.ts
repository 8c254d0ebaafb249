// The shopper's side of reviews (reference 2.10, 5.11; decision 054): writing one for a line of
// the shopper's own completed order, once; the lines to review or reviewed; the shopper's own
// reviews. A review spans the order module (the line's comm_sts and copies) and the review module
// (the review), in one transaction; pictures must be the shopper's own uploads (upload module).
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page, PageQuery } from '@bazaar/shared/schemas/common';
import type { MyReview, ReviewItem, ReviewItemsQuery, WriteReview } from '@bazaar/shared/schemas/review';
import type { AppContext } from '../context.ts';
import { uniqueViolation } from '../db/errors.ts';
import { invalid } from '../lib/app-error.ts';
import { markLineReviewed, reviewLinePage, reviewRefusal, type LineToReview } from '../modules/order/review-lines.ts';
import { anyProductName } from '../modules/product/repository.ts';
import { REVIEW_LINE_KEY } from '../modules/review/repository.ts';
import { addReview, invalidateReviewSummary, userReviewPage } from '../modules/review/service.ts';
import { anyShopCard } from '../modules/shop/repository.ts';
import { ownedPaths, PUBLIC_PREFIX } from '../modules/upload/service.ts';

const REFUSAL_KEYS = {
  notFound: 'writeReview.errors.itemNotFound',
  reviewed: 'writeReview.errors.alreadyReviewed',
  notCompleted: 'writeReview.errors.notCompleted',
  changed: 'orders.errors.statusChanged',
} as const;

/** Every picture is a public image this shopper uploaded (a path of someone else's, or none, is refused). */
async function checkPictures(ctx: AppContext, userId: string, pics: string[]): Promise<void> {
  if (pics.length === 0) return;
  const owned = await ownedPaths(ctx, userId, pics);
  if (pics.some((pic) => !pic.startsWith(PUBLIC_PREFIX) || !owned.has(pic))) throw invalid('writeReview.errors.picInvalid');
}

/**
 * POST /p/prodComm. The line's comm_sts flips 0 -> 1 by one conditional update and the review is
 * written in the same transaction, so of any number of parallel posts one wins; the others are
 * told why in a read after their update moved nothing. The unique index on the review's line is
 * the last guard (a line marked unreviewed that has a review anyway).
 */
export async function writeReview(ctx: AppContext, userId: string, input: WriteReview): Promise<void> {
  await checkPictures(ctx, userId, input.pics);
  const line: LineToReview = { userId, orderItemId: input.orderItemId, prodId: input.prodId };
  let productId: number;
  try {
    productId = await ctx.db.transaction(async (tx) => {
      const reviewed = await markLineReviewed(tx, line);
      if (!reviewed) throw invalid(REFUSAL_KEYS[await reviewRefusal(tx, line)]);
      await addReview(tx, {
        userId,
        orderItemId: input.orderItemId,
        orderNumber: reviewed.orderNumber,
        productId: reviewed.productId,
        shopId: reviewed.shopId,
        skuNameZh: reviewed.skuNameZh,
        skuNameEn: reviewed.skuNameEn,
        score: input.score,
        content: input.content,
        pics: input.pics,
        isAnonymous: input.isAnonymous,
        createdAt: ctx.now(),
      });
      return reviewed.productId;
    });
  } catch (err) {
    if (uniqueViolation(err) === REVIEW_LINE_KEY) throw invalid('writeReview.errors.alreadyReviewed');
    throw err;
  }
  await invalidateReviewSummary(ctx, productId);
}

/** GET /p/myOrder/myOrderItemsComment: the order module's lines with the shop module's names. */
export function reviewItemPage(ctx: AppContext, userId: string, query: ReviewItemsQuery, lang: Language): Promise<Page<ReviewItem>> {
  return reviewLinePage(ctx.db, userId, query, lang, anyShopCard);
}

/** GET /p/prodComm/prodCommPageByUser: the review module's page with the product module's names. */
export function myReviewPage(ctx: AppContext, userId: string, query: PageQuery, lang: Language): Promise<Page<MyReview>> {
  return userReviewPage(ctx, userId, query, lang, anyProductName);
}
