// HTTP for the merchant center's discount packages (issue 11 §4-5, decision 046): list, read,
// create, edit and end the session's own shop's packages; another shop's answers 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ComboIdParamSchema, ComboRowSchema, MerchantComboDetailSchema, MerchantComboInputSchema, MerchantComboQuerySchema } from '@bazaar/shared/schemas/combo';
import { createShopCombo, endShopCombo, pageShopCombos, shopCombo, updateShopCombo } from '../flows/merchant-combos.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant: promotions'];
const security = [{ token: [] }];

export async function merchantComboRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/combos',
    { config: { permission: 'promotions.manage' }, schema: { summary: "A page of the shop's discount packages by state (upcoming, running, ended) and name, with orders, pieces sold and amount reduced", tags, security, querystring: MerchantComboQuerySchema, response: { 200: pageOf(ComboRowSchema) } } },
    (request) => pageShopCombos(ctx, merchantSession(request).shopId, request.query),
  );
  api.get(
    '/merchant/combos/:id',
    { config: { permission: 'promotions.manage' }, schema: { summary: "One of the shop's discount packages with its lines", tags, security, params: ComboIdParamSchema, response: { 200: MerchantComboDetailSchema } } },
    (request) => shopCombo(ctx, merchantSession(request).shopId, request.params.id, request.lang),
  );
  api.post(
    '/merchant/combos',
    {
      config: { permission: 'promotions.manage' },
      schema: {
        summary: "Create a discount package: 2-6 SKUs of the shop's own products (the first is the main product), a package price below what they cost, a time window",
        tags,
        security,
        body: MerchantComboInputSchema,
        response: { 200: MerchantComboDetailSchema },
      },
    },
    (request) => createShopCombo(ctx, merchantSession(request).shopId, request.body, request.lang),
  );
  api.put(
    '/merchant/combos/:id',
    { config: { permission: 'promotions.manage' }, schema: { summary: 'Edit an upcoming or running discount package', tags, security, params: ComboIdParamSchema, body: MerchantComboInputSchema, response: { 200: MerchantComboDetailSchema } } },
    (request) => updateShopCombo(ctx, merchantSession(request).shopId, request.params.id, request.body, request.lang),
  );
  api.post(
    '/merchant/combos/:id/end',
    { config: { permission: 'promotions.manage' }, schema: { summary: 'End an upcoming or running discount package now', tags, security, params: ComboIdParamSchema, response: { 200: MerchantComboDetailSchema } } },
    (request) => endShopCombo(ctx, merchantSession(request).shopId, request.params.id, request.lang),
  );
}
