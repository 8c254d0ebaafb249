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
import { staffRouteGroup } from './staff-routes.ts';

const staffManage = staffRouteGroup({ tag: 'admin: staff', permission: 'staff.manage' });

export async function adminStaffRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get('/admin/staff', staffManage('Every staff account with its role and status', { response: { 200: z.array(StaffMemberSchema) } }), () => listStaff(ctx));
  api.post(
    '/admin/staff',
    staffManage('Create a staff account with its initial password and role (audited)', { body: CreateStaffSchema, response: { 200: StaffMemberSchema } }),
    (request) => createStaff(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/staff/:adminId/role',
    staffManage('Give a staff account another role, never one’s own (audited; applies on its next request)', { params: StaffIdParamSchema, body: StaffRoleSchema, response: { 200: StaffMemberSchema } }),
    (request) => changeStaffRole(ctx, adminId(request), request.params.adminId, request.body.roleId),
  );
  api.put(
    '/admin/staff/:adminId/status',
    staffManage('Disable (its sessions end at once) or enable a staff account (audited)', { params: StaffIdParamSchema, body: StaffStatusSchema, response: { 200: StaffMemberSchema } }),
    (request) => setStaffStatus(ctx, adminId(request), request.params.adminId, request.body.status),
  );
  api.put(
    '/admin/staff/:adminId/password',
    staffManage('Set a new password for a staff account; its sessions end (audited)', { params: StaffIdParamSchema, body: StaffPasswordResetSchema, response: { 200: StaffMemberSchema } }),
    (request) => resetStaffPassword(ctx, adminId(request), request.params.adminId, request.body.password),
  );
  api.get('/admin/roles', staffManage('Every staff role with its permissions', { response: { 200: z.array(AdminRoleSchema) } }), () => listRoles(ctx));
  api.post(
    '/admin/roles',
    staffManage('Add a role from the permission list (audited)', { body: RoleInputSchema, response: { 200: AdminRoleSchema } }),
    (request) => createRole(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/roles/:roleId',
    staffManage('Edit an added role’s name and permissions (audited; applies on its holders’ next request)', { params: RoleIdParamSchema, body: RoleInputSchema, response: { 200: AdminRoleSchema } }),
    (request) => updateRole(ctx, adminId(request), request.params.roleId, request.body),
  );
}
