// HTTP for payment (reference 2.5): pay info, pay, pay status, the balance, the gateways'
// notifications and, while the sandboxes are in use, their gateway pages.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OrderPayInfoQuerySchema,
  OrderPayInfoSchema,
  PayNoQuerySchema,
  PayRequestSchema,
  PayResultSchema,
  PayStatusParamsSchema,
  PaymentInfoSchema,
} from '@bazaar/shared/schemas/payment';
import { shopperId } from '../plugins/auth.ts';
import { sandboxPaymentRoutes } from './sandbox-payment.ts';
import { createPayOrderFlow } from '../flows/pay-order.ts';
import { handlePaymentNotification } from '../flows/payment-notice.ts';
import { balanceOf } from '../modules/wallet/service.ts';

const tags = ['payment'];
const security = [{ token: [] }];
/** Gateways post a few kilobytes (Alipay's form, WeChat's JSON); anything bigger is not a notification. */
const NOTICE_BODY_LIMIT = 16 * 1024;

/** The storefront origin links are built on: PUBLIC_WEB_URL, else the host the request came through. */
export function webOriginOf(request: FastifyRequest): string {
  const configured = request.server.ctx.env.PUBLIC_WEB_URL;
  return configured ? new URL(configured).origin : `${request.protocol}://${request.host}`;
}

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const providers = app.ctx.providers.payment;
  const payments = createPayOrderFlow(app.ctx);

  api.get(
    '/p/order/getOrderPayInfoByOrderNumber',
    { schema: { summary: 'What the payment page shows for orders', tags, security, querystring: OrderPayInfoQuerySchema, response: { 200: OrderPayInfoSchema } } },
    (request) => payments.orderPayInfo(shopperId(request), request.query.orderNumbers, request.lang),
  );

  // Answers PayResultSchema for Alipay and WeChat, and an empty body once a balance payment is settled (reference 2.5).
  api.post('/p/order/pay', { config: { sessionCache: true }, schema: { summary: 'Pay orders: answers the gateway form, QR code or balance result', tags, security, body: PayRequestSchema } }, async (request, reply) => {
    const result = await payments.pay(shopperId(request), request.body, webOriginOf(request), request.log);
    if (!result.form && !result.codeUrl) return reply.code(200).send();
    return reply.send(PayResultSchema.parse(result));
  });

  api.get('/p/order/isPay/:payEntry/:payNo', { schema: { summary: 'Whether a payment has arrived', tags, security, params: PayStatusParamsSchema, response: { 200: z.boolean() } } }, (request) =>
    payments.isPaid(shopperId(request), request.params.payEntry, request.params.payNo),
  );

  api.get('/p/order/getPayInfoByPayNo', { schema: { summary: 'A payment\'s amount and orders by its number', tags, security, querystring: PayNoQuerySchema, response: { 200: PaymentInfoSchema } } }, (request) =>
    payments.paymentInfo(shopperId(request), request.query.payNo, request.log),
  );

  api.get('/p/userBalance/getBalanceInfo', { schema: { tags, security, summary: 'The balance in fen', response: { 200: z.number().int() } } }, (request) =>
    balanceOf(app.ctx.db, shopperId(request)),
  );

  // Notifications are verified over the exact bytes received, so this context keeps bodies raw.
  await app.register(async (notice) => {
    notice.removeAllContentTypeParsers();
    notice.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTICE_BODY_LIMIT }, (_request, body, done) => done(null, body));
    notice.withTypeProvider<ZodTypeProvider>().post(
      '/notice/pay/:payEntry/:payType',
      {
        bodyLimit: NOTICE_BODY_LIMIT,
        config: { limit: 'paymentNotice' },
        schema: {
          tags,
          summary: 'Gateway payment notification (no token)',
          params: z.object({ payEntry: z.coerce.number().int().min(0).max(2), payType: z.coerce.number().int() }),
        },
      },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const ack = await handlePaymentNotification(app.ctx, request.params.payEntry, request.params.payType, { headers: request.headers, rawBody }, request.log);
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      },
    );
  });

  if (providers.sandbox) await app.register(sandboxPaymentRoutes, { providers, sandbox: providers.sandbox });
}
