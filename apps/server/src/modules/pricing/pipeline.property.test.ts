// The pipeline's invariants over thousands of random carts (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointsWorth, priceCart } from './pipeline.ts';
import { discountOff, mulDiv as mulDivExact, spread } from './spread.ts';
import type { CouponOffer, PackageDeal, PricedCart, PricedLine, PricingInput, PricingLine, PromotionRule } from './types.ts';

const NOW = new Date('2026-11-25T08:00:00Z');
const HOUR = 3_600_000;
const SHOPS = [1, 2, 3, 4, 5];
const productOf = (shopId: number, k: number) => shopId * 100 + k;

const rateArb = fc.oneof(fc.integer({ min: 10, max: 99 }), fc.integer({ min: 100, max: 990 }).map((n) => n / 10));

const promotionArb = (id: number): fc.Arbitrary<PromotionRule> =>
  fc
    .record({
      shopId: fc.constantFrom(...SHOPS),
      rule: fc.constantFrom('amountReduce' as const, 'pieceDiscount' as const, 'amountDiscount' as const),
      repeat: fc.boolean(),
      products: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }), { nil: null }),
      tiers: fc.array(fc.record({ need: fc.integer({ min: 1, max: 200_000 }), reduce: fc.integer({ min: 0, max: 60_000 }), rate: rateArb }), { minLength: 1, maxLength: 3 }),
      maxReduce: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: null }),
    })
    .map(({ shopId, rule, repeat, products, tiers, maxReduce }) => ({
      id,
      shopId,
      rule,
      repeat,
      productIds: products === null ? null : products.map((k) => productOf(shopId, k)),
      tiers: rule === 'pieceDiscount' ? tiers.map((t) => ({ ...t, need: 1 + (t.need % 12) })) : tiers,
      maxReduce,
      nameZh: `促销${id}`,
      nameEn: null,
      endsAt: new Date(NOW.getTime() + HOUR),
    }));

const couponArb = (userCouponId: number): fc.Arbitrary<CouponOffer> =>
  fc
    .record({
      shopId: fc.constantFrom(0, ...SHOPS),
      kind: fc.constantFrom('cash' as const, 'discount' as const),
      threshold: fc.integer({ min: 0, max: 300_000 }),
      reduce: fc.integer({ min: 0, max: 80_000 }),
      rate: rateArb,
      scope: fc.constantFrom('all' as const, 'include' as const, 'exclude' as const),
      products: fc.uniqueArray(fc.tuple(fc.constantFrom(...SHOPS), fc.integer({ min: 1, max: 6 })), { maxLength: 5 }),
      from: fc.integer({ min: -48, max: 2 }),
      to: fc.integer({ min: -2, max: 48 }),
    })
    .map(({ shopId, kind, threshold, reduce, rate, scope, products, from, to }) => ({
      userCouponId,
      couponId: 1000 + userCouponId,
      shopId,
      kind,
      threshold,
      reduce,
      rate,
      scope,
      productIds: products.map(([s, k]) => productOf(s, k)),
      validFrom: new Date(NOW.getTime() + from * HOUR),
      validTo: new Date(NOW.getTime() + Math.max(from, to) * HOUR),
      nameZh: `券${userCouponId}`,
      nameEn: null,
    }));

const lineArb = (i: number, promotionIds: number[]): fc.Arbitrary<PricingLine> =>
  fc
    .record({
      shopId: fc.constantFrom(...SHOPS),
      k: fc.integer({ min: 1, max: 6 }),
      unitPrice: fc.oneof(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1, max: 20 })),
      count: fc.integer({ min: 1, max: 9 }),
      checked: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      promotionId: fc.option(fc.constantFrom(...promotionIds, 999), { nil: undefined }),
    })
    .map(({ shopId, k, unitPrice, count, checked, promotionId }) => ({
      key: String(i + 1),
      shopId,
      productId: productOf(shopId, k),
      skuId: productOf(shopId, k) * 10 + (i % 3),
      unitPrice,
      count,
      checked,
      promotionId,
    }));

/** Freight depends on the ticked lines only, never on reductions. */
const freightOf = (shopId: number, lines: readonly PricedLine[]) => (shopId * 137 + lines.reduce((n, l) => n + l.count * 11 + l.goods, 0)) % 2_000;

