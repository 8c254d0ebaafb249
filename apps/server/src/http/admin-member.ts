// HTTP for platform staff and membership (issue 12): the growth and paid levels with their
// benefits and prices, and the growth rule. Admin audience (the /admin/ path); changes are audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamSchema } from '@bazaar/shared/schemas/common';
import { AdminLevelInputSchema, AdminLevelSchema, MemberSettingsSchema } from '@bazaar/shared/schemas/member';
import { createLevel, getMemberSettings, listAdminLevels, updateLevel, updateMemberSettings } from '../flows/membership.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: member'];
const security = [{ token: [] }];

export async function adminMemberRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/member/levels',
    { config: { permission: 'member.levels' }, schema: { summary: 'Every growth and paid level, on or off, with benefits and prices', tags, security, response: { 200: z.array(AdminLevelSchema) } } },
    (request) => {
      adminId(request);
      return listAdminLevels(ctx);
    },
  );
  api.post(
    '/admin/member/levels',
    { config: { permission: 'member.levels' }, schema: { summary: 'Create a level (audited); a paid level names its periods and prices (yuan)', tags, security, body: AdminLevelInputSchema, response: { 200: AdminLevelSchema } } },
    (request) => createLevel(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/member/levels/:id',
    { config: { permission: 'member.levels' }, schema: { summary: 'Edit a level, its benefits and prices (audited); its type stays', tags, security, params: IdParamSchema, body: AdminLevelInputSchema, response: { 200: AdminLevelSchema } } },
    (request) => updateLevel(ctx, adminId(request), request.params.id, request.body),
  );
  api.get(
    '/admin/member/settings',
    { config: { permission: 'member.levels' }, schema: { summary: 'The growth rule: fen paid per growth point earned on receipt', tags, security, response: { 200: MemberSettingsSchema } } },
    (request) => {
      adminId(request);
      return getMemberSettings(ctx);
    },
  );
  api.put(
    '/admin/member/settings',
    { config: { permission: 'member.levels' }, schema: { summary: 'Save the growth rule (audited)', tags, security, body: MemberSettingsSchema, response: { 200: MemberSettingsSchema } } },
    (request) => updateMemberSettings(ctx, adminId(request), request.body),
  );
}
