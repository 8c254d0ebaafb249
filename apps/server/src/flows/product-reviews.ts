// A product's reviews: the review module's counts and pages, with the product module saying the
// product exists and the account module naming each review's author, in the same statements.
import type { Language } from '@bazaar/shared/constants/limits';
import type { ReviewPageQuery } from '@bazaar/shared/schemas/review';
import type { AppContext } from '../context.ts';
import { userAvatar, userNickName } from '../modules/account/repository.ts';
import { productIsListed } from '../modules/product/repository.ts';
import { reviewPage, reviewSummary } from '../modules/review/service.ts';

export function productReviewSummary(ctx: AppContext, prodId: number) {
  return reviewSummary(ctx, prodId, productIsListed);
}

export function productReviewPage(ctx: AppContext, query: ReviewPageQuery, lang: Language) {
  return reviewPage(ctx, query, lang, { nickName: userNickName, avatar: userAvatar });
}
