// HTTP for the platform console's products (issue 10, decision 027): staff search every shop's
// products and take one off the shelf for a rule violation, or lift that; both are audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminProductQuerySchema, AdminProductRowSchema, ProductIdParamSchema, TakedownSchema } from '@bazaar/shared/schemas/merchant-product';
import { liftTakedown, pageAllProducts, takeDownProduct } from '../flows/admin-products.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: products'];
const security = [{ token: [] }];

export async function adminProductRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/products',
    { config: { permission: ['products.read', 'products.takedown'] }, schema: { summary: "A page of every shop's products", tags, security, querystring: AdminProductQuerySchema, response: { 200: pageOf(AdminProductRowSchema) } } },
    (request) => {
      adminId(request);
      return pageAllProducts(ctx, request.query, request.lang);
    },
  );
  api.post(
    '/admin/products/:prodId/takedown',
    { config: { permission: 'products.takedown' }, schema: { summary: 'Take a product off the shelf for a rule violation, with the reason its merchant sees', tags, security, params: ProductIdParamSchema, body: TakedownSchema } },
    async (request, reply) => {
      await takeDownProduct(ctx, adminId(request), request.params.prodId, request.body);
      return reply.code(200).send();
    },
  );
  api.post(
    '/admin/products/:prodId/lift',
    { config: { permission: 'products.takedown' }, schema: { summary: 'Lift a takedown: the merchant may put the product on the shelf again', tags, security, params: ProductIdParamSchema } },
    async (request, reply) => {
      await liftTakedown(ctx, adminId(request), request.params.prodId);
      return reply.code(200).send();
    },
  );
}
