// HTTP for the shopper's group-buy (拼团, reference §2.4, §5.5; decision 065): the running
// activities, a product's open teams, confirm and submit of a group order, and a team's page by the
// shopper's order or by its share link. The product's group panel rides on GET /prod/prodInfo
// (http/product.ts, `groupActivityId`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GroupActivityCardPageSchema,
  GroupActivityListQuerySchema,
  GroupConfirmResultSchema,
  GroupConfirmSchema,
  GroupJoinListQuerySchema,
  GroupJoinListSchema,
  GroupSubmitResultSchema,
  GroupSubmitSchema,
  GroupTeamByIdQuerySchema,
  GroupTeamByOrderQuerySchema,
  GroupTeamInfoSchema,
} from '@bazaar/shared/schemas/group';
import { shopperId } from '../plugins/auth.ts';
import { confirmGroupOrder, groupJoinList, pageGroupActivities, submitGroupOrder, teamById, teamOfOrder } from '../flows/place-group-order.ts';

const security = [{ token: [] }];
const tags = ['group'];

export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/group/activities',
    { schema: { summary: 'A page of the running group-buy activities (/group-buy): group price against single price, team size, teams formed', tags, querystring: GroupActivityListQuerySchema, response: { 200: GroupActivityCardPageSchema } } },
    (request) => pageGroupActivities(ctx, request.query, request.lang),
  );
  api.get(
    '/group/joinGroupList',
    { schema: { summary: "An activity's open teams a shopper may join, closest to full first, with the server's clock", tags, querystring: GroupJoinListQuerySchema, response: { 200: GroupJoinListSchema } } },
    (request) => groupJoinList(ctx, request.query, request.userId),
  );
  api.get(
    '/group/teamInfo',
    { schema: { summary: "A team by its share link: members, places left, its end and the server's clock", tags, querystring: GroupTeamByIdQuerySchema, response: { 200: GroupTeamInfoSchema } } },
    (request) => teamById(ctx, request.query.groupTeamId, request.lang, request.userId),
  );
  api.post(
    '/p/group/order/confirm',
    { schema: { summary: 'Price a group order at the activity price (no coupons, promotions or points); groupTeamId 0 opens a team', tags, security, body: GroupConfirmSchema, response: { 200: GroupConfirmResultSchema } } },
    (request) => confirmGroupOrder(ctx, shopperId(request), request.body, request.lang),
  );
  api.post(
    '/p/group/order/submit',
    { schema: { summary: 'Place the confirmed group order (order type 1), answers its number; paid, it opens or joins the team', tags, security, body: GroupSubmitSchema, response: { 200: GroupSubmitResultSchema } } },
    (request) => submitGroupOrder(ctx, shopperId(request), request.body),
  );
  api.get(
    '/p/group/teamInfo',
    { schema: { summary: "The team of the shopper's group order: members, places left, its end, and the order's place in it", tags, security, querystring: GroupTeamByOrderQuerySchema, response: { 200: GroupTeamInfoSchema } } },
    (request) => teamOfOrder(ctx, shopperId(request), request.query.orderNumber, request.lang),
  );
}
