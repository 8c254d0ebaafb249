// HTTP for the merchant center's shop promotions (issue 11 §5, decision 037): list, read, create,
// edit and end the session's own shop's promotions; another shop's answers "does not exist".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  DiscountIdParamSchema,
  DiscountRowSchema,
  MerchantDiscountDetailSchema,
  MerchantDiscountInputSchema,
  MerchantDiscountQuerySchema,
} from '@bazaar/shared/schemas/shop-promotion';
import { createShopDiscount, endShopDiscount, pageShopDiscounts, shopDiscount, updateShopDiscount } from '../flows/shop-promotions.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant: promotions'];
const security = [{ token: [] }];

export async function merchantPromotionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/discounts',
    { config: { permission: 'promotions.manage' }, schema: { summary: "A page of the shop's promotions by state (upcoming, running, ended, takenDown) and name", tags, security, querystring: MerchantDiscountQuerySchema, response: { 200: pageOf(DiscountRowSchema) } } },
    (request) => pageShopDiscounts(ctx, merchantSession(request).shopId, request.query, request.lang),
  );
  api.get(
    '/merchant/discounts/:id',
    { config: { permission: 'promotions.manage' }, schema: { summary: "One of the shop's promotions with its listed products", tags, security, params: DiscountIdParamSchema, response: { 200: MerchantDiscountDetailSchema } } },
    (request) => shopDiscount(ctx, merchantSession(request).shopId, request.params.id, request.lang),
  );
  api.post(
    '/merchant/discounts',
    {
      config: { permission: 'promotions.manage' },
      schema: {
        summary: 'Create a promotion: 满减 (rule 0, ladder or every full), 满件折 (rule 1) or 满折 (rule 2), with 1-5 tiers, for all or listed products of the shop',
        tags,
        security,
        body: MerchantDiscountInputSchema,
        response: { 200: MerchantDiscountDetailSchema },
      },
    },
    (request) => createShopDiscount(ctx, merchantSession(request).shopId, request.body, request.lang),
  );
  api.put(
    '/merchant/discounts/:id',
    { config: { permission: 'promotions.manage' }, schema: { summary: 'Edit an upcoming or running promotion', tags, security, params: DiscountIdParamSchema, body: MerchantDiscountInputSchema, response: { 200: MerchantDiscountDetailSchema } } },
    (request) => updateShopDiscount(ctx, merchantSession(request).shopId, request.params.id, request.body, request.lang),
  );
  api.post(
    '/merchant/discounts/:id/end',
    { config: { permission: 'promotions.manage' }, schema: { summary: 'End an upcoming or running promotion now', tags, security, params: DiscountIdParamSchema, response: { 200: MerchantDiscountDetailSchema } } },
    (request) => endShopDiscount(ctx, merchantSession(request).shopId, request.params.id, request.lang),
  );
}
