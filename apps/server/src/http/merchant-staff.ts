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

const tags = ['merchant: staff'];
const security = [{ token: [] }];
const config = { permission: 'staff.manage' } as const;

export async function merchantStaffRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/merchant/staff',
    { config, schema: { summary: "The shop's accounts: the owner first, then its staff with their roles", tags, security, response: { 200: z.array(StaffMemberSchema) } } },
    (request) => listShopStaff(ctx, merchantSession(request)),
  );
  api.post(
    '/merchant/staff',
    {
      config,
      schema: {
        summary: 'Add a staff account to the shop: a login name unique across shops, a role (service, warehouse, operations) and a 6-12 character password (encrypted)',
        tags,
        security,
        body: StaffCreateSchema,
        response: { 200: StaffMemberSchema },
      },
    },
    (request) => addShopStaff(ctx, merchantSession(request), request.body),
  );
  api.put(
    '/merchant/staff/:id/role',
    { config, schema: { summary: "Change a staff account's role; it applies to the account's next request", tags, security, params: StaffIdParamSchema, body: StaffRoleInputSchema, response: { 200: StaffMemberSchema } } },
    (request) => setStaffRole(ctx, merchantSession(request), request.params.id, request.body.role),
  );
  api.put(
    '/merchant/staff/:id/status',
    { config, schema: { summary: 'Disable (0) or enable (1) a staff account; disabling ends its sessions at once', tags, security, params: StaffIdParamSchema, body: StaffStatusInputSchema, response: { 200: StaffMemberSchema } } },
    (request) => setStaffStatus(ctx, merchantSession(request), request.params.id, request.body.status),
  );
  api.put(
    '/merchant/staff/:id/password',
    { config, schema: { summary: "Reset a staff account's password (encrypted); its sessions end and its lock lifts", tags, security, params: StaffIdParamSchema, body: StaffPasswordInputSchema, response: { 200: StaffMemberSchema } } },
    (request) => resetStaffPassword(ctx, merchantSession(request), request.params.id, request.body.password),
  );
  api.get(
    '/merchant/staff/logs',
    { config, schema: { summary: "A page of the shop's log: staff changes and refused calls, newest first", tags, security, querystring: MerchantAuditQuerySchema, response: { 200: pageOf(MerchantAuditLogSchema) } } },
    (request) => shopStaffLog(ctx, merchantSession(request), request.query),
  );
}
