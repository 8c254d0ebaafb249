// HTTP for platform staff's shopper list (issue 10): search shoppers, disable a login with a reason
// or enable it. Admin audience (the /admin/ path); each change is audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { StaffReasonSchema } from '@bazaar/shared/schemas/admin-shops';
import { AdminUserQuerySchema, AdminUserSchema, UserIdParamSchema } from '@bazaar/shared/schemas/admin-users';
import { disableShopper, enableShopper, pageStaffUsers } from '../flows/staff-users.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: users'];
const security = [{ token: [] }];

export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/users',
    { config: { permission: 'users.read' }, schema: { summary: 'A page of shoppers, by nickname, mobile or user name, and status', tags, security, querystring: AdminUserQuerySchema, response: { 200: pageOf(AdminUserSchema) } } },
    (request) => pageStaffUsers(ctx, request.query),
  );
  api.post(
    '/admin/users/:userId/disable',
    {
      config: { permission: 'users.disable' },
      schema: {
        summary: 'Disable a shopper’s login with a reason: its sessions end and the login says why',
        tags,
        security,
        params: UserIdParamSchema,
        body: StaffReasonSchema,
        response: { 200: AdminUserSchema },
      },
    },
    (request) => disableShopper(ctx, adminId(request), request.params.userId, request.body.reason),
  );
  api.post(
    '/admin/users/:userId/enable',
    { config: { permission: 'users.disable' }, schema: { summary: 'Enable a disabled shopper’s login', tags, security, params: UserIdParamSchema, response: { 200: AdminUserSchema } } },
    (request) => enableShopper(ctx, adminId(request), request.params.userId),
  );
}
