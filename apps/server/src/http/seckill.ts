// HTTP for the shopper's flash sale (reference §2.2, §2.4, §5.6; decision 062). This plugin also
// runs this instance's order writers (SECKILL_WRITERS of them) while the app is up.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SeckillCardPageSchema,
  SeckillConfirmResultSchema,
  SeckillConfirmSchema,
  SeckillDetailSchema,
  SeckillIdQuerySchema,
  SeckillOrderPathParamSchema,
  SeckillOrderPathQuerySchema,
  SeckillOrderPathResultSchema,
  SeckillOrderStatusQuerySchema,
  SeckillOrderStatusSchema,
  SeckillPageProdQuerySchema,
  SeckillRemindParamSchema,
  SeckillRemindSchema,
  SeckillRemindsResultSchema,
  SeckillSessionProdsQuerySchema,
  SeckillSessionProdsResultSchema,
  SeckillSessionsResultSchema,
  SeckillSubmitResultSchema,
  SeckillSubmitSchema,
} from '@bazaar/shared/schemas/seckill';
import { shopperId } from '../plugins/auth.ts';
import {
  confirmSeckillOrder,
  forgetSeckillReminder,
  listSeckillSessions,
  pageSeckillProducts,
  remindSeckill,
  seckillDetail,
  seckillOrderPath,
  seckillOrderStatus,
  seckillReminders,
  seckillSessionProducts,
  submitSeckillOrder,
} from '../flows/place-seckill-order.ts';
import { runSeckillWriters, stopSeckillWriters } from '../flows/write-seckill-orders.ts';
import { closeSeckillGate } from '../modules/seckill/gate.ts';
import { fastSerializerCompiler } from '../lib/fast-json.ts';

const security = [{ token: [] }];
const tags = ['seckill'];
const ended = z.null().describe('The activity has ended');
/** The flash sale's hot routes take the shopper's session from the instance's cache (decision 068). */
const hot = { sessionCache: true };
/** Submit checks the session's revocation mark in the gate's own script (decision 068): no kv read of its own. */
const hottest = { sessionCache: 'route' as const };

export async function seckillRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // Submit's answer (the burst's) is written by fast-json-stringify, not zod's checked copy (decision 049).
  const serializerCompiler = fastSerializerCompiler({ check: ctx.env.NODE_ENV !== 'production' });

  app.addHook('onReady', async () => {
    runSeckillWriters(ctx, ctx.env.SECKILL_WRITERS, app.log);
  });
  app.addHook('onClose', async () => {
    await stopSeckillWriters(ctx);
    await closeSeckillGate(ctx);
  });

  api.get('/seckill/sessions', { schema: { summary: "Today's flash-sale sessions and tomorrow's first (first an earlier day's, while sales begun before today's sessions still run), with the server's clock", tags, response: { 200: SeckillSessionsResultSchema } } }, () =>
    listSeckillSessions(ctx),
  );
  api.get(
    '/seckill/sessionProds',
    { schema: { summary: 'A page of the flash sales starting in one session (its sessionKey)', tags, querystring: SeckillSessionProdsQuerySchema, response: { 200: SeckillSessionProdsResultSchema } } },
    (request) => seckillSessionProducts(ctx, request.query, request.lang),
  );
  api.get(
    '/seckill/pageProd',
    { schema: { summary: 'A page of the running and upcoming flash sales, earliest first', tags, querystring: SeckillPageProdQuerySchema, response: { 200: SeckillCardPageSchema } } },
    (request) => pageSeckillProducts(ctx, request.query, request.lang),
  );
  api.get(
    '/seckill/prod',
    { schema: { summary: "One flash sale's detail (/secdetail); 204 once it has ended", tags, querystring: SeckillIdQuerySchema, response: { 200: SeckillDetailSchema, 204: ended } } },
    (request) => seckillDetail(ctx, request.query.seckillId, request.lang),
  );

  api.get(
    '/p/seckill/orderPath',
    {
      config: hot,
      schema: {
        summary: "The shopper's one-time order path for a running flash sale (5 minutes); 400 'Event not started', 204 once ended",
        tags,
        security,
        querystring: SeckillOrderPathQuerySchema,
        response: { 200: SeckillOrderPathResultSchema, 204: ended },
      },
    },
    (request) => seckillOrderPath(ctx, shopperId(request), request.query),
  );
  api.post(
    '/p/seckill/:orderPath/confirm',
    { config: hot, schema: { summary: 'Price a flash-sale order at the activity price (no coupons, promotions or points)', tags, security, params: SeckillOrderPathParamSchema, body: SeckillConfirmSchema, response: { 200: SeckillConfirmResultSchema, 204: ended } } },
    (request) => confirmSeckillOrder(ctx, shopperId(request), request.params.orderPath, request.body, request.lang),
  );
  api.post(
    '/p/seckill/:orderPath/submit',
    { config: hottest, serializerCompiler, schema: { summary: 'Submit the confirmed flash-sale order: queued, answers its order number', tags, security, params: SeckillOrderPathParamSchema, body: SeckillSubmitSchema, response: { 200: SeckillSubmitResultSchema, 204: ended } } },
    (request) => submitSeckillOrder(ctx, shopperId(request), request.params.orderPath, request.body, request.sessionMark),
  );
  api.get(
    '/p/seckill/createOrderStatus',
    { config: hot, schema: { summary: 'Whether the queued flash-sale order was written (poll every 3 s, at most 10 times)', tags, security, querystring: SeckillOrderStatusQuerySchema, response: { 200: SeckillOrderStatusSchema } } },
    (request) => seckillOrderStatus(ctx, shopperId(request), request.query.orderNumber, request.lang),
  );
  api.post('/p/seckill/remind', { schema: { summary: 'Remind me by SMS when this upcoming flash sale starts', tags, security, body: SeckillRemindSchema } }, async (request, reply) => {
    await remindSeckill(ctx, shopperId(request), request.body.seckillId);
    return reply.code(200).send();
  });
  api.delete('/p/seckill/remind/:seckillId', { schema: { summary: 'No reminder for this flash sale after all', tags, security, params: SeckillRemindParamSchema } }, async (request, reply) => {
    await forgetSeckillReminder(ctx, shopperId(request), request.params.seckillId);
    return reply.code(200).send();
  });
  api.get('/p/seckill/reminds', { schema: { summary: "The flash sales the shopper asked to be reminded of (not sent yet)", tags, security, response: { 200: SeckillRemindsResultSchema } } }, (request) =>
    seckillReminders(ctx, shopperId(request)),
  );
}
