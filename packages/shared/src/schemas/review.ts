import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants/limits.ts';
import { idParam } from './product.ts';

/** evaluate: -1 all, 0 good (4-5 stars), 1 medium (3), 2 bad (1-2), 3 with pictures. */
import { COMM_STATUS, REVIEW_CONTENT_MAX, REVIEW_FILTER, REVIEW_PICS_MAX, type ReviewFilter } from '../constants/review.ts';
import { PageQuerySchema } from './common.ts';
import { OrderNumberSchema } from './order.ts';
import { PUBLIC_IMAGE_PATTERN } from './shop-application.ts';
import { textInput } from './text.ts';

export { COMM_STATUS, REVIEW_CONTENT_MAX, REVIEW_FILTER, REVIEW_PICS_MAX, type ReviewFilter };

/** GET /prod/prodCommData: counts per evaluation and the good rate (a whole percentage). */
export const ReviewSummarySchema = z.object({
  number: z.number().int(),
  positiveRating: z.number().int(),
  praiseNumber: z.number().int(),
  secondaryNumber: z.number().int(),
  negativeNumber: z.number().int(),
  picNumber: z.number().int(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ReviewPageQuerySchema = z.object({
  prodId: idParam(),
  evaluate: z.coerce.number('review.errors.evaluate').int('review.errors.evaluate').min(-1, 'review.errors.evaluate').max(3, 'review.errors.evaluate').default(-1),
  current: z.coerce.number().int('validation.page').min(1, 'validation.page').default(1),
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(PAGE_SIZE_DEFAULT),
});
export type ReviewPageQuery = z.infer<typeof ReviewPageQuerySchema>;

/** One review; an anonymous reviewer's nickname arrives masked and without avatar. */
export const ReviewSchema = z.object({
  commId: z.number().int(),
  score: z.number().int(),
  evaluate: z.number().int(),
  content: z.string(),
  pics: z.array(z.string()),
  isAnonymous: z.boolean(),
  nickName: z.string(),
  userAvatar: z.string().nullable(),
  skuName: z.string(),
  /** 'yyyy-MM-dd HH:mm:ss' GMT+8. */
  recTime: z.string(),
  replyContent: z.string().nullable(),
  replyTime: z.string().nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

// Writing reviews (the shopper's side): POST /p/prodComm, GET /p/myOrder/myOrderItemsComment,
// GET /p/prodComm/prodCommPageByUser. Only a line of the shopper's own completed order (status 5),
// once per line; evaluate follows from the score (4-5 good, 3 medium, 1-2 bad).

/** A review picture: a public image the shopper uploaded (POST /p/file/upload/public). */
const reviewPic = z
  .string('writeReview.errors.picInvalid')
  .trim()
  .max(300, 'writeReview.errors.picInvalid')
  .regex(PUBLIC_IMAGE_PATTERN, 'writeReview.errors.picInvalid')
  .refine((v) => !v.includes('..'), 'writeReview.errors.picInvalid');

/** POST /p/prodComm. `prodId` (Mall4j sends it) must be the line's product when given. */
export const WriteReviewSchema = z.object({
  orderItemId: z.number('writeReview.errors.itemNotFound').int('writeReview.errors.itemNotFound').min(1, 'writeReview.errors.itemNotFound').max(2_147_483_647, 'writeReview.errors.itemNotFound'),
  prodId: z.number('writeReview.errors.itemNotFound').int('writeReview.errors.itemNotFound').min(1, 'writeReview.errors.itemNotFound').max(2_147_483_647, 'writeReview.errors.itemNotFound').optional(),
  score: z.number('writeReview.errors.score').int('writeReview.errors.score').min(1, 'writeReview.errors.score').max(5, 'writeReview.errors.score'),
  content: textInput('writeReview.errors.contentRequired').trim().min(1, 'writeReview.errors.contentRequired').max(REVIEW_CONTENT_MAX, 'writeReview.errors.contentTooLong'),
  pics: z.array(reviewPic, 'writeReview.errors.picInvalid').max(REVIEW_PICS_MAX, 'writeReview.errors.tooManyPics').default([]),
  isAnonymous: z.boolean('validation.invalid').default(false),
});
export type WriteReview = z.infer<typeof WriteReviewSchema>;

/** GET /p/myOrder/myOrderItemsComment: the shopper's lines of completed orders, to review (0) or reviewed (1), newest order first; `orderNumber` narrows to one order (the write-comments page). */
export const ReviewItemsQuerySchema = PageQuerySchema.extend({
  commStatus: z.coerce.number('validation.invalid').int('validation.invalid').min(COMM_STATUS.toReview, 'validation.invalid').max(COMM_STATUS.reviewed, 'validation.invalid').default(COMM_STATUS.toReview),
  orderNumber: OrderNumberSchema.optional(),
});
export type ReviewItemsQuery = z.infer<typeof ReviewItemsQuerySchema>;

/** One line of a completed order, as the review pages list it (names in the reader's language). */
export const ReviewItemSchema = z.object({
  orderItemId: z.number().int(),
  orderNumber: z.string(),
  prodId: z.number().int(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string(),
  /** Unit price, fen. */
  price: z.number().int(),
  prodCount: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  /** 0 to review, 1 reviewed. */
  commSts: z.number().int(),
  /** When the order was completed, 'yyyy-MM-dd HH:mm:ss' GMT+8. */
  finallyTime: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

/** GET /p/prodComm/prodCommPageByUser: the shopper's own reviews, newest first (hidden ones too, marked). */
export const MyReviewQuerySchema = PageQuerySchema;
export const MyReviewSchema = ReviewSchema.omit({ nickName: true, userAvatar: true }).extend({
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  orderNumber: z.string(),
  /** 1 shown, 0 hidden by the platform. */
  status: z.number().int(),
});
export type MyReview = z.infer<typeof MyReviewSchema>;
