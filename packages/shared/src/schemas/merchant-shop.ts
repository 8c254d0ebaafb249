// The merchant center's shop settings (issue 10): the shop's face on the storefront (logo, banner,
// bilingual introduction, contact number), its own categories and its notices. Each message is an
// i18n key (merchantShop.* in i18n/{zh,en}/ui-merchant-shop.ts).
import { z } from 'zod';
import { textInput } from './text.ts';
import { PUBLIC_IMAGE_PATTERN, SHOP_TEL_PATTERN } from './shop-application.ts';
import { SHOP_DESCRIPTION_MAX_LENGTH, SHOP_DESCRIPTION_MIN_LENGTH } from '../constants/limits.ts';

const INT_MAX = 2_147_483_647;
/** English runs about twice as long as Chinese for the same introduction. */
export const SHOP_INTRO_EN_MAX_LENGTH = 400;
export const SHOP_CATEGORY_NAME_MAX_LENGTH = 20;
export const SHOP_CATEGORY_NAME_EN_MAX_LENGTH = 40;
export const SHOP_CATEGORY_SEQ_MAX = 9999;
/** Categories a shop may have; the storefront's side menu stays readable. */
export const SHOP_CATEGORY_LIMIT = 50;
export const SHOP_NOTICE_TITLE_MAX_LENGTH = 50;
export const SHOP_NOTICE_TITLE_EN_MAX_LENGTH = 100;
export const SHOP_NOTICE_CONTENT_MAX_LENGTH = 20_000;
/** Notices a shop may keep (drafts included). */
export const SHOP_NOTICE_LIMIT = 200;

const publicImage = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(300, message).regex(PUBLIC_IMAGE_PATTERN, message).refine((v) => !v.includes('..'), message);

/** Empty text (after trimming) means "none": stored as null. */
const optionalText = (max: number, message: string) =>
  textInput(message)
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v));

// ---- Settings ----

/** GET /merchant/shop/info. Paths as stored; public images are served at their path. */
export const MerchantShopSettingsSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  introZh: z.string(),
  introEn: z.string(),
  tel: z.string(),
});
export type MerchantShopSettings = z.infer<typeof MerchantShopSettingsSchema>;

/** PUT /merchant/shop/info: every field, as the form shows them. */
export const MerchantShopSettingsInputSchema = z.object({
  logo: publicImage('shopApply.errors.logoRequired'),
  /** null or '': no banner. */
  banner: z
    .union([publicImage('merchantShop.errors.bannerInvalid'), z.literal(''), z.null()], { error: 'merchantShop.errors.bannerInvalid' })
    .transform((v) => (v ? v : null)),
  introZh: textInput('merchantShop.errors.introZhLength')
    .trim()
    .min(SHOP_DESCRIPTION_MIN_LENGTH, 'merchantShop.errors.introZhLength')
    .max(SHOP_DESCRIPTION_MAX_LENGTH, 'merchantShop.errors.introZhLength'),
  introEn: textInput('merchantShop.errors.introEnLength')
    .trim()
    .max(SHOP_INTRO_EN_MAX_LENGTH, 'merchantShop.errors.introEnLength')
    .refine((v) => v === '' || v.length >= SHOP_DESCRIPTION_MIN_LENGTH, 'merchantShop.errors.introEnLength')
    .transform((v) => (v === '' ? null : v)),
  tel: z.string({ error: 'shopApply.errors.telRequired' }).trim().min(1, 'shopApply.errors.telRequired').regex(SHOP_TEL_PATTERN, 'validation.phoneInvalid'),
});
export type MerchantShopSettingsInput = z.output<typeof MerchantShopSettingsInputSchema>;

// ---- Categories ----

/** 1 shown on the storefront, 0 hidden. */
export const SHOP_CATEGORY_STATUS = { hidden: 0, shown: 1 } as const;

export const MerchantShopCategorySchema = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  seq: z.number().int(),
  status: z.number().int(),
});
export type MerchantShopCategory = z.infer<typeof MerchantShopCategorySchema>;

