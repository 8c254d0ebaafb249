// HTTP for product details (reference 2.2). The answer is assembled once per product and
// language and served from memory as ready JSON; see service.ts for the cache.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProdInfoQuerySchema, ProductDetailSchema, type ProductDetail } from '@bazaar/shared/schemas/product';
import { productDetailJson } from '../flows/product-detail.ts';

const tags = ['product'];

export async function productRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The UTF-8 JSON goes out as it is (the schema stays for the OpenAPI document).
  api.get('/prod/prodInfo', { schema: { summary: 'A product\'s detail with its SKUs', tags, querystring: ProdInfoQuerySchema, response: { 200: ProductDetailSchema } } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send((await productDetailJson(app.ctx, request.query.prodId, request.lang)) as unknown as ProductDetail),
  );
}
