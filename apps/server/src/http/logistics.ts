// HTTP for the shopper's logistics (reference 2.6): courier companies, packages, timelines.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeliveryCompanySchema, DeliveryIdParamSchema, DeliveryTrackSchema, OrderNumberParamSchema, OrderPackageSchema } from '@bazaar/shared/schemas/logistics';
import { shopperId } from '../plugins/auth.ts';
import * as logistics from '../modules/logistics/service.ts';
import { myDeliveryTrack, myOrderPackages } from '../flows/order-packages.ts';

const tags = ['logistics'];
const security = [{ token: [] }];

export async function logisticsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get('/p/delivery/list', { schema: { summary: 'Courier companies', tags, security, response: { 200: z.array(DeliveryCompanySchema) } } }, (request) => {
    shopperId(request);
    return logistics.listCompanies(ctx, request.lang);
  });
  api.get(
    '/p/myDelivery/orderInfo/:orderNumber',
    { schema: { summary: 'An order\'s packages', tags, security, params: OrderNumberParamSchema, response: { 200: z.array(OrderPackageSchema) } } },
    (request) => myOrderPackages(ctx, shopperId(request), request.params.orderNumber, request.lang),
  );
  api.get(
    '/p/myDelivery/deliveryOrder/:orderDeliveryId',
    { schema: { summary: 'A package\'s logistics timeline (newest first)', tags, security, params: DeliveryIdParamSchema, response: { 200: DeliveryTrackSchema } } },
    (request) => myDeliveryTrack(ctx, shopperId(request), request.params.orderDeliveryId, request.lang),
  );
}
