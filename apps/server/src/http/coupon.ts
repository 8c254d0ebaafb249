// HTTP for the shopper's coupons (reference 2.8, issue 11 §2, decision 041). The /coupon/* reads
// are public; their /p/myCoupon/* twins are the same reads with the reader's received counts and
// states. Receiving, my coupons and deleting are the shopper's own, under /p/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  CouponCardSchema,
  CouponCenterQuerySchema,
  CouponUserIdParamSchema,
  GeneralCouponQuerySchema,
  MyCouponCountsSchema,
  MyCouponPageSchema,
  MyCouponQuerySchema,
  ProductCouponQuerySchema,
  ReceiveCouponBodySchema,
  ReceiveResultSchema,
  ShopCouponQuerySchema,
} from '@bazaar/shared/schemas/coupon';
import { shopperId } from '../plugins/auth.ts';
import * as coupons from '../flows/coupons.ts';


const security = [{ token: [] }];
const tags = ['coupon'];

export async function couponRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  for (const [prefix, mine] of [
    ['/coupon', false],
    ['/p/myCoupon', true],
  ] as const) {
    const who = mine ? ' with my received counts' : '';
    const sec = mine ? { security } : {};
    api.get(
      `${prefix}/getCouponPage`,
      { schema: { summary: `The coupon center: receivable platform and shop coupons, sold-out ones marked${who}`, tags, ...sec, querystring: CouponCenterQuerySchema, response: { 200: pageOf(CouponCardSchema) } } },
      (request) => coupons.pageCouponCenter(ctx, mine ? shopperId(request) : null, request.query, request.lang),
    );
    api.get(
      `${prefix}/generalCouponList`,
      { schema: { summary: `The platform's receivable coupons, in the coupon center's page, sold-out ones marked${who}`, tags, ...sec, querystring: GeneralCouponQuerySchema, response: { 200: pageOf(CouponCardSchema) } } },
      (request) => coupons.pageGeneralCoupons(ctx, mine ? shopperId(request) : null, request.query, request.lang),
    );
    api.get(
      `${prefix}/listShopCoupon`,
      { schema: { summary: `A shop's receivable coupons (shopId 0: the platform's)${who}`, tags, ...sec, querystring: ShopCouponQuerySchema, response: { 200: z.array(CouponCardSchema) } } },
      (request) => coupons.shopCoupons(ctx, mine ? shopperId(request) : null, request.query.shopId, request.lang),
    );
    api.get(
      `${prefix}/listByProdId`,
      { schema: { summary: `The receivable coupons that apply to a product: the platform's and its shop's${who}`, tags, ...sec, querystring: ProductCouponQuerySchema, response: { 200: z.array(CouponCardSchema) } } },
      (request) => coupons.productCoupons(ctx, mine ? shopperId(request) : null, request.query, request.lang),
    );
  }
  api.post(
    '/p/myCoupon/receive',
    { schema: { summary: 'Receive a coupon; 400 when the limit is reached, it is sold out or no longer receivable', tags, security, body: ReceiveCouponBodySchema, response: { 200: ReceiveResultSchema } } },
    (request) => coupons.receiveCoupon(ctx, shopperId(request), request.body, request.lang),
  );
  api.get(
    '/p/myCoupon/getCouponList',
    { schema: { summary: 'My coupons in one state: 0 expired, 1 unused, 2 used', tags, security, querystring: MyCouponQuerySchema, response: { 200: MyCouponPageSchema } } },
    (request) => coupons.pageMyCoupons(ctx, shopperId(request), request.query, request.lang),
  );
  api.get(
    '/p/myCoupon/getMyCouponsStatusCount',
    { schema: { summary: 'How many of my coupons are unused, used and expired', tags, security, response: { 200: MyCouponCountsSchema } } },
    (request) => coupons.myCouponCounts(ctx, shopperId(request)),
  );
  api.delete(
    '/p/myCoupon/deleteCoupon/:couponUserId',
    { schema: { summary: 'Delete one of my used or expired coupons', tags, security, params: CouponUserIdParamSchema } },
    async (request, reply) => {
      await coupons.deleteMyCoupon(ctx, shopperId(request), request.params.couponUserId);
      return reply.code(200).send();
    },
  );
}
