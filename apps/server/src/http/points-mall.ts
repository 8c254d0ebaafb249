// HTTP for the shopper's points mall (issue 29; reference §2.4 score confirm/submit; decision 066):
// the items and an item's detail (public; a shopper's token adds their points), confirm and submit.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PointsConfirmResultSchema,
  PointsConfirmSchema,
  PointsItemDetailSchema,
  PointsItemQuerySchema,
  PointsMallPageSchema,
  PointsMallQuerySchema,
  PointsSubmitResultSchema,
  PointsSubmitSchema,
} from '@bazaar/shared/schemas/points-mall';
import { confirmPointsOrder, pagePointsItems, pointsItemDetail, submitPointsOrder } from '../flows/place-points-order.ts';
import { shopperId } from '../plugins/auth.ts';

const security = [{ token: [] }];
const tags = ['points mall'];

export async function pointsMallRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/score/prods',
    {
      schema: {
        summary: 'A page of the points items on shelf (sort 0 newest, 1 points ascending, 2 descending); with a token, my points and affordable=true for only what they pay for',
        tags,
        querystring: PointsMallQuerySchema,
        response: { 200: PointsMallPageSchema },
      },
    },
    (request) => pagePointsItems(ctx, request.userId, request.query, request.lang),
  );
  api.get(
    '/score/prod',
    { schema: { summary: "One points item's detail (/member-center/integral-det/{prodId}); with a token, my points and what I already exchanged", tags, querystring: PointsItemQuerySchema, response: { 200: PointsItemDetailSchema } } },
    (request) => pointsItemDetail(ctx, request.userId, request.query.prodId, request.lang),
  );
  api.post(
    '/p/score/confirm',
    { schema: { summary: 'Check a points exchange and show its points and cash totals; kept under the uuid for submit (30 minutes)', tags, security, body: PointsConfirmSchema, response: { 200: PointsConfirmResultSchema } } },
    (request) => confirmPointsOrder(ctx, shopperId(request), request.body, request.lang),
  );
  api.post(
    '/p/score/submit',
    {
      schema: {
        summary: 'Place the confirmed exchange: the points are taken at once; paid is true when there is no cash part (paid by points), else the order waits for its cash on the payment page',
        tags,
        security,
        body: PointsSubmitSchema,
        response: { 200: PointsSubmitResultSchema },
      },
    },
    (request) => submitPointsOrder(ctx, shopperId(request), request.body),
  );
}
