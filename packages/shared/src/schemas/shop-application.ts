// The free store application, its review by platform staff, and the store account set after
// approval (specification sections 3, 4, 5; reference 2.11 and 5.11). Each message is an i18n key.
import { z } from 'zod';
import { textInput } from './text.ts';
import { CONTENT_AUDIT_ACTIONS } from './platform-content.ts';
import { BANNER_AUDIT_ACTIONS } from './platform-banners.ts';
import { COUPON_AUDIT_ACTIONS } from './coupon-admin.ts';
import { MEMBER_AUDIT_ACTIONS } from './member.ts';
import { REVIEW_AUDIT_ACTIONS } from '../constants/review.ts';
import { STAFF_AUDIT_ACTIONS } from './admin.ts';
import { REFUND_AUDIT_ACTIONS } from './refund.ts';
import { SECKILL_AUDIT_ACTIONS } from '../constants/seckill-audit.ts';
import { GROUPBUY_AUDIT_ACTIONS } from '../constants/group-admin.ts';
import { POINTSMALL_AUDIT_ACTIONS } from '../constants/points-mall.ts';
import { PHONE_PATTERN, PhoneSchema, SmsCodeSchema } from './account.ts';
import {
  ADDRESS_DETAIL_MIN_LENGTH,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SHOP_DESCRIPTION_MAX_LENGTH,
  SHOP_DESCRIPTION_MIN_LENGTH,
  SHOP_NAME_MAX_LENGTH,
  SHOP_PASSWORD_MAX_LENGTH,
  SHOP_PASSWORD_MIN_LENGTH,
} from '../constants/limits.ts';

const INT_MAX = 2_147_483_647;
export const SHOP_ADDRESS_MAX_LENGTH = 100;
export const AUDIT_REMARKS_MAX_LENGTH = 200;

/** Letters of any script, digits and inner spaces: "no special characters" (section 5). */
export const SHOP_NAME_PATTERN = /^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u;
/** A mobile number, or a landline with its area code (0xx-xxxxxxxx). */
export const SHOP_TEL_PATTERN = new RegExp(`${PHONE_PATTERN.source}|^0\\d{2,3}-?\\d{7,8}$`);

/** A public image this shopper uploaded (/uploads/...), as the logo is shown to everyone. */
export const PUBLIC_IMAGE_PATTERN = /^\/uploads\/[A-Za-z0-9_./-]{1,200}$/;
/** A private document (licence, ID card): `private/<name>`, fetched only through a signed link. */
export const PRIVATE_FILE_PATTERN = /^private\/[a-z0-9-]{8,80}\.(?:jpg|jpeg|png|gif)$/;

/** A document is a private upload, or (on a resubmission) the path already on the application. */
const DOCUMENT_PATTERN = new RegExp(`(?:${PRIVATE_FILE_PATTERN.source})|(?:${PUBLIC_IMAGE_PATTERN.source})`);

const image = (message: string, pattern: RegExp) =>
  z.string({ error: message }).trim().min(1, message).max(300, message).regex(pattern, message).refine((v) => !v.includes('..'), message);

const regionId = z.coerce
  .number({ error: 'address.errors.regionRequired' })
  .int('address.errors.regionRequired')
  .min(1, 'address.errors.regionRequired')
  .max(999_999_999, 'address.errors.regionRequired');

const coordinate = (max: number) =>
  z.coerce.number({ error: 'shopApply.errors.location' }).min(-max, 'shopApply.errors.location').max(max, 'shopApply.errors.location');

