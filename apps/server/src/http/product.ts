// HTTP for product details (reference 2.2). The answer is assembled once per product and
// language and served from memory as ready JSON; see service.ts for the cache. With
// `groupActivityId` (the /detail link of a group-buy), the activity's panel is added as
// `groupActivityVO`: one primary-key query over the cached detail (flows/place-group-order.ts);
// an activity of the product that has ended or was taken offline answers 204 (reference §1).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProdInfoQuerySchema, ProductDetailSchema, type ProductDetail } from '@bazaar/shared/schemas/product';
import { productDetailJson } from '../flows/product-detail.ts';
import { groupActivityVO } from '../flows/place-group-order.ts';

const tags = ['product'];

export async function productRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The UTF-8 JSON goes out as it is (the schema stays for the OpenAPI document).
  api.get('/prod/prodInfo', { schema: { summary: "A product's detail with its SKUs (and its group-buy panel with groupActivityId)", tags, querystring: ProdInfoQuerySchema, response: { 200: ProductDetailSchema, 204: z.null().describe('The group-buy activity has ended') } } }, async (request, reply) => {
    const json = await productDetailJson(app.ctx, request.query.prodId, request.lang);
    const { groupActivityId } = request.query;
    if (groupActivityId === undefined) return reply.type('application/json; charset=utf-8').send(json as unknown as ProductDetail);
    const detail = JSON.parse(json.toString('utf8')) as ProductDetail;
    return { ...detail, groupActivityVO: await groupActivityVO(app.ctx, detail, groupActivityId, request.lang) };
  });
}
