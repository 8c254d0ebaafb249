// The one pricing pipeline (issue 11 §1, decision 033): lines plus a context in, priced groups out.
// Pure and deterministic: no database, no clock (input.now), no I/O. Steps in the order of the
// reference's §5.3, after the activity prices of step 0 (discount packages, decision 046):
// (1) shop promotions, (2) one shop coupon per shop, (3) one platform coupon, (4) member discount,
// (5) points; then freight per shop, never discounted (a member's free shipping on self-run shops
// waives it whole).
import { apportion, discountOff, mulDiv, spread } from './spread.ts';
import type {
  AppliedPackage,
  AppliedPromotion,
  CouponOffer,
  CouponOption,
  CouponUnusableReason,
  LineShares,
  PackageDeal,
  MemberPricing,
  PointsOutcome,
  PointsUse,
  PriceTotals,
  PricedCart,
  PricedLine,
  PricedShop,
  PricingInput,
  PromotionGroup,
  PromotionInfo,
  PromotionRule,
  PromotionTier,
} from './types.ts';

/** A promotion prepared once per run: tiers ascending, products as a set. */
interface Prepared {
  rule: PromotionRule;
  tiers: PromotionTier[];
  products: Set<number> | null;
  /** What the cart shows of it (tiers ascending), made once. */
  info: PromotionInfo;
}

interface ShopWork {
  shopId: number;
  lines: PricedLine[];
  /** Ticked lines, in input order. */
  ticked: PricedLine[];
  promotions: Prepared[];
  groups: PromotionGroup[];
  coupons: CouponOption[];
  freight: number;
  /** Freight the membership waived. */
  memberFreight: number;
}

const emptyShares = (): LineShares => ({ package: 0, promotion: 0, shopCoupon: 0, platformCoupon: 0, member: 0, points: 0 });

/** What a line still costs after the steps so far. */
const remaining = (l: PricedLine) => l.goods - l.shares.package - l.shares.promotion - l.shares.shopCoupon - l.shares.platformCoupon - l.shares.member - l.shares.points;

export function priceCart(input: PricingInput): PricedCart {
  const shops = collectShops(input);
  applyPackages(shops, input.packages ?? []);
  for (const shop of shops) applyShopPromotions(shop);
  for (const shop of shops) applyShopCoupon(shop, input);
  const platformCoupons = applyPlatformCoupon(shops, input);
  applyMemberDiscount(shops, input.member);
  const points = applyPoints(shops, input.points);
  for (const shop of shops) {
    const fee = shopFreight(shop, input);
    const waived = input.member?.freeShipping === true && input.member.selfRunShopIds.includes(shop.shopId);
    shop.freight = waived ? 0 : fee;
    shop.memberFreight = waived ? fee : 0;
  }
  return finish(shops, platformCoupons, points);
}

function collectShops(input: PricingInput): ShopWork[] {
  const byShop = new Map<number, ShopWork>();
  for (const line of input.lines) {
    let shop = byShop.get(line.shopId);
    if (!shop) {
      shop = { shopId: line.shopId, lines: [], ticked: [], promotions: [], groups: [], coupons: [], freight: 0, memberFreight: 0 };
      byShop.set(line.shopId, shop);
    }
    const goods = line.unitPrice * line.count;
    const priced: PricedLine = {
      key: line.key,
      shopId: line.shopId,
      productId: line.productId,
      skuId: line.skuId,
      unitPrice: line.unitPrice,
      count: line.count,
      checked: line.checked !== false,
      goods,
      shares: emptyShares(),
      payable: goods,
      promotionId: line.promotionId ?? null,
      promotionIds: [],
      usedPoints: 0,
      packageKey: line.packageKey ?? null,
    };
    shop.lines.push(priced);
    if (priced.checked) shop.ticked.push(priced);
  }
  for (const rule of [...input.promotions].sort((a, b) => a.id - b.id)) {
    const shop = byShop.get(rule.shopId);
    if (!shop || rule.tiers.length === 0) continue;
    const tiers = [...rule.tiers].sort((a, b) => a.need - b.need);
    shop.promotions.push({ rule, tiers, products: rule.productIds === null ? null : new Set(rule.productIds), info: infoOf(rule, tiers) });
  }
  return [...byShop.values()].sort((a, b) => a.shopId - b.shopId);
}

// ---- step 0: discount packages ------------------------------------------------------------------

/**
 * Each package unit saves what its ticked lines cost at their prices above the package price
 * (never below 0), spread over its lines in proportion to their goods, the largest line taking the
 * remainder. Its lines form their own group, first in the shop, and take no shop promotion.
 */
