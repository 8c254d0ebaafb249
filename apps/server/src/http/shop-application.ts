// HTTP for the free store application and the store account (reference 2.11). Shopper routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ShopAccountCodeSchema,
  ShopAccountSchema,
  ShopAccountSetSchema,
  ShopApplicationSchema,
  ShopApplySchema,
  ShopAuditSchema,
  ShopPasswordChangeSchema,
} from '@bazaar/shared/schemas/shop-application';
import { shopperId } from '../plugins/auth.ts';
import { applyForShop, myApplication, myShopAudit } from '../flows/shop-application.ts';
import { changeShopPassword, sendShopAccountCode, setShopAccount, shopAccountOf } from '../flows/shop-account.ts';

const tags = ['shop application'];

export async function shopApplicationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get('/p/shop', { schema: { summary: 'The shopper\'s own shop and its status', tags, description: 'My store application; null when I never applied.', response: { 200: ShopApplicationSchema.nullable() } } }, (request) =>
    myApplication(ctx, shopperId(request)),
  );
  api.get('/p/shop/shopAudit', { schema: { summary: 'The store application\'s review result', tags, response: { 200: ShopAuditSchema } } }, (request) => myShopAudit(ctx, shopperId(request)));
  api.post(
    '/p/shop/apply',
    { schema: { summary: 'Apply for a free store, or resubmit after a rejection', tags, description: 'Apply for a store, or resubmit after a rejection.', body: ShopApplySchema, response: { 200: ShopApplicationSchema } } },
    (request) => applyForShop(ctx, shopperId(request), request.body),
  );

  api.get('/p/shop/shopAccount', { schema: { summary: 'The store account of the shopper\'s open shop', tags, response: { 200: ShopAccountSchema } } }, (request) => shopAccountOf(ctx, shopperId(request)));
  api.post('/p/shop/sendCode', { config: { limit: 'sms' }, schema: { summary: 'Send the SMS code for setting the store account', tags, body: ShopAccountCodeSchema } }, async (request, reply) => {
    await sendShopAccountCode(ctx, shopperId(request), request.body.mobile, request.ip);
    return reply.send();
  });
  api.post(
    '/p/shop/saveUsernameAndPassword',
    { config: { limit: 'login' }, schema: { summary: 'Set the store account and password (the merchant login)', tags, description: 'Set the store account once: the mobile verified by the code, and the password encrypted as at login.', body: ShopAccountSetSchema, response: { 200: ShopAccountSchema } } },
    (request) => setShopAccount(ctx, shopperId(request), request.body),
  );
  api.post('/p/shop/updatePassword', { config: { limit: 'login' }, schema: { summary: 'Change the store account\'s password', tags, body: ShopPasswordChangeSchema } }, async (request, reply) => {
    await changeShopPassword(ctx, shopperId(request), request.body);
    return reply.send();
  });
}
