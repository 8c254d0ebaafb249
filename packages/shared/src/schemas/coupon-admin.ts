// Coupons as their issuers manage them (issue 11 §5, decision 044): a shop's coupons in the merchant
// center and the platform's (shopId 0) in the console, with the usage figures the server counts.
// Money in fen; a discount coupon's rate per ten (8.5 = 85 % paid); times 'yyyy-MM-dd HH:mm:ss' in
// GMT+8. Each message is an i18n key (couponAdmin.errors.* in i18n/{zh,en}/ui-coupon-admin.ts).
import { z } from 'zod';
import { PAGE_SIZE_MAX, SEARCH_KEYWORD_MAX_LENGTH } from '../constants/limits.ts';
import { COUPON_SCOPE, COUPON_TYPE, COUPON_VALIDITY } from './coupon.ts';
import { DiscountProductSchema, parseApiTime } from './shop-promotion.ts';
import { textInput } from './text.ts';

/** putonStatus: 1 on (receivable or issuable), 0 off (hidden, can be put on again), 2 ended by its issuer (final). */
export const COUPON_PUTON = { off: 0, on: 1, ended: 2 } as const;
/** getWay: 0 shoppers receive it, 1 issued only (never in the coupon center). */
export const COUPON_GET_WAY = { receivable: 0, issuedOnly: 1 } as const;
/** What a list shows: on, off, or ended (by its issuer, or its fixed end passed). */
export const COUPON_ADMIN_STATES = ['on', 'off', 'ended'] as const;
export type CouponAdminState = (typeof COUPON_ADMIN_STATES)[number];

export const COUPON_NAME_MAX_LENGTH = 30;
export const COUPON_NAME_EN_MAX_LENGTH = 60;
export const COUPON_PRODUCTS_MAX = 200;
/** ¥1,000,000 at most, for a threshold or a reduction. */
export const COUPON_AMOUNT_MAX = 100_000_000;
export const COUPON_RATE_MIN = 0.1;
export const COUPON_RATE_MAX = 9.9;
export const COUPON_STOCK_MAX = 1_000_000;
export const COUPON_LIMIT_MAX = 99;
export const COUPON_DAYS_MAX = 365;
/** Fixed dates span at most a year. */
export const COUPON_PERIOD_MAX_DAYS = 366;

const INT_MAX = 2_147_483_647;
const int = (message: string, min: number, max: number) => z.number(message).int(message).min(min, message).max(max, message);
const id = (message: string) => z.coerce.number(message).int(message).min(1, message).max(INT_MAX, message);
const isTenth = (v: number) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9;
/** A time, or nothing (N days after receipt needs none); a text that is not a time is refused. */
const optionalTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullable()
    .default(null)
    .refine((v) => v === null || v === '' || parseApiTime(v) !== null, message)
    .transform((v) => (v ? parseApiTime(v) : null));