function applyPackages(shops: ShopWork[], deals: readonly PackageDeal[]): void {
  if (deals.length === 0) return;
  const byKey = new Map<string, PackageDeal>();
  for (const deal of deals) {
    if (!Number.isSafeInteger(deal.price) || deal.price < 0 || !Number.isSafeInteger(deal.sets) || deal.sets < 1) throw new RangeError(`package ${deal.key}: price and sets must be whole numbers`);
    byKey.set(deal.key, deal);
  }
  for (const shop of shops) {
    const units = new Map<string, PricedLine[]>();
    for (const line of shop.lines) {
      if (line.packageKey === null) continue;
      const deal = byKey.get(line.packageKey);
      if (!deal || deal.shopId !== shop.shopId) throw new RangeError(`line ${line.key}: no package ${line.packageKey} in shop ${shop.shopId}`);
      const unit = units.get(line.packageKey);
      if (unit) unit.push(line);
      else units.set(line.packageKey, [line]);
    }
    const groups: PromotionGroup[] = [];
    for (const [key, lines] of [...units].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      const deal = byKey.get(key)!;
      const checked = lines.every(isChecked);
      const original = lines.reduce((n, l) => n + l.goods, 0);
      const saving = checked ? Math.max(0, original - deal.price * deal.sets) : 0;
      const shares = spread(saving, lines.map(goodsOf));
      lines.forEach((l, i) => (l.shares.package = shares[i]!));
      const applied: AppliedPackage = { key, comboId: deal.comboId, nameZh: deal.nameZh, nameEn: deal.nameEn, price: deal.price, sets: deal.sets, checked, original, saving };
      groups.push({ promotion: null, lines, package: applied });
    }
    shop.groups.push(...groups);
  }
}

// ---- step 1: shop promotions -------------------------------------------------------------------

interface Evaluation {
  reduce: number;
  reached: AppliedPromotion['reached'];
  next: AppliedPromotion['next'];
}

/** Index of the highest tier reached by `measure`, -1 when none. */
function reachedTier(p: Prepared, measure: number): number {
  let index = -1;
  for (let i = 0; i < p.tiers.length; i++) if (p.tiers[i]!.need <= measure) index = i;
  return index;
}

/** Fen off ticked goods of `amount` fen in `pieces` pieces (no allocation: the greedy calls it often). */
function promotionReduce(p: Prepared, amount: number, pieces: number): number {
  const rule = p.rule;
  const measure = rule.rule === 'pieceDiscount' ? pieces : amount;
  const index = reachedTier(p, measure);
  if (index < 0) return 0;
  const tier = p.tiers[index]!;
  let reduce: number;
  if (rule.rule === 'amountReduce') reduce = rule.repeat ? tier.reduce * Math.floor(measure / tier.need) : tier.reduce;
  else reduce = discountOff(amount, tier.rate);
  if (rule.maxReduce !== null && reduce > rule.maxReduce) reduce = rule.maxReduce;
  return reduce > amount ? amount : reduce;
}

/** The reduction with the tier reached and the next tier's hint. */
function evaluatePromotion(p: Prepared, amount: number, pieces: number): Evaluation {
  const { rule } = p;
  const measure = rule.rule === 'pieceDiscount' ? pieces : amount;
  const index = reachedTier(p, measure);
  const repeats = rule.repeat && rule.rule === 'amountReduce';
  const reduce = promotionReduce(p, amount, pieces);
  let reached: Evaluation['reached'] = null;
  if (index >= 0) {
    const tier = p.tiers[index]!;
    reached = { need: tier.need, reduce: tier.reduce, rate: tier.rate, times: repeats ? Math.floor(measure / tier.need) : 1 };
  }
  let next: Evaluation['next'] = null;
  if (index + 1 < p.tiers.length) {
    const tier = p.tiers[index + 1]!;
    next = { need: tier.need, reduce: tier.reduce, rate: tier.rate, missing: tier.need - measure };
  } else if (repeats && reached) {
    const times = reached.times + 1;
    next = { need: reached.need * times, reduce: reached.reduce * times, rate: reached.rate, missing: reached.need * times - measure };
  }
  // A next tier the cap makes worthless is no hint.
  if (next && rule.maxReduce !== null && reduce >= rule.maxReduce) next = null;
  return { reduce, reached, next };
}

