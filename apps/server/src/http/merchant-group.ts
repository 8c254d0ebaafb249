// HTTP for the merchant center's group-buy activities (issue 29): the shop's activities with their
// counts, their teams with members, creating one on one of the shop's own products, and ending one
// early (open teams finish by their own expiry). Another shop's activity answers 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GroupActivityDetailSchema,
  GroupActivityIdParamSchema,
  GroupActivityRowPageSchema,
  GroupTeamQuerySchema,
  GroupTeamRowPageSchema,
  MerchantGroupActivityCreatedSchema,
  MerchantGroupActivityInputSchema,
  MerchantGroupActivityQuerySchema,
} from '@bazaar/shared/schemas/group-admin';
import { createShopActivity, endShopActivity, pageShopActivities, shopActivity, shopActivityTeams } from '../flows/merchant-group.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant: group buys'];
const security = [{ token: [] }];

export async function merchantGroupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/group-activities',
    {
      config: { permission: 'groupbuy.manage' },
      schema: { summary: "A page of the shop's group-buy activities by state (upcoming, running, ended, offline) and name, with their teams' counts", tags, security, querystring: MerchantGroupActivityQuerySchema, response: { 200: GroupActivityRowPageSchema } },
    },
    (request) => pageShopActivities(ctx, merchantSession(request).shopId, request.query, request.lang),
  );
  api.get(
    '/merchant/group-activities/:id',
    { config: { permission: 'groupbuy.manage' }, schema: { summary: "One of the shop's group-buy activities with its SKUs' group prices", tags, security, params: GroupActivityIdParamSchema, response: { 200: GroupActivityDetailSchema } } },
    (request) => shopActivity(ctx, merchantSession(request).shopId, request.params.id, request.lang),
  );
  api.get(
    '/merchant/group-activities/:id/teams',
    {
      config: { permission: 'groupbuy.manage' },
      schema: { summary: "The teams of one of the shop's group-buy activities, by status, with their members", tags, security, params: GroupActivityIdParamSchema, querystring: GroupTeamQuerySchema, response: { 200: GroupTeamRowPageSchema } },
    },
    (request) => shopActivityTeams(ctx, merchantSession(request).shopId, request.params.id, request.query),
  );
  api.post(
    '/merchant/group-activities',
    {
      config: { permission: 'groupbuy.manage' },
      schema: {
        summary: "Create a group-buy activity of one of the shop's products: its SKUs' group prices, the team size, the team validity in hours, robots, the per-user limit and the window; refused when the product has a flash sale or group buy in an overlapping window",
        tags,
        security,
        body: MerchantGroupActivityInputSchema,
        response: { 200: MerchantGroupActivityCreatedSchema },
      },
    },
    (request) => createShopActivity(ctx, merchantSession(request).shopId, request.body),
  );
  api.post(
    '/merchant/group-activities/:id/end',
    { config: { permission: 'groupbuy.manage' }, schema: { summary: 'End an upcoming or running group-buy activity now: no new teams; open teams finish by their own expiry', tags, security, params: GroupActivityIdParamSchema } },
    async (request, reply) => {
      await endShopActivity(ctx, merchantSession(request).shopId, request.params.id);
      return reply.code(200).send();
    },
  );
}
