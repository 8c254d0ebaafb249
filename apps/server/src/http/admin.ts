// HTTP for platform staff (apps/platform). Every route but the login needs an admin
// token (plugins/auth.ts); shopper and merchant tokens are refused.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SELF } from '@bazaar/shared/constants/permissions';
import { TokenSchema } from '@bazaar/shared/schemas/account';
import { AdminLoginSchema, AdminProfileSchema } from '@bazaar/shared/schemas/admin';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  AdminApplicationSchema,
  ApplicationQuerySchema,
  AuditLogQuerySchema,
  AuditLogSchema,
  RejectApplicationSchema,
  ShopIdParamSchema,
} from '@bazaar/shared/schemas/shop-application';
import { getApplication, pageApplications, reviewApplication } from '../flows/shop-application.ts';
import { pageAuditLogs } from '../modules/audit/service.ts';
import { signInAdmin } from '../flows/sign-in.ts';
import { adminId } from '../plugins/auth.ts';
import { getProfile } from '../modules/admin/service.ts';
import { revokeToken } from '../modules/auth/service.ts';

const tags = ['admin'];
const security = [{ token: [] }];

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.post(
    '/admin/login',
    { config: { auth: 'public', limit: 'login' }, schema: { summary: 'Platform staff login', tags, body: AdminLoginSchema, response: { 200: TokenSchema } } },
    (request) => signInAdmin(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  api.post('/admin/logout', { config: { permission: SELF }, schema: { summary: 'Platform staff logout', tags, security } }, async (request, reply) => {
    await revokeToken(ctx, 'admin', request.headers.authorization);
    return reply.code(200).send();
  });
  api.get('/admin/me', { config: { permission: SELF }, schema: { summary: 'The logged-in staff member', tags, security, response: { 200: AdminProfileSchema } } }, (request) => getProfile(ctx, adminId(request)));

  // ---- Store applications (issue 10); every decision is written to the audit log ----
  const shopTags = ['admin: store applications'];
  api.get(
    '/admin/shop/applications',
    { config: { permission: 'applications.review' }, schema: { summary: 'A page of store applications to review', tags: shopTags, security, querystring: ApplicationQuerySchema, response: { 200: pageOf(AdminApplicationSchema) } } },
    (request) => pageApplications(ctx, request.query),
  );
  api.get(
    '/admin/shop/applications/:shopId',
    { config: { permission: 'applications.review' }, schema: { summary: 'One store application with links to its documents', tags: shopTags, security, params: ShopIdParamSchema, response: { 200: AdminApplicationSchema } } },
    (request) => getApplication(ctx, request.params.shopId),
  );
  api.post(
    '/admin/shop/applications/:shopId/approve',
    { config: { permission: 'applications.review' }, schema: { summary: 'Approve a store application', tags: shopTags, security, params: ShopIdParamSchema, response: { 200: AdminApplicationSchema } } },
    (request) => reviewApplication(ctx, adminId(request), request.params.shopId, { passed: true, remarks: null }),
  );
  api.post(
    '/admin/shop/applications/:shopId/reject',
    { config: { permission: 'applications.review' }, schema: { summary: 'Reject a store application with a reason', tags: shopTags, security, params: ShopIdParamSchema, body: RejectApplicationSchema, response: { 200: AdminApplicationSchema } } },
    (request) => reviewApplication(ctx, adminId(request), request.params.shopId, { passed: false, remarks: request.body.remarks }),
  );
  api.get(
    '/admin/audit-logs',
    { config: { permission: SELF }, schema: { summary: 'A page of the staff decisions log: every staff member’s with audit.read, else one’s own', tags: ['admin: audit log'], security, querystring: AuditLogQuerySchema, response: { 200: pageOf(AuditLogSchema) } } },
    (request) => pageAuditLogs(ctx, request.query, request.permissions.includes('audit.read') ? null : adminId(request)),
  );
}
