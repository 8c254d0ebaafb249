// HTTP for the platform console's content pages (issue 10): the category tree, the platform's
// notices, the site configuration, and the staff's image upload they use. Admin tokens only (the
// /admin/ prefix, plugins/auth.ts); every change is written to the audit log by its flow.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { pageOf } from '@bazaar/shared/schemas/common';
import { UploadedFileSchema } from '@bazaar/shared/schemas/shop-application';
import {
  AdminCategorySchema,
  AdminNoticeSchema,
  AdminSiteConfigSchema,
  CategoryCreateSchema,
  CategoryOrderSchema,
  CategoryStatusSchema,
  CategoryUpdateSchema,
  ContentIdParamSchema,
  NoticeInputSchema,
  NoticePinSchema,
  NoticePublishSchema,
  NoticeQuerySchema,
  PaySwitchInputSchema,
  ServiceSwitchInputSchema,
  TermsInputSchema,
  TermsKindParamSchema,
  WebConfigInputSchema,
} from '@bazaar/shared/schemas/platform-content';
import * as categories from '../flows/category-admin.ts';
import * as content from '../flows/content-admin.ts';
import { adminId } from '../plugins/auth.ts';
import { fileLink, saveSiteImage } from '../modules/upload/service.ts';
import { readImagePart } from './upload.ts';

const security = [{ token: [] }];
const ok = z.object({ ok: z.literal(true) });

