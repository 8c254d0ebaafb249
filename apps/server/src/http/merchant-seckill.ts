// HTTP for the merchant center's flash sales (issue 27, decision 062): the shop's activities with
// their live counts, creating one (its flash stock leaves the SKUs at once; it waits for the
// platform's review), ending one early, and the platform's session times to pick a window from.
// Another shop's activity answers "does not exist".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MerchantSeckillCreatedSchema,
  MerchantSeckillInputSchema,
  MerchantSeckillQuerySchema,
  SeckillCountsSchema,
  SeckillIdParamSchema,
  SeckillRowDetailSchema,
  SeckillRowPageSchema,
  SeckillSessionTimesSchema,
} from '@bazaar/shared/schemas/seckill';
import { createShopSeckill, endShopSeckill, pageShopSeckills, sessionTimes, shopSeckill, shopSeckillCounts } from '../flows/merchant-seckill.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant: flash sales'];
const security = [{ token: [] }];
const permission = 'seckill.manage';

export async function merchantSeckillRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/seckills',
    { config: { permission }, schema: { summary: "A page of the shop's flash sales by state (pending, rejected, upcoming, running, ended, offline) and product name, with live counts", tags, security, querystring: MerchantSeckillQuerySchema, response: { 200: SeckillRowPageSchema } } },
    (request) => pageShopSeckills(ctx, merchantSession(request).shopId, request.query, request.lang),
  );
  api.get(
    '/merchant/seckills/:id',
    { config: { permission }, schema: { summary: "One of the shop's flash sales with its SKUs", tags, security, params: SeckillIdParamSchema, response: { 200: SeckillRowDetailSchema } } },
    (request) => shopSeckill(ctx, merchantSession(request).shopId, request.params.id, request.lang),
  );
  api.get(
    '/merchant/seckills/:id/counts',
    { config: { permission }, schema: { summary: 'Live counts of a flash sale: stock left, sold, unpaid, paid and cancelled units', tags, security, params: SeckillIdParamSchema, response: { 200: SeckillCountsSchema } } },
    (request) => shopSeckillCounts(ctx, merchantSession(request).shopId, request.params.id),
  );
  api.post(
    '/merchant/seckills',
    {
      config: { permission },
      schema: {
        summary: "Create a flash sale of one of the shop's products: its SKUs' flash prices and stock (taken from their stock now), the window, the per-person limit and the unpaid cancel time; it waits for the platform's review",
        tags,
        security,
        body: MerchantSeckillInputSchema,
        response: { 200: MerchantSeckillCreatedSchema },
      },
    },
    (request) => createShopSeckill(ctx, merchantSession(request).shopId, request.body),
  );
  api.post(
    '/merchant/seckills/:id/end',
    { config: { permission }, schema: { summary: 'End a pending, upcoming or running flash sale now; its unsold flash stock goes back to the SKUs', tags, security, params: SeckillIdParamSchema } },
    async (request, reply) => {
      await endShopSeckill(ctx, merchantSession(request).shopId, request.params.id);
      return reply.code(200).send();
    },
  );
  api.get(
    '/merchant/seckill/sessions',
    { config: { permission }, schema: { summary: "The platform's flash-sale sessions of each day (Beijing time), to pick a window from", tags, security, response: { 200: SeckillSessionTimesSchema } } },
    () => sessionTimes(ctx),
  );
}
