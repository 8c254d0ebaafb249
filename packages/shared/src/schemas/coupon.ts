import { z } from 'zod';
import { PageQuerySchema, pageOf } from './common.ts';

const INT_MAX = 2_147_483_647;

/**
 * Coupons, the shopper's side (reference 2.8, issue 11 §2, decision 041): the coupon center, the
 * coupons of a product and of a shop, receiving, and my coupons by state. Money in fen; a discount
 * coupon's rate per ten (8.5 = 8.5折). Messages are i18n keys (catalog ui-coupon.ts).
 */

/** couponType: 1 cash (reduceAmount off from cashCondition), 2 discount (× couponDiscount / 10). */
export const COUPON_TYPE = { cash: 1, discount: 2 } as const;
/** suitableProdType: 0 every product, 1 the listed ones only, 2 every product except the listed ones. */
export const COUPON_SCOPE = { all: 0, listed: 1, allExcept: 2 } as const;
/** validTimeType: 1 fixed dates, 2 N days after receipt. */
export const COUPON_VALIDITY = { fixed: 1, afterReceipt: 2 } as const;
/** user coupon status (reference §3): 0 expired, 1 unused, 2 used (also while its order waits for payment). */
export const USER_COUPON_STATUS = { expired: 0, unused: 1, used: 2 } as const;

/** A coupon for the shopper: receivable, received up to the limit, or sold out. */
export const COUPON_STATES = ['receivable', 'received', 'soldOut'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

const couponId = z.coerce.number('coupon.errors.notFound').int('coupon.errors.notFound').min(1, 'coupon.errors.notFound').max(INT_MAX, 'coupon.errors.notFound');
const shopIdParam = z.coerce.number('validation.id').int('validation.id').min(0, 'validation.id').max(INT_MAX, 'validation.id');
const prodIdParam = z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(INT_MAX, 'validation.id');

export const CouponCardSchema = z.object({
  couponId: z.number().int(),
  /** 0 = platform coupon. */
  shopId: z.number().int(),
  /** The shop's name; the platform's for shopId 0 is the client's text. */
  shopName: z.string().nullable(),
  couponName: z.string(),
  couponType: z.union([z.literal(1), z.literal(2)]),
  cashCondition: z.number().int(),
  reduceAmount: z.number().int(),
  /** Per ten (type 2), null on cash coupons. */
  couponDiscount: z.number().nullable(),
  suitableProdType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  validTimeType: z.union([z.literal(1), z.literal(2)]),
  /** Fixed dates ('yyyy-MM-dd HH:mm:ss', GMT+8); null for N days after receipt. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** N days after receipt: starts afterReceiveDays after receipt and lasts validDays. */
  afterReceiveDays: z.number().int(),
  validDays: z.number().int().nullable(),
  stocks: z.number().int(),
  limitNum: z.number().int(),
  /** How many of it the reader has received (0 for a visitor). */
  receivedCount: z.number().int(),
  state: z.enum(COUPON_STATES),
});
export type CouponCard = z.infer<typeof CouponCardSchema>;

/** The coupon center: platform (1), shop (2) or both (0); cash (1) or discount (2) or both. */
export const CouponCenterQuerySchema = PageQuerySchema.extend({
  shopType: z.coerce.number('validation.invalid').pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], 'validation.invalid')).default(0),
  couponType: z.coerce.number('validation.invalid').pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], 'validation.invalid')).default(0),
  /** Hide the ones the reader cannot receive any more (received up to the limit, sold out). */
  receivableOnly: z.enum(['0', '1'], 'validation.invalid').default('0'),
});
export type CouponCenterQuery = z.infer<typeof CouponCenterQuerySchema>;

/** GET /coupon/generalCouponList (reference 2.8): the platform's coupons only, the center's other filters. */
export const GeneralCouponQuerySchema = CouponCenterQuerySchema.omit({ shopType: true });
export type GeneralCouponQuery = z.infer<typeof GeneralCouponQuerySchema>;

export const ShopCouponQuerySchema = z.object({ shopId: shopIdParam });
export const ProductCouponQuerySchema = z.object({ shopId: shopIdParam, prodId: prodIdParam });

/** POST /p/myCoupon/receive: the body is the raw couponId (reference 2.8), or { couponId }. */
export const ReceiveCouponBodySchema = z.preprocess((v) => (typeof v === 'object' && v !== null && 'couponId' in v ? (v as { couponId: unknown }).couponId : v), couponId);

/** A coupon in my hands. */
export const MyCouponSchema = z.object({
  couponUserId: z.number().int(),
  couponId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string().nullable(),
  couponName: z.string(),
  couponType: z.union([z.literal(1), z.literal(2)]),
  cashCondition: z.number().int(),
  reduceAmount: z.number().int(),
  couponDiscount: z.number().nullable(),
  suitableProdType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** The listed products (scope 1 and 2), for "use now". */
  prodIds: z.array(z.number().int()),
  /** 0 expired, 1 unused, 2 used. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  userStartTime: z.string(),
  userEndTime: z.string(),
  /** Unused but its period has not begun. */
  notStarted: z.boolean(),
  receiveTime: z.string(),
  usedTime: z.string().nullable(),
});
export type MyCoupon = z.infer<typeof MyCouponSchema>;

export const MyCouponQuerySchema = PageQuerySchema.extend({
  status: z.coerce.number('validation.invalid').pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], 'validation.invalid')).default(1),
});
export type MyCouponQuery = z.infer<typeof MyCouponQuerySchema>;

export const MyCouponPageSchema = pageOf(MyCouponSchema);

export const MyCouponCountsSchema = z.object({ unUseCount: z.number().int(), useCount: z.number().int(), expiredCount: z.number().int() });
export type MyCouponCounts = z.infer<typeof MyCouponCountsSchema>;

export const CouponUserIdParamSchema = z.object({
  couponUserId: z.coerce.number('coupon.errors.notFound').int('coupon.errors.notFound').min(1, 'coupon.errors.notFound').max(INT_MAX, 'coupon.errors.notFound'),
});

export const ReceiveResultSchema = z.object({ couponUserId: z.number().int(), coupon: CouponCardSchema });
export type ReceiveResult = z.infer<typeof ReceiveResultSchema>;
