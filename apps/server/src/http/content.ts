// HTTP for the content module: site config, switches, terms, notices and the traffic log.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, PageQuerySchema } from '@bazaar/shared/schemas/common';
import {
  FlowAnalysisLogSchema,
  InviteConfigSchema,
  NoticeDetailSchema,
  NoticeSummarySchema,
  PaySwitchSchema,
  ServiceSwitchSchema,
  TermsSchema,
  WebConfigSchema,
  type WebConfig,
} from '@bazaar/shared/schemas/site';
import { shopperId } from '../plugins/auth.ts';
import { createContentService } from '../modules/content/service.ts';

const tags = ['content'];
const INT_MAX = 2_147_483_647;
const ShopIdParamSchema = z.object({ shopId: z.coerce.number('validation.id').int('validation.id').min(0, 'validation.id').max(INT_MAX, 'validation.id') });
const NoticeIdParamSchema = z.object({ id: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(INT_MAX, 'validation.id') });

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const content = createContentService(app.ctx);

  // Called on every route change: the JSON is built once, and Fastify sends a string with a
  // JSON content type as it is (the schema stays for the OpenAPI document).
  api.get('/webConfig/getPcWebConfig', { schema: { summary: 'The site config: welcome texts, logo, company info, record number', tags, response: { 200: WebConfigSchema } } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send((await content.webConfigJson()) as unknown as WebConfig),
  );

  api.get(
    '/webConfig/getInviteConfig',
    { config: { mayBeMissing: true }, schema: { tags, summary: 'The investor relations and merchant invitation page (/invite), both languages', response: { 200: InviteConfigSchema } } },
    () => content.invite(),
  );

  api.get('/sys/config/info/getSysServiceSwitch', { schema: { summary: 'Which terms pages are switched on', tags, response: { 200: ServiceSwitchSchema } } }, () => content.serviceSwitch());
  api.get('/sys/config/info/getSysPaySwitch', { schema: { summary: 'Which payment methods are switched on', tags, response: { 200: PaySwitchSchema } } }, () => content.paySwitch());
  api.get('/sys/config/info/serviceTerms', { schema: { summary: 'The service terms in the request language', tags, response: { 200: TermsSchema } } }, (request) =>
    content.terms('serviceTerms', request.lang),
  );
  api.get('/sys/config/info/servicePolicy', { schema: { summary: 'The privacy policy in the request language', tags, response: { 200: TermsSchema } } }, (request) =>
    content.terms('privacyPolicy', request.lang),
  );

  api.get(
    '/shop/notice/topNoticeList/:shopId',
    { schema: { summary: 'The top notices of the platform (shopId 0) or a shop', tags, params: ShopIdParamSchema, response: { 200: z.array(NoticeSummarySchema) } } },
    (request) => content.topNotices(request.params.shopId, request.lang),
  );
  api.get(
    '/shop/notice/noticeList/:shopId',
    { schema: { summary: 'A page of notices of the platform (shopId 0) or a shop', tags, params: ShopIdParamSchema, querystring: PageQuerySchema, response: { 200: pageOf(NoticeSummarySchema) } } },
    (request) => content.noticePage(request.params.shopId, request.query.current, request.query.size, request.lang),
  );
  api.get('/shop/notice/info/:id', { schema: { summary: 'One notice', tags, params: NoticeIdParamSchema, response: { 200: NoticeDetailSchema } } }, (request) =>
    content.noticeDetail(request.params.id, request.lang),
  );

  // The traffic log. The user comes from the token only; a userId in the body is ignored.
  const flowLimits = { bodyLimit: 16 * 1024 };
  api.post('/flowAnalysisLog', { ...flowLimits, schema: { summary: 'Record a page view (visitor)', tags, body: FlowAnalysisLogSchema } }, async (request, reply) => {
    await content.recordFlow(request.body, request.userId, request.ip);
    return reply.code(200).send();
  });
  api.post(
    '/p/flowAnalysisLog',
    { ...flowLimits, schema: { summary: 'Record a page view (logged-in shopper)', tags, body: FlowAnalysisLogSchema, security: [{ token: [] }] } },
    async (request, reply) => {
      await content.recordFlow(request.body, shopperId(request), request.ip);
      return reply.code(200).send();
    },
  );
}
