import { z } from 'zod';

/**
 * What the pricing pipeline answers about promotions and coupons (decision 033), in the cart and at
 * checkout. Money in fen; discount rates per ten as the tables keep them (8.5 = 8.5折 = 85 % paid).
 * Every amount is the server's: the browser formats, it never computes.
 */

/** discountRule: 0 full-amount reduction (满减), 1 full-piece discount (满件折), 2 full-amount discount (满折). */
export const DISCOUNT_RULE = { amountReduce: 0, pieceDiscount: 1, amountDiscount: 2 } as const;

/** One ladder step: needAmount is fen (rules 0, 2) or pieces (rule 1). */
export const DiscountTierSchema = z.object({
  needAmount: z.number().int(),
  /** Fen off (rule 0). */
  reduceAmount: z.number().int(),
  /** Per ten (rules 1, 2). */
  discount: z.number(),
});
export type DiscountTier = z.infer<typeof DiscountTierSchema>;

/** A promotion as its label needs it: "满300减50", "每满300减50", "满2件8折", "满500打9折". */
export const DiscountLabelSchema = z.object({
  discountId: z.number().int(),
  discountName: z.string(),
  discountRule: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** 0 ladder, 1 every full (rule 0 repeats its step). */
  discountType: z.union([z.literal(0), z.literal(1)]),
  /** Fen cap on the reduction; null = none. */
  maxReduceAmount: z.number().int().nullable(),
  /** 'yyyy-MM-dd HH:mm:ss', GMT+8. */
  endTime: z.string(),
  discountItems: z.array(DiscountTierSchema),
});
export type DiscountLabel = z.infer<typeof DiscountLabelSchema>;

/** The spec's chooseDiscountItemDto: the promotion of a cart group with what its ticked lines reach. */
export const ChooseDiscountItemDtoSchema = DiscountLabelSchema.extend({
  /** The step reached (times: how often an every-full step is reached); null = none yet. */
  reachedItem: DiscountTierSchema.extend({ times: z.number().int() }).nullable(),
  /** The next step and what is missing, fen or pieces (the hint "再买¥45.00可减50"); null = none. */
  nextItem: DiscountTierSchema.extend({ missing: z.number().int() }).nullable(),
  /** Fen off the group. */
  reduceAmount: z.number().int(),
});
export type ChooseDiscountItemDto = z.infer<typeof ChooseDiscountItemDtoSchema>;

export const COUPON_UNUSABLE_REASONS = ['belowThreshold', 'noProducts', 'expired', 'notStarted'] as const;
export type CouponUnusableReason = (typeof COUPON_UNUSABLE_REASONS)[number];

/** A coupon of the shopper at checkout: usable or why not, what it saves, whether it is applied. */
export const CheckoutCouponSchema = z.object({
  couponUserId: z.number().int(),
  couponId: z.number().int(),
  /** 0 = platform coupon. */
  shopId: z.number().int(),
  couponName: z.string(),
  /** 1 cash, 2 discount. */
  couponType: z.union([z.literal(1), z.literal(2)]),
  cashCondition: z.number().int(),
  reduceAmount: z.number().int(),
  /** Per ten (type 2). */
  couponDiscount: z.number(),
  endTime: z.string(),
  canUse: z.boolean(),
  unusableReason: z.enum(COUPON_UNUSABLE_REASONS).nullable(),
  /** belowThreshold: fen still missing. */
  missingAmount: z.number().int(),
  /** Fen it saves (chosen) or would save. */
  deductAmount: z.number().int(),
  choose: z.boolean(),
});
export type CheckoutCoupon = z.infer<typeof CheckoutCouponSchema>;
