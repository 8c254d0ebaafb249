// HTTP for the shop module: a store's header and categories, and the store search.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategorySchema, ShopHeadSchema } from '@bazaar/shared/schemas/catalog';
import { ShopIdQuerySchema, ShopSearchPageSchema, ShopSearchQuerySchema } from '@bazaar/shared/schemas/shop';
import { shopHead } from '../flows/shop-head.ts';
import { searchShops } from '../flows/shop-search.ts';
import { createShopService } from '../modules/shop/service.ts';

const tags = ['shop'];

export async function shopRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const shop = createShopService(app.ctx);

  api.get('/shop/headInfo', { schema: { summary: 'A shop\'s header: name, logo, followers, ratings', tags, querystring: ShopIdQuerySchema, response: { 200: ShopHeadSchema } } }, (request) =>
    shopHead(app.ctx, request.query.shopId, request.lang),
  );
  api.get(
    '/category/shopCategoryList',
    { schema: { summary: 'A shop\'s own categories', tags, querystring: ShopIdQuerySchema, response: { 200: z.array(CategorySchema) } } },
    (request) => shop.categories(request.query.shopId, request.lang),
  );
  api.get('/shop/searchShops', { config: { limit: 'search' }, schema: { summary: 'Search shops by name', tags, querystring: ShopSearchQuerySchema, response: { 200: ShopSearchPageSchema } } }, (request) =>
    searchShops(app.ctx, request.query, request.lang),
  );
}
