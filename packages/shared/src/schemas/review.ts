import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants/limits.ts';
import { idParam } from './product.ts';

/** evaluate: -1 all, 0 good (4-5 stars), 1 medium (3), 2 bad (1-2), 3 with pictures. */
import { REVIEW_FILTER, type ReviewFilter } from '../constants/review.ts';

export { REVIEW_FILTER, type ReviewFilter };

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
