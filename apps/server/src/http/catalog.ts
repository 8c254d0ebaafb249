// HTTP for the catalog (flows/catalog.ts): the platform category tree, category children, carousels and the home page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoryNodeSchema, CategorySchema } from '@bazaar/shared/schemas/catalog';
import { BannerParamsSchema, BannerSchema, CategoryInfoQuerySchema, HomeSchema } from '@bazaar/shared/schemas/home';
import { createStorefrontCatalog } from '../flows/catalog.ts';

const tags = ['catalog'];

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const catalog = createStorefrontCatalog(app.ctx);

  api.get(
    '/category/categoryInfo',
    { schema: { summary: 'Categories under a parent', tags, querystring: CategoryInfoQuerySchema, response: { 200: z.array(CategorySchema) } } },
    (request) => catalog.childCategories(request.query.shopId, request.query.parentId, request.lang),
  );
  api.get('/category/tree', { schema: { summary: 'The whole platform category tree', tags, response: { 200: z.array(CategoryNodeSchema) } } }, (request) => catalog.categoryTree(request.lang));
  api.get('/banner/list/:shopId', { schema: { summary: 'Banners of the platform (shopId 0) or a shop', tags, params: BannerParamsSchema, response: { 200: z.array(BannerSchema) } } }, (request) =>
    catalog.banners(request.params.shopId, request.lang),
  );
  api.get('/index/home', { schema: { summary: 'The home page: banners, activity blocks and product floors', tags, response: { 200: HomeSchema } } }, (request) => catalog.home(request.lang));
}