function applyShopPromotions(shop: ShopWork): void {
  const promotions = shop.promotions;
  // A package's lines are priced by their package alone.
  const loose = shop.lines.filter(isLoose);
  for (const line of shop.lines) if (line.packageKey !== null) line.promotionId = null;
  if (promotions.length === 0) {
    // A choice among no options is no choice.
    for (const line of loose) line.promotionId = null;
    if (loose.length > 0) shop.groups.push({ promotion: null, lines: loose });
    return;
  }
  // Per promotion (by position): its lines and the ticked amount and pieces.
  const members: PricedLine[][] = promotions.map(() => []);
  const amounts: number[] = promotions.map(() => 0);
  const pieces: number[] = promotions.map(() => 0);
  const open: Array<{ line: PricedLine; options: number[] }> = [];
  for (const line of loose) {
    const options: number[] = [];
    let chosen = -1;
    for (let i = 0; i < promotions.length; i++) {
      const p = promotions[i]!;
      if (p.products !== null && !p.products.has(line.productId)) continue;
      options.push(i);
      line.promotionIds.push(p.rule.id);
      if (p.rule.id === line.promotionId) chosen = i;
    }
    line.promotionId = null;
    // The shopper's choice, the only option, or (for an unticked line) the first: the rest is ours to place.
    if (chosen < 0 && (options.length === 1 || (options.length > 1 && !line.checked))) chosen = options[0]!;
    if (chosen >= 0) joinPromotion(line, chosen, promotions, members, amounts, pieces);
    else if (options.length > 1) open.push({ line, options });
  }
  // Lines left to us go, one by one, where they add the most (ties: the lower id).
  for (const { line, options } of open) {
    let best = options[0]!;
    let bestGain = -1;
    for (const i of options) {
      const p = promotions[i]!;
      const gain = promotionReduce(p, amounts[i]! + line.goods, pieces[i]! + line.count) - promotionReduce(p, amounts[i]!, pieces[i]!);
      if (gain > bestGain) {
        best = i;
        bestGain = gain;
      }
    }
    joinPromotion(line, best, promotions, members, amounts, pieces);
  }
  for (let i = 0; i < promotions.length; i++) {
    const lines = members[i]!;
    if (lines.length === 0) continue;
    const p = promotions[i]!;
    const evaluation = evaluatePromotion(p, amounts[i]!, pieces[i]!);
    const ticked = lines.filter(isChecked);
    const shares = spread(evaluation.reduce, ticked.map(goodsOf));
    for (let j = 0; j < ticked.length; j++) ticked[j]!.shares.promotion = shares[j]!;
    shop.groups.push({ promotion: applied(p.info, evaluation), lines });
  }
  const rest = loose.filter(hasNoPromotion);
  if (rest.length > 0) shop.groups.push({ promotion: null, lines: rest });
}

function joinPromotion(line: PricedLine, i: number, promotions: Prepared[], members: PricedLine[][], amounts: number[], pieces: number[]): void {
  line.promotionId = promotions[i]!.rule.id;
  members[i]!.push(line);
  if (line.checked) {
    amounts[i] = amounts[i]! + line.goods;
    pieces[i] = pieces[i]! + line.count;
  }
}

function isLoose(line: PricedLine): boolean {
  return line.packageKey === null;
}
function isChecked(line: PricedLine): boolean {
  return line.checked;
}
function goodsOf(line: PricedLine): number {
  return line.goods;
}
function hasNoPromotion(line: PricedLine): boolean {
  return line.promotionId === null;
}

// Written out property by property: object spread of these was a quarter of the pipeline's time.
function infoOf(rule: PromotionRule, tiers: PromotionTier[]): PromotionInfo {
  return { id: rule.id, rule: rule.rule, repeat: rule.repeat, tiers, maxReduce: rule.maxReduce, nameZh: rule.nameZh, nameEn: rule.nameEn, endsAt: rule.endsAt };
}

function applied(info: PromotionInfo, e: Evaluation): AppliedPromotion {
  return {
    id: info.id,
    rule: info.rule,
    repeat: info.repeat,
    tiers: info.tiers,
    maxReduce: info.maxReduce,
    nameZh: info.nameZh,
    nameEn: info.nameEn,
    endsAt: info.endsAt,
    reached: e.reached,
    next: e.next,
    reduce: e.reduce,
  };
}

// ---- steps 2 and 3: coupons --------------------------------------------------------------------

interface CouponEvaluation {
  option: CouponOption;
  eligible: PricedLine[];
}

function inScope(coupon: CouponOffer, products: Set<number>, productId: number): boolean {
  if (coupon.scope === 'all') return true;
  return coupon.scope === 'include' ? products.has(productId) : !products.has(productId);
}

