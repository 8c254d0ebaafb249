// HTTP for the merchant's order export and the write-off (核销) of virtual goods' voucher codes.
// Both act only inside the session's shop (plugins/auth.ts merchantSession).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MerchantOrderExportQuerySchema, VoucherWriteOffResultSchema, VoucherWriteOffSchema } from '@bazaar/shared/schemas/merchant-orders';
import { exportShopOrders } from '../flows/export-shop-orders.ts';
import { writeOffVoucher } from '../modules/order/voucher-write-off.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant'];
const security = [{ token: [] }];

export async function merchantOrderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/order/export',
    {
      config: { permission: 'orders.read' },
      schema: {
        summary: "The shop's orders matching the list's filter as a CSV file (UTF-8 with BOM, at most 5000 orders)",
        tags,
        security,
        querystring: MerchantOrderExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportShopOrders(ctx, merchantSession(request), request.query, request.lang, request.t);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  api.post(
    '/merchant/voucher/write-off',
    {
      config: { permission: 'orders.ship' },
      schema: {
        summary: "Write off (redeem) one voucher code of the shop's virtual orders; a code is written off once",
        tags,
        security,
        body: VoucherWriteOffSchema,
        response: { 200: VoucherWriteOffResultSchema },
      },
    },
    (request) => writeOffVoucher(ctx.db, merchantSession(request).shopId, request.body.code, ctx.now(), request.lang),
  );
}
