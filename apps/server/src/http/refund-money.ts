// HTTP for refund money (decision 060): the gateways' refund result notifications (no token,
// verified over the exact bytes like payment notifications) and finance staff's view of refunds a
// gateway has not confirmed, with a retry (the same refund number). Admin audience.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RefundNoParamSchema, RefundPaymentPageSchema, RefundPaymentQuerySchema, RefundRetryResultSchema } from '@bazaar/shared/schemas/refund-payment';
import { handleRefundNotification } from '../flows/refund-money.ts';
import { pageRefundPayments, retryRefundPayment } from '../flows/refund-payments-admin.ts';

const tags = ['admin: refund payments'];
const security = [{ token: [] }];
const NOTICE_BODY_LIMIT = 16 * 1024;

export async function refundMoneyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/refund-payments',
    {
      config: { permission: 'refunds.settle' },
      schema: { summary: 'Refunds the gateway has not confirmed yet (failing first), with their tries and last error', tags, security, querystring: RefundPaymentQuerySchema, response: { 200: RefundPaymentPageSchema } },
    },
    (request) => pageRefundPayments(ctx, request.query),
  );
  api.post(
    '/admin/refund-payments/:refundNo/retry',
    {
      config: { permission: 'refunds.settle' },
      schema: { summary: 'Try a refund again now, with the same refund number', tags, security, params: RefundNoParamSchema, response: { 200: RefundRetryResultSchema } },
    },
    (request) => retryRefundPayment(ctx, request.params.refundNo),
  );

  await app.register(async (notice) => {
    notice.removeAllContentTypeParsers();
    notice.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTICE_BODY_LIMIT }, (_request, body, done) => done(null, body));
    notice.withTypeProvider<ZodTypeProvider>().post(
      '/notice/refund/:payType',
      {
        bodyLimit: NOTICE_BODY_LIMIT,
        config: { limit: 'paymentNotice' },
        schema: { tags: ['payment'], summary: 'Gateway refund result notification (no token)', params: z.object({ payType: z.coerce.number().int() }) },
      },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const ack = await handleRefundNotification(ctx, request.params.payType, { headers: request.headers, rawBody }, request.log);
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      },
    );
  });
}
