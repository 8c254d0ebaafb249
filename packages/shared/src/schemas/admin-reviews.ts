// The platform console's review moderation (docs/decisions/056-platform-review-moderation.md):
// every shop's reviews, filtered and paged, and staff hiding one (status 0) or showing it again.
// The query and the row are the merchant center's (merchant-reviews.ts), extended.
import { z } from 'zod';
import { REVIEW_STATUS } from '../constants/review.ts';
import { MerchantReviewQuerySchema, MerchantReviewSchema } from './merchant-reviews.ts';

/** The list's status filter. */
export const REVIEW_STATUS_FILTERS = ['all', 'shown', 'hidden'] as const;
export type ReviewStatusFilter = (typeof REVIEW_STATUS_FILTERS)[number];

/** GET /admin/reviews: every shop's reviews (or one shop's), newest first; the merchant's filters and a status filter. */
export const AdminReviewQuerySchema = MerchantReviewQuerySchema.extend({
  shopId: z.coerce.number('adminReviews.errors.shopId').int('adminReviews.errors.shopId').min(1, 'adminReviews.errors.shopId').max(2_147_483_647, 'adminReviews.errors.shopId').optional(),
  status: z.enum(REVIEW_STATUS_FILTERS, { error: 'adminReviews.errors.statusFilter' }).default('all'),
});
export type AdminReviewQuery = z.infer<typeof AdminReviewQuerySchema>;

/** A review as the merchant center lists it (the reviewer masked when anonymous, `status` 1 shown, 0 hidden) and its shop. */
export const AdminReviewSchema = MerchantReviewSchema.extend({ shopId: z.number().int(), shopName: z.string() });
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewIdParamSchema = z.object({
  commId: z.coerce
    .number('adminReviews.errors.notFound')
    .int('adminReviews.errors.notFound')
    .min(1, 'adminReviews.errors.notFound')
    .max(2_147_483_647, 'adminReviews.errors.notFound'),
});

/** PUT /admin/reviews/{commId}/status: 0 hides the review from the product page, 1 shows it again. */
export const AdminReviewStatusSchema = z.object({
  status: z.union([z.literal(REVIEW_STATUS.hidden), z.literal(REVIEW_STATUS.shown)], { error: 'adminReviews.errors.status' }),
}, { error: 'adminReviews.errors.status' });
export type AdminReviewStatus = z.infer<typeof AdminReviewStatusSchema>;