/** POST /merchant/coupons, PUT /merchant/coupons/:id and the console's /admin/coupons twins. Product owners are checked by the API. */
export const CouponAdminInputSchema = z
  .object({
    nameZh: textInput('couponAdmin.errors.nameRequired').trim().min(1, 'couponAdmin.errors.nameRequired').max(COUPON_NAME_MAX_LENGTH, 'couponAdmin.errors.nameTooLong'),
    nameEn: textInput('couponAdmin.errors.nameEnTooLong')
      .trim()
      .max(COUPON_NAME_EN_MAX_LENGTH, 'couponAdmin.errors.nameEnTooLong')
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
    couponType: z.union([z.literal(COUPON_TYPE.cash), z.literal(COUPON_TYPE.discount)], { error: 'couponAdmin.errors.type' }),
    /** Fen; 0 = no threshold. */
    cashCondition: int('couponAdmin.errors.condition', 0, COUPON_AMOUNT_MAX).default(0),
    /** Fen, cash coupons; 0 for discount coupons. */
    reduceAmount: int('couponAdmin.errors.reduce', 0, COUPON_AMOUNT_MAX).default(0),
    /** Per ten, discount coupons; null for cash coupons. */
    couponDiscount: z.number('couponAdmin.errors.rate').nullable().default(null),
    suitableProdType: z.union([z.literal(COUPON_SCOPE.all), z.literal(COUPON_SCOPE.listed), z.literal(COUPON_SCOPE.allExcept)], { error: 'couponAdmin.errors.scope' }).default(0),
    productIds: z.array(id('couponAdmin.errors.products'), { error: 'couponAdmin.errors.products' }).max(COUPON_PRODUCTS_MAX, 'couponAdmin.errors.tooManyProducts').default([]),
    validTimeType: z.union([z.literal(COUPON_VALIDITY.fixed), z.literal(COUPON_VALIDITY.afterReceipt)], { error: 'couponAdmin.errors.validity' }),
    startTime: optionalTime('couponAdmin.errors.startTime'),
    endTime: optionalTime('couponAdmin.errors.endTime'),
    /** N days after receipt: it starts this many days after receipt ... */
    afterReceiveDays: int('couponAdmin.errors.afterDays', 0, COUPON_DAYS_MAX).default(0),
    /** ... and lasts this many days. */
    validDays: int('couponAdmin.errors.validDays', 1, COUPON_DAYS_MAX).nullable().default(null),
    /** How many there are in all (received ones included): can be raised, never below what was received. */
    totalStock: int('couponAdmin.errors.stock', 1, COUPON_STOCK_MAX),
    limitNum: int('couponAdmin.errors.limit', 1, COUPON_LIMIT_MAX).default(1),
    getWay: z.union([z.literal(COUPON_GET_WAY.receivable), z.literal(COUPON_GET_WAY.issuedOnly)], { error: 'couponAdmin.errors.getWay' }).default(0),
    /** 1 on, 0 off; ending is its own call. */
    putonStatus: z.union([z.literal(COUPON_PUTON.off), z.literal(COUPON_PUTON.on)], { error: 'couponAdmin.errors.puton' }).default(1),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    if (!Array.isArray(v.productIds)) return;
    if (v.couponType === COUPON_TYPE.cash) {
      if (v.reduceAmount < 1) issue('couponAdmin.errors.reduce', ['reduceAmount']);
      else if (v.cashCondition > 0 && v.reduceAmount >= v.cashCondition) issue('couponAdmin.errors.reduceBelowCondition', ['reduceAmount']);
      if (v.couponDiscount !== null) issue('couponAdmin.errors.rateForDiscount', ['couponDiscount']);
    } else if (v.couponType === COUPON_TYPE.discount) {
      if (v.couponDiscount === null || v.couponDiscount < COUPON_RATE_MIN || v.couponDiscount > COUPON_RATE_MAX || !isTenth(v.couponDiscount)) issue('couponAdmin.errors.rate', ['couponDiscount']);
      if (v.reduceAmount !== 0) issue('couponAdmin.errors.reduceForCash', ['reduceAmount']);
    }
    if (v.suitableProdType !== COUPON_SCOPE.all && v.productIds.length === 0) issue('couponAdmin.errors.productsRequired', ['productIds']);
    if (new Set(v.productIds).size !== v.productIds.length) issue('couponAdmin.errors.products', ['productIds']);
    if (v.validTimeType === COUPON_VALIDITY.fixed) {
      if (!(v.startTime instanceof Date)) issue('couponAdmin.errors.startTime', ['startTime']);
      if (!(v.endTime instanceof Date)) issue('couponAdmin.errors.endTime', ['endTime']);
      if (v.startTime instanceof Date && v.endTime instanceof Date) {
        if (v.endTime.getTime() <= v.startTime.getTime()) issue('couponAdmin.errors.endAfterStart', ['endTime']);
        else if (v.endTime.getTime() - v.startTime.getTime() > COUPON_PERIOD_MAX_DAYS * 86_400_000) issue('couponAdmin.errors.tooLong', ['endTime']);
      }
    } else if (v.validTimeType === COUPON_VALIDITY.afterReceipt && v.validDays === null) {
      issue('couponAdmin.errors.validDays', ['validDays']);
    }
  });
