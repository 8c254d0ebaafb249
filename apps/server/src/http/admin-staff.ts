// HTTP for the super administrator's staff and role management (issue 25, decision 057). Every
// route needs staff.manage; each change is audited in its transaction.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminRoleSchema,
  CreateStaffSchema,
  RoleIdParamSchema,
  RoleInputSchema,
  StaffIdParamSchema,
  StaffMemberSchema,
  StaffPasswordResetSchema,
  StaffRoleSchema,
  StaffStatusSchema,
} from '@bazaar/shared/schemas/admin';
import { changeStaffRole, createRole, createStaff, listRoles, listStaff, resetStaffPassword, setStaffStatus, updateRole } from '../flows/staff-accounts.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: staff'];
const security = [{ token: [] }];
const config = { permission: 'staff.manage' } as const;

export async function adminStaffRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get('/admin/staff', { config, schema: { summary: 'Every staff account with its role and status', tags, security, response: { 200: z.array(StaffMemberSchema) } } }, () => listStaff(ctx));
  api.post(
    '/admin/staff',
    { config, schema: { summary: 'Create a staff account with its initial password and role (audited)', tags, security, body: CreateStaffSchema, response: { 200: StaffMemberSchema } } },
    (request) => createStaff(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/staff/:adminId/role',
    { config, schema: { summary: 'Give a staff account another role, never one’s own (audited; applies on its next request)', tags, security, params: StaffIdParamSchema, body: StaffRoleSchema, response: { 200: StaffMemberSchema } } },
    (request) => changeStaffRole(ctx, adminId(request), request.params.adminId, request.body.roleId),
  );
  api.put(
    '/admin/staff/:adminId/status',
    { config, schema: { summary: 'Disable (its sessions end at once) or enable a staff account (audited)', tags, security, params: StaffIdParamSchema, body: StaffStatusSchema, response: { 200: StaffMemberSchema } } },
    (request) => setStaffStatus(ctx, adminId(request), request.params.adminId, request.body.status),
  );
  api.put(
    '/admin/staff/:adminId/password',
    { config, schema: { summary: 'Set a new password for a staff account; its sessions end (audited)', tags, security, params: StaffIdParamSchema, body: StaffPasswordResetSchema, response: { 200: StaffMemberSchema } } },
    (request) => resetStaffPassword(ctx, adminId(request), request.params.adminId, request.body.password),
  );
  api.get('/admin/roles', { config, schema: { summary: 'Every staff role with its permissions', tags, security, response: { 200: z.array(AdminRoleSchema) } } }, () => listRoles(ctx));
  api.post(
    '/admin/roles',
    { config, schema: { summary: 'Add a role from the permission list (audited)', tags, security, body: RoleInputSchema, response: { 200: AdminRoleSchema } } },
    (request) => createRole(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/roles/:roleId',
    { config, schema: { summary: 'Edit an added role’s name and permissions (audited; applies on its holders’ next request)', tags, security, params: RoleIdParamSchema, body: RoleInputSchema, response: { 200: AdminRoleSchema } } },
    (request) => updateRole(ctx, adminId(request), request.params.roleId, request.body),
  );
}
