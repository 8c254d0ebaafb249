// The pricing pipeline's input and output (decision 033). Pure data: money is integer fen, dates are inputs.

/** One cart line or checkout line. */
export interface PricingLine {
  /** basketId as text, or `sku:<id>` for buy-now. */
  key: string;
  shopId: number;
  productId: number;
  skuId: number;
  /** Fen: the SKU price (activity prices come with their own issue). */
  unitPrice: number;
  count: number;
  /** The shopper's promotion for this line when several apply; absent or null = the best one. */
  promotionId?: number | null;
  /** A cart line the shopper has not ticked: shown in its group, priced at nothing (default true). */
  checked?: boolean;
  /** The discount package unit (`PackageDeal.key`) the line belongs to; absent or null = none. */
  packageKey?: string | null;
}

/**
 * A discount package unit being bought (decision 046): `sets` sets of its lines (the lines whose
 * `packageKey` is `key`, each already counting its pieces for all the sets) at `price` fen a set.
 */
export interface PackageDeal {
  key: string;
  comboId: number;
  shopId: number;
  /** Fen per set. */
  price: number;
  sets: number;
  nameZh: string;
  nameEn: string | null;
}

export type PromotionRuleKind = 'amountReduce' | 'pieceDiscount' | 'amountDiscount';

export interface PromotionTier {
  /** Fen (amountReduce, amountDiscount) or pieces (pieceDiscount). */
  need: number;
  /** Fen off (amountReduce). */
  reduce: number;
  /** Percent paid (pieceDiscount, amountDiscount): 80 = 8折, 87.5 = 8.75折; one decimal at most. */
  rate: number;
}

/** A running shop promotion: `discounts` + `discount_items` + `discount_products`. */
export interface PromotionRule {
  id: number;
  shopId: number;
  rule: PromotionRuleKind;
  /** "Every full" (discountType 1): amountReduce repeats its reached tier. */
  repeat: boolean;
  /** null = every product of the shop. */
  productIds: number[] | null;
  tiers: PromotionTier[];
  /** Fen cap on the reduction; null = none. */
  maxReduce: number | null;
  nameZh: string;
  nameEn: string | null;
  endsAt: Date;
}

export type CouponScope = 'all' | 'include' | 'exclude';

/** One of the shopper's unused coupons (user_coupons joined with coupons). */
export interface CouponOffer {
  userCouponId: number;
  couponId: number;
  /** 0 = platform coupon. */
  shopId: number;
  kind: 'cash' | 'discount';
  /** Fen, compared with the eligible lines' amount after promotions. */
  threshold: number;
  /** Fen off (cash). */
  reduce: number;
  /** Percent paid (discount): 85 = 8.5折; one decimal at most. */
  rate: number;
  scope: CouponScope;
  productIds: number[];
  validFrom: Date;
  validTo: Date;
  nameZh: string;
  nameEn: string | null;
}

export interface CouponChoice {
  /** true (userChangeCoupon 0): the pipeline picks the combination with the largest reduction. */
  auto: boolean;
  /** Manual only: shopId -> userCouponId, null or absent = no coupon for that shop. */
  shopCoupons: Record<number, number | null>;
  /** Manual only: the platform coupon's userCouponId, null = none. */
  platformCoupon: number | null;
}

/** Points at checkout (step 5, decision 042). */
export interface PointsUse {
  /** Points the shopper asks to use: a multiple of 10; more than the maximum is lowered to it. */
  use: number;
  /** Points the shopper has. */
  available: number;
  /** The share (percent) of what the goods still cost after steps 1-4 that points may pay. */
  capPercent: number;
  /** Points worth one yuan. */
  pointsPerYuan: number;
}

/** What step 5 answers: the most the shopper may use now, what that would save, and what is used. */
export interface PointsOutcome {
  /** Points, a multiple of 10: within the cap and what the shopper has. */
  max: number;
  /** Fen the maximum would take off. */
  maxAmount: number;
  /** Points used (0 when not asked). */
  used: number;
  /** Fen they take off: floor(used * 100 / pointsPerYuan). */
  amount: number;
}

/** The member level's benefits at checkout (step 4 and the freight, decision 047). */
export interface MemberPricing {
  /** Percent paid on the goods in range (95 = 9.5折); 100 = no discount. One decimal at most. */
  rate: number;
  /** The discount covers self-run shops' goods only (discountRange 1); else every shop's. */
  selfRunOnly: boolean;
  /** Freight of self-run shops is waived (isFreeFee). */
  freeShipping: boolean;
  /** Which of the lines' shops are self-run. */
  selfRunShopIds: number[];
}

