// HTTP for product reviews (reference 2.2): the summary and a filtered page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ProdIdQuerySchema } from '@bazaar/shared/schemas/product';
import { ReviewPageQuerySchema, ReviewSchema, ReviewSummarySchema } from '@bazaar/shared/schemas/review';
import { productReviewPage, productReviewSummary } from '../flows/product-reviews.ts';

const tags = ['review'];

export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get('/prod/prodCommData', { schema: { summary: 'A product\'s review summary', tags, querystring: ProdIdQuerySchema, response: { 200: ReviewSummarySchema } } }, (request) =>
    productReviewSummary(ctx, request.query.prodId),
  );
  api.get('/prod/prodCommPageByProd', { schema: { summary: 'A page of a product\'s reviews', tags, querystring: ReviewPageQuerySchema, response: { 200: pageOf(ReviewSchema) } } }, (request) =>
    productReviewPage(ctx, request.query, request.lang),
  );
}
