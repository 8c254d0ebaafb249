// One example per pricing rule (decision 033); the invariants are in pipeline.property.test.ts.
import { describe, expect, it } from 'vitest';
import { priceCart } from './pipeline.ts';
import { discountOff, mulDiv, spread } from './spread.ts';
import type { CouponOffer, PricedCart, PricingInput, PricingLine, PromotionRule } from './types.ts';

const NOW = new Date('2026-11-25T08:00:00Z');
const DAY = 86_400_000;

const line = (key: string, shopId: number, productId: number, unitPrice: number, count = 1, extra: Partial<PricingLine> = {}): PricingLine => ({
  key,
  shopId,
  productId,
  skuId: productId * 10,
  unitPrice,
  count,
  ...extra,
});

const promotion = (id: number, shopId: number, extra: Partial<PromotionRule>): PromotionRule => ({
  id,
  shopId,
  rule: 'amountReduce',
  repeat: false,
  productIds: null,
  tiers: [{ need: 30_000, reduce: 5_000, rate: 100 }],
  maxReduce: null,
  nameZh: `促销${id}`,
  nameEn: `Promotion ${id}`,
  endsAt: new Date(NOW.getTime() + DAY),
  ...extra,
});

const coupon = (userCouponId: number, shopId: number, extra: Partial<CouponOffer> = {}): CouponOffer => ({
  userCouponId,
  couponId: 100 + userCouponId,
  shopId,
  kind: 'cash',
  threshold: 0,
  reduce: 1_000,
  rate: 100,
  scope: 'all',
  productIds: [],
  validFrom: new Date(NOW.getTime() - DAY),
  validTo: new Date(NOW.getTime() + DAY),
  nameZh: `券${userCouponId}`,
  nameEn: null,
  ...extra,
});

const price = (input: Partial<PricingInput>): PricedCart =>
  priceCart({
    now: NOW,
    lines: [],
    promotions: [],
    coupons: [],
    choice: { auto: true, shopCoupons: {}, platformCoupon: null },
    freight: () => 0,
    ...input,
  });

const lineOf = (cart: PricedCart, key: string) => cart.shops.flatMap((s) => s.groups.flatMap((g) => g.lines)).find((l) => l.key === key)!;

