// HTTP for the platform console's home banners page (issue 9): the carousel's slides, each with a
// picture per language. Admin tokens only (the /admin/ prefix, plugins/auth.ts); every change is
// written to the audit log by its flow. Pictures are uploaded through POST /admin/file/upload.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContentIdParamSchema } from '@bazaar/shared/schemas/platform-content';
import { AdminBannerSchema, BannerInputSchema, BannerStatusSchema } from '@bazaar/shared/schemas/platform-banners';
import * as flow from '../flows/banner-admin.ts';
import { adminId } from '../plugins/auth.ts';

const security = [{ token: [] }];
const tags = ['admin: banners'];

export async function adminBannerRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get('/admin/banners', { config: { permission: 'content.manage' }, schema: { summary: "The home page's slides in order, hidden ones too", tags, security, response: { 200: z.array(AdminBannerSchema) } } }, (request) => {
    adminId(request);
    return flow.listBanners(ctx, request.lang);
  });
  api.post(
    '/admin/banners',
    {
      config: { permission: 'content.manage' },
      schema: {
        summary: 'Add a home slide',
        description: 'A picture per language (the English one may be null: English pages then show the Chinese one), the headline in both languages (the text alternative), the product it opens, its order and whether it is shown.',
        tags,
        security,
        body: BannerInputSchema,
        response: { 200: AdminBannerSchema },
      },
    },
    (request) => flow.createBanner(ctx, adminId(request), request.body, request.lang),
  );
  api.put(
    '/admin/banners/:id',
    { config: { permission: 'content.manage' }, schema: { summary: 'Edit a home slide', tags, security, params: ContentIdParamSchema, body: BannerInputSchema, response: { 200: AdminBannerSchema } } },
    (request) => flow.updateBanner(ctx, adminId(request), request.params.id, request.body, request.lang),
  );
  api.put(
    '/admin/banners/:id/status',
    { config: { permission: 'content.manage' }, schema: { summary: 'Show or hide a home slide', tags, security, params: ContentIdParamSchema, body: BannerStatusSchema, response: { 200: AdminBannerSchema } } },
    (request) => flow.setBannerStatus(ctx, adminId(request), request.params.id, request.body.enabled, request.lang),
  );
  api.delete(
    '/admin/banners/:id',
    { config: { permission: 'content.manage' }, schema: { summary: 'Delete a home slide', tags, security, params: ContentIdParamSchema, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await flow.deleteBanner(ctx, adminId(request), request.params.id);
      return { ok: true as const };
    },
  );
}
