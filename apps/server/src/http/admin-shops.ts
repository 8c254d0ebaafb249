// HTTP for platform staff's shop list (issue 10): search and filter shops, take one offline with a
// reason or reopen it, set its type. Admin audience (the /admin/ path); each change is audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminShopQuerySchema, AdminShopSchema, ShopTypeSchema, StaffReasonSchema } from '@bazaar/shared/schemas/admin-shops';
import { ShopIdParamSchema } from '@bazaar/shared/schemas/shop-application';
import { getStaffShop, pageStaffShops, reopenShop, setShopType, takeShopOffline } from '../flows/staff-shops.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: shops'];
const security = [{ token: [] }];

export async function adminShopRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/shops',
    { config: { permission: 'shops.read' }, schema: { summary: 'A page of shops, by name or id, status and type', tags, security, querystring: AdminShopQuerySchema, response: { 200: pageOf(AdminShopSchema) } } },
    (request) => pageStaffShops(ctx, request.query),
  );
  api.get(
    '/admin/shops/:shopId',
    { config: { permission: 'shops.read' }, schema: { summary: 'One shop', tags, security, params: ShopIdParamSchema, response: { 200: AdminShopSchema } } },
    (request) => getStaffShop(ctx, request.params.shopId),
  );
  api.post(
    '/admin/shops/:shopId/offline',
    {
      config: { permission: 'shops.offline' },
      schema: {
        summary: 'Take an open shop offline with a reason: its page shows the offline message, its products leave search and cannot be bought',
        tags,
        security,
        params: ShopIdParamSchema,
        body: StaffReasonSchema,
        response: { 200: AdminShopSchema },
      },
    },
    (request) => takeShopOffline(ctx, adminId(request), request.params.shopId, request.body.reason),
  );
  api.post(
    '/admin/shops/:shopId/reopen',
    { config: { permission: 'shops.offline' }, schema: { summary: 'Reopen an offline shop', tags, security, params: ShopIdParamSchema, response: { 200: AdminShopSchema } } },
    (request) => reopenShop(ctx, adminId(request), request.params.shopId),
  );
  api.post(
    '/admin/shops/:shopId/type',
    { config: { permission: 'shops.offline' }, schema: { summary: 'Set a shop self-run (1) or ordinary (2)', tags, security, params: ShopIdParamSchema, body: ShopTypeSchema, response: { 200: AdminShopSchema } } },
    (request) => setShopType(ctx, adminId(request), request.params.shopId, request.body.type),
  );
}
