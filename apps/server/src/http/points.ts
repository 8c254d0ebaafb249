// HTTP for the shopper's points and daily sign-in (reference 2.9, issue 12). Every path is under
// /p/, so a visitor is refused with 401 before these run; each reads only the token's user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ScoreInfoSchema, ScoreLogPageSchema, ScoreLogQuerySchema, SignInResultSchema } from '@bazaar/shared/schemas/points';
import { shopperId } from '../plugins/auth.ts';
import { scoreInfoWithLevel } from '../flows/membership.ts';
import * as points from '../modules/wallet/points-service.ts';

const security = [{ token: [] }];
const tags = ['points'];

export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/p/score/scoreInfo',
    { schema: { summary: 'My points, growth and level, what ends soon and at the year’s end, and the sign-in card (streak, today, tomorrow’s reward, the 7-day rewards)', tags, security, response: { 200: ScoreInfoSchema } } },
    (request) => scoreInfoWithLevel(ctx, shopperId(request), request.lang),
  );
  // Reference 2.9 has this as a GET; it changes the balance, so it is a POST here (decision 039).
  api.post(
    '/p/score/updateUserScore',
    { schema: { summary: 'The daily sign-in: once per GMT+8 day; a second try answers 400 “already signed in today”', tags, security, response: { 200: SignInResultSchema } } },
    (request) => points.signInToday(ctx, shopperId(request)),
  );
  api.get(
    '/p/score/page',
    { schema: { summary: 'My points records, newest first, with their sources', tags, security, querystring: ScoreLogQuerySchema, response: { 200: ScoreLogPageSchema } } },
    (request) => points.pageScoreLogs(ctx, shopperId(request), request.query),
  );
}
