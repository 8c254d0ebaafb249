// HTTP for a shop's staff (issue 25, decision 057): the owner (staff.manage) lists the shop's
// accounts, adds staff with a role, changes a role, disables or enables an account and resets its
// password, and reads the shop's log. Every call reaches only the session's shop; another shop's
// account, the owner's own and an unknown id are the same 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  MerchantAuditLogSchema,
  MerchantAuditQuerySchema,
  StaffCreateSchema,
  StaffIdParamSchema,
  StaffMemberSchema,
  StaffPasswordInputSchema,
  StaffRoleInputSchema,
  StaffStatusInputSchema,
} from '@bazaar/shared/schemas/merchant-staff';
import { addShopStaff, listShopStaff, resetStaffPassword, setStaffRole, setStaffStatus, shopStaffLog } from '../flows/shop-staff.ts';
import { merchantSession } from '../plugins/auth.ts';
import { staffRouteGroup } from './staff-routes.ts';

const ownerOnly = staffRouteGroup({ tag: 'merchant: staff', permission: 'staff.manage' });

export async function merchantStaffRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get('/merchant/staff', ownerOnly("The shop's accounts: the owner first, then its staff with their roles", { response: { 200: z.array(StaffMemberSchema) } }), (request) =>
    listShopStaff(ctx, merchantSession(request)),
  );
  api.post(
    '/merchant/staff',
    ownerOnly('Add a staff account to the shop: a login name unique across shops, a role (service, warehouse, operations) and a 6-12 character password (encrypted)', {
      body: StaffCreateSchema,
      response: { 200: StaffMemberSchema },
    }),
    (request) => addShopStaff(ctx, merchantSession(request), request.body),
  );
  const forOne = <B>(summary: string, body: B) => ownerOnly(summary, { params: StaffIdParamSchema, body, response: { 200: StaffMemberSchema } });
  api.put('/merchant/staff/:id/role', forOne("Change a staff account's role; it applies to the account's next request", StaffRoleInputSchema), (request) =>
    setStaffRole(ctx, merchantSession(request), request.params.id, request.body.role),
  );
  api.put('/merchant/staff/:id/status', forOne('Disable (0) or enable (1) a staff account; disabling ends its sessions at once', StaffStatusInputSchema), (request) =>
    setStaffStatus(ctx, merchantSession(request), request.params.id, request.body.status),
  );
  api.put('/merchant/staff/:id/password', forOne("Reset a staff account's password (encrypted); its sessions end and its lock lifts", StaffPasswordInputSchema), (request) =>
    resetStaffPassword(ctx, merchantSession(request), request.params.id, request.body.password),
  );
  api.get(
    '/merchant/staff/logs',
    ownerOnly("A page of the shop's log: staff changes and refused calls, newest first", { querystring: MerchantAuditQuerySchema, response: { 200: pageOf(MerchantAuditLogSchema) } }),
    (request) => shopStaffLog(ctx, merchantSession(request), request.query),
  );
}