const cartArb: fc.Arbitrary<PricingInput> = fc
  .record({ promotionCount: fc.integer({ min: 0, max: 8 }), couponCount: fc.integer({ min: 0, max: 8 }), lineCount: fc.integer({ min: 1, max: 20 }) })
  .chain(({ promotionCount, couponCount, lineCount }) => {
    const promotionIds = Array.from({ length: promotionCount }, (_, i) => i + 1);
    return fc.record({
      promotions: fc.tuple(...promotionIds.map(promotionArb)),
      coupons: fc.tuple(...Array.from({ length: couponCount }, (_, i) => couponArb(i + 1))),
      lines: fc.tuple(...Array.from({ length: lineCount }, (_, i) => lineArb(i, promotionIds))),
      auto: fc.boolean(),
      shopPicks: fc.array(fc.tuple(fc.constantFrom(...SHOPS), fc.option(fc.integer({ min: 1, max: couponCount + 1 }), { nil: null })), { maxLength: 5 }),
      platformPick: fc.option(fc.integer({ min: 1, max: couponCount + 1 }), { nil: null }),
      points: fc.option(
        fc.record({
          use: fc.integer({ min: 0, max: 50_000 }).map((n) => n * 10),
          available: fc.integer({ min: 0, max: 600_000 }),
          capPercent: fc.integer({ min: 0, max: 100 }),
          pointsPerYuan: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 10_000 })),
        }),
        { nil: undefined },
      ),
      // Discount packages (step 0): per line 0 = none, 1 or 2 = that package of its shop; per
      // package a price as a share of what its lines cost (past 1: dearer than the lines), sets, a tick.
      packing: fc.array(fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 2 }) }), { minLength: lineCount, maxLength: lineCount }),
      packageTerms: fc.array(fc.record({ f: fc.double({ min: 0, max: 1.2, noNaN: true }), sets: fc.integer({ min: 1, max: 3 }), checked: fc.boolean() }), { minLength: 10, maxLength: 10 }),
      member: fc.option(
        fc.record({
          rate: fc.oneof(rateArb, fc.constant(100)),
          selfRunOnly: fc.boolean(),
          freeShipping: fc.boolean(),
          selfRunShopIds: fc.subarray(SHOPS),
        }),
        { nil: undefined },
      ),
    });
  })
  .map(({ promotions, coupons, lines, auto, shopPicks, platformPick, points, packing, packageTerms, member }) => {
    const packaged = lines.map((l, i) => (packing[i] === 0 ? l : { ...l, packageKey: `p${l.shopId}-${packing[i]}` }));
    const packages: PackageDeal[] = [];
    for (const key of new Set(packaged.flatMap((l) => (l.packageKey ? [l.packageKey] : [])))) {
      const members = packaged.filter((l) => l.packageKey === key);
      const shopId = members[0]!.shopId;
      const terms = packageTerms[(shopId - 1) * 2 + Number(key.slice(-1)) - 1]!;
      const original = sum(members.map((l) => l.unitPrice * l.count));
      // The cart ticks a package as a unit.
      for (const l of members) l.checked = terms.checked;
      packages.push({ key, comboId: shopId * 10 + Number(key.slice(-1)), shopId, price: Math.floor((original * terms.f) / terms.sets), sets: terms.sets, nameZh: `套餐${key}`, nameEn: null });
    }
    return {
      now: NOW,
      lines: packaged,
      promotions,
      coupons,
      choice: { auto, shopCoupons: Object.fromEntries(shopPicks), platformCoupon: platformPick },
      freight: freightOf,
      points,
      packages,
      member,
    };
  });

const allLines = (cart: PricedCart) => cart.shops.flatMap((s) => s.groups.flatMap((g) => g.lines));
const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

// Plain checks: vitest's expect is too slow for thousands of carts of twenty lines.
function is(actual: unknown, expected: unknown): void {
  if (actual !== expected) throw new Error(`expected ${String(expected)}, got ${String(actual)}`);
}
function atLeast(actual: number, bound: number): void {
  if (!(actual >= bound)) throw new Error(`expected ${actual} >= ${bound}`);
}
function atMost(actual: number, bound: number): void {
  if (!(actual <= bound)) throw new Error(`expected ${actual} <= ${bound}`);
}
function same(actual: unknown, expected: unknown): void {
  is(JSON.stringify(actual), JSON.stringify(expected));
}

