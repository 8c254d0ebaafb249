// What platform staff edit in the console (issue 10): the platform category tree, the platform's
// notices and the site configuration. One schema per payload, used by the API and the console.
// Each message is an i18n key (platformContent.errors.* in the catalogs).
import { z } from 'zod';
import { textInput } from './text.ts';
import { PaySwitchSchema, ServiceSwitchSchema, WebConfigSchema } from './site.ts';

const INT_MAX = 2_147_483_647;
const E = 'platformContent.errors';

export const CATEGORY_NAME_ZH_MAX = 50;
export const CATEGORY_NAME_EN_MAX = 100;
export const CATEGORY_SEQ_MAX = 9999;
export const NOTICE_TITLE_ZH_MAX = 100;
export const NOTICE_TITLE_EN_MAX = 200;
export const NOTICE_CONTENT_MAX = 20_000;
export const WELCOME_MAX = 100;
export const COMPANY_INFO_MAX = 1000;
export const TERMS_TITLE_MAX = 100;
export const TERMS_CONTENT_MAX = 50_000;

/**
 * An image staff uploaded (POST /admin/file/upload, /uploads/images/...) or one of the demo
 * pictures (/uploads/seed/...): shown to everyone, so never a private document.
 */
export const SITE_IMAGE_PATTERN = /^\/uploads\/(?:images|seed)\/[A-Za-z0-9_-]{1,80}\.(?:jpg|jpeg|png|gif|svg|webp)$/;
const siteImage = (message: string) => z.string({ error: message }).regex(SITE_IMAGE_PATTERN, message);

const required = (min: string, max: string, length: number) => textInput(min).trim().min(1, min).max(length, max);
const idParam = z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(INT_MAX, 'validation.id');

export const ContentIdParamSchema = z.object({ id: idParam });

// ---- Categories ----

export const CATEGORY_STATUS = { hidden: 0, shown: 1 } as const;
const categoryStatus = z.union([z.literal(0), z.literal(1)], { error: `${E}.status` });

const categoryFields = {
  nameZh: required(`${E}.nameZhRequired`, `${E}.nameZhTooLong`, CATEGORY_NAME_ZH_MAX),
  nameEn: required(`${E}.nameEnRequired`, `${E}.nameEnTooLong`, CATEGORY_NAME_EN_MAX),
  /** null: no icon. */
  icon: siteImage(`${E}.image`).nullable().default(null),
  seq: z.number(`${E}.seq`).int(`${E}.seq`).min(0, `${E}.seq`).max(CATEGORY_SEQ_MAX, `${E}.seq`).default(0),
  status: categoryStatus.default(1),
};

/** POST /admin/categories: a new category under parentId (0 = a top-level one; three levels at most). */
export const CategoryCreateSchema = z.object({
  parentId: z.number(`${E}.parent`).int(`${E}.parent`).min(0, `${E}.parent`).max(INT_MAX, `${E}.parent`),
  ...categoryFields,
});
export type CategoryCreateInput = z.infer<typeof CategoryCreateSchema>;

/** PUT /admin/categories/:id: everything but the place in the tree. */
export const CategoryUpdateSchema = z.object(categoryFields);
export type CategoryUpdateInput = z.infer<typeof CategoryUpdateSchema>;

/** PUT /admin/categories/:id/status: show or hide (a hidden category hides its whole branch). */
export const CategoryStatusSchema = z.object({ status: categoryStatus });

/** PUT /admin/categories/order: the children of one parent in their new order (all of them). */
export const CategoryOrderSchema = z.object({
  parentId: z.number(`${E}.parent`).int(`${E}.parent`).min(0, `${E}.parent`).max(INT_MAX, `${E}.parent`),
  ids: z
    .array(idParam, { error: `${E}.order` })
    .min(1, `${E}.order`)
    .max(500, `${E}.order`)
    .refine((ids) => new Set(ids).size === ids.length, `${E}.order`),
});
export type CategoryOrderInput = z.infer<typeof CategoryOrderSchema>;

