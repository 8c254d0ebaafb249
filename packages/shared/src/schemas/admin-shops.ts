// Platform staff manage shops (issue 10): list and search them, take one offline with a reason or
// reopen it, set its type. Each message is an i18n key (catalog ui-staff.ts).
import { z } from 'zod';
import { SEARCH_KEYWORD_MAX_LENGTH, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants/limits.ts';
import { SHOP_STATUS, SHOP_TYPE } from '../constants/shop-status.ts';
import { textInput } from './text.ts';

const INT_MAX = 2_147_483_647;
/** The reasons staff give (offline, disabled): what the owner or shopper is shown. */
export const STAFF_REASON_MAX_LENGTH = 200;

export const staffPage = {
  current: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(INT_MAX, 'validation.page').default(1),
  size: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(PAGE_SIZE_DEFAULT),
};

/** A search box's text: trimmed, at most the shared keyword length; empty means no filter. */
export const staffKeyword = textInput('staff.errors.keyword')
  .trim()
  .max(SEARCH_KEYWORD_MAX_LENGTH, 'staff.errors.keywordTooLong')
  .optional()
  .transform((v) => (v ? v : undefined));

/** Why staff act (take a shop offline, disable a login): required, shown to the person concerned. */
export const StaffReasonSchema = z.object({
  reason: textInput('staff.errors.reasonRequired')
    .trim()
    .min(1, 'staff.errors.reasonRequired')
    .max(STAFF_REASON_MAX_LENGTH, 'staff.errors.reasonTooLong'),
});
export type StaffReasonInput = z.infer<typeof StaffReasonSchema>;

const SHOP_STATUSES: readonly number[] = Object.values(SHOP_STATUS);
const SHOP_TYPES: readonly number[] = Object.values(SHOP_TYPE);

/** GET /admin/shops: by name (either language) or id, status and type; all shops by default. */
export const AdminShopQuerySchema = z.object({
  keyword: staffKeyword,
  status: z.coerce
    .number('staff.errors.shopStatus')
    .int('staff.errors.shopStatus')
    .refine((s) => SHOP_STATUSES.includes(s), 'staff.errors.shopStatus')
    .optional(),
  type: z.coerce
    .number('staff.errors.shopType')
    .int('staff.errors.shopType')
    .refine((s) => SHOP_TYPES.includes(s), 'staff.errors.shopType')
    .optional(),
  ...staffPage,
});
export type AdminShopQuery = z.infer<typeof AdminShopQuerySchema>;

/** POST /admin/shops/:shopId/type: 1 self-run, 2 ordinary. */
export const ShopTypeSchema = z.object({
  type: z
    .number({ error: 'staff.errors.shopType' })
    .int('staff.errors.shopType')
    .refine((s) => SHOP_TYPES.includes(s), 'staff.errors.shopType'),
});
export type ShopTypeInput = z.infer<typeof ShopTypeSchema>;

/** A shop as the console lists it. */
export const AdminShopSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  shopNameEn: z.string().nullable(),
  shopLogo: z.string().nullable(),
  /** 1 self-run, 2 ordinary. */
  type: z.number().int(),
  /** -1 rejected or none, 0 under review, 1 open, 2 offline. */
  status: z.number().int(),
  /** Why staff took it offline; null unless offline. */
  offlineReason: z.string().nullable(),
  tel: z.string().nullable(),
  region: z.string(),
  /** The shopper who applied; null for a shop the platform created. */
  userId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminShop = z.infer<typeof AdminShopSchema>;
