// The pricing pipeline alone (issue 11, target >= 20,000 carts/s in one process): carts of 20 lines
// from 5 shops, each shop with a full-amount reduction for all products and a piece discount for
// some, 3 shop coupons per shop and 4 platform coupons, the server choosing the best (auto).
// 1,000 different carts are built first (a fixed seed), then priced in turn for `--duration` seconds.
// Usage: npx tsx bench/pricing.ts [--duration 5] [--warmup 1]
import { priceCart } from '../apps/server/src/modules/pricing/pipeline.ts';
import type { CouponOffer, PricingInput, PricingLine, PromotionRule } from '../apps/server/src/modules/pricing/types.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const DURATION_S = arg('duration', 5);
const WARMUP_S = arg('warmup', 1);

let seed = 20261125;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const now = new Date('2026-11-25T08:00:00Z');
const day = 86_400_000;
const shops = [11, 12, 13, 14, 15];

function buildCart(): PricingInput {
  const promotions: PromotionRule[] = shops.flatMap((shopId, i) => [
    {
      id: i * 2 + 1,
      shopId,
      rule: 'amountReduce' as const,
      repeat: i % 2 === 0,
      productIds: null,
      tiers: [
        { need: 30_000, reduce: 5_000, rate: 100 },
        { need: 60_000, reduce: 12_000, rate: 100 },
      ],
      maxReduce: null,
      nameZh: '满300减50',
      nameEn: '¥50 off ¥300',
      endsAt: new Date(now.getTime() + day),
    },
    {
      id: i * 2 + 2,
      shopId,
      rule: 'pieceDiscount' as const,
      repeat: false,
      productIds: [shopId * 100 + 1, shopId * 100 + 2],
      tiers: [{ need: 2, reduce: 0, rate: 80 }],
      maxReduce: 20_000,
      nameZh: '满2件8折',
      nameEn: '20% off 2 items',
      endsAt: new Date(now.getTime() + day),
    },
  ]);
  let userCouponId = 0;
  const couponOf = (shopId: number, extra: Partial<CouponOffer>): CouponOffer => ({
    userCouponId: ++userCouponId,
    couponId: 500 + userCouponId,
    shopId,
    kind: 'cash',
    threshold: int(0, 4) * 10_000,
    reduce: int(1, 5) * 1_000,
    rate: 90,
    scope: 'all',
    productIds: [],
    validFrom: new Date(now.getTime() - day),
    validTo: new Date(now.getTime() + int(1, 9) * day),
    nameZh: '券',
    nameEn: null,
    ...extra,
  });
  const coupons: CouponOffer[] = [
    ...shops.flatMap((shopId) => [couponOf(shopId, {}), couponOf(shopId, { kind: 'discount', rate: 95 }), couponOf(shopId, { scope: 'include', productIds: [shopId * 100 + 3] })]),
    couponOf(0, {}),
    couponOf(0, { kind: 'discount', rate: 90 }),
    couponOf(0, { scope: 'exclude', productIds: [1101] }),
    couponOf(0, { threshold: 500_000, reduce: 30_000 }),
  ];
  const lines: PricingLine[] = Array.from({ length: 20 }, (_, i) => {
    const shopId = shops[i % shops.length]!;
    const productId = shopId * 100 + int(1, 6);
    return { key: String(i + 1), shopId, productId, skuId: productId * 10 + (i % 3), unitPrice: int(500, 40_000), count: int(1, 3) };
  });
  return {
    now,
    lines,
    promotions,
    coupons,
    choice: { auto: true, shopCoupons: {}, platformCoupon: null },
    freight: (shopId, priced) => (priced.reduce((n, l) => n + l.goods, 0) >= 9_900 ? 0 : 1_000 + shopId),
  };
}

const carts = Array.from({ length: 1_000 }, buildCart);

function run(seconds: number): { priced: number; elapsed: number; cpu: number; check: number } {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(seconds * 1e9));
  let priced = 0;
  let check = 0;
  while (process.hrtime.bigint() < end) {
    for (let i = 0; i < 100; i++) check += priceCart(carts[(priced + i) % carts.length]!).totals.payable;
    priced += 100;
  }
  const cpuUsed = process.cpuUsage(cpuStart);
  return { priced, elapsed: Number(process.hrtime.bigint() - start) / 1e9, cpu: (cpuUsed.user + cpuUsed.system) / 1e6, check };
}

run(WARMUP_S);
const { priced, elapsed, cpu, check } = run(DURATION_S);
const sample = priceCart(carts[0]!).totals;
// On a shared machine the wall clock counts other processes' turns: CPU time says what one core does.
console.log(`pricing pipeline: ${Math.round(priced / elapsed).toLocaleString('en')} carts/s of wall time, ${Math.round(priced / cpu).toLocaleString('en')} carts per CPU second`);
console.log(`(${priced.toLocaleString('en')} carts of 20 lines / 5 shops in ${elapsed.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU; ${((1e6 * cpu) / priced).toFixed(1)} µs CPU each; load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`);
console.log(`first cart: goods ${sample.goods}, promotion ${sample.promotion}, shop coupons ${sample.shopCoupon}, platform coupon ${sample.platformCoupon}, freight ${sample.freight}, payable ${sample.payable} (checksum ${check})`);