/** POST /p/shop/apply: the first application and every resubmission after a rejection. */
export const ShopApplySchema = z.object({
  shopName: textInput('shopApply.errors.nameRequired')
    .trim()
    .min(1, 'shopApply.errors.nameRequired')
    .max(SHOP_NAME_MAX_LENGTH, 'shopApply.errors.nameTooLong')
    .regex(SHOP_NAME_PATTERN, 'shopApply.errors.nameSpecial'),
  tel: z.string({ error: 'shopApply.errors.telRequired' }).trim().min(1, 'shopApply.errors.telRequired').regex(SHOP_TEL_PATTERN, 'validation.phoneInvalid'),
  provinceId: regionId,
  cityId: regionId,
  /** 0 for the few cities that have no districts. */
  areaId: z.coerce
    .number({ error: 'address.errors.regionRequired' })
    .int('address.errors.regionRequired')
    .min(0, 'address.errors.regionRequired')
    .max(999_999_999, 'address.errors.regionRequired'),
  shopAddress: textInput('shopApply.errors.addressRequired')
    .trim()
    .min(1, 'shopApply.errors.addressRequired')
    .min(ADDRESS_DETAIL_MIN_LENGTH, 'shopApply.errors.addressTooShort')
    .max(SHOP_ADDRESS_MAX_LENGTH, 'shopApply.errors.addressTooLong'),
  /** Absent: the server starts the pin at the region's default (no map key). */
  shopLat: coordinate(90).optional(),
  shopLng: coordinate(180).optional(),
  intro: textInput('shopApply.errors.introLength')
    .trim()
    .min(SHOP_DESCRIPTION_MIN_LENGTH, 'shopApply.errors.introLength')
    .max(SHOP_DESCRIPTION_MAX_LENGTH, 'shopApply.errors.introLength'),
  shopLogo: image('shopApply.errors.logoRequired', PUBLIC_IMAGE_PATTERN),
  businessLicense: image('shopApply.errors.licenseRequired', DOCUMENT_PATTERN),
  identityCardFront: image('shopApply.errors.idFrontRequired', DOCUMENT_PATTERN),
  identityCardLater: image('shopApply.errors.idBackRequired', DOCUMENT_PATTERN),
});
export type ShopApplyInput = z.infer<typeof ShopApplySchema>;

/** Shop status of an application (constants/shop-status.ts): -1 rejected, 0 under review, 1 open, 2 offline. */
export const ShopApplicationSchema = z.object({
  shopId: z.number().int(),
  status: z.number().int(),
  /** The platform's reason for the latest rejection; null otherwise. */
  remarks: z.string().nullable(),
  shopName: z.string(),
  tel: z.string(),
  provinceId: z.number().int(),
  province: z.string(),
  cityId: z.number().int(),
  city: z.string(),
  areaId: z.number().int(),
  area: z.string(),
  shopAddress: z.string(),
  shopLat: z.number(),
  shopLng: z.number(),
  intro: z.string(),
  shopLogo: z.string(),
  /** What to send back unchanged on a resubmission. */
  businessLicense: z.string(),
  identityCardFront: z.string(),
  identityCardLater: z.string(),
  /** Links that show the private documents to their owner and to staff, valid for a while. */
  businessLicenseUrl: z.string(),
  identityCardFrontUrl: z.string(),
  identityCardLaterUrl: z.string(),
  /** When it was last submitted or decided. */
  updatedAt: z.string(),
  auditedAt: z.string().nullable(),
});
export type ShopApplication = z.infer<typeof ShopApplicationSchema>;

/** GET /p/shop/shopAudit: the latest review state of my application (reference 2.11). */
export const ShopAuditSchema = z.object({
  /** null: never applied; otherwise 0 pending, 1 passed, -1 rejected. */
  status: z.number().int().nullable(),
  remarks: z.string().nullable(),
  shopStatus: z.number().int(),
  shopId: z.number().int().nullable(),
});
export type ShopAudit = z.infer<typeof ShopAuditSchema>;

