// HTTP for the shopper's after-sales requests (reference 2.7, decision 059): what may be applied
// for, apply, the list and detail, withdraw, edit and resubmit, the amount, the return waybill,
// asking the platform to step in, and the deadline reminders. Shopper token; another shopper's
// request answers "not found", as a missing one does.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RefundAmountUpdateSchema,
  RefundApplyInfoQuerySchema,
  RefundApplyInfoSchema,
  RefundApplyPlatformSchema,
  RefundApplySchema,
  RefundCancelSchema,
  RefundDetailSchema,
  RefundExpressSchema,
  RefundListQuerySchema,
  RefundNoticeSchema,
  RefundPageSchema,
  RefundSnQuerySchema,
  RefundUpdateSchema,
} from '@bazaar/shared/schemas/refund';
import {
  applyRefund,
  applyRefundPlatform,
  cancelRefund,
  myRefundDetail,
  pageMyRefunds,
  refundApplyInfo,
  resubmitRefundExpress,
  submitRefundExpress,
  updateRefund,
  updateRefundAmount,
} from '../flows/apply-refund.ts';
import { refundNoticesOf } from '../flows/refund-deadlines.ts';
import { shopperId } from '../plugins/auth.ts';

const tags = ['refund'];
/** The after-sales round's routes: the shopper's session from the instance's cache (decision 068, sixth pass of issue 26 in decision 060). */
const roundTrip = { sessionCache: true };
const security = [{ token: [] }];

export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/p/orderRefund/applyInfo',
    {
      config: roundTrip,
      schema: {
        summary: 'What the apply page may offer for an item (orderItemId) or the whole order (0)',
        description: 'The lines, the most pieces and fen refundable (shipping apart), the shipping that comes with the last unrefunded item, the service types and reasons, the shopper\'s mobile. 400 with the reason when no request may be made.',
        tags,
        security,
        querystring: RefundApplyInfoQuerySchema,
        response: { 200: RefundApplyInfoSchema },
      },
    },
    (request) => refundApplyInfo(ctx, shopperId(request), request.query, request.lang),
  );
  api.post(
    '/p/orderRefund/apply',
    {
      config: roundTrip,
      schema: {
        summary: 'Apply for after-sales: a refund only, or a return and refund; answers the refundSn as a JSON string',
        description: 'One open request per item, none beside a whole-order one; the amount at most the ceiling; the last item\'s shipping only with freightConfirmed.',
        tags,
        security,
        body: RefundApplySchema,
      },
    },
    // A JSON string ("1234..."), so a client's JSON parser keeps all 19 digits.
    async (request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(await applyRefund(ctx, shopperId(request), request.body))),
  );
  api.get(
    '/p/orderRefund/list',
    { schema: { summary: "A page of the shopper's after-sales requests, newest first, by tab and service type", tags, security, querystring: RefundListQuerySchema, response: { 200: RefundPageSchema } } },
    (request) => pageMyRefunds(ctx, shopperId(request), request.query, request.lang),
  );
  api.get(
    '/p/orderRefund/info',
    { config: roundTrip, schema: { summary: 'A request with its parcel, its negotiation history, the current deadline and what the shopper may do now', tags, security, querystring: RefundSnQuerySchema, response: { 200: RefundDetailSchema } } },
    (request) => myRefundDetail(ctx, shopperId(request), request.query.refundSn, request.lang),
  );
  api.put(
    '/p/orderRefund/cancel',
    { schema: { summary: 'Withdraw a request the seller has not handled (body: the refundSn, or {refundSn})', tags, security, body: RefundCancelSchema } },
    async (request, reply) => {
      await cancelRefund(ctx, shopperId(request), request.body);
      return reply.code(200).send();
    },
  );
  api.post(
    '/p/orderRefund/update_refund',
    { schema: { summary: 'Edit a request in 1, or resubmit a refused one (back to 1 with a new handling deadline)', tags, security, body: RefundUpdateSchema } },
    async (request, reply) => {
      await updateRefund(ctx, shopperId(request), request.body);
      return reply.code(200).send();
    },
  );
  api.post(
    '/p/orderRefund/submitExpress',
    { config: roundTrip, schema: { summary: "The return's waybill once the seller agreed (2 -> 3)", tags, security, body: RefundExpressSchema } },
    async (request, reply) => {
      await submitRefundExpress(ctx, shopperId(request), request.body);
      return reply.code(200).send();
    },
  );
  api.put(
    '/p/orderRefund/reSubmitExpress',
    { schema: { summary: 'Edit the waybill while the seller has not received the goods (3)', tags, security, body: RefundExpressSchema } },
    async (request, reply) => {
      await resubmitRefundExpress(ctx, shopperId(request), request.body);
      return reply.code(200).send();
    },
  );
  api.put(
    '/p/orderRefund/updateRefundAmount',
    { schema: { summary: 'Change the amount: in 1, or 1-3 for a return; never above the ceiling', tags, security, body: RefundAmountUpdateSchema } },
    async (request, reply) => {
      await updateRefundAmount(ctx, shopperId(request), request.body);
      return reply.code(200).send();
    },
  );
  api.post(
    '/p/orderRefund/applyPlatform',
    { schema: { summary: 'After a refusal, ask the platform to step in (once), with a reason', tags, security, body: RefundApplyPlatformSchema } },
    async (request, reply) => {
      await applyRefundPlatform(ctx, shopperId(request), request.body);
      return reply.code(200).send();
    },
  );
  api.get(
    '/p/orderRefund/notices',
    { schema: { summary: "The shopper's after-sales reminders (a deadline 12 hours away), newest first", tags, security, response: { 200: z.array(RefundNoticeSchema) } } },
    (request) => refundNoticesOf(ctx, { userId: shopperId(request) }, request.lang),
  );
}
