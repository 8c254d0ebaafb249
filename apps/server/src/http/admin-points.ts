// HTTP for platform staff and points (issue 12): the points rules, and a shopper's points moved
// by hand with a reason (from the users page). Admin audience (the /admin/ path); changes are audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserIdParamSchema } from '@bazaar/shared/schemas/admin-users';
import { AdminUserPointsSchema, PointsAdjustSchema, PointsSettingsSchema } from '@bazaar/shared/schemas/points';
import { adjustUserPoints, getPointsSettings, getUserPoints, updatePointsSettings } from '../flows/points-admin.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: points'];
const security = [{ token: [] }];

export async function adminPointsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/points/settings',
    { config: { permission: 'points.rules' }, schema: { summary: 'The points rules: earning rate, checkout value and cap, expiry, sign-in rewards', tags, security, response: { 200: PointsSettingsSchema } } },
    () => getPointsSettings(ctx),
  );
  api.put(
    '/admin/points/settings',
    { config: { permission: 'points.rules' }, schema: { summary: 'Save the points rules (audited)', tags, security, body: PointsSettingsSchema, response: { 200: PointsSettingsSchema } } },
    (request) => updatePointsSettings(ctx, adminId(request), request.body),
  );
  api.get(
    '/admin/users/:userId/points',
    { config: { permission: ['users.read', 'users.points.adjust'] }, schema: { summary: 'A shopper’s points balance', tags, security, params: UserIdParamSchema, response: { 200: AdminUserPointsSchema } } },
    (request) => getUserPoints(ctx, request.params.userId),
  );
  api.post(
    '/admin/users/:userId/points',
    {
      config: { permission: 'users.points.adjust' },
      schema: {
        summary: 'Add (positive) or deduct (negative) a shopper’s points with a reason: a ledger record and an audit entry',
        tags,
        security,
        params: UserIdParamSchema,
        body: PointsAdjustSchema,
        response: { 200: AdminUserPointsSchema },
      },
    },
    (request) => adjustUserPoints(ctx, adminId(request), request.params.userId, request.body),
  );
}
