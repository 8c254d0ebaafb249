// HTTP for reviews: a product's summary and filtered page (reference 2.2), and the shopper's side
// (2.10): writing a review of an order line, the lines to review, and the shopper's own reviews.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ProdIdQuerySchema } from '@bazaar/shared/schemas/product';
import {
  MyReviewQuerySchema,
  MyReviewSchema,
  ReviewItemSchema,
  ReviewItemsQuerySchema,
  ReviewPageQuerySchema,
  ReviewSchema,
  ReviewSummarySchema,
  WriteReviewSchema,
} from '@bazaar/shared/schemas/review';
import { shopperId } from '../plugins/auth.ts';
import { productReviewPage, productReviewSummary } from '../flows/product-reviews.ts';
import { myReviewPage, reviewItemPage, writeReview } from '../flows/shopper-reviews.ts';

const tags = ['review'];
const security = [{ token: [] }];

export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get('/prod/prodCommData', { schema: { summary: 'A product\'s review summary', tags, querystring: ProdIdQuerySchema, response: { 200: ReviewSummarySchema } } }, (request) =>
    productReviewSummary(ctx, request.query.prodId),
  );
  api.get('/prod/prodCommPageByProd', { schema: { summary: 'A page of a product\'s reviews', tags, querystring: ReviewPageQuerySchema, response: { 200: pageOf(ReviewSchema) } } }, (request) =>
    productReviewPage(ctx, request.query, request.lang),
  );

  api.post(
    '/p/prodComm',
    {
      schema: {
        summary: 'Review a line of a completed order',
        description: 'Once per line of the shopper\'s own completed order (status 5): a score of 1-5, 1-150 characters of text, at most 9 of the shopper\'s uploaded public pictures, optionally anonymous. Answers an empty body.',
        tags,
        security,
        body: WriteReviewSchema,
      },
    },
    async (request, reply) => {
      await writeReview(ctx, shopperId(request), request.body);
      return reply.code(200).send();
    },
  );
  api.get(
    '/p/myOrder/myOrderItemsComment',
    { schema: { summary: 'A page of the shopper\'s completed order lines to review (0) or reviewed (1)', tags, security, querystring: ReviewItemsQuerySchema, response: { 200: pageOf(ReviewItemSchema) } } },
    (request) => reviewItemPage(ctx, shopperId(request), request.query, request.lang),
  );
  api.get(
    '/p/prodComm/prodCommPageByUser',
    { schema: { summary: 'A page of the shopper\'s own reviews', tags, security, querystring: MyReviewQuerySchema, response: { 200: pageOf(MyReviewSchema) } } },
    (request) => myReviewPage(ctx, shopperId(request), request.query, request.lang),
  );
}
