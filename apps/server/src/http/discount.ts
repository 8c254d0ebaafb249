// HTTP for the storefront's shop promotions (reference 2.2 /marking/discount/*, issue 11 §3):
// running promotions, one promotion (204 once ended), its products, and a product's promotions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  DiscountIdParamSchema,
  DiscountListQuerySchema,
  DiscountProductCardSchema,
  DiscountProductQuerySchema,
  DiscountSearchQuerySchema,
  DiscountSummarySchema,
  ProdIdQuerySchema,
  ProductDiscountTagSchema,
} from '@bazaar/shared/schemas/shop-promotion';
import { discountSummary, discountTagsOf, pageDiscountProducts, pageRunningDiscounts, searchDiscountProducts } from '../flows/discount-pages.ts';

const tags = ['promotion'];

export async function discountRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/marking/discount/getDiscountList',
    { schema: { summary: 'A page of the running shop promotions, ending soonest first', tags, querystring: DiscountListQuerySchema, response: { 200: pageOf(DiscountSummarySchema) } } },
    (request) => pageRunningDiscounts(ctx, request.query, request.lang),
  );
  api.get(
    '/marking/discount/getDiscountByDiscountId/:id',
    { schema: { summary: 'One running promotion; 204 once it has ended', tags, params: DiscountIdParamSchema, response: { 200: DiscountSummarySchema, 204: z.null().describe('The promotion has ended') } } },
    (request) => discountSummary(ctx, request.params.id, request.lang),
  );
  api.get(
    '/marking/discount/prodList',
    { schema: { summary: "A page of a running promotion's products on the shelf; 204 once it has ended", tags, querystring: DiscountProductQuerySchema, response: { 200: pageOf(DiscountProductCardSchema), 204: z.null().describe('The promotion has ended') } } },
    (request) => pageDiscountProducts(ctx, request.query, request.lang),
  );
  api.get(
    '/marking/discount/searchProd',
    { schema: { summary: 'A page of the products of every running shop promotion, by name, price, stock and sort (the list page\'s special-discount tab)', tags, querystring: DiscountSearchQuerySchema, response: { 200: pageOf(DiscountProductCardSchema) } } },
    (request) => searchDiscountProducts(ctx, request.query, request.lang),
  );
  api.get(
    '/marking/discount/getDiscountByProdId',
    { schema: { summary: 'The running promotions a product is in, as tags', tags, querystring: ProdIdQuerySchema, response: { 200: z.array(ProductDiscountTagSchema) } } },
    async (request) => (await discountTagsOf(ctx, [request.query.prodId], request.lang)).get(request.query.prodId) ?? [],
  );
}