export type CouponAdminInput = z.output<typeof CouponAdminInputSchema>;

/** What a coupon did, counted by the server: held by shoppers (received or issued), used in paid orders, and what those orders saved. */
export const CouponUsageSchema = z.object({
  received: z.number().int(),
  used: z.number().int(),
  /** Fen, the coupon's shares of paid orders. */
  reducedAmount: z.number().int(),
});
export type CouponUsage = z.infer<typeof CouponUsageSchema>;

/** A coupon as the merchant center and the console list it. */
export const CouponAdminRowSchema = z.object({
  couponId: z.number().int(),
  /** 0 = platform. */
  shopId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  couponType: z.number().int(),
  cashCondition: z.number().int(),
  reduceAmount: z.number().int(),
  couponDiscount: z.number().nullable(),
  /** Its face as shoppers read it, in the reader's language ("满300减50", "¥50 off ¥300"). */
  label: z.string(),
  suitableProdType: z.number().int(),
  /** Listed products (scope 1 and 2). */
  productCount: z.number().int(),
  validTimeType: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  afterReceiveDays: z.number().int(),
  validDays: z.number().int().nullable(),
  totalStock: z.number().int(),
  /** Left to receive. */
  stocks: z.number().int(),
  limitNum: z.number().int(),
  getWay: z.number().int(),
  putonStatus: z.number().int(),
  state: z.enum(COUPON_ADMIN_STATES),
  usage: CouponUsageSchema,
});
export type CouponAdminRow = z.infer<typeof CouponAdminRowSchema>;

/** One coupon with its listed products, for the edit form. */
export const CouponAdminDetailSchema = CouponAdminRowSchema.extend({ products: z.array(DiscountProductSchema) });
export type CouponAdminDetail = z.infer<typeof CouponAdminDetailSchema>;

export const CouponAdminQuerySchema = z.object({
  state: z.enum(['all', ...COUPON_ADMIN_STATES], { error: 'couponAdmin.errors.filter' }).default('all'),
  keyword: textInput().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.keywordTooLong').optional(),
  current: z.coerce.number().int('validation.page').min(1, 'validation.page').default(1),
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(10),
});
export type CouponAdminQuery = z.infer<typeof CouponAdminQuerySchema>;

export const CouponAdminIdParamSchema = z.object({ id: id('couponAdmin.errors.notFound') });

/** The console's audit actions on platform coupons. */
export const COUPON_AUDIT_ACTIONS = ['coupon.create', 'coupon.update', 'coupon.end'] as const;

const yuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));

/** A coupon's face: "满300减50", "无门槛减10", "满100打8.5折", "8.5折" (zh) or "¥50 off ¥300", "¥10 off", "15% off over ¥100", "15% off". */
export function couponFaceLabel(c: { couponType: number; cashCondition: number; reduceAmount: number; couponDiscount: number | null }, lang: 'zh' | 'en'): string {
  const over = c.cashCondition > 0;
  if (c.couponType === COUPON_TYPE.discount) {
    const rate = c.couponDiscount ?? 10;
    const off = `${Math.round((10 - rate) * 10)}% off`;
    if (lang === 'zh') return over ? `满${yuan(c.cashCondition)}打${rate}折` : `${rate}折`;
    return over ? `${off} over ¥${yuan(c.cashCondition)}` : off;
  }
  if (lang === 'zh') return over ? `满${yuan(c.cashCondition)}减${yuan(c.reduceAmount)}` : `无门槛减${yuan(c.reduceAmount)}`;
  return over ? `¥${yuan(c.reduceAmount)} off ¥${yuan(c.cashCondition)}` : `¥${yuan(c.reduceAmount)} off`;
}
