// HTTP for membership (issue 12, reference 2.9): the levels with their benefits and prices, my
// member center's head, and buying a paid level for a period (payEntry 2). Every path is under /p/,
// so a visitor is refused with 401; each reads only the token's user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LevelListQuerySchema, MemberInfoSchema, MemberLevelSchema, PayLevelSchema } from '@bazaar/shared/schemas/member';
import { PayResultSchema } from '@bazaar/shared/schemas/payment';
import { buyMembership, listMemberLevels, memberInfo } from '../flows/membership.ts';
import { shopperId } from '../plugins/auth.ts';
import { webOriginOf } from './payment.ts';

const tags = ['member'];
const security = [{ token: [] }];

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/p/score/scoreLevel/page',
    {
      schema: {
        summary: 'The levels of one type (levelType 0 growth, 1 paid) with their benefits; paid ones with their periods, prices and exclusive coupons',
        tags,
        security,
        querystring: LevelListQuerySchema,
        response: { 200: z.array(MemberLevelSchema) },
      },
    },
    (request) => {
      shopperId(request);
      return listMemberLevels(ctx, request.query.levelType, request.lang);
    },
  );

  api.get(
    '/p/member/info',
    { schema: { summary: 'My growth value, growth level and the next one, my paid level and its end, and the benefits that apply', tags, security, response: { 200: MemberInfoSchema } } },
    (request) => memberInfo(ctx, shopperId(request), request.lang),
  );

  api.post(
    '/p/level/payLevel',
    {
      schema: {
        summary: 'Buy a paid level for one period (termType 1 day .. 5 year) by Alipay (2), WeChat (3) or balance (9, settled at once); the same level extends its end, a lower one is refused while a higher runs',
        tags,
        security,
        body: PayLevelSchema,
        response: { 200: PayResultSchema },
      },
    },
    (request) => buyMembership(ctx, shopperId(request), request.body, webOriginOf(request), request.lang, request.log),
  );
}
