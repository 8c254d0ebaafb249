// Platform staff's review moderation (decision 056) across its owners: the review module lists
// every shop's reviews with the account module's nickname, the product module's name and the shop
// module's, and moves a review's status in one transaction with the audit module's entry; the
// product's cached review summary is dropped after the commit, so its page counts follow at once.
import type { Language } from '@bazaar/shared/constants/limits';
import { REVIEW_STATUS } from '@bazaar/shared/constants/review';
import type { AdminReview, AdminReviewQuery } from '@bazaar/shared/schemas/admin-reviews';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AppContext } from '../context.ts';
import { notFound } from '../lib/app-error.ts';
import { userNickName } from '../modules/account/repository.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';
import { anyProductName } from '../modules/product/repository.ts';
import { invalidateReviewSummary } from '../modules/review/service.ts';
import { findStaffReview, setReviewStatus, staffReviewPage, type StaffReviewParts } from '../modules/review/staff-reviews.ts';
import { anyShopCard } from '../modules/shop/repository.ts';

const PARTS: StaffReviewParts = { nickName: userNickName, productName: anyProductName, shopName: anyShopCard };

/** GET /admin/reviews. */
export function pageStaffReviews(ctx: AppContext, query: AdminReviewQuery, lang: Language): Promise<Page<AdminReview>> {
  return staffReviewPage(ctx, query, lang, PARTS);
}

/**
 * PUT /admin/reviews/{commId}/status. Idempotent: a review already in that status answers as it
 * reads, with no second audit entry; a missing one is "not found".
 */
export async function moveReviewStatus(ctx: AppContext, adminId: number, commId: number, status: 0 | 1, lang: Language): Promise<AdminReview> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const moved = await ctx.db.transaction(async (tx) => {
    const result = await setReviewStatus(tx, commId, status);
    if (!result) return undefined;
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: status === REVIEW_STATUS.hidden ? 'review.hide' : 'review.show',
        targetType: 'review',
        targetId: commId,
        before: { status: status === REVIEW_STATUS.hidden ? REVIEW_STATUS.shown : REVIEW_STATUS.hidden },
        after: { status },
      },
      now,
    );
    return result;
  });
  if (moved) await invalidateReviewSummary(ctx, moved.productId);
  const review = await findStaffReview(ctx.db, commId, lang, PARTS);
  if (!review) throw notFound('adminReviews.errors.notFound');
  return review;
}
