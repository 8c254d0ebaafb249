// HTTP for the merchant API: a shop's store account ships its own orders (reference 2.6, 5.4).
// Authenticated by a merchant token only; a shopper's token is refused here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { OrderNumberParamSchema } from '@bazaar/shared/schemas/logistics';
import {
  DeliveryInputSchema,
  MerchantLoginSchema,
  MerchantOrderDetailSchema,
  MerchantOrderQuerySchema,
  MerchantOrderSchema,
  MerchantTokenSchema,
} from '@bazaar/shared/schemas/merchant';
import { unauthorized } from '../lib/app-error.ts';
import { tokenFromHeader } from '../plugins/auth.ts';
import * as merchant from '../modules/merchant/service.ts';
import { pageShopOrders, shipOrder, shopOrderDetail } from '../flows/ship-order.ts';

declare module 'fastify' {
  interface FastifyRequest {
    merchant: merchant.MerchantSession | null;
  }
}

const tags = ['merchant'];
const security = [{ token: [] }];
const LOGIN_URL = '/merchant/login';

function requireMerchant(request: FastifyRequest): merchant.MerchantSession {
  if (!request.merchant) throw unauthorized('merchant.errors.unauthorized');
  return request.merchant;
}

export async function merchantRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.decorateRequest('merchant', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === LOGIN_URL) return;
    const token = tokenFromHeader(request.headers.authorization);
    const session = token ? await merchant.sessionOf(ctx, token) : null;
    if (!session) throw unauthorized('merchant.errors.unauthorized');
    request.merchant = session;
  });

  api.post(LOGIN_URL, { schema: { tags, body: MerchantLoginSchema, response: { 200: MerchantTokenSchema } } }, (request) =>
    merchant.login(ctx, request.body, request.lang),
  );
  api.post('/merchant/logout', { schema: { tags, security } }, async (request, reply) => {
    requireMerchant(request);
    await merchant.logout(ctx, tokenFromHeader(request.headers.authorization)!);
    return reply.code(200).send();
  });

  api.get(
    '/merchant/order/page',
    { schema: { tags, security, querystring: MerchantOrderQuerySchema, response: { 200: pageOf(MerchantOrderSchema) } } },
    (request) => pageShopOrders(ctx, requireMerchant(request), request.query, request.lang),
  );
  api.get(
    '/merchant/order/info/:orderNumber',
    { schema: { tags, security, params: OrderNumberParamSchema, response: { 200: MerchantOrderDetailSchema } } },
    (request) => shopOrderDetail(ctx, requireMerchant(request), request.params.orderNumber, request.lang),
  );
  api.post(
    '/merchant/order/delivery',
    { schema: { tags, security, body: DeliveryInputSchema, response: { 200: MerchantOrderDetailSchema } } },
    (request) => shipOrder(ctx, requireMerchant(request), request.body, request.lang),
  );
}
