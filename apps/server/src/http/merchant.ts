// HTTP for the merchant API: a shop's store account ships its own orders (reference 2.6, 5.4).
// Every route but the login needs a merchant token (plugins/auth.ts); a shopper's token is refused.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SELF } from '@bazaar/shared/constants/permissions';
import { pageOf } from '@bazaar/shared/schemas/common';
import { z } from 'zod';
import { DeliveryCompanySchema, OrderNumberParamSchema } from '@bazaar/shared/schemas/logistics';
import {
  DeliveryInputSchema,
  MerchantLoginSchema,
  MerchantOrderDetailSchema,
  MerchantOrderQuerySchema,
  MerchantOrderSchema,
  MerchantProfileSchema,
  MerchantTokenSchema,
} from '@bazaar/shared/schemas/merchant';
import { ShopPasswordChangeSchema } from '@bazaar/shared/schemas/shop-application';
import { signInMerchant } from '../flows/sign-in.ts';
import { merchantSession } from '../plugins/auth.ts';
import { revokeToken } from '../modules/auth/service.ts';
import { merchantProfile } from '../flows/merchant-session.ts';
import { listCompanies } from '../modules/logistics/service.ts';
import { changeMerchantPassword } from '../flows/shop-account.ts';
import { pageShopOrders, shipOrder, shopOrderDetail } from '../flows/ship-order.ts';

const tags = ['merchant'];
const security = [{ token: [] }];

export async function merchantRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.post(
    '/merchant/login',
    { config: { auth: 'public', limit: 'login' }, schema: { summary: 'Merchant login with the store account', tags, body: MerchantLoginSchema, response: { 200: MerchantTokenSchema } } },
    (request) => signInMerchant(ctx, request.body, request.lang, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  api.post('/merchant/logout', { config: { permission: SELF }, schema: { summary: 'Merchant logout', tags, security } }, async (request, reply) => {
    await revokeToken(ctx, 'merchant', request.headers.authorization);
    return reply.code(200).send();
  });
  api.get(
    '/merchant/me',
    { config: { permission: SELF }, schema: { summary: 'The signed-in store account and its shop', tags, security, response: { 200: MerchantProfileSchema } } },
    (request) => merchantProfile(ctx, merchantSession(request), request.lang),
  );
  api.post(
    '/merchant/password',
    { config: { permission: SELF, limit: 'login' }, schema: { summary: 'Change the store password (both encrypted); every session of the account ends', tags, security, body: ShopPasswordChangeSchema } },
    async (request, reply) => {
      await changeMerchantPassword(ctx, merchantSession(request), request.body);
      return reply.code(200).send();
    },
  );

  api.get('/merchant/delivery/list', { config: { permission: 'orders.ship' }, schema: { summary: 'Courier companies to ship with', tags, security, response: { 200: z.array(DeliveryCompanySchema) } } }, (request) => {
    merchantSession(request);
    return listCompanies(ctx, request.lang);
  });

  api.get(
    '/merchant/order/page',
    { config: { permission: 'orders.read' }, schema: { summary: 'A page of the shop\'s orders', tags, security, querystring: MerchantOrderQuerySchema, response: { 200: pageOf(MerchantOrderSchema) } } },
    (request) => pageShopOrders(ctx, merchantSession(request), request.query, request.lang),
  );
  api.get(
    '/merchant/order/info/:orderNumber',
    { config: { permission: 'orders.read' }, schema: { summary: 'One of the shop\'s orders', tags, security, params: OrderNumberParamSchema, response: { 200: MerchantOrderDetailSchema } } },
    (request) => shopOrderDetail(ctx, merchantSession(request), request.params.orderNumber, request.lang),
  );
  api.post(
    '/merchant/order/delivery',
    { config: { permission: 'orders.ship' }, schema: { summary: 'Ship an order in one or more packages', tags, security, body: DeliveryInputSchema, response: { 200: MerchantOrderDetailSchema } } },
    (request) => shipOrder(ctx, merchantSession(request), request.body, request.lang),
  );
}