describe('integer helpers', () => {
  it('mulDiv is exact past 2^53 and discountOff rounds the reduction down', () => {
    expect(mulDiv(2 ** 40 + 7, 2 ** 20 + 3, 2 ** 30 + 1)).toBe(Number(((2n ** 40n + 7n) * (2n ** 20n + 3n)) / (2n ** 30n + 1n)));
    expect(discountOff(999, 80)).toBe(199);
    expect(discountOff(10_000, 87.5)).toBe(1_250);
    expect(discountOff(10_000, 100)).toBe(0);
  });

  it('spread gives the remainder to the largest line and never passes a line', () => {
    expect(spread(5_000, [20_000, 15_000])).toEqual([2_858, 2_142]);
    expect(spread(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
    expect(() => spread(11, [5, 5])).toThrow(RangeError);
  });
});

describe('step 1: shop promotions', () => {
  it('full-amount reduction (ladder): the highest tier reached, spread by amount, with the next tier as a hint', () => {
    const cart = price({
      lines: [line('1', 1, 11, 20_000), line('2', 1, 12, 15_000)],
      promotions: [promotion(1, 1, { tiers: [{ need: 30_000, reduce: 5_000, rate: 100 }, { need: 50_000, reduce: 10_000, rate: 100 }] })],
    });
    const group = cart.shops[0]!.groups[0]!;
    expect(group.promotion).toMatchObject({ id: 1, reduce: 5_000, reached: { need: 30_000, reduce: 5_000, times: 1 }, next: { need: 50_000, reduce: 10_000, missing: 15_000 } });
    expect(group.lines.map((l) => l.shares.promotion)).toEqual([2_858, 2_142]);
    expect(cart.totals).toMatchObject({ goods: 35_000, promotion: 5_000, payable: 30_000 });
  });

  it('below the first tier: nothing off and the missing amount ("再买¥45.00可减50")', () => {
    const cart = price({ lines: [line('1', 1, 11, 25_500)], promotions: [promotion(1, 1, {})] });
    expect(cart.shops[0]!.groups[0]!.promotion).toMatchObject({ reduce: 0, reached: null, next: { need: 30_000, reduce: 5_000, missing: 4_500 } });
    expect(cart.totals.payable).toBe(25_500);
  });

  it('full-amount reduction, every full (repeat): 每满300减50 twice on ¥650', () => {
    const cart = price({ lines: [line('1', 1, 11, 65_000)], promotions: [promotion(1, 1, { repeat: true })] });
    expect(cart.shops[0]!.groups[0]!.promotion).toMatchObject({ reduce: 10_000, reached: { need: 30_000, times: 2 }, next: { need: 90_000, reduce: 15_000, missing: 25_000 } });
  });

  it('full-piece discount: 满2件8折 counts pieces', () => {
    const rule = promotion(1, 1, { rule: 'pieceDiscount', tiers: [{ need: 2, reduce: 0, rate: 80 }] });
    expect(price({ lines: [line('1', 1, 11, 1_000)], promotions: [rule] }).shops[0]!.groups[0]!.promotion).toMatchObject({ reduce: 0, next: { need: 2, missing: 1 } });
    expect(price({ lines: [line('1', 1, 11, 1_000, 2)], promotions: [rule] }).totals).toMatchObject({ promotion: 400, payable: 1_600 });
  });

  it('full-amount discount with its cap (maxReduce)', () => {
    const rule = promotion(1, 1, { rule: 'amountDiscount', tiers: [{ need: 50_000, reduce: 0, rate: 90 }], maxReduce: 3_000 });
    expect(price({ lines: [line('1', 1, 11, 100_000)], promotions: [rule] }).totals.promotion).toBe(3_000);
    expect(price({ lines: [line('1', 1, 11, 20_000)], promotions: [{ ...rule, tiers: [{ need: 10_000, reduce: 0, rate: 90 }] }] }).totals.promotion).toBe(2_000);
  });

  it('listed products only: other lines sit in the group without a promotion', () => {
    const cart = price({ lines: [line('1', 1, 11, 30_000), line('2', 1, 12, 30_000)], promotions: [promotion(1, 1, { productIds: [11] })] });
    const [promoted, plain] = cart.shops[0]!.groups;
    expect(promoted!.lines.map((l) => l.key)).toEqual(['1']);
    expect(plain).toMatchObject({ promotion: null });
    expect(plain!.lines.map((l) => l.key)).toEqual(['2']);
    expect(cart.totals.promotion).toBe(5_000);
  });

  it('a line counts in one promotion: the best when the shopper has not chosen, the chosen one otherwise', () => {
    const small = promotion(1, 1, { tiers: [{ need: 10_000, reduce: 1_000, rate: 100 }] });
    const big = promotion(2, 1, { tiers: [{ need: 10_000, reduce: 3_000, rate: 100 }] });
    const best = price({ lines: [line('1', 1, 11, 12_000)], promotions: [small, big] });
    expect(lineOf(best, '1')).toMatchObject({ promotionId: 2, promotionIds: [1, 2], shares: { promotion: 3_000 } });
    expect(best.shops[0]!.promotions.map((p) => p.id)).toEqual([1, 2]);
    const chosen = price({ lines: [line('1', 1, 11, 12_000, 1, { promotionId: 1 })], promotions: [small, big] });
    expect(lineOf(chosen, '1')).toMatchObject({ promotionId: 1, shares: { promotion: 1_000 } });
    expect(chosen.shops[0]!.groups).toHaveLength(1);
  });

  it('unticked lines stay in their group but count for nothing', () => {
    const cart = price({
      lines: [line('1', 1, 11, 20_000), line('2', 1, 12, 20_000, 1, { checked: false })],
      promotions: [promotion(1, 1, {})],
      freight: () => 800,
    });
    expect(cart.shops[0]!.groups[0]!.lines).toHaveLength(2);
    expect(cart.shops[0]!.groups[0]!.promotion).toMatchObject({ reduce: 0, next: { missing: 10_000 } });
    expect(cart.totals).toMatchObject({ goods: 20_000, count: 1, freight: 800, payable: 20_800 });
  });
});

describe('steps 2 and 3: coupons', () => {
  it('one shop coupon per shop, the largest by default; its threshold is compared after promotions', () => {
    const cart = price({
      lines: [line('1', 1, 11, 30_000), line('2', 2, 21, 10_000)],
      promotions: [promotion(1, 1, {})],
      coupons: [
        coupon(1, 1, { threshold: 30_000, reduce: 3_000 }), // 30000 - 5000 after the promotion: below
        coupon(2, 1, { threshold: 20_000, reduce: 2_000 }),
        coupon(3, 1, { threshold: 0, reduce: 500 }),
        coupon(4, 2, { kind: 'discount', rate: 85, threshold: 5_000 }),
      ],
    });
    const [shop1, shop2] = cart.shops;
    expect(shop1!.coupons.map((c) => [c.userCouponId, c.usable, c.reason, c.missing, c.chosen])).toEqual([
      [1, false, 'belowThreshold', 5_000, false],
      [2, true, null, 0, true],
      [3, true, null, 0, false],
    ]);
    expect(shop1!.totals).toMatchObject({ promotion: 5_000, shopCoupon: 2_000, payable: 23_000 });
    expect(shop2!.totals).toMatchObject({ shopCoupon: 1_500, payable: 8_500 });
  });

  it('the platform coupon: scope, window, the largest total reduction, ties to the one ending soonest then the lower id', () => {
    const lines = [line('1', 1, 11, 20_000), line('2', 2, 21, 10_000)];
    const cart = price({
      lines,
      coupons: [
        coupon(1, 0, { reduce: 9_000, validFrom: new Date(NOW.getTime() + DAY) }),
        coupon(2, 0, { reduce: 9_000, validTo: new Date(NOW.getTime() - 1) }),
        coupon(3, 0, { reduce: 9_000, scope: 'include', productIds: [99] }),
        coupon(4, 0, { reduce: 4_000, scope: 'exclude', productIds: [21], threshold: 20_000 }),
        coupon(5, 0, { reduce: 4_000, validTo: new Date(NOW.getTime() + 2 * DAY) }),
        coupon(6, 0, { reduce: 4_000, scope: 'include', productIds: [21], threshold: 10_001 }),
      ],
    });
    expect(cart.platformCoupons.map((c) => [c.userCouponId, c.reason, c.saves, c.chosen])).toEqual([
      [1, 'notStarted', 0, false],
      [2, 'expired', 0, false],
      [3, 'noProducts', 0, false],
      [4, null, 4_000, true],
      [5, null, 4_000, false],
      [6, 'belowThreshold', 0, false],
    ]);
    // Coupon 4 excludes product 21: all of it lands on line 1.
    expect(lineOf(cart, '1').shares.platformCoupon).toBe(4_000);
    expect(lineOf(cart, '2').shares.platformCoupon).toBe(0);
  });

  it('the platform coupon spreads over shops in proportion, after the shop coupons', () => {
    const cart = price({
      lines: [line('1', 1, 11, 20_000), line('2', 2, 21, 10_000)],
      coupons: [coupon(1, 1, { reduce: 2_000 }), coupon(2, 0, { kind: 'discount', rate: 90 })],
    });
    // 18000 + 10000 left, 10 % off = 2800 spread 1800 : 1000.
    expect(cart.totals).toMatchObject({ shopCoupon: 2_000, platformCoupon: 2_800, payable: 25_200 });
    expect(lineOf(cart, '1').shares.platformCoupon).toBe(1_800);
  });

  it('manual choice is honoured, or refused with its reason; none means none', () => {
    const coupons = [coupon(1, 1, { reduce: 500 }), coupon(2, 1, { reduce: 1_500 }), coupon(3, 0, { reduce: 800, threshold: 50_000 })];
    const lines = [line('1', 1, 11, 20_000)];
    const manual = price({ lines, coupons, choice: { auto: false, shopCoupons: { 1: 1 }, platformCoupon: 3 } });
    expect(manual.shops[0]!.coupons.find((c) => c.chosen)?.userCouponId).toBe(1);
    expect(manual.platformCoupons[0]).toMatchObject({ chosen: false, usable: false, reason: 'belowThreshold', missing: 30_000 });
    expect(manual.totals).toMatchObject({ shopCoupon: 500, platformCoupon: 0 });
    const none = price({ lines, coupons, choice: { auto: false, shopCoupons: { 1: null }, platformCoupon: null } });
    expect(none.totals.shopCoupon + none.totals.platformCoupon).toBe(0);
  });

  it('a coupon larger than what is left takes only what is left', () => {
    const cart = price({ lines: [line('1', 1, 11, 300)], coupons: [coupon(1, 1, { reduce: 1_000 })], freight: () => 1_000 });
    expect(cart.totals).toMatchObject({ shopCoupon: 300, freight: 1_000, payable: 1_000 });
    expect(lineOf(cart, '1').payable).toBe(0);
  });
});

describe('steps 4, 5 and freight', () => {
  it('the member step takes nothing yet; freight is per shop and never discounted', () => {
    const seen: number[] = [];
    const cart = price({
      lines: [line('1', 1, 11, 10_000), line('2', 2, 21, 10_000), line('3', 3, 31, 10_000, 1, { checked: false })],
      coupons: [coupon(1, 0, { kind: 'discount', rate: 50 })],
      freight: (shopId, lines) => {
        seen.push(shopId);
        return shopId * 100 + lines.length;
      },
    });
    expect(seen).toEqual([1, 2]);
    expect(cart.shops.map((s) => s.totals.freight)).toEqual([101, 201, 0]);
    expect(cart.totals).toMatchObject({ goods: 20_000, platformCoupon: 10_000, member: 0, points: 0, freight: 302, payable: 10_302 });
    expect(cart.points).toEqual({ max: 0, maxAmount: 0, used: 0, amount: 0 });
  });

  it('points: capped at the share of what the goods still cost and at what the shopper has, in tens, spread in proportion', () => {
    const input = {
      lines: [line('1', 1, 11, 10_000), line('2', 2, 21, 30_000), line('3', 3, 31, 10_000, 1, { checked: false })],
      coupons: [coupon(1, 0, { kind: 'discount' as const, rate: 50 })],
      freight: () => 500,
    };
    // 40,000 of goods, half off by the coupon: 20,000 left, 50 % of it = 10,000 fen = 10,000 points.
    const asked = price({ ...input, points: { use: 200, available: 2_685, capPercent: 50, pointsPerYuan: 100 } });
    expect(asked.points).toEqual({ max: 2_680, maxAmount: 2_680, used: 200, amount: 200 });
    const lines = asked.shops.flatMap((s) => s.groups.flatMap((g) => g.lines));
    expect(lines.map((l) => [l.shares.points, l.usedPoints])).toEqual([
      [50, 50],
      [150, 150],
      [0, 0],
    ]);
    expect(asked.totals).toMatchObject({ points: 200, payable: 40_000 - 20_000 - 200 + 1_000 });
    // The cap binds: a rich shopper may use 10,000 points at most; asking more uses the maximum.
    const rich = price({ ...input, points: { use: 50_000, available: 99_999, capPercent: 50, pointsPerYuan: 100 } });
    expect(rich.points).toEqual({ max: 10_000, maxAmount: 10_000, used: 10_000, amount: 10_000 });
    // 30 points a yuan: 10 points are worth 33 fen (rounded down), the cap 10,000 fen is 3,000 points.
    const thirty = price({ ...input, points: { use: 10, available: 99_999, capPercent: 50, pointsPerYuan: 30 } });
    expect(thirty.points).toEqual({ max: 3_000, maxAmount: 10_000, used: 10, amount: 33 });
    // A cap of 0 % or no points: nothing usable.
    expect(price({ ...input, points: { use: 100, available: 500, capPercent: 0, pointsPerYuan: 100 } }).points).toEqual({ max: 0, maxAmount: 0, used: 0, amount: 0 });
    expect(price({ ...input, points: { use: 100, available: 9, capPercent: 50, pointsPerYuan: 100 } }).points.max).toBe(0);
  });

  it('refuses a freight that is not whole fen', () => {
    expect(() => price({ lines: [line('1', 1, 11, 100)], freight: () => 1.5 })).toThrow(RangeError);
  });
});

describe('step 0: discount packages (decision 046)', () => {
  const deal = { key: 'combo:7', comboId: 7, shopId: 1, nameZh: '茶具套餐', nameEn: 'Tea set' };

  it('takes what the sets cost above the package price off', () => {
    // 2 sets of (a teapot at 100.00 + 2 cups at 33.33) = 333.32 at 2 x 150.00: 33.32 off.
    const cart = price({
      lines: [line('a', 1, 1, 10_000, 2, { packageKey: 'combo:7' }), line('b', 1, 2, 3_333, 4, { packageKey: 'combo:7' })],
      packages: [{ ...deal, price: 15_000, sets: 2 }],
    });
    const unit = cart.shops[0]!.groups[0]!;
    expect(unit.package).toMatchObject({ comboId: 7, sets: 2, price: 15_000, original: 33_332, saving: 3_332 });
    // floor(3332 x 20000 / 33332) = 1999 and floor(3332 x 13332 / 33332) = 1332; the teapot takes the 1 left.
    expect(unit.lines.map((l) => l.shares.package)).toEqual([2_000, 1_332]);
    expect(cart.totals).toMatchObject({ goods: 33_332, package: 3_332, payable: 30_000 });
  });

  it('spreads a saving exactly and keeps package lines out of shop promotions', () => {
    const cart = price({
      lines: [line('a', 1, 1, 10_000, 1, { packageKey: 'combo:7' }), line('b', 1, 2, 3_333, 2, { packageKey: 'combo:7' }), line('c', 1, 3, 5_000)],
      packages: [{ ...deal, price: 15_000, sets: 1 }],
      promotions: [promotion(1, 1, { tiers: [{ need: 1, reduce: 1_000, rate: 100 }] })],
    });
    const [unit, promoted] = cart.shops[0]!.groups;
    // 166.66 of goods at 150.00: 16.66 off; 100.00 takes floor(1666 x 10000 / 16666) = 999 + the remainder 1.
    expect(unit!.package).toMatchObject({ original: 16_666, saving: 1_666, checked: true });
    expect(unit!.lines.map((l) => [l.key, l.shares.package, l.promotionId])).toEqual([
      ['a', 1_000, null],
      ['b', 666, null],
    ]);
    expect(promoted!.promotion!.id).toBe(1);
    expect(promoted!.lines.map((l) => l.key)).toEqual(['c']);
    expect(cart.totals).toMatchObject({ goods: 21_666, package: 1_666, promotion: 1_000, payable: 21_666 - 1_666 - 1_000 });
  });

  it('saves nothing on an unticked unit or a package dearer than its lines', () => {
    const unticked = price({
      lines: [line('a', 1, 1, 10_000, 1, { packageKey: 'combo:7', checked: false }), line('b', 1, 2, 5_000, 1, { packageKey: 'combo:7', checked: false })],
      packages: [{ ...deal, price: 9_000, sets: 1 }],
    });
    expect(unticked.shops[0]!.groups[0]!.package).toMatchObject({ checked: false, saving: 0 });
    expect(unticked.totals.package).toBe(0);
    const dearer = price({ lines: [line('a', 1, 1, 10_000, 1, { packageKey: 'combo:7' })], packages: [{ ...deal, price: 12_000, sets: 1 }] });
    expect(dearer.totals).toMatchObject({ package: 0, payable: 10_000 });
  });

  it('measures coupon thresholds after the package saving', () => {
    const cart = price({
      lines: [line('a', 1, 1, 10_000, 1, { packageKey: 'combo:7' }), line('b', 1, 2, 5_000, 1, { packageKey: 'combo:7' })],
      packages: [{ ...deal, price: 12_000, sets: 1 }],
      coupons: [coupon(1, 1, { threshold: 14_000 }), coupon(2, 0, { threshold: 12_000 })],
    });
    expect(cart.shops[0]!.coupons[0]).toMatchObject({ usable: false, reason: 'belowThreshold', missing: 2_000 });
    expect(cart.platformCoupons[0]).toMatchObject({ usable: true, chosen: true, saves: 1_000 });
    expect(cart.totals.payable).toBe(11_000);
  });

  it('refuses a line naming no package of its shop', () => {
    expect(() => price({ lines: [line('a', 1, 1, 100, 1, { packageKey: 'combo:8' })], packages: [{ ...deal, price: 50, sets: 1 }] })).toThrow(RangeError);
  });
});

describe('step 4: member discount and free shipping (decision 047)', () => {
  const member = { rate: 90, selfRunOnly: false, freeShipping: false, selfRunShopIds: [1] };

  it('takes the rate off what the ticked goods still cost after promotions and coupons, rounded down, spread by what each line costs', () => {
    const cart = price({
      lines: [line('a', 1, 11, 20_000), line('b', 2, 21, 10_001), line('c', 2, 22, 5_000, 1, { checked: false })],
      coupons: [coupon(1, 0, { reduce: 1_000 })],
      member,
    });
    // (20,000 + 10,001 - 1,000) x 10% = 2,900.1 -> 2,900.
    expect(cart.totals.member).toBe(2_900);
    expect(lineOf(cart, 'a').shares.member + lineOf(cart, 'b').shares.member).toBe(2_900);
    expect(lineOf(cart, 'c').shares.member).toBe(0);
    expect(cart.totals.payable).toBe(30_001 - 1_000 - 2_900);
  });

  it('covers only self-run shops’ goods when its range says so, and waives only their freight', () => {
    const cart = price({
      lines: [line('a', 1, 11, 10_000), line('b', 2, 21, 10_000)],
      freight: () => 800,
      member: { ...member, selfRunOnly: true, freeShipping: true },
    });
    const shop = (id: number) => cart.shops.find((s) => s.shopId === id)!.totals;
    expect(shop(1)).toMatchObject({ member: 1_000, freight: 0, memberFreight: 800, payable: 9_000 });
    expect(shop(2)).toMatchObject({ member: 0, freight: 800, memberFreight: 0, payable: 10_800 });
    expect(cart.totals).toMatchObject({ member: 1_000, freight: 800, memberFreight: 800 });
  });

  it('comes before points: the points cap is measured on what the member discount left', () => {
    const cart = price({ lines: [line('a', 1, 11, 10_000)], member, points: { use: 100_000, available: 100_000, capPercent: 50, pointsPerYuan: 100 } });
    expect(cart.totals.member).toBe(1_000);
    expect(cart.points.max).toBe(4_500);
  });

  it('takes nothing without membership or at 10 per ten', () => {
    expect(price({ lines: [line('a', 1, 11, 10_000)] }).totals.member).toBe(0);
    expect(price({ lines: [line('a', 1, 11, 10_000)], member: { ...member, rate: 100 } }).totals.member).toBe(0);
  });
});
