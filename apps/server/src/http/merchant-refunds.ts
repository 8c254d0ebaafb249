// HTTP for the merchant center's after-sales queue (decision 059): the shop's requests with counts
// by state, one request, accept (a return sends the shop's return address), refuse with a reason,
// confirm the returned goods (the three decisions answer where the request stands, not the whole
// request: the page reads it again), the return address, and the deadline reminders. Merchant token; only
// the session's shop: another shop's request answers 404, as a missing one does. A warehouse
// account (refunds.receive without refunds.handle) sees return requests only (merchantRefundScope).
// Every route here takes the merchant's session from the instance's cache (decision 068's merchant
// amendment): one kv read of the account's mark instead of the token's statement.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MerchantRefundAcceptSchema,
  MerchantRefundDecisionSchema,
  MerchantRefundDetailSchema,
  MerchantRefundPageSchema,
  MerchantRefundQuerySchema,
  MerchantRefundRefuseSchema,
  RefundCountsSchema,
  RefundNoticeSchema,
  RefundSnParamSchema,
  ReturnAddressInputSchema,
  ReturnAddressSchema,
} from '@bazaar/shared/schemas/refund';
import {
  acceptRefund,
  merchantRefundScope,
  pageShopRefunds,
  receiveRefund,
  refuseRefund,
  saveShopReturnAddress,
  shopRefundCounts,
  shopRefundDetail,
  shopReturnAddress,
} from '../flows/handle-refund.ts';
import { refundNoticesOf } from '../flows/refund-deadlines.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant: refunds'];
const security = [{ token: [] }];
const READ = ['refunds.handle', 'refunds.receive'] as const;

export async function merchantRefundRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/refunds',
    {
      config: { sessionCache: true, permission: READ },
      schema: { summary: "A page of the shop's after-sales requests, newest first, by tab, service type and refund or order number, with counts by state", tags, security, querystring: MerchantRefundQuerySchema, response: { 200: MerchantRefundPageSchema } },
    },
    (request) => pageShopRefunds(ctx, merchantSession(request).shopId, request.query, request.lang, merchantRefundScope(request.permissions)),
  );
  api.get(
    '/merchant/refunds/counts',
    { config: { sessionCache: true, permission: READ }, schema: { summary: "The shop's requests per state (the dashboard)", tags, security, response: { 200: RefundCountsSchema } } },
    (request) => shopRefundCounts(ctx, merchantSession(request).shopId, merchantRefundScope(request.permissions)),
  );
  api.get(
    '/merchant/refunds/notices',
    { config: { sessionCache: true, permission: READ }, schema: { summary: "The shop's after-sales reminders (a deadline 12 hours away), newest first", tags, security, response: { 200: z.array(RefundNoticeSchema) } } },
    (request) =>
      refundNoticesOf(ctx, { shopId: merchantSession(request).shopId }, request.lang, merchantRefundScope(request.permissions) === 'returns' ? ['sellerReceive'] : undefined),
  );
  api.get(
    '/merchant/refunds/return-address',
    { config: { sessionCache: true, permission: 'refunds.handle' }, schema: { summary: "Where the shop's returns go: its own setting, or its address and phone", tags, security, response: { 200: ReturnAddressSchema } } },
    (request) => shopReturnAddress(ctx, merchantSession(request).shopId),
  );
  api.put(
    '/merchant/refunds/return-address',
    { config: { sessionCache: true, permission: 'refunds.handle' }, schema: { summary: "Set where the shop's returns go (written to the shop's log)", tags, security, body: ReturnAddressInputSchema, response: { 200: ReturnAddressSchema } } },
    (request) => saveShopReturnAddress(ctx, merchantSession(request), request.body),
  );
  api.get(
    '/merchant/refunds/:refundSn',
    { config: { sessionCache: true, permission: READ }, schema: { summary: 'One of the shop\'s requests with its parcel, history and deadline', tags, security, params: RefundSnParamSchema, response: { 200: MerchantRefundDetailSchema } } },
    (request) => shopRefundDetail(ctx, merchantSession(request).shopId, request.params.refundSn, request.lang, merchantRefundScope(request.permissions)),
  );
  api.put(
    '/merchant/refunds/:refundSn/accept',
    {
      config: { sessionCache: true, permission: 'refunds.handle' },
      schema: {
        summary: 'Accept a request in 1: a refund only is refunded (answers 5 once it is); a return waits for the waybill to the return address (the body may name another)',
        tags,
        security,
        params: RefundSnParamSchema,
        body: MerchantRefundAcceptSchema,
        response: { 200: MerchantRefundDecisionSchema },
      },
    },
    (request) => acceptRefund(ctx, merchantSession(request), request.params.refundSn, request.body ?? {}),
  );
  api.put(
    '/merchant/refunds/:refundSn/refuse',
    {
      config: { sessionCache: true, permission: 'refunds.handle' },
      schema: { summary: 'Refuse a request in 1, or a return whose goods came back (3), with a reason the shopper sees', tags, security, params: RefundSnParamSchema, body: MerchantRefundRefuseSchema, response: { 200: MerchantRefundDecisionSchema } },
    },
    (request) => refuseRefund(ctx, merchantSession(request), request.params.refundSn, request.body.reason),
  );
  api.put(
    '/merchant/refunds/:refundSn/receive',
    {
      config: { sessionCache: true, permission: 'refunds.receive' },
      schema: { summary: 'Confirm the returned goods arrived (3 -> 4): the money goes back (answers 5 once it is)', tags, security, params: RefundSnParamSchema, response: { 200: MerchantRefundDecisionSchema } },
    },
    (request) => receiveRefund(ctx, merchantSession(request), request.params.refundSn, merchantRefundScope(request.permissions)),
  );
}