function checkInvariants(input: PricingInput, cart: PricedCart): void {
  const lines = allLines(cart);
  // Every line appears exactly once, in its own shop.
  same(lines.map((l) => l.key).sort(), input.lines.map((l) => l.key).sort());
  for (const l of lines) {
    for (const share of Object.values(l.shares)) {
      is(Number.isSafeInteger(share), true);
      atLeast(share, 0);
      if (!l.checked) is(share, 0);
    }
    is(l.goods, l.unitPrice * l.count);
    is(l.payable, l.goods - sum(Object.values(l.shares)));
    atLeast(l.payable, 0);
  }
  for (const shop of cart.shops) {
    const shopLines = shop.groups.flatMap((g) => g.lines);
    is(shopLines.every((l) => l.shopId === shop.shopId), true);
    for (const g of shop.groups) {
      checkPackageGroup(input, g);
      // Sum of shares = the promotion's reduction; a line is in its promotion's group only.
      is(sum(g.lines.map((l) => l.shares.promotion)), g.promotion?.reduce ?? 0);
      for (const l of g.lines) is(l.promotionId, g.promotion?.id ?? null);
      if (g.promotion) is(g.lines.every((l) => l.promotionIds.includes(g.promotion!.id)), true);
    }
    const chosen = shop.coupons.filter((c) => c.chosen);
    atMost(chosen.length, 1);
    is(sum(shopLines.map((l) => l.shares.shopCoupon)), chosen[0]?.saves ?? 0);
    // Freight untouched: exactly what the function says for the ticked lines, or all of it waived
    // for a member with free shipping in a self-run shop.
    const ticked = shopLines.filter((l) => l.checked);
    const fee = ticked.length === 0 ? 0 : freightOf(shop.shopId, ticked);
    const waived = input.member?.freeShipping === true && input.member.selfRunShopIds.includes(shop.shopId);
    is(shop.totals.freight, waived ? 0 : fee);
    is(shop.totals.memberFreight, waived ? fee : 0);
    const t = shop.totals;
    is(t.goods, sum(ticked.map((l) => l.goods)));
    is(t.payable, t.goods - t.package - t.promotion - t.shopCoupon - t.platformCoupon - t.member - t.points + t.freight);
    is(t.package, sum(shop.groups.map((g) => g.package?.saving ?? 0)));
    atLeast(t.payable, t.freight);
  }
  const platformChosen = cart.platformCoupons.filter((c) => c.chosen);
  atMost(platformChosen.length, 1);
  is(sum(lines.map((l) => l.shares.platformCoupon)), platformChosen[0]?.saves ?? 0);
  const t = cart.totals;
  is(t.payable, t.goods - t.package - t.promotion - t.shopCoupon - t.platformCoupon - t.member - t.points + t.freight);
  is(t.package, sum(lines.map((l) => l.shares.package)));
  is(t.freight, sum(cart.shops.map((s) => s.totals.freight)));
  is(t.payable, sum(cart.shops.map((s) => s.totals.payable)));

  // Points: a multiple of 10 within what the shopper has and the cap on what the goods cost after
  // steps 1-4; their worth rounded down, spread over the ticked lines, and each line's points add up.
  const p = cart.points;
  is(sum(lines.map((l) => l.shares.points)), p.amount);
  is(sum(lines.map((l) => l.usedPoints)), p.used);
  is(t.points, p.amount);
  if (!input.points) {
    same(p, { max: 0, maxAmount: 0, used: 0, amount: 0 });
  } else {
    const { use, available, capPercent, pointsPerYuan } = input.points;
    is(p.max % 10, 0);
    is(p.used % 10, 0);
    atMost(p.max, available);
    is(p.used, Math.min(use, p.max));
    is(p.amount, pointsWorth(p.used, pointsPerYuan));
    is(p.maxAmount, pointsWorth(p.max, pointsPerYuan));
    const beforePoints = sum(lines.filter((l) => l.checked).map((l) => l.goods - l.shares.package - l.shares.promotion - l.shares.shopCoupon - l.shares.platformCoupon - l.shares.member));
    atMost(p.maxAmount * 100, beforePoints * capPercent);
    // The maximum is the largest multiple of 10 within both bounds: ten more would pass one of them.
    const next = p.max + 10;
    is(next > available || pointsWorth(next, pointsPerYuan) * 100 > beforePoints * capPercent || mulDivExact(beforePoints, capPercent, 100) * pointsPerYuan < next * 100, true);
  }
  for (const l of lines) if (!l.checked) is(l.usedPoints, 0);

  // Member discount (step 4): only the lines in range, the rate's share of what they cost after
  // steps 1-3, rounded down; nothing without membership.
  const inRange = (l: PricedLine) => l.checked && input.member !== undefined && (!input.member.selfRunOnly || input.member.selfRunShopIds.includes(l.shopId));
  for (const l of lines) if (!inRange(l)) is(l.shares.member, 0);
  const beforeMember = sum(lines.filter(inRange).map((l) => l.goods - l.shares.package - l.shares.promotion - l.shares.shopCoupon - l.shares.platformCoupon));
  is(t.member, input.member ? discountOff(beforeMember, input.member.rate) : 0);
  is(t.memberFreight, sum(cart.shops.map((s) => s.totals.memberFreight)));

  // A coupon below its threshold after promotions never applies; an applied one is within its window.
  for (const option of [...cart.shops.flatMap((s) => s.coupons), ...cart.platformCoupons]) {
    const offer = input.coupons.find((c) => c.userCouponId === option.userCouponId)!;
    const eligible = lines.filter(
      (l) =>
        l.checked &&
        (offer.shopId === 0 || l.shopId === offer.shopId) &&
        (offer.scope === 'all' || (offer.scope === 'include') === offer.productIds.includes(l.productId)),
    );
    const afterPromotions = sum(eligible.map((l) => l.goods - l.shares.package - l.shares.promotion));
    if (afterPromotions < offer.threshold || eligible.length === 0) is(option.chosen, false);
    if (option.chosen) {
      atLeast(NOW.getTime(), offer.validFrom.getTime());
      atMost(NOW.getTime(), offer.validTo.getTime());
      if (!input.choice.auto) {
        const wanted = offer.shopId === 0 ? input.choice.platformCoupon : input.choice.shopCoupons[offer.shopId];
        is(wanted, offer.userCouponId);
      }
    }
  }
}

