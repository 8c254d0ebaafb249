// The one place that prices lines for a shopper (issue 11 §1, decision 033): it loads the running
// promotions of the shops involved and the shopper's coupons, maps them to the pricing pipeline's
// input and runs it. The cart (info, totalPay) and checkout (confirm, and so submit) use it; nothing
// else computes money. It also turns the pipeline's answer into the API's promotion and coupon shapes.
import type { Language } from '@bazaar/shared/constants/limits';
import type { CheckoutCoupon, ChooseDiscountItemDto, DiscountLabel, DiscountTier } from '@bazaar/shared/schemas/pricing';
import type { AppContext } from '../context.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { invalid } from '../lib/app-error.ts';
import { priceCart } from '../modules/pricing/pipeline.ts';
import type { AppliedPromotion, CouponChoice, CouponOffer, CouponOption, MemberPricing, PackageDeal, PointsUse, PricedCart, PricedLine, PricingLine, PromotionInfo, PromotionRule, PromotionTier } from '../modules/pricing/types.ts';
import { listRunningDiscounts, type RunningDiscount } from '../modules/promotion/discount-rules.ts';
import { findChosenCoupons, listCheckoutCoupons } from '../modules/promotion/coupons.ts';
import { localized } from '../lib/localized.ts';

const RULES = ['amountReduce', 'pieceDiscount', 'amountDiscount'] as const;
const RULE_CODES = { amountReduce: 0, pieceDiscount: 1, amountDiscount: 2 } as const;
/** discountType 1: "every full". */
const EVERY_FULL = 1;

/** A running promotion as the pipeline's rule: per-ten rates become percent paid (8.5 -> 85). */
export function toPromotionRule(d: RunningDiscount): PromotionRule {
  return {
    id: d.id,
    shopId: d.shopId,
    rule: RULES[d.discountRule] ?? 'amountReduce',
    repeat: d.discountType === EVERY_FULL,
    productIds: d.productIds,
    tiers: d.steps.map((s) => ({ need: s.needAmount, reduce: s.reduceAmount, rate: s.discount === null ? 100 : Math.round(s.discount * 100) / 10 })),
    maxReduce: d.maxReduceAmount,
    nameZh: d.nameZh,
    nameEn: d.nameEn,
    endsAt: d.endTime,
  };
}

/** Where a shopper's unused coupons come from: the coupon module's loader (issue 11 §2) is handed in here. */
export type CouponOfferSource = (ctx: AppContext, userId: string, shopIds: number[], now: Date) => Promise<CouponOffer[]>;

/** The per-ten rate of a discount coupon as the pipeline's percent paid (8.5 -> 85); cash coupons pay 100. */
const percentPaid = (perTen: number | null) => (perTen === null ? 100 : Math.round(perTen * 100) / 10);
const SCOPES = ['all', 'include', 'exclude'] as const;

/** The coupon module's unused coupons of the shopper, as the pipeline's offers (decision 041). */
const shopperCouponOffers: CouponOfferSource = async (ctx, userId, shopIds, now) => {
  const rows = await listCheckoutCoupons(ctx.db, { userId, shopIds, now });
  return rows.map((r) => ({
    userCouponId: r.userCouponId,
    couponId: r.couponId,
    shopId: r.shopId,
    kind: r.couponType === 2 ? 'discount' : 'cash',
    threshold: r.cashCondition,
    reduce: r.couponType === 2 ? 0 : r.reduceAmount,
    rate: r.couponType === 2 ? percentPaid(r.couponDiscount) : 100,
    scope: SCOPES[r.suitableProdType] ?? 'all',
    productIds: r.productIds,
    validFrom: r.userStartTime,
    validTo: r.userEndTime,
    nameZh: r.nameZh,
    nameEn: r.nameEn,
  }));
};

/** What a caller asks to price. */
export interface PriceRequest {
  lines: PricingLine[];
  /** Coupons apply at checkout, not in the cart. */
  withCoupons: boolean;
  /** userChangeCoupon 1 with the shopper's user coupon ids; absent = the best combination. */
  couponUserIds?: number[] | null;
  /** Freight per shop (checkout); the cart shows goods only. */
  freight?: (shopId: number, lines: readonly PricedLine[]) => number;
  /** Points at checkout (step 5): what the shopper asks, has, and the rules. */
  points?: PointsUse;
  /** The discount package units among the lines (step 0, decision 046). */
  packages?: PackageDeal[];
  /** The shopper's member benefits (step 4 and free shipping). */
  member?: MemberPricing;
}

const noFreight = () => 0;