/** Whether a coupon can be used on `lines` now, and what it saves on what they still cost. */
function evaluateCoupon(coupon: CouponOffer, lines: readonly PricedLine[], now: Date): CouponEvaluation {
  const products = new Set(coupon.productIds);
  const eligible = lines.filter((l) => inScope(coupon, products, l.productId));
  let afterPromotions = 0;
  let left = 0;
  for (const l of eligible) {
    afterPromotions += l.goods - l.shares.package - l.shares.promotion;
    left += remaining(l);
  }
  let reason: CouponUnusableReason | null = null;
  if (now.getTime() < coupon.validFrom.getTime()) reason = 'notStarted';
  else if (now.getTime() > coupon.validTo.getTime()) reason = 'expired';
  else if (eligible.length === 0) reason = 'noProducts';
  else if (afterPromotions < coupon.threshold) reason = 'belowThreshold';
  const saves = coupon.kind === 'cash' ? Math.min(coupon.reduce, left) : discountOff(left, coupon.rate);
  const option: CouponOption = {
    userCouponId: coupon.userCouponId,
    couponId: coupon.couponId,
    shopId: coupon.shopId,
    kind: coupon.kind,
    threshold: coupon.threshold,
    reduce: coupon.reduce,
    rate: coupon.rate,
    nameZh: coupon.nameZh,
    nameEn: coupon.nameEn,
    validTo: coupon.validTo,
    usable: reason === null,
    reason,
    missing: reason === 'belowThreshold' ? coupon.threshold - afterPromotions : 0,
    saves: reason === null ? saves : 0,
    chosen: false,
  };
  return { option, eligible };
}

/**
 * The coupon to apply among evaluated ones: auto = the largest saving (ties: the one ending soonest,
 * then the lower id); manual = the shopper's one when usable, else none (its option says why).
 */
function pick(evaluated: CouponEvaluation[], auto: boolean, wanted: number | null | undefined): CouponEvaluation | null {
  if (!auto) {
    const found = evaluated.find((e) => e.option.userCouponId === wanted);
    return found && found.option.usable ? found : null;
  }
  let best: CouponEvaluation | null = null;
  for (const e of evaluated) {
    const o = e.option;
    if (!o.usable || o.saves <= 0) continue;
    const b = best?.option;
    if (!b || o.saves > b.saves || (o.saves === b.saves && (o.validTo.getTime() < b.validTo.getTime() || (o.validTo.getTime() === b.validTo.getTime() && o.userCouponId < b.userCouponId)))) {
      best = e;
    }
  }
  return best;
}

function applyCoupon(chosen: CouponEvaluation, step: 'shopCoupon' | 'platformCoupon'): void {
  chosen.option.chosen = true;
  const lines = chosen.eligible;
  const shares = spread(chosen.option.saves, lines.map(remaining));
  lines.forEach((l, i) => (l.shares[step] = shares[i]!));
}

const byUserCouponId = (a: CouponOffer, b: CouponOffer) => a.userCouponId - b.userCouponId;

function applyShopCoupon(shop: ShopWork, input: PricingInput): void {
  const evaluated = input.coupons
    .filter((c) => c.shopId === shop.shopId && c.shopId !== 0)
    .sort(byUserCouponId)
    .map((c) => evaluateCoupon(c, shop.ticked, input.now));
  const chosen = pick(evaluated, input.choice.auto, input.choice.shopCoupons[shop.shopId]);
  if (chosen) applyCoupon(chosen, 'shopCoupon');
  shop.coupons = evaluated.map((e) => e.option);
}

/** Greedy shop-first is optimal: a fen more off a shop never costs the platform coupon more than a fen. */
function applyPlatformCoupon(shops: ShopWork[], input: PricingInput): CouponOption[] {
  const ticked = shops.flatMap((s) => s.ticked);
  const evaluated = input.coupons
    .filter((c) => c.shopId === 0)
    .sort(byUserCouponId)
    .map((c) => evaluateCoupon(c, ticked, input.now));
  const chosen = pick(evaluated, input.choice.auto, input.choice.platformCoupon);
  if (chosen) applyCoupon(chosen, 'platformCoupon');
  return evaluated.map((e) => e.option);
}

// ---- step 4: member discount; step 5: points -----------------------------------------------------

/**
 * Step 4, the member level's discount (decision 047): `rate` percent paid on what the ticked goods in
 * range (every shop's, or self-run shops' only) still cost after steps 1-3, rounded down, spread over
 * those lines in proportion to what each still costs.
 */
function applyMemberDiscount(shops: ShopWork[], member: MemberPricing | undefined): void {
  if (!member || member.rate >= 100) return;
  const selfRun = new Set(member.selfRunShopIds);
  const lines = shops.filter((s) => !member.selfRunOnly || selfRun.has(s.shopId)).flatMap((s) => s.ticked);
  const weights = lines.map(remaining);
  const off = discountOff(
    weights.reduce((a, b) => a + b, 0),
    member.rate,
  );
  const shares = spread(off, weights);
  lines.forEach((l, i) => (l.shares.member = shares[i]!));
}

