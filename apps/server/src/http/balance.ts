// HTTP for the shopper's balance (issue 12, reference 2.9): the top-up presets, a top-up paid
// through Alipay or WeChat (payEntry 1), and the records with filters. The balance itself is
// GET /p/userBalance/getBalanceInfo (http/payment.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BalanceLogPageSchema, BalanceLogQuerySchema, BalanceOptionSchema, TopUpRequestSchema } from '@bazaar/shared/schemas/balance';
import { PayResultSchema } from '@bazaar/shared/schemas/payment';
import { createTopUp, listBalanceOptions } from '../flows/top-up.ts';
import { pageBalanceLogs } from '../modules/wallet/balance-service.ts';
import { shopperId } from '../plugins/auth.ts';
import { webOriginOf } from './payment.ts';

const tags = ['balance'];
const security = [{ token: [] }];

export async function balanceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/p/userBalance/getList',
    { schema: { summary: 'The top-up presets that are on, with their gifts', tags, security, response: { 200: z.array(BalanceOptionSchema) } } },
    (request) => {
      shopperId(request);
      return listBalanceOptions(ctx, request.lang);
    },
  );

  api.get(
    '/p/userBalanceLog/log',
    { schema: { summary: 'The balance records, newest first, by type and direction', tags, security, querystring: BalanceLogQuerySchema, response: { 200: BalanceLogPageSchema } } },
    (request) => pageBalanceLogs(ctx.db, shopperId(request), request.query),
  );

  api.post(
    '/p/balance/pay',
    {
      schema: {
        summary: 'Top up: a preset (id) or a custom amount (id -1, 0.01 to 100,000 yuan), paid by Alipay (2) or WeChat (3)',
        tags,
        security,
        body: TopUpRequestSchema,
        response: { 200: PayResultSchema },
      },
    },
    (request) => createTopUp(ctx, shopperId(request), request.body, webOriginOf(request), request.log),
  );
}