/** POST /merchant/shop/category and PUT /merchant/shop/category/:id (rename, order, hide). */
export const MerchantShopCategoryInputSchema = z.object({
  nameZh: textInput('merchantShop.errors.categoryNameRequired')
    .trim()
    .min(1, 'merchantShop.errors.categoryNameRequired')
    .max(SHOP_CATEGORY_NAME_MAX_LENGTH, 'merchantShop.errors.categoryNameTooLong'),
  nameEn: optionalText(SHOP_CATEGORY_NAME_EN_MAX_LENGTH, 'merchantShop.errors.categoryNameEnTooLong').default(null),
  seq: z.coerce.number('merchantShop.errors.seq').int('merchantShop.errors.seq').min(0, 'merchantShop.errors.seq').max(SHOP_CATEGORY_SEQ_MAX, 'merchantShop.errors.seq').default(0),
  status: z
    .number('merchantShop.errors.status')
    .int('merchantShop.errors.status')
    .refine((s) => s === 0 || s === 1, 'merchantShop.errors.status')
    .default(SHOP_CATEGORY_STATUS.shown),
});
export type MerchantShopCategoryInput = z.output<typeof MerchantShopCategoryInputSchema>;

export const MerchantIdParamSchema = z.object({
  id: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(INT_MAX, 'validation.id'),
});

// ---- Notices ----

/** 1 published (shown on the storefront), 0 draft or withdrawn. */
export const SHOP_NOTICE_STATUS = { draft: 0, published: 1 } as const;

const noticeStatus = z
  .number('merchantShop.errors.status')
  .int('merchantShop.errors.status')
  .refine((s) => s === 0 || s === 1, 'merchantShop.errors.status');

export const MerchantNoticeSummarySchema = z.object({
  id: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  isTop: z.boolean(),
  status: z.number().int(),
  /** When it was (last) published, or created for a draft. */
  publishTime: z.string(),
});
export type MerchantNoticeSummary = z.infer<typeof MerchantNoticeSummarySchema>;

export const MerchantNoticeSchema = MerchantNoticeSummarySchema.extend({ contentZh: z.string(), contentEn: z.string() });
export type MerchantNotice = z.infer<typeof MerchantNoticeSchema>;

/** POST /merchant/shop/notice and PUT /merchant/shop/notice/:id. Content is HTML, cleaned by the server. */
export const MerchantNoticeInputSchema = z.object({
  titleZh: textInput('merchantShop.errors.noticeTitleRequired')
    .trim()
    .min(1, 'merchantShop.errors.noticeTitleRequired')
    .max(SHOP_NOTICE_TITLE_MAX_LENGTH, 'merchantShop.errors.noticeTitleTooLong'),
  titleEn: optionalText(SHOP_NOTICE_TITLE_EN_MAX_LENGTH, 'merchantShop.errors.noticeTitleEnTooLong').default(null),
  contentZh: textInput('merchantShop.errors.noticeContentRequired')
    .trim()
    .min(1, 'merchantShop.errors.noticeContentRequired')
    .max(SHOP_NOTICE_CONTENT_MAX_LENGTH, 'merchantShop.errors.noticeContentTooLong'),
  contentEn: optionalText(SHOP_NOTICE_CONTENT_MAX_LENGTH, 'merchantShop.errors.noticeContentTooLong').default(null),
  isTop: z.boolean('merchantShop.errors.isTop').default(false),
  status: noticeStatus.default(SHOP_NOTICE_STATUS.draft),
});
export type MerchantNoticeInput = z.output<typeof MerchantNoticeInputSchema>;

/** PUT /merchant/shop/notice/:id/status: publish (1) or withdraw (0). */
export const MerchantNoticeStatusSchema = z.object({ status: noticeStatus });
/** PUT /merchant/shop/notice/:id/top: pin or unpin. */
export const MerchantNoticeTopSchema = z.object({ isTop: z.boolean('merchantShop.errors.isTop') });

export const MerchantNoticeQuerySchema = z.object({
  current: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(INT_MAX, 'validation.page').default(1),
  size: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(100, 'validation.pageSize').default(10),
});
