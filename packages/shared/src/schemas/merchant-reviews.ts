// The merchant center's reviews (docs/decisions/055-merchant-review-replies.md): the shop's own
// reviews, filtered and paged, and the shop's reply to one (written or replaced).
import { z } from 'zod';
import { REVIEW_FILTER } from '../constants/review.ts';
import { PageQuerySchema } from './common.ts';
import { MyReviewSchema } from './review.ts';
import { textInput } from './text.ts';

/** A reply: at most this many characters, after trimming. */
export const REVIEW_REPLY_MAX = 500;
/** The product name box of the list. */
export const REVIEW_PROD_NAME_MAX = 30;

/** The list's "reply" filter: every review, only answered ones, or the ones still waiting for an answer. */
export const REPLY_FILTERS = ['all', 'replied', 'unreplied'] as const;
export type ReplyFilter = (typeof REPLY_FILTERS)[number];

/** GET /merchant/reviews: newest first. */
export const MerchantReviewQuerySchema = PageQuerySchema.extend({
  /** -1 all, 0 good (4-5 stars), 1 medium (3), 2 bad (1-2), 3 with pictures (REVIEW_FILTER). */
  evaluate: z.coerce
    .number('review.errors.evaluate')
    .int('review.errors.evaluate')
    .min(REVIEW_FILTER.all, 'review.errors.evaluate')
    .max(REVIEW_FILTER.withPictures, 'review.errors.evaluate')
    .default(REVIEW_FILTER.all),
  replied: z.enum(REPLY_FILTERS, { error: 'merchantReviews.errors.replied' }).default('all'),
  /** Part of the product's Chinese or English name. */
  prodName: textInput('merchantReviews.errors.prodName').trim().max(REVIEW_PROD_NAME_MAX, 'merchantReviews.errors.prodName').optional(),
});
export type MerchantReviewQuery = z.infer<typeof MerchantReviewQuerySchema>;

/**
 * One of the shop's reviews: what the shopper's own list shows (the product, the order, the
 * reply, 1 shown or 0 hidden by the platform) and the reviewer's nickname, masked when anonymous.
 * The demo's reviews are of no order ('').
 */
export const MerchantReviewSchema = MyReviewSchema.extend({ nickName: z.string() });
export type MerchantReview = z.infer<typeof MerchantReviewSchema>;

export const MerchantReviewIdParamSchema = z.object({
  commId: z.coerce
    .number('merchantReviews.errors.notFound')
    .int('merchantReviews.errors.notFound')
    .min(1, 'merchantReviews.errors.notFound')
    .max(2_147_483_647, 'merchantReviews.errors.notFound'),
});

/** PUT /merchant/reviews/{commId}/reply: writes the shop's reply, or replaces the one there. */
export const MerchantReviewReplySchema = z.object({
  content: textInput('merchantReviews.errors.replyRequired')
    .trim()
    .min(1, 'merchantReviews.errors.replyRequired')
    .max(REVIEW_REPLY_MAX, 'merchantReviews.errors.replyTooLong'),
});
export type MerchantReviewReply = z.infer<typeof MerchantReviewReplySchema>;