/** One row of the staff tree (hidden ones too), with how many products cite it. */
export const AdminCategorySchema = z.object({
  categoryId: z.number().int(),
  parentId: z.number().int(),
  grade: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string().nullable(),
  icon: z.string().nullable(),
  seq: z.number().int(),
  status: z.number().int(),
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

// ---- Platform notices ----

export const NOTICE_STATUS = { draft: 0, published: 1 } as const;

/** POST /admin/notices and PUT /admin/notices/:id: both languages, shown by the ticker and /notice-list. */
export const NoticeInputSchema = z.object({
  titleZh: required(`${E}.titleZhRequired`, `${E}.titleZhTooLong`, NOTICE_TITLE_ZH_MAX),
  titleEn: required(`${E}.titleEnRequired`, `${E}.titleEnTooLong`, NOTICE_TITLE_EN_MAX),
  contentZh: required(`${E}.contentZhRequired`, `${E}.contentTooLong`, NOTICE_CONTENT_MAX),
  contentEn: required(`${E}.contentEnRequired`, `${E}.contentTooLong`, NOTICE_CONTENT_MAX),
  isTop: z.boolean(`${E}.flag`).default(false),
  /** Published at once (the storefront shows it) or kept as a draft. */
  published: z.boolean(`${E}.flag`).default(false),
});
export type NoticeInput = z.infer<typeof NoticeInputSchema>;

export const NoticePublishSchema = z.object({ published: z.boolean(`${E}.flag`) });
export const NoticePinSchema = z.object({ isTop: z.boolean(`${E}.flag`) });

export const NoticeQuerySchema = z.object({
  status: z.enum(['all', 'published', 'draft'], { error: `${E}.status` }).default('all'),
  current: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(INT_MAX, 'validation.page').default(1),
  size: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(100, 'validation.pageSize').default(20),
});
export type NoticeQuery = z.infer<typeof NoticeQuerySchema>;

export const AdminNoticeSchema = z.object({
  id: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string().nullable(),
  contentZh: z.string(),
  contentEn: z.string().nullable(),
  isTop: z.boolean(),
  published: z.boolean(),
  /** When it was last published (a draft never published: when it was written). */
  publishTime: z.string(),
  updatedAt: z.string(),
});
export type AdminNotice = z.infer<typeof AdminNoticeSchema>;

// ---- Site configuration ----

/** PUT /admin/site-config/web: what the top bar, header, footer and tab show. The merchant link is the deployment's. */
export const WebConfigInputSchema = z.object({
  pcWelcomeCn: required(`${E}.welcomeRequired`, `${E}.welcomeTooLong`, WELCOME_MAX),
  pcWelcomeEn: required(`${E}.welcomeRequired`, `${E}.welcomeTooLong`, WELCOME_MAX),
  /** The header's logo image ('' = the mall's name as text). */
  pcLogoImgText: z.union([z.literal(''), siteImage(`${E}.image`)], { error: `${E}.image` }),
  pcCompanyInfoCn: textInput(`${E}.companyTooLong`).trim().max(COMPANY_INFO_MAX, `${E}.companyTooLong`),
  pcCompanyInfoEn: textInput(`${E}.companyTooLong`).trim().max(COMPANY_INFO_MAX, `${E}.companyTooLong`),
  /** The browser tab's icon ('' = none). */
  pcTitleImg: z.union([z.literal(''), siteImage(`${E}.image`)], { error: `${E}.image` }),
  pcRecordNumber: textInput(`${E}.recordNumber`).trim().max(50, `${E}.recordNumber`),
  pcRecordUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: `${E}.recordUrl` }).max(200, `${E}.recordUrl`)], { error: `${E}.recordUrl` }),
});
export type WebConfigInput = z.infer<typeof WebConfigInputSchema>;

const termsText = z.object({
  title: required(`${E}.termsTitleRequired`, `${E}.termsTitleTooLong`, TERMS_TITLE_MAX),
  content: required(`${E}.termsContentRequired`, `${E}.termsContentTooLong`, TERMS_CONTENT_MAX),
});
/** PUT /admin/site-config/terms/:kind: the service terms or privacy policy in both languages (HTML, cleaned). */
export const TermsInputSchema = z.object({ zh: termsText, en: termsText });
export type TermsInput = z.infer<typeof TermsInputSchema>;
export const TERMS_KINDS = ['serviceTerms', 'privacyPolicy'] as const;
export const TermsKindParamSchema = z.object({ kind: z.enum(TERMS_KINDS, { error: 'errors.notFound' }) });

const flag = z.boolean(`${E}.flag`);
/** PUT /admin/site-config/service-switch: whether the footer and the register form link the terms. */
export const ServiceSwitchInputSchema = z.object({ serviceTermsSwitch: flag, privacyPolicySwitch: flag });
/** PUT /admin/site-config/pay-switch: the payment methods offered (the pay call refuses a disabled one at once). */
export const PaySwitchInputSchema = z.object({ aliPaySwitch: flag, wxPaySwitch: flag, balancePaySwitch: flag });

/** GET /admin/site-config: everything the site-config page edits. */
export const AdminSiteConfigSchema = z.object({
  webConfig: WebConfigSchema,
  serviceSwitch: ServiceSwitchSchema,
  paySwitch: PaySwitchSchema,
  serviceTerms: TermsInputSchema,
  privacyPolicy: TermsInputSchema,
});
export type AdminSiteConfig = z.infer<typeof AdminSiteConfigSchema>;

/** The audit log's actions of this page set. */
export const CONTENT_AUDIT_ACTIONS = [
  'category.create',
  'category.update',
  'category.status',
  'category.order',
  'category.delete',
  'notice.create',
  'notice.update',
  'notice.publish',
  'notice.pin',
  'siteConfig.web',
  'siteConfig.serviceSwitch',
  'siteConfig.paySwitch',
  'siteConfig.terms',
] as const;
