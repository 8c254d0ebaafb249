// HTTP for the platform console's points mall (issue 29, decision 066): every points item, the
// self-run shops' products to make one of, create, edit and on/off shelf; each route declares
// pointsmall.manage and every write is audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminPointsItemCreateSchema,
  AdminPointsItemCreatedSchema,
  AdminPointsItemPageSchema,
  AdminPointsItemQuerySchema,
  AdminPointsItemRowSchema,
  AdminPointsItemStatusSchema,
  AdminPointsItemUpdateSchema,
  AdminPointsProductPageSchema,
  AdminPointsProductQuerySchema,
  PointsItemIdParamSchema,
} from '@bazaar/shared/schemas/points-mall';
import { adminPointsItem, createPointsItem, pageAdminPointsItems, pagePointsCandidates, setPointsItemStatus, updatePointsItem } from '../flows/admin-points-mall.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: points mall'];
const security = [{ token: [] }];
const permission = 'pointsmall.manage';

export async function adminPointsMallRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/pointsMall/items',
    { config: { permission }, schema: { summary: 'A page of every points item (by shelf status and product name), newest first', tags, security, querystring: AdminPointsItemQuerySchema, response: { 200: AdminPointsItemPageSchema } } },
    (request) => pageAdminPointsItems(ctx, request.query, request.lang),
  );
  api.get(
    '/admin/pointsMall/items/:id',
    { config: { permission }, schema: { summary: 'One points item', tags, security, params: PointsItemIdParamSchema, response: { 200: AdminPointsItemRowSchema } } },
    (request) => adminPointsItem(ctx, request.params.id, request.lang),
  );
  api.get(
    '/admin/pointsMall/products',
    { config: { permission }, schema: { summary: "The self-run shops' products (not deleted) without a points item yet", tags, security, querystring: AdminPointsProductQuerySchema, response: { 200: AdminPointsProductPageSchema } } },
    (request) => pagePointsCandidates(ctx, request.query, request.lang),
  );
  api.post(
    '/admin/pointsMall/items',
    { config: { permission }, schema: { summary: "Make a self-run shop's product a points item (points price, cash part, stock, per-user limit, shelf); audited", tags, security, body: AdminPointsItemCreateSchema, response: { 200: AdminPointsItemCreatedSchema } } },
    (request) => createPointsItem(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/pointsMall/items/:id',
    { config: { permission }, schema: { summary: 'Edit a points item: prices, limit, and the stock by stocks - baseStocks; audited', tags, security, params: PointsItemIdParamSchema, body: AdminPointsItemUpdateSchema, response: { 200: AdminPointsItemRowSchema } } },
    (request) => updatePointsItem(ctx, adminId(request), request.params.id, request.body, request.lang),
  );
  api.post(
    '/admin/pointsMall/items/:id/status',
    { config: { permission }, schema: { summary: 'Put a points item on shelf (its product must be on shelf) or off; audited', tags, security, params: PointsItemIdParamSchema, body: AdminPointsItemStatusSchema, response: { 200: AdminPointsItemRowSchema } } },
    (request) => setPointsItemStatus(ctx, adminId(request), request.params.id, request.body.status, request.lang),
  );
}
