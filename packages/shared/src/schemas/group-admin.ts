// Group-buy (拼团, issue 29) in the two consoles: one schema per payload of the merchant center's
// calls (/merchant/group-activities..., shop permission groupbuy.manage) and the platform console's
// (/admin/group-activities..., platform permission groupbuy.manage). Money in fen; times
// 'yyyy-MM-dd HH:mm:ss' in GMT+8 as every call answers them. Each message is an i18n key
// (groupbuyAdmin.errors.* in i18n/{zh,en}/groupbuy-admin-messages.ts).
import { z } from 'zod';
import { SEARCH_KEYWORD_MAX_LENGTH } from '../constants/limits.ts';
import {
  GROUP_MAX_NUM_MAX,
  GROUP_NAME_EN_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  GROUP_NUMBER_MAX,
  GROUP_NUMBER_MIN,
  GROUP_PRICE_MAX,
  GROUP_REASON_MAX_LENGTH,
  GROUP_VALID_HOURS_MAX,
  GROUP_VALID_HOURS_MIN,
} from '../constants/group-admin.ts';
import { PageQuerySchema, pageOf } from './common.ts';
import { parseApiTime } from './shop-promotion.ts';
import { textInput } from './text.ts';

const INT_MAX = 2_147_483_647;
const id = (key: string) => z.coerce.number(key).int(key).min(1, key).max(INT_MAX, key);
const int = (key: string, min: number, max: number) => z.number(key).int(key).min(min, key).max(max, key);
const apiTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseApiTime(v) !== null, message)
    .transform((v) => parseApiTime(v)!);
const fen = z.number().int();

// ---------------------------------------------------------------------------------------------
// The merchant center
// ---------------------------------------------------------------------------------------------

export const MerchantGroupSkuInputSchema = z.object({
  skuId: id('groupbuyAdmin.errors.sku'),
  /** The group price: at least ¥0.01 and below the SKU's own price (checked against it). */
  actPrice: int('groupbuyAdmin.errors.price', 1, GROUP_PRICE_MAX),
});
export type MerchantGroupSkuInput = z.infer<typeof MerchantGroupSkuInputSchema>;

/** POST /merchant/group-activities → {groupActivityId}: a group activity of one of the shop's own products. */
export const MerchantGroupActivityInputSchema = z
  .object({
    nameZh: textInput('groupbuyAdmin.errors.nameRequired').trim().min(1, 'groupbuyAdmin.errors.nameRequired').max(GROUP_NAME_MAX_LENGTH, 'groupbuyAdmin.errors.nameTooLong'),
    nameEn: textInput('groupbuyAdmin.errors.nameEnTooLong').trim().max(GROUP_NAME_EN_MAX_LENGTH, 'groupbuyAdmin.errors.nameEnTooLong').nullable().default(null),
    prodId: id('groupbuyAdmin.errors.product'),
    /** People per team. */
    groupNumber: int('groupbuyAdmin.errors.groupNumber', GROUP_NUMBER_MIN, GROUP_NUMBER_MAX),
    /** How long a team stays open after its leader pays, in hours. */
    validHours: int('groupbuyAdmin.errors.validHours', GROUP_VALID_HOURS_MIN, GROUP_VALID_HOURS_MAX),
    /** Robots fill a team still short at its end, so it succeeds. */
    hasRobot: z.boolean('groupbuyAdmin.errors.hasRobot'),
    hasMaxNum: z.boolean('groupbuyAdmin.errors.maxNum'),
    /** Pieces per shopper in this activity when hasMaxNum; ignored otherwise. */
    maxNum: int('groupbuyAdmin.errors.maxNum', 1, GROUP_MAX_NUM_MAX).nullable().default(null),
    startTime: apiTime('groupbuyAdmin.errors.startTime'),
    endTime: apiTime('groupbuyAdmin.errors.endTime'),
    skus: z.array(MerchantGroupSkuInputSchema).min(1, 'groupbuyAdmin.errors.skusRequired').max(100, 'groupbuyAdmin.errors.skusRequired'),
  })
  // A field that did not parse has its own message, so these checks skip it.
  .refine((v) => v.hasMaxNum !== true || typeof v.maxNum === 'number', { message: 'groupbuyAdmin.errors.maxNum', path: ['maxNum'] })
  .refine((v) => !(v.startTime instanceof Date && v.endTime instanceof Date) || v.endTime.getTime() > v.startTime.getTime(), { message: 'groupbuyAdmin.errors.endAfterStart', path: ['endTime'] })
  .refine((v) => !Array.isArray(v.skus) || new Set(v.skus.map((s) => s?.skuId)).size === v.skus.length, { message: 'groupbuyAdmin.errors.skuTwice', path: ['skus'] });
export type MerchantGroupActivityInput = z.infer<typeof MerchantGroupActivityInputSchema>;
export const MerchantGroupActivityCreatedSchema = z.object({ groupActivityId: z.number().int() });
export type MerchantGroupActivityCreated = z.infer<typeof MerchantGroupActivityCreatedSchema>;

