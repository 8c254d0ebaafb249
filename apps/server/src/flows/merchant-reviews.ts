// The merchant center's reviews (decision 055): the review module's list of the shop's reviews and
// its reply, with the account module naming each reviewer and the product module each product
// (deleted ones too: a review outlives its listing), in the same statements.
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page } from '@bazaar/shared/schemas/common';
import type { MerchantReview, MerchantReviewQuery, MerchantReviewReply } from '@bazaar/shared/schemas/merchant-reviews';
import type { AppContext } from '../context.ts';
import { userNickName } from '../modules/account/repository.ts';
import type { MerchantSession } from '../modules/merchant/service.ts';
import { anyProductName } from '../modules/product/repository.ts';
import { replyToShopReview, shopReviewPage, type ShopReviewParts } from '../modules/review/shop-reviews.ts';

const PARTS: ShopReviewParts = { nickName: userNickName, productName: anyProductName };

/** GET /merchant/reviews. */
export function pageShopReviews(ctx: AppContext, session: MerchantSession, query: MerchantReviewQuery, lang: Language): Promise<Page<MerchantReview>> {
  return shopReviewPage(ctx, session.shopId, query, lang, PARTS);
}

/** PUT /merchant/reviews/{commId}/reply. */
export function replyToReview(ctx: AppContext, session: MerchantSession, commId: number, input: MerchantReviewReply, lang: Language): Promise<MerchantReview> {
  return replyToShopReview(ctx, session.shopId, commId, input.content, lang, PARTS);
}
