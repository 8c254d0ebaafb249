// HTTP for the merchant center's landing page: the shop's dashboard (flows/merchant-dashboard.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MerchantDashboardSchema } from '@bazaar/shared/schemas/merchant-orders';
import { merchantDashboard } from '../flows/merchant-dashboard.ts';
import { merchantSession } from '../plugins/auth.ts';

export async function merchantDashboardRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/merchant/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        summary: "The shop's paid orders and sales today, this month and per day for 30 days (GMT+8, fen), orders to ship and low-stock SKUs",
        tags: ['merchant'],
        security: [{ token: [] }],
        response: { 200: MerchantDashboardSchema },
      },
    },
    (request) => merchantDashboard(app.ctx, merchantSession(request), request.lang),
  );
}
