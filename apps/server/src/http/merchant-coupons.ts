// HTTP for the merchant center's coupons (issue 11 §5, decision 044): list, read, create, edit and
// end the session's own shop's coupons, with their usage; another shop's answers 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { CouponAdminDetailSchema, CouponAdminIdParamSchema, CouponAdminInputSchema, CouponAdminQuerySchema, CouponAdminRowSchema } from '@bazaar/shared/schemas/coupon-admin';
import { createShopCoupon, endShopCoupon, issuerCoupon, pageIssuerCoupons, updateShopCoupon } from '../flows/coupon-admin.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant: coupons'];
const security = [{ token: [] }];

export async function merchantCouponRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/coupons',
    { config: { permission: 'promotions.manage' }, schema: { summary: "A page of the shop's coupons by state (on, off, ended) and name, with usage (received, used, amount reduced)", tags, security, querystring: CouponAdminQuerySchema, response: { 200: pageOf(CouponAdminRowSchema) } } },
    (request) => pageIssuerCoupons(ctx, merchantSession(request).shopId, request.query, request.lang),
  );
  api.get(
    '/merchant/coupons/:id',
    { config: { permission: 'promotions.manage' }, schema: { summary: "One of the shop's coupons with its listed products and usage", tags, security, params: CouponAdminIdParamSchema, response: { 200: CouponAdminDetailSchema } } },
    (request) => issuerCoupon(ctx, merchantSession(request).shopId, request.params.id, request.lang),
  );
  api.post(
    '/merchant/coupons',
    {
      config: { permission: 'promotions.manage' },
      schema: {
        summary: 'Create a shop coupon: cash or discount, with a threshold, for all, listed or all-but-listed products of the shop, fixed dates or N days after receipt',
        tags,
        security,
        body: CouponAdminInputSchema,
        response: { 200: CouponAdminDetailSchema },
      },
    },
    (request) => createShopCoupon(ctx, merchantSession(request).shopId, request.body, request.lang),
  );
  api.put(
    '/merchant/coupons/:id',
    {
      config: { permission: 'promotions.manage' },
      schema: {
        summary: 'Edit a coupon that has not ended; once shoppers hold it only its name, validity, stock (never below what was received), limit, way and on/off change',
        tags,
        security,
        params: CouponAdminIdParamSchema,
        body: CouponAdminInputSchema,
        response: { 200: CouponAdminDetailSchema },
      },
    },
    (request) => updateShopCoupon(ctx, merchantSession(request).shopId, request.params.id, request.body, request.lang),
  );
  api.post(
    '/merchant/coupons/:id/end',
    { config: { permission: 'promotions.manage' }, schema: { summary: 'End a coupon: nobody receives it any more; the ones shoppers hold stay usable', tags, security, params: CouponAdminIdParamSchema, response: { 200: CouponAdminDetailSchema } } },
    (request) => endShopCoupon(ctx, merchantSession(request).shopId, request.params.id, request.lang),
  );
}