/** Points are used in multiples of this (the specification's section 9). */
export const POINTS_STEP = 10;

/** Fen that `points` take off at `pointsPerYuan` points per yuan, rounded down. */
export function pointsWorth(points: number, pointsPerYuan: number): number {
  return points <= 0 || pointsPerYuan <= 0 ? 0 : mulDiv(points, 100, pointsPerYuan);
}

/**
 * Step 5, points at checkout (decision 042): at most `capPercent` % of what the ticked goods still
 * cost after steps 1-4, and what the shopper has, in multiples of 10. The points asked for (lowered
 * to the maximum) take their worth off, spread over the lines in proportion to what each still
 * costs; each line also records the points its share stands for.
 */
function applyPoints(shops: ShopWork[], points: PointsUse | undefined): PointsOutcome {
  const none: PointsOutcome = { max: 0, maxAmount: 0, used: 0, amount: 0 };
  if (!points || points.pointsPerYuan <= 0) return none;
  const lines = shops.flatMap((s) => s.ticked);
  const weights = lines.map(remaining);
  const left = weights.reduce((a, b) => a + b, 0);
  const percent = Math.min(Math.max(Math.trunc(points.capPercent), 0), 100);
  const capFen = mulDiv(left, percent, 100);
  // The most points whose worth stays within the cap.
  const withinCap = mulDiv(capFen, points.pointsPerYuan, 100);
  const held = Math.max(0, Math.trunc(points.available));
  const max = Math.floor(Math.min(withinCap, held) / POINTS_STEP) * POINTS_STEP;
  const asked = Math.floor(Math.max(0, Math.trunc(points.use)) / POINTS_STEP) * POINTS_STEP;
  const used = Math.min(asked, max);
  const amount = pointsWorth(used, points.pointsPerYuan);
  const fen = spread(amount, weights);
  const parts = apportion(used, weights);
  lines.forEach((l, i) => {
    l.shares.points = fen[i]!;
    l.usedPoints = parts[i]!;
  });
  return { max, maxAmount: pointsWorth(max, points.pointsPerYuan), used, amount };
}

// ---- freight and totals --------------------------------------------------------------------------

function shopFreight(shop: ShopWork, input: PricingInput): number {
  if (shop.ticked.length === 0) return 0;
  const fee = input.freight(shop.shopId, shop.ticked);
  if (!Number.isSafeInteger(fee) || fee < 0) throw new RangeError(`freight for shop ${shop.shopId} must be whole fen >= 0, got ${fee}`);
  return fee;
}

const zeroTotals = (): PriceTotals => ({ goods: 0, package: 0, promotion: 0, shopCoupon: 0, platformCoupon: 0, member: 0, points: 0, freight: 0, memberFreight: 0, payable: 0, count: 0 });

function addTotals(into: PriceTotals, from: PriceTotals): void {
  into.goods += from.goods;
  into.package += from.package;
  into.promotion += from.promotion;
  into.shopCoupon += from.shopCoupon;
  into.platformCoupon += from.platformCoupon;
  into.member += from.member;
  into.points += from.points;
  into.freight += from.freight;
  into.memberFreight += from.memberFreight;
  into.payable += from.payable;
  into.count += from.count;
}

function finish(shops: ShopWork[], platformCoupons: CouponOption[], points: PointsOutcome): PricedCart {
  const total = zeroTotals();
  const priced: PricedShop[] = shops.map((shop) => {
    const totals = zeroTotals();
    for (const l of shop.lines) {
      l.payable = remaining(l);
      if (!l.checked) continue;
      totals.goods += l.goods;
      totals.package += l.shares.package;
      totals.promotion += l.shares.promotion;
      totals.shopCoupon += l.shares.shopCoupon;
      totals.platformCoupon += l.shares.platformCoupon;
      totals.member += l.shares.member;
      totals.points += l.shares.points;
      totals.payable += l.payable;
      totals.count += l.count;
    }
    totals.freight = shop.freight;
    totals.memberFreight = shop.memberFreight;
    totals.payable += shop.freight;
    addTotals(total, totals);
    const offered = new Set(shop.lines.flatMap((l) => l.promotionIds));
    const promotions = shop.promotions.filter((p) => offered.has(p.rule.id)).map((p) => p.info);
    return { shopId: shop.shopId, groups: shop.groups, promotions, coupons: shop.coupons, totals };
  });
  return { shops: priced, platformCoupons, totals: total, points };
}