export async function adminContentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10, parts: 20 } });

  api.post(
    '/admin/file/upload',
    {
      config: { permission: ['content.manage', 'categories.manage', 'coupons.manage', 'promotions.manage', 'member.levels', 'site.config'], limit: 'upload' },
      schema: {
        summary: 'Upload a public picture for the site (category icon, logo, favicon)',
        description: 'JPG, JPEG, PNG or GIF, at most 2 MB; answered with the path the forms cite.',
        tags: ['admin: content'],
        security,
        consumes: ['multipart/form-data'],
        response: { 200: UploadedFileSchema },
      },
    },
    async (request) => {
      adminId(request);
      const path = await saveSiteImage(ctx, { file: await readImagePart(request) });
      return { path, url: await fileLink(ctx, path) };
    },
  );

  // ---- Categories: the platform tree, three levels ----
  const catTags = ['admin: categories'];
  api.get('/admin/categories', { config: { permission: 'categories.manage' }, schema: { summary: 'The whole platform category tree, hidden ones too, with product counts', tags: catTags, security, response: { 200: z.array(AdminCategorySchema) } } }, () =>
    categories.listCategories(ctx),
  );
  api.post(
    '/admin/categories',
    { config: { permission: 'categories.manage' }, schema: { summary: 'Create a category (under parentId; 0 = top level; three levels at most)', tags: catTags, security, body: CategoryCreateSchema, response: { 200: AdminCategorySchema } } },
    (request) => categories.createCategory(ctx, adminId(request), request.body),
  );
  // Registered before /:id so that "order" is not read as an id.
  api.put(
    '/admin/categories/order',
    { config: { permission: 'categories.manage' }, schema: { summary: 'Order the children of one parent (every child, in the new order)', tags: catTags, security, body: CategoryOrderSchema, response: { 200: ok } } },
    async (request) => {
      await categories.orderCategories(ctx, adminId(request), request.body);
      return { ok: true as const };
    },
  );
  api.put(
    '/admin/categories/:id',
    { config: { permission: 'categories.manage' }, schema: { summary: 'Edit a category: names, icon, order number, visibility', tags: catTags, security, params: ContentIdParamSchema, body: CategoryUpdateSchema, response: { 200: AdminCategorySchema } } },
    (request) => categories.updateCategory(ctx, adminId(request), request.params.id, request.body),
  );
  api.put(
    '/admin/categories/:id/status',
    { config: { permission: 'categories.manage' }, schema: { summary: 'Show or hide a category (a hidden one hides its branch)', tags: catTags, security, params: ContentIdParamSchema, body: CategoryStatusSchema, response: { 200: AdminCategorySchema } } },
    (request) => categories.setCategoryStatus(ctx, adminId(request), request.params.id, request.body.status),
  );
  api.delete(
    '/admin/categories/:id',
    { config: { permission: 'categories.manage' }, schema: { summary: 'Delete a category without subcategories or products', tags: catTags, security, params: ContentIdParamSchema, response: { 200: ok } } },
    async (request) => {
      await categories.deleteCategory(ctx, adminId(request), request.params.id);
      return { ok: true as const };
    },
  );

  // ---- Platform notices: the storefront's ticker and /notice-list ----
  const noticeTags = ['admin: notices'];
  api.get('/admin/notices', { config: { permission: 'content.manage' }, schema: { summary: 'A page of platform notices, drafts too', tags: noticeTags, security, querystring: NoticeQuerySchema, response: { 200: pageOf(AdminNoticeSchema) } } }, (request) =>
    content.pageNotices(ctx, request.query),
  );
  api.get('/admin/notices/:id', { config: { permission: 'content.manage' }, schema: { summary: 'One platform notice', tags: noticeTags, security, params: ContentIdParamSchema, response: { 200: AdminNoticeSchema } } }, (request) =>
    content.getNotice(ctx, request.params.id),
  );
  api.post('/admin/notices', { config: { permission: 'content.manage' }, schema: { summary: 'Write a platform notice (published at once or a draft)', tags: noticeTags, security, body: NoticeInputSchema, response: { 200: AdminNoticeSchema } } }, (request) =>
    content.createNotice(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/notices/:id',
    { config: { permission: 'content.manage' }, schema: { summary: 'Edit a platform notice', tags: noticeTags, security, params: ContentIdParamSchema, body: NoticeInputSchema, response: { 200: AdminNoticeSchema } } },
    (request) => content.updateNotice(ctx, adminId(request), request.params.id, request.body),
  );
  api.put(
    '/admin/notices/:id/publish',
    { config: { permission: 'content.manage' }, schema: { summary: 'Publish or unpublish a platform notice', tags: noticeTags, security, params: ContentIdParamSchema, body: NoticePublishSchema, response: { 200: AdminNoticeSchema } } },
    (request) => content.publishNotice(ctx, adminId(request), request.params.id, request.body.published),
  );
  api.put(
    '/admin/notices/:id/pin',
    { config: { permission: 'content.manage' }, schema: { summary: 'Pin a platform notice to the top, or unpin it', tags: noticeTags, security, params: ContentIdParamSchema, body: NoticePinSchema, response: { 200: AdminNoticeSchema } } },
    (request) => content.pinNotice(ctx, adminId(request), request.params.id, request.body.isTop),
  );

  // ---- Site configuration: every instance drops its cached copy at once ----
  const configTags = ['admin: site config'];
  api.get('/admin/site-config', { config: { permission: 'site.config' }, schema: { summary: 'The site configuration the console edits', tags: configTags, security, response: { 200: AdminSiteConfigSchema } } }, () => content.getSiteConfig(ctx));
  api.put(
    '/admin/site-config/web',
    { config: { permission: 'site.config' }, schema: { summary: 'Welcome texts, logo, company information, favicon, record number', tags: configTags, security, body: WebConfigInputSchema, response: { 200: AdminSiteConfigSchema } } },
    (request) => content.updateWebConfig(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/site-config/service-switch',
    { config: { permission: 'site.config' }, schema: { summary: 'Show or hide the service-terms and privacy-policy links', tags: configTags, security, body: ServiceSwitchInputSchema, response: { 200: AdminSiteConfigSchema } } },
    (request) => content.updateServiceSwitch(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/site-config/pay-switch',
    {
      config: { permission: 'site.config' },
      schema: {
        summary: 'Turn payment methods on or off',
        description: 'The pay call refuses a disabled method at once; browsers keep their copy of the switches up to 5 hours (specification section 9).',
        tags: configTags,
        security,
        body: PaySwitchInputSchema,
        response: { 200: AdminSiteConfigSchema },
      },
    },
    (request) => content.updatePaySwitch(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/site-config/terms/:kind',
    { config: { permission: 'site.config' }, schema: { summary: 'The service terms or the privacy policy, in both languages', tags: configTags, security, params: TermsKindParamSchema, body: TermsInputSchema, response: { 200: AdminSiteConfigSchema } } },
    (request) => content.updateTerms(ctx, adminId(request), request.params.kind, request.body),
  );
}