/**
 * The coupon choice from the shopper's ids: each id placed under its shop (0 = platform). An id the
 * checkout does not offer, or a second one for the same shop, is refused with why, never dropped.
 */
async function couponChoice(ctx: AppContext, userId: string, offers: CouponOffer[], shopIds: number[], couponUserIds: number[] | null | undefined): Promise<CouponChoice> {
  if (!couponUserIds) return { auto: true, shopCoupons: {}, platformCoupon: null };
  const offered = new Map(offers.map((o) => [o.userCouponId, o]));
  const missing = couponUserIds.filter((id) => !offered.has(id));
  if (missing.length > 0) {
    const found = new Map((await findChosenCoupons(ctx.db, { userId, userCouponIds: missing })).map((c) => [c.userCouponId, c]));
    for (const id of missing) {
      const coupon = found.get(id);
      if (!coupon?.mine) throw invalid('checkout.errors.couponNotYours');
      if (coupon.shopId !== 0 && !shopIds.includes(coupon.shopId)) throw invalid('checkout.errors.couponOtherShop');
      throw invalid('checkout.errors.couponNotUsable');
    }
  }
  const choice: CouponChoice = { auto: false, shopCoupons: {}, platformCoupon: null };
  for (const id of couponUserIds) {
    const offer = offered.get(id)!;
    const taken = offer.shopId === 0 ? choice.platformCoupon : choice.shopCoupons[offer.shopId];
    if (taken !== undefined && taken !== null && taken !== id) throw invalid('checkout.errors.couponOnePerShop');
    if (offer.shopId === 0) choice.platformCoupon = id;
    else choice.shopCoupons[offer.shopId] = id;
  }
  return choice;
}

/** Prices lines for a shopper: two reads in parallel (promotions; coupons at checkout), then the pipeline. */
export async function priceLines(ctx: AppContext, userId: string, request: PriceRequest): Promise<PricedCart> {
  const now = ctx.now();
  const shopIds = [...new Set(request.lines.map((l) => l.shopId))];
  const [discounts, offers] = await Promise.all([
    listRunningDiscounts(ctx.db, shopIds, now),
    request.withCoupons && shopIds.length > 0 ? shopperCouponOffers(ctx, userId, shopIds, now) : Promise.resolve([]),
  ]);
  return priceCart({
    now,
    lines: request.lines,
    promotions: discounts.map(toPromotionRule),
    coupons: offers,
    choice: await couponChoice(ctx, userId, offers, shopIds, request.couponUserIds),
    freight: request.freight ?? noFreight,
    points: request.points,
    packages: request.packages,
    member: request.member,
  });
}

// ---- The API's shapes --------------------------------------------------------------------------


function toTier(t: PromotionTier): DiscountTier {
  return { needAmount: t.need, reduceAmount: t.reduce, discount: t.rate / 10 };
}

export function toDiscountLabel(p: PromotionInfo, lang: Language): DiscountLabel {
  return {
    discountId: p.id,
    discountName: localized(lang, p.nameZh, p.nameEn),
    discountRule: RULE_CODES[p.rule],
    discountType: p.repeat ? 1 : 0,
    maxReduceAmount: p.maxReduce,
    endTime: formatApiTime(p.endsAt),
    discountItems: p.tiers.map(toTier),
  };
}

/** The spec's chooseDiscountItemDto of a group. */
export function toChooseDiscountItemDto(p: AppliedPromotion, lang: Language): ChooseDiscountItemDto {
  return {
    ...toDiscountLabel(p, lang),
    reachedItem: p.reached ? { ...toTier(p.reached), times: p.reached.times } : null,
    nextItem: p.next ? { ...toTier(p.next), missing: p.next.missing } : null,
    reduceAmount: p.reduce,
  };
}

export function toCheckoutCoupon(c: CouponOption, lang: Language): CheckoutCoupon {
  return {
    couponUserId: c.userCouponId,
    couponId: c.couponId,
    shopId: c.shopId,
    couponName: localized(lang, c.nameZh, c.nameEn),
    couponType: c.kind === 'cash' ? 1 : 2,
    cashCondition: c.threshold,
    reduceAmount: c.reduce,
    couponDiscount: c.rate / 10,
    endTime: formatApiTime(c.validTo),
    canUse: c.usable,
    unusableReason: c.reason,
    missingAmount: c.missing,
    deductAmount: c.saves,
    choose: c.chosen,
  };
}

/** Every reduction's share of a line, fen. */
export const lineReduction = (l: { shares: PricedLine['shares'] }) => l.shares.package + l.shares.promotion + l.shares.shopCoupon + l.shares.platformCoupon + l.shares.member + l.shares.points;
