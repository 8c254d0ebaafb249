// HTTP for the platform console's flash sales (issue 27, decision 062): the day's session times,
// every shop's activities, their review (approve, or reject with a reason), taking one offline, and
// the reconciliation reports written after each activity. Decisions are audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminSeckillQuerySchema,
  SeckillIdParamSchema,
  SeckillOfflineSchema,
  SeckillReportPageSchema,
  SeckillReportQuerySchema,
  SeckillReviewSchema,
  SeckillRowDetailSchema,
  SeckillRowPageSchema,
  SeckillSessionTimesSchema,
} from '@bazaar/shared/schemas/seckill';
import { adminSessionTimes, anySeckill, pageAllSeckills, pageSeckillReports, reviewSeckill, saveSessionTimes, takeSeckillOffline } from '../flows/admin-seckill.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: flash sales'];
const security = [{ token: [] }];
const permission = 'seckill.manage';

export async function adminSeckillRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/seckill/sessions',
    { config: { permission }, schema: { summary: "The day's flash-sale sessions (Beijing time): start and length", tags, security, response: { 200: SeckillSessionTimesSchema } } },
    () => adminSessionTimes(ctx),
  );
  api.put(
    '/admin/seckill/sessions',
    { config: { permission }, schema: { summary: "Replace the day's flash-sale sessions (1 to 12, none overlapping another); audited", tags, security, body: SeckillSessionTimesSchema } },
    async (request, reply) => {
      await saveSessionTimes(ctx, adminId(request), request.body);
      return reply.code(200).send();
    },
  );
  api.get(
    '/admin/seckills',
    { config: { permission }, schema: { summary: "A page of every shop's flash sales by state, product name and shop, newest first, with live counts", tags, security, querystring: AdminSeckillQuerySchema, response: { 200: SeckillRowPageSchema } } },
    (request) => pageAllSeckills(ctx, request.query, request.lang),
  );
  api.get(
    '/admin/seckills/:id',
    { config: { permission }, schema: { summary: 'One flash sale with its SKUs', tags, security, params: SeckillIdParamSchema, response: { 200: SeckillRowDetailSchema } } },
    (request) => anySeckill(ctx, request.params.id, request.lang),
  );
  api.post(
    '/admin/seckills/:id/review',
    { config: { permission }, schema: { summary: 'Approve a pending flash sale, or reject it with the reason its shop sees (its flash stock goes back to the SKUs); audited', tags, security, params: SeckillIdParamSchema, body: SeckillReviewSchema } },
    async (request, reply) => {
      await reviewSeckill(ctx, adminId(request), request.params.id, request.body);
      return reply.code(200).send();
    },
  );
  api.post(
    '/admin/seckills/:id/offline',
    { config: { permission }, schema: { summary: 'Take an approved flash sale that has not ended offline now, with the reason its shop sees; audited', tags, security, params: SeckillIdParamSchema, body: SeckillOfflineSchema } },
    async (request, reply) => {
      await takeSeckillOffline(ctx, adminId(request), request.params.id, request.body);
      return reply.code(200).send();
    },
  );
  api.get(
    '/admin/seckill/reports',
    { config: { permission }, schema: { summary: 'The reconciliation of each SKU after its flash sale ended: the stock gate against PostgreSQL, differences first', tags, security, querystring: SeckillReportQuerySchema, response: { 200: SeckillReportPageSchema } } },
    (request) => pageSeckillReports(ctx, request.query, request.lang),
  );
}
