// HTTP for the merchant center's shop settings (issue 10): the shop's face, its own categories, its
// notices, and the images a merchant uploads. Every route needs a merchant token (plugins/auth.ts)
// and works on the session's own shop only.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  MerchantIdParamSchema,
  MerchantNoticeInputSchema,
  MerchantNoticeQuerySchema,
  MerchantNoticeSchema,
  MerchantNoticeStatusSchema,
  MerchantNoticeSummarySchema,
  MerchantNoticeTopSchema,
  MerchantShopCategoryInputSchema,
  MerchantShopCategorySchema,
  MerchantShopSettingsInputSchema,
  MerchantShopSettingsSchema,
} from '@bazaar/shared/schemas/merchant-shop';
import { UploadedFileSchema } from '@bazaar/shared/schemas/shop-application';
import { saveShopFreight, saveShopSettings } from '../flows/merchant-shop.ts';
import { shopFreightRule } from '../modules/shop/freight.ts';
import { FreightRuleSchema } from '@bazaar/shared/schemas/freight';
import { merchantSession } from '../plugins/auth.ts';
import { createCategory, listOwnCategories, shopSettings, updateCategory } from '../modules/shop/settings.ts';
import { createShopNotice, pageShopNotices, setShopNoticeStatus, setShopNoticeTop, shopNotice, updateShopNotice } from '../modules/content/shop-notices.ts';
import { saveShopImage } from '../modules/upload/service.ts';
import { readImagePart } from './upload.ts';

/** Pictures: a product's, the shop's logo and banner, a notice's. */
const UPLOADERS = ['products.manage', 'shop.settings', 'notices.manage'] as const;
const tags = ['merchant'];
const security = [{ token: [] }];

export async function merchantShopRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10, parts: 20 } });

  api.post(
    '/merchant/file/upload',
    {
      config: { permission: UPLOADERS, limit: 'upload' },
      schema: {
        summary: 'Upload a public picture of the shop (logo, banner)',
        description: 'An image everyone may see: JPG, JPEG, PNG or GIF, at most 2 MB; one `file` part. Only this shop may cite the answered path.',
        tags,
        security,
        consumes: ['multipart/form-data'],
        response: { 200: UploadedFileSchema },
      },
    },
    async (request) => {
      const { shopId } = merchantSession(request);
      const path = await saveShopImage(ctx, { shopId, file: await readImagePart(request) });
      return { path, url: path };
    },
  );

  // ---- The shop's face ----
  api.get('/merchant/shop/info', { config: { permission: 'shop.settings' }, schema: { summary: "The shop's logo, banner, introduction and contact number", tags, security, response: { 200: MerchantShopSettingsSchema } } }, (request) =>
    shopSettings(ctx, merchantSession(request).shopId, request.lang),
  );
  api.put(
    '/merchant/shop/info',
    { config: { permission: 'shop.settings' }, schema: { summary: "Change the shop's logo, banner, introduction (zh, en) and contact number; the storefront shows it at once", tags, security, body: MerchantShopSettingsInputSchema, response: { 200: MerchantShopSettingsSchema } } },
    (request) => saveShopSettings(ctx, merchantSession(request), request.body, request.lang),
  );

  // ---- Freight ----
  api.get('/merchant/shop/freight', { config: { permission: 'shop.settings' }, schema: { summary: "The shop's freight rule: per order, piece or weight, regions and free-shipping thresholds", tags, security, response: { 200: FreightRuleSchema } } }, (request) =>
    shopFreightRule(ctx.db, merchantSession(request).shopId),
  );
  api.put(
    '/merchant/shop/freight',
    {
      config: { permission: 'shop.settings' },
      schema: {
        summary: "Replace the shop's freight rule; checkout and product pages use it at once",
        description: 'Fees and thresholds in fen; units are pieces (per piece) or grams (per weight). Each province may be listed by one region only.',
        tags,
        security,
        body: FreightRuleSchema,
        response: { 200: FreightRuleSchema },
      },
    },
    (request) => saveShopFreight(ctx, merchantSession(request), request.body),
  );

  // ---- Categories ----
  api.get('/merchant/shop/category/list', { config: { permission: 'products.manage' }, schema: { summary: "The shop's own categories, hidden ones included", tags, security, response: { 200: z.array(MerchantShopCategorySchema) } } }, (request) =>
    listOwnCategories(ctx, merchantSession(request).shopId),
  );
  api.post(
    '/merchant/shop/category',
    { config: { permission: 'products.manage' }, schema: { summary: 'Create a shop category', tags, security, body: MerchantShopCategoryInputSchema, response: { 200: MerchantShopCategorySchema } } },
    (request) => createCategory(ctx, merchantSession(request).shopId, request.body),
  );
  api.put(
    '/merchant/shop/category/:id',
    { config: { permission: 'products.manage' }, schema: { summary: 'Rename, reorder, hide or show a shop category', tags, security, params: MerchantIdParamSchema, body: MerchantShopCategoryInputSchema, response: { 200: MerchantShopCategorySchema } } },
    (request) => updateCategory(ctx, merchantSession(request).shopId, request.params.id, request.body),
  );

  // ---- Notices ----
  api.get(
    '/merchant/shop/notice/page',
    { config: { permission: 'notices.manage' }, schema: { summary: "A page of the shop's notices, drafts included", tags, security, querystring: MerchantNoticeQuerySchema, response: { 200: pageOf(MerchantNoticeSummarySchema) } } },
    (request) => pageShopNotices(ctx, merchantSession(request).shopId, request.query.current, request.query.size),
  );
  api.get(
    '/merchant/shop/notice/info/:id',
    { config: { permission: 'notices.manage' }, schema: { summary: 'One of the shop\'s notices, both languages', tags, security, params: MerchantIdParamSchema, response: { 200: MerchantNoticeSchema } } },
    (request) => shopNotice(ctx, merchantSession(request).shopId, request.params.id),
  );
  api.post(
    '/merchant/shop/notice',
    { config: { permission: 'notices.manage' }, schema: { summary: 'Create a shop notice (a draft, or published at once)', tags, security, body: MerchantNoticeInputSchema, response: { 200: MerchantNoticeSchema } } },
    (request) => createShopNotice(ctx, merchantSession(request).shopId, request.body),
  );
  api.put(
    '/merchant/shop/notice/:id',
    { config: { permission: 'notices.manage' }, schema: { summary: 'Edit a shop notice', tags, security, params: MerchantIdParamSchema, body: MerchantNoticeInputSchema, response: { 200: MerchantNoticeSchema } } },
    (request) => updateShopNotice(ctx, merchantSession(request).shopId, request.params.id, request.body),
  );
  api.put(
    '/merchant/shop/notice/:id/status',
    { config: { permission: 'notices.manage' }, schema: { summary: 'Publish (1) or withdraw (0) a shop notice', tags, security, params: MerchantIdParamSchema, body: MerchantNoticeStatusSchema, response: { 200: MerchantNoticeSchema } } },
    (request) => setShopNoticeStatus(ctx, merchantSession(request).shopId, request.params.id, request.body.status),
  );
  api.put(
    '/merchant/shop/notice/:id/top',
    { config: { permission: 'notices.manage' }, schema: { summary: 'Pin or unpin a shop notice', tags, security, params: MerchantIdParamSchema, body: MerchantNoticeTopSchema, response: { 200: MerchantNoticeSchema } } },
    (request) => setShopNoticeTop(ctx, merchantSession(request).shopId, request.params.id, request.body.isTop),
  );
}
