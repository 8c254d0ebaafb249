// HTTP for checkout (reference 2.4, general orders) and the shopper's orders (2.6).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  ConfirmOrderSchema,
  ConfirmResultSchema,
  MyOrderQuerySchema,
  MyOrderSearchQuerySchema,
  OrderNumberParamSchema,
  OrderNumberQuerySchema,
  OrderStatusResultSchema,
  SubmitOrderSchema,
  SubmitResultSchema,
} from '@bazaar/shared/schemas/order';
import { shopperId } from '../plugins/auth.ts';
import { confirmOrder, submitOrder } from '../flows/place-order.ts';
import { cancelOrderByBuyer } from '../flows/cancel-order.ts';
import { receiveOrderByBuyer } from '../flows/receive-order.ts';
import { orderDetail, orderPage, searchOrderPage } from '../flows/my-orders.ts';
import { withDetailRefundFields, withPageRefundFields } from '../flows/order-refund-fields.ts';
import { MyOrderWithRefundSchema, OrderDetailWithRefundSchema } from '@bazaar/shared/schemas/refund';
import { createOrderService } from '../modules/order/service.ts';

const security = [{ token: [] }];
const tags = ['order'];
/** The checkout and after-sales round's routes: the shopper's session from the instance's cache (decision 068, sixth pass of issue 26 in decision 060). */
const roundTrip = { sessionCache: true };

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const orders = createOrderService(ctx);

  api.post('/p/order/confirm', { config: roundTrip, schema: { summary: 'Price an order before submitting (checkout page)', tags, security, body: ConfirmOrderSchema, response: { 200: ConfirmResultSchema } } }, (request) =>
    confirmOrder(ctx, shopperId(request), request.body, request.lang),
  );
  api.post('/p/order/submit', { config: roundTrip, schema: { summary: 'Submit the confirmed order; answers the order numbers', tags, security, body: SubmitOrderSchema, response: { 200: SubmitResultSchema } } }, (request) =>
    submitOrder(ctx, shopperId(request), request.body),
  );

  api.get('/p/myOrder/myOrder', { schema: { summary: 'A page of the shopper\'s orders by status', tags, security, querystring: MyOrderQuerySchema, response: { 200: pageOf(MyOrderWithRefundSchema) } } }, async (request) =>
    withPageRefundFields(ctx, await orderPage(ctx, shopperId(request), request.query, request.lang)),
  );
  api.get(
    '/p/myOrder/myOrderSearch',
    { schema: { summary: "Search the shopper's orders: status, product name, order number, time span (0 all, 1 last 7 days, 2 last 3 months, 3 older), type, mold", tags, security, querystring: MyOrderSearchQuerySchema, response: { 200: pageOf(MyOrderWithRefundSchema) } } },
    async (request) => withPageRefundFields(ctx, await searchOrderPage(ctx, shopperId(request), request.query, request.lang)),
  );
  api.get('/p/myOrder/orderDetail', { config: roundTrip, schema: { summary: 'One order\'s detail', tags, security, querystring: OrderNumberQuerySchema, response: { 200: OrderDetailWithRefundSchema } } }, async (request) =>
    withDetailRefundFields(ctx, await orderDetail(ctx, shopperId(request), request.query.orderNumber, request.lang)),
  );
  api.get('/p/myOrder/getOrderStatus', { schema: { summary: 'One order\'s status', tags, security, querystring: OrderNumberQuerySchema, response: { 200: OrderStatusResultSchema } } }, (request) =>
    orders.status(shopperId(request), request.query.orderNumber),
  );
  api.put('/p/myOrder/cancel/:orderNumber', { schema: { summary: 'Cancel an unpaid order', tags, security, params: OrderNumberParamSchema } }, async (request, reply) => {
    await cancelOrderByBuyer(ctx, shopperId(request), request.params.orderNumber);
    return reply.code(200).send();
  });
  api.put('/p/myOrder/receipt/:orderNumber', { config: roundTrip, schema: { summary: 'Confirm receipt of a shipped order', tags, security, params: OrderNumberParamSchema } }, async (request, reply) => {
    await receiveOrderByBuyer(ctx, shopperId(request), request.params.orderNumber);
    return reply.code(200).send();
  });
  api.delete('/p/myOrder/:orderNumber', { schema: { summary: 'Delete a finished or cancelled order from the list', tags, security, params: OrderNumberParamSchema } }, async (request, reply) => {
    await orders.remove(shopperId(request), request.params.orderNumber);
    return reply.code(200).send();
  });
}