/** An uploaded image: the path a form submits, and a link that shows it (signed for a private one). */
export const UploadedFileSchema = z.object({ path: z.string(), url: z.string() });
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** GET /uploads/private/:name: the signed link's parts. */
export const SignedFileQuerySchema = z.object({
  exp: z.coerce.number('errors.notFound').int('errors.notFound').min(0, 'errors.notFound'),
  sig: z.string({ error: 'errors.notFound' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'errors.notFound'),
});
export const PrivateFileParamSchema = z.object({ name: z.string().regex(/^[a-z0-9-]{8,80}\.(?:jpg|jpeg|png|gif|pdf)$/, 'errors.notFound') });

// ---- The store account (after approval) ----

export const SHOP_PASSWORD_PATTERN = new RegExp(`^[\\x21-\\x7e]{${SHOP_PASSWORD_MIN_LENGTH},${SHOP_PASSWORD_MAX_LENGTH}}$`);

/** The store password as typed (the form); it travels encrypted like the login's. */
export const ShopPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .regex(SHOP_PASSWORD_PATTERN, 'shopAccount.errors.passwordRule');

const cipher = textInput('validation.passwordRequired').min(1, 'validation.passwordRequired').max(512, 'validation.passwordRequired');

/** POST /p/shop/sendCode: a code to the phone that becomes the store account. */
export const ShopAccountCodeSchema = z.object({ mobile: PhoneSchema });

/** POST /p/shop/saveUsernameAndPassword: once, after approval; username is the verified mobile. */
export const ShopAccountSetSchema = z.object({ username: PhoneSchema, code: SmsCodeSchema, password: cipher });
export type ShopAccountSetInput = z.infer<typeof ShopAccountSetSchema>;

/** POST /p/shop/updatePassword: both encrypted. */
export const ShopPasswordChangeSchema = z.object({ password: cipher, newPassword: cipher });
export type ShopPasswordChangeInput = z.infer<typeof ShopPasswordChangeSchema>;

/** The forms, checked in the browser before encrypting. */
export const ShopAccountFormSchema = z
  .object({ username: PhoneSchema, code: SmsCodeSchema, password: ShopPasswordSchema, confirmPassword: textInput().min(1, 'validation.confirmRequired') })
  .refine((v) => v.password === v.confirmPassword, { message: 'validation.confirmMismatch', path: ['confirmPassword'] });
export const ShopPasswordFormSchema = z
  .object({
    password: z.string().min(1, 'validation.passwordRequired'),
    newPassword: ShopPasswordSchema,
    confirmPassword: textInput().min(1, 'validation.confirmRequired'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'validation.confirmMismatch', path: ['confirmPassword'] });

/** GET /p/shop/shopAccount. */
export const ShopAccountSchema = z.object({
  shopId: z.number().int().nullable(),
  shopStatus: z.number().int(),
  /** The store account (its mobile) once set; null before. */
  username: z.string().nullable(),
});
export type ShopAccount = z.infer<typeof ShopAccountSchema>;

// ---- Platform staff: the review queue and the audit log ----

const page = {
  current: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(INT_MAX, 'validation.page').default(1),
  size: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(PAGE_SIZE_DEFAULT),
};

/** GET /admin/shop/applications: by shop status (default: under review). */
export const ApplicationQuerySchema = z.object({
  status: z.coerce
    .number('platform.errors.status')
    .int('platform.errors.status')
    .refine((s) => [-1, 0, 1, 2].includes(s), 'platform.errors.status')
    .default(0),
  ...page,
});
export type ApplicationQuery = z.infer<typeof ApplicationQuerySchema>;

export const ShopIdParamSchema = z.object({
  shopId: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(INT_MAX, 'validation.id'),
});

/** POST /admin/shop/applications/:shopId/reject. */
export const RejectApplicationSchema = z.object({
  remarks: textInput('platform.errors.reasonRequired')
    .trim()
    .min(1, 'platform.errors.reasonRequired')
    .max(AUDIT_REMARKS_MAX_LENGTH, 'platform.errors.reasonTooLong'),
});
export type RejectApplicationInput = z.infer<typeof RejectApplicationSchema>;

export const AdminApplicationSchema = ShopApplicationSchema.extend({
  userId: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof AdminApplicationSchema>;

export const AUDIT_ACTIONS = [
  'shop.approve',
  'shop.reject',
  'product.takedown',
  'product.lift',
  ...CONTENT_AUDIT_ACTIONS,
  'shop.offline',
  'shop.reopen',
  'shop.type',
  'user.disable',
  'user.enable',
  'points.settings',
  'points.adjust',
  'balance.adjust',
  'balance.option.create',
  'balance.option.update',
  'balance.request',
  'balance.approve',
  'balance.reject',
  'discount.takedown',
  ...BANNER_AUDIT_ACTIONS,
  ...COUPON_AUDIT_ACTIONS,
  ...MEMBER_AUDIT_ACTIONS,
  ...REVIEW_AUDIT_ACTIONS,
  ...STAFF_AUDIT_ACTIONS,
  ...REFUND_AUDIT_ACTIONS,
  ...SECKILL_AUDIT_ACTIONS,
  ...GROUPBUY_AUDIT_ACTIONS,
  ...POINTSMALL_AUDIT_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /admin/audit-logs. */
export const AuditLogQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS, { error: 'platform.errors.action' }).optional(),
  ...page,
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditLogSchema = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof AuditLogSchema>;