export interface PricingInput {
  now: Date;
  lines: PricingLine[];
  promotions: PromotionRule[];
  coupons: CouponOffer[];
  choice: CouponChoice;
  /** Fen of freight for a shop's ticked lines; never discounted. */
  freight: (shopId: number, lines: readonly PricedLine[]) => number;
  points?: PointsUse;
  /** The discount package units among the lines (step 0). */
  packages?: PackageDeal[];
  /** The shopper's member benefits; absent = none. */
  member?: MemberPricing;
}

export interface LineShares {
  /** Step 0: the line's part of its package's saving. */
  package: number;
  promotion: number;
  shopCoupon: number;
  platformCoupon: number;
  member: number;
  points: number;
}

export interface PricedLine {
  key: string;
  shopId: number;
  productId: number;
  skuId: number;
  unitPrice: number;
  count: number;
  checked: boolean;
  /** unitPrice * count. */
  goods: number;
  /** Each reduction's share of this line (all 0 on an unticked line). */
  shares: LineShares;
  /** goods - sum(shares), never below 0. */
  payable: number;
  /** The promotion this line counts in, null = none. */
  promotionId: number | null;
  /** Every promotion the line qualifies for (the shopper may choose when there are several). */
  promotionIds: number[];
  /** The points this line's `shares.points` fen stand for (a ticked line's part of the points used). */
  usedPoints: number;
  /** The package unit the line belongs to, null = none. */
  packageKey: string | null;
}

/** A package unit as priced: what its lines cost at their prices, the package price and the saving. */
export interface AppliedPackage {
  key: string;
  comboId: number;
  nameZh: string;
  nameEn: string | null;
  /** Fen per set, and sets. */
  price: number;
  sets: number;
  checked: boolean;
  /** Its lines' goods (unit prices x pieces). */
  original: number;
  /** max(0, original - price x sets): what the package takes off (0 when unticked). */
  saving: number;
}

/** What a promotion is, for its label ("满300减50", "满2件8折", "每满300减50"). */
export interface PromotionInfo {
  id: number;
  rule: PromotionRuleKind;
  repeat: boolean;
  tiers: PromotionTier[];
  maxReduce: number | null;
  nameZh: string;
  nameEn: string | null;
  endsAt: Date;
}

export interface AppliedPromotion extends PromotionInfo {
  /** The tier reached by the group's ticked lines; for repeat rules `times` says how often. */
  reached: (PromotionTier & { times: number }) | null;
  /** The next tier to reach and what is missing (fen, or pieces for pieceDiscount); null when none. */
  next: (PromotionTier & { missing: number }) | null;
  /** Fen off the group. */
  reduce: number;
}

/** The spec's shopCartItemDiscounts level: lines under their promotion (or under none). */
export interface PromotionGroup {
  promotion: AppliedPromotion | null;
  lines: PricedLine[];
  /** A discount package unit's group (its lines, kept together; never under a promotion). */
  package?: AppliedPackage;
}

export type CouponUnusableReason = 'belowThreshold' | 'noProducts' | 'expired' | 'notStarted';

export interface CouponOption {
  userCouponId: number;
  couponId: number;
  shopId: number;
  kind: 'cash' | 'discount';
  threshold: number;
  reduce: number;
  rate: number;
  nameZh: string;
  nameEn: string | null;
  validTo: Date;
  usable: boolean;
  reason: CouponUnusableReason | null;
  /** belowThreshold: fen still missing. */
  missing: number;
  /** Fen it saves (when chosen) or would save now. */
  saves: number;
  chosen: boolean;
}

export interface PriceTotals {
  goods: number;
  package: number;
  promotion: number;
  shopCoupon: number;
  platformCoupon: number;
  member: number;
  points: number;
  freight: number;
  /** Freight the membership waived (not in `freight`, not in `payable`). */
  memberFreight: number;
  /** goods - reductions + freight. */
  payable: number;
  /** Ticked pieces. */
  count: number;
}

export interface PricedShop {
  shopId: number;
  groups: PromotionGroup[];
  /** Every promotion some line of the shop qualifies for (names for the shopper's choice). */
  promotions: PromotionInfo[];
  /** The shopper's coupons of this shop. */
  coupons: CouponOption[];
  totals: PriceTotals;
}

export interface PricedCart {
  shops: PricedShop[];
  platformCoupons: CouponOption[];
  totals: PriceTotals;
  points: PointsOutcome;
}
