// HTTP for the merchant center's reviews (decision 055): the shop's own reviews and its reply to
// one. Both need a merchant token (plugins/auth.ts) and reach only the session's shop; another
// shop's review answers 404, as a missing one does.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantReviewIdParamSchema, MerchantReviewQuerySchema, MerchantReviewReplySchema, MerchantReviewSchema } from '@bazaar/shared/schemas/merchant-reviews';
import { pageShopReviews, replyToReview } from '../flows/merchant-reviews.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant: reviews'];
const security = [{ token: [] }];

export async function merchantReviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/reviews',
    {
      config: { permission: 'reviews.reply' },
      schema: {
        summary: "A page of the shop's reviews, newest first: by evaluation (or with pictures), answered or not, and product name",
        description: 'Hidden reviews are listed too (status 0); an anonymous reviewer\'s nickname is masked.',
        tags,
        security,
        querystring: MerchantReviewQuerySchema,
        response: { 200: pageOf(MerchantReviewSchema) },
      },
    },
    (request) => pageShopReviews(ctx, merchantSession(request), request.query, request.lang),
  );
  api.put(
    '/merchant/reviews/:commId/reply',
    {
      config: { permission: 'reviews.reply' },
      schema: {
        summary: "Write the shop's reply to one of its reviews, or replace it (1-500 characters); answers the review",
        tags,
        security,
        params: MerchantReviewIdParamSchema,
        body: MerchantReviewReplySchema,
        response: { 200: MerchantReviewSchema },
      },
    },
    (request) => replyToReview(ctx, merchantSession(request), request.params.commId, request.body, request.lang),
  );
}