/** The shown state of an activity: by its status and window. */
export const GROUP_LIST_STATES = ['upcoming', 'running', 'ended', 'offline'] as const;
export type GroupListState = (typeof GROUP_LIST_STATES)[number];

/** GET /merchant/group-activities: by shown state and name (the activity's or its product's). */
export const MerchantGroupActivityQuerySchema = PageQuerySchema.extend({
  state: z.enum(GROUP_LIST_STATES, 'validation.invalid').optional(),
  name: textInput('validation.invalid').trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.invalid').optional(),
});
export type MerchantGroupActivityQuery = z.infer<typeof MerchantGroupActivityQuerySchema>;

/** What an activity's teams came to: teams formed (a leader paid), still grouping, succeeded, failed; paid shoppers' orders. */
export const GroupActivityCountsSchema = z.object({
  teamNum: z.number().int(),
  groupingNum: z.number().int(),
  successNum: z.number().int(),
  failedNum: z.number().int(),
  orderNum: z.number().int(),
});
export type GroupActivityCounts = z.infer<typeof GroupActivityCountsSchema>;

export const GroupActivityRowSchema = z.object({
  groupActivityId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  nameZh: z.string(),
  nameEn: z.string().nullable(),
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  listState: z.enum(GROUP_LIST_STATES),
  /** Stored status: 1 on, 0 ended by the shop, 2 taken offline by the platform. */
  status: z.number().int(),
  /** The platform's reason while the activity is offline. */
  offlineReason: z.string().nullable(),
  groupNumber: z.number().int(),
  validHours: z.number(),
  hasRobot: z.boolean(),
  hasMaxNum: z.boolean(),
  maxNum: z.number().int().nullable(),
  minActPrice: fen,
  counts: GroupActivityCountsSchema,
  createdAt: z.string(),
});
export type GroupActivityRow = z.infer<typeof GroupActivityRowSchema>;
export const GroupActivityRowPageSchema = pageOf(GroupActivityRowSchema);

export const GroupActivitySkuSchema = z.object({
  groupSkuId: z.number().int(),
  skuId: z.number().int(),
  skuName: z.string(),
  /** The SKU's own price now, and the group price. */
  price: fen,
  actPrice: fen,
  sellNum: z.number().int(),
});
/** GET /merchant/group-activities/:id and GET /admin/group-activities/:id */
export const GroupActivityDetailSchema = GroupActivityRowSchema.extend({ skus: z.array(GroupActivitySkuSchema) });
export type GroupActivityDetail = z.infer<typeof GroupActivityDetailSchema>;

export const GroupActivityIdParamSchema = z.object({ id: id('groupbuyAdmin.errors.notFound') });

/** GET …/group-activities/:id/teams: by team status (0 waiting, 1 grouping, 2 success, 3 failed), newest first. */
export const GroupTeamQuerySchema = PageQuerySchema.extend({
  status: z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(3, 'validation.invalid').optional(),
});
export type GroupTeamQuery = z.infer<typeof GroupTeamQuerySchema>;

export const GroupTeamMemberSchema = z.object({
  /** A robot's is empty; the console shows its own word for it. */
  nickName: z.string(),
  robot: z.boolean(),
  leader: z.boolean(),
  /** A robot has none. */
  orderNumber: z.string().nullable(),
  /** 0 unpaid, 1 paid. */
  status: z.number().int(),
  prodCount: z.number().int(),
  joinTime: z.string(),
});
export type GroupTeamMember = z.infer<typeof GroupTeamMemberSchema>;

export const GroupTeamRowSchema = z.object({
  groupTeamId: z.number().int(),
  /** 0 waiting for the leader's payment, 1 grouping, 2 success, 3 failed. */
  status: z.number().int(),
  joinNum: z.number().int(),
  groupNumber: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  createdAt: z.string(),
  members: z.array(GroupTeamMemberSchema),
});
export type GroupTeamRow = z.infer<typeof GroupTeamRowSchema>;
export const GroupTeamRowPageSchema = pageOf(GroupTeamRowSchema);

// ---------------------------------------------------------------------------------------------
// The platform console
// ---------------------------------------------------------------------------------------------

/** GET /admin/group-activities: every shop's, by shop, state and name. */
export const AdminGroupActivityQuerySchema = MerchantGroupActivityQuerySchema.extend({
  shopId: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(INT_MAX, 'validation.id').optional(),
});
export type AdminGroupActivityQuery = z.infer<typeof AdminGroupActivityQuerySchema>;

/** POST /admin/group-activities/:id/offline: no new teams from now; teams already open run to their end. The shop sees the reason. */
export const GroupActivityOfflineSchema = z.object({
  reason: textInput('groupbuyAdmin.errors.reasonRequired').trim().min(1, 'groupbuyAdmin.errors.reasonRequired').max(GROUP_REASON_MAX_LENGTH, 'groupbuyAdmin.errors.reasonTooLong'),
});
export type GroupActivityOffline = z.infer<typeof GroupActivityOfflineSchema>;
