// HTTP for the platform console's group-buy activities (issue 29): every shop's activities with
// their counts and teams, taking one offline with a reason the shop sees (no new teams; open teams
// run to their end) and putting it back online. Decisions are audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminGroupActivityQuerySchema,
  GroupActivityDetailSchema,
  GroupActivityIdParamSchema,
  GroupActivityOfflineSchema,
  GroupActivityRowPageSchema,
  GroupTeamQuerySchema,
  GroupTeamRowPageSchema,
} from '@bazaar/shared/schemas/group-admin';
import { anyActivity, anyActivityTeams, pageAllActivities, putActivityOnline, takeActivityOffline } from '../flows/admin-group.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: group buys'];
const security = [{ token: [] }];

export async function adminGroupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/group-activities',
    {
      config: { permission: 'groupbuy.manage' },
      schema: { summary: "A page of every shop's group-buy activities by shop, state and name, newest first, with their teams' counts", tags, security, querystring: AdminGroupActivityQuerySchema, response: { 200: GroupActivityRowPageSchema } },
    },
    (request) => pageAllActivities(ctx, request.query, request.lang),
  );
  api.get(
    '/admin/group-activities/:id',
    { config: { permission: 'groupbuy.manage' }, schema: { summary: 'One group-buy activity with its SKUs', tags, security, params: GroupActivityIdParamSchema, response: { 200: GroupActivityDetailSchema } } },
    (request) => anyActivity(ctx, request.params.id, request.lang),
  );
  api.get(
    '/admin/group-activities/:id/teams',
    { config: { permission: 'groupbuy.manage' }, schema: { summary: 'The teams of a group-buy activity, by status, with their members', tags, security, params: GroupActivityIdParamSchema, querystring: GroupTeamQuerySchema, response: { 200: GroupTeamRowPageSchema } } },
    (request) => anyActivityTeams(ctx, request.params.id, request.query),
  );
  api.post(
    '/admin/group-activities/:id/offline',
    { config: { permission: 'groupbuy.manage' }, schema: { summary: 'Take an upcoming or running group-buy activity offline with the reason its shop sees: no new teams; open teams run to their end; audited', tags, security, params: GroupActivityIdParamSchema, body: GroupActivityOfflineSchema } },
    async (request, reply) => {
      await takeActivityOffline(ctx, adminId(request), request.params.id, request.body);
      return reply.code(200).send();
    },
  );
  api.post(
    '/admin/group-activities/:id/online',
    { config: { permission: 'groupbuy.manage' }, schema: { summary: 'Put a group-buy activity taken offline back online while its end has not passed; audited', tags, security, params: GroupActivityIdParamSchema } },
    async (request, reply) => {
      await putActivityOnline(ctx, adminId(request), request.params.id);
      return reply.code(200).send();
    },
  );
}
