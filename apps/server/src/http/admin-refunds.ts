// HTTP for the platform console's after-sales (decision 059): every shop's requests, one request,
// the step-in decision after a refusal (refund or close, audited), and the after-sales periods.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminRefundDecideSchema,
  AdminRefundDetailSchema,
  AdminRefundPageSchema,
  AdminRefundQuerySchema,
  AftersaleSettingsSchema,
  RefundSnParamSchema,
} from '@bazaar/shared/schemas/refund';
import { anyRefundDetail, decideRefund, pageAllRefunds, readAftersaleSettings, writeAftersaleSettings } from '../flows/handle-refund.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: refunds'];
const security = [{ token: [] }];

export async function adminRefundRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/refunds',
    {
      config: { permission: 'refunds.read' },
      schema: { summary: "A page of every shop's after-sales requests, newest first: by shop, tab, service type, number, and those asking the platform", tags, security, querystring: AdminRefundQuerySchema, response: { 200: AdminRefundPageSchema } },
    },
    (request) => pageAllRefunds(ctx, request.query, request.lang),
  );
  api.get(
    '/admin/refunds/:refundSn',
    { config: { permission: 'refunds.read' }, schema: { summary: 'One request with its parcel, history and the shopper\'s reason for asking the platform', tags, security, params: RefundSnParamSchema, response: { 200: AdminRefundDetailSchema } } },
    (request) => anyRefundDetail(ctx, request.params.refundSn, request.lang),
  );
  api.put(
    '/admin/refunds/:refundSn/decide',
    {
      config: { permission: 'refunds.decide' },
      schema: { summary: 'Decide a refused request the shopper brought to the platform: refund or close, with a reason both sides see (audited)', tags, security, params: RefundSnParamSchema, body: AdminRefundDecideSchema, response: { 200: AdminRefundDetailSchema } },
    },
    (request) => decideRefund(ctx, adminId(request), request.params.refundSn, request.body, request.lang),
  );
  api.get(
    '/admin/aftersale-settings',
    { config: { permission: 'aftersale.settings' }, schema: { summary: 'The after-sales periods', tags, security, response: { 200: AftersaleSettingsSchema } } },
    () => readAftersaleSettings(ctx),
  );
  api.put(
    '/admin/aftersale-settings',
    { config: { permission: 'aftersale.settings' }, schema: { summary: 'Set the after-sales periods (audited); running deadlines keep their time', tags, security, body: AftersaleSettingsSchema, response: { 200: AftersaleSettingsSchema } } },
    (request) => writeAftersaleSettings(ctx, adminId(request), request.body),
  );
}
