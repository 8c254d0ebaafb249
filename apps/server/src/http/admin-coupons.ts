// HTTP for the platform console's coupons (issue 11 §5, decision 044): the platform's own coupons
// (shopId 0), listed with usage, created, edited and ended by staff, each change audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { CouponAdminDetailSchema, CouponAdminIdParamSchema, CouponAdminInputSchema, CouponAdminQuerySchema, CouponAdminRowSchema } from '@bazaar/shared/schemas/coupon-admin';
import { createPlatformCoupon, endPlatformCoupon, issuerCoupon, pageIssuerCoupons, PLATFORM, updatePlatformCoupon } from '../flows/coupon-admin.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: coupons'];
const security = [{ token: [] }];

export async function adminCouponRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/coupons',
    { config: { permission: 'coupons.manage' }, schema: { summary: "A page of the platform's coupons by state and name, with usage", tags, security, querystring: CouponAdminQuerySchema, response: { 200: pageOf(CouponAdminRowSchema) } } },
    (request) => {
      adminId(request);
      return pageIssuerCoupons(ctx, PLATFORM, request.query, request.lang);
    },
  );
  api.get(
    '/admin/coupons/:id',
    { config: { permission: 'coupons.manage' }, schema: { summary: "One of the platform's coupons with its listed products and usage", tags, security, params: CouponAdminIdParamSchema, response: { 200: CouponAdminDetailSchema } } },
    (request) => {
      adminId(request);
      return issuerCoupon(ctx, PLATFORM, request.params.id, request.lang);
    },
  );
  api.post(
    '/admin/coupons',
    { config: { permission: 'coupons.manage' }, schema: { summary: 'Create a platform coupon (any shop may be listed); audited', tags, security, body: CouponAdminInputSchema, response: { 200: CouponAdminDetailSchema } } },
    (request) => createPlatformCoupon(ctx, adminId(request), request.body, request.lang),
  );
  api.put(
    '/admin/coupons/:id',
    { config: { permission: 'coupons.manage' }, schema: { summary: 'Edit a platform coupon that has not ended; audited', tags, security, params: CouponAdminIdParamSchema, body: CouponAdminInputSchema, response: { 200: CouponAdminDetailSchema } } },
    (request) => updatePlatformCoupon(ctx, adminId(request), request.params.id, request.body, request.lang),
  );
  api.post(
    '/admin/coupons/:id/end',
    { config: { permission: 'coupons.manage' }, schema: { summary: 'End a platform coupon; the ones shoppers hold stay usable; audited', tags, security, params: CouponAdminIdParamSchema, response: { 200: CouponAdminDetailSchema } } },
    (request) => endPlatformCoupon(ctx, adminId(request), request.params.id, request.lang),
  );
}