/**
 * A package unit's group: its lines only, kept together, under no promotion; the saving is what
 * the ticked lines cost above the package price, spread in proportion to the lines' goods with the
 * largest (the first of equals) taking the remainder, in whole fen summing exactly.
 */
function checkPackageGroup(input: PricingInput, g: PricedCart['shops'][number]['groups'][number]): void {
  const lines = g.lines;
  if (!g.package) {
    for (const l of lines) {
      is(l.packageKey, null);
      is(l.shares.package, 0);
    }
    return;
  }
  const deal = input.packages!.find((d) => d.key === g.package!.key)!;
  same(lines.map((l) => l.key).sort(), input.lines.filter((l) => l.packageKey === deal.key).map((l) => l.key).sort());
  const original = sum(lines.map((l) => l.goods));
  is(g.package.original, original);
  const saving = lines.every((l) => l.checked) ? Math.max(0, original - deal.price * deal.sets) : 0;
  is(g.package.saving, saving);
  is(sum(lines.map((l) => l.shares.package)), saving);
  let largest = 0;
  lines.forEach((l, i) => {
    is(l.packageKey, deal.key);
    is(l.promotionId, null);
    is(l.promotionIds.length, 0);
    is(l.shares.promotion, 0);
    atMost(l.shares.package, l.goods);
    if (l.goods > lines[largest]!.goods) largest = i;
  });
  if (original === 0) return;
  const floors = lines.map((l) => mulDivExact(saving, l.goods, original));
  const rest = saving - sum(floors);
  // In proportion: every line its floor, the largest its floor plus the remainder (when it has room).
  if (floors[largest]! + rest <= lines[largest]!.goods) {
    lines.forEach((l, i) => is(l.shares.package, i === largest ? floors[i]! + rest : floors[i]!));
  }
}

describe('pricing pipeline properties', () => {
  it('keeps every invariant over thousands of random carts', () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        checkInvariants(input, priceCart(input));
      }),
      { numRuns: 3_000 },
    );
  }, 120_000);

  it('is deterministic: the same input, or the same input with rules and coupons reordered, gives the same output', () => {
    fc.assert(
      fc.property(cartArb, fc.integer(), (input, seed) => {
        const first = priceCart(input);
        expect(priceCart(input)).toEqual(first);
        const rotate = <T,>(xs: T[]) => (xs.length === 0 ? xs : [...xs.slice(Math.abs(seed) % xs.length), ...xs.slice(0, Math.abs(seed) % xs.length)]);
        expect(priceCart({ ...input, promotions: rotate(input.promotions), coupons: rotate(input.coupons) })).toEqual(first);
      }),
      { numRuns: 1_000 },
    );
  }, 60_000);

  it('auto choice saves at least as much as any manual choice of the same coupons', () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const auto = priceCart({ ...input, choice: { ...input.choice, auto: true } });
        const manual = priceCart({ ...input, choice: { ...input.choice, auto: false } });
        const off = (c: PricedCart) => c.totals.shopCoupon + c.totals.platformCoupon;
        expect(off(auto)).toBeGreaterThanOrEqual(off(manual));
      }),
      { numRuns: 1_000 },
    );
  }, 60_000);

  it('spread: shares sum to the amount, none passes its line, the largest takes the remainder', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 25 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, f) => {
        const total = sum(weights);
        const amount = Math.floor(total * f);
        const shares = spread(amount, weights);
        is(sum(shares), amount);
        shares.forEach((s, i) => {
          is(Number.isSafeInteger(s), true);
          atLeast(s, 0);
          atMost(s, weights[i]!);
        });
      }),
      { numRuns: 3_000 },
    );
  }, 120_000);
});
