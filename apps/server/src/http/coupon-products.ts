// HTTP for the products a coupon applies to (reference 2.8, decision 044): public, the list's
// coupon tab (st=5) and "use now" in my coupons.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CouponProductPageSchema, CouponProductQuerySchema } from '@bazaar/shared/schemas/coupon-products';
import { couponProducts } from '../flows/coupon-products.ts';

export async function couponProductRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  api.get(
    '/coupon/prodListByCouponId',
    {
      schema: {
        summary: "The on-shelf products a coupon applies to (a shop coupon: its shop's; a platform coupon: every open shop's), by its scope, name and sort, with the coupon",
        tags: ['coupon'],
        querystring: CouponProductQuerySchema,
        response: { 200: CouponProductPageSchema },
      },
    },
    (request) => couponProducts(ctx, null, request.query, request.lang),
  );
}
