// HTTP for the platform console's view of shop promotions (issue 11 §5, decision 037): every shop's
// promotions by shop and state; staff take one down with a reason, audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StaffReasonSchema } from '@bazaar/shared/schemas/admin-shops';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminDiscountQuerySchema, DiscountIdParamSchema, DiscountRowSchema } from '@bazaar/shared/schemas/shop-promotion';
import { pageAllDiscounts, takeDownDiscount } from '../flows/shop-promotions.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: promotions'];
const security = [{ token: [] }];

export async function adminPromotionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/discounts',
    { config: { permission: ['products.read', 'promotions.manage'] }, schema: { summary: "A page of every shop's promotions (running by default), by shop, state and name", tags, security, querystring: AdminDiscountQuerySchema, response: { 200: pageOf(DiscountRowSchema) } } },
    (request) => {
      adminId(request);
      return pageAllDiscounts(ctx, request.query, request.lang);
    },
  );
  api.post(
    '/admin/discounts/:id/takedown',
    { config: { permission: 'products.takedown' }, schema: { summary: 'Take an upcoming or running promotion down for a rule violation, with the reason its merchant sees', tags, security, params: DiscountIdParamSchema, body: StaffReasonSchema } },
    async (request, reply) => {
      await takeDownDiscount(ctx, adminId(request), request.params.id, request.body);
      return reply.code(200).send();
    },
  );
}
