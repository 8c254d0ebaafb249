// HTTP for platform staff's orders (issue 25, decision 058): every shop's orders with the merchant
// center's filters plus shop, kind and shopper, and one order's detail. Read-only; admin audience.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminOrderDetailSchema, AdminOrderNumberParamSchema, AdminOrderQuerySchema, AdminOrderSchema } from '@bazaar/shared/schemas/admin-orders';
import { pageStaffOrders, staffOrderDetail } from '../flows/staff-orders.ts';

const tags = ['admin: orders'];
const security = [{ token: [] }];

export async function adminOrderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/orders',
    {
      config: { permission: 'orders.read' },
      schema: {
        summary: "A page of every shop's orders, newest first: by shop, status, kind (orderType), days, number, product and shopper",
        description: 'The shopper term matches part of a nickname or mobile, or a whole user id; mobiles are masked.',
        tags,
        security,
        querystring: AdminOrderQuerySchema,
        response: { 200: pageOf(AdminOrderSchema) },
      },
    },
    (request) => pageStaffOrders(ctx, request.query, request.lang),
  );
  api.get(
    '/admin/orders/:orderNumber',
    {
      config: { permission: 'orders.read' },
      schema: {
        summary: 'One order of any shop: lines, amounts, address, payments with their refunds, packages and history',
        tags,
        security,
        params: AdminOrderNumberParamSchema,
        response: { 200: AdminOrderDetailSchema },
      },
    },
    (request) => staffOrderDetail(ctx, request.params.orderNumber, request.lang),
  );
}
