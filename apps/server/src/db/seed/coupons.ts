// The demo's coupons (issue 11 §2, decision 041), dated from the seed time: platform coupons (a
// cash one for everything, a discount one valid N days after receipt, one sold out, one issued
// only), and shop coupons of each kind (cash and discount; all, listed and all-except-listed
// products; fixed dates and N days). The demo buyer buyer01 holds a few unused ones, a used one and
// an expired one, as if received earlier (the stock and the per-user counts follow). Written once,
// into a database that has no coupons.
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { Db } from '../client.ts';
import { couponProducts, couponReceipts, coupons, products, shops, userCoupons, users } from '../schema.ts';
import { DAY_MS, SHOPS } from './site-data.ts';

interface CouponDef {
  key: string;
  /** null: the platform's. */
  shopKey: string | null;
  nameZh: string;
  nameEn: string;
  type: 1 | 2;
  condition: number;
  reduce?: number;
  /** Per ten (type 2). */
  discount?: number;
  /** 0 all, 1 listed, 2 all except listed; listed = the shop's best sellers. */
  scope?: 0 | 1 | 2;
  listed?: number;
  /** Fixed dates (days from the seed), or N days after receipt. */
  fixed?: [number, number];
  afterDays?: [number, number];
  stocks: number;
  total: number;
  limit?: number;
  issuedOnly?: boolean;
}

const DEFS: CouponDef[] = [
  { key: 'p-all', shopKey: null, nameZh: '全场通用券 满199减20', nameEn: 'Storewide: ¥20 off ¥199', type: 1, condition: 19_900, reduce: 2_000, fixed: [-3, 27], stocks: 4_980, total: 5_000 },
  { key: 'p-new', shopKey: null, nameZh: '新客9折券 满99可用', nameEn: 'New shopper: 10% off from ¥99', type: 2, condition: 9_900, discount: 9, afterDays: [0, 7], stocks: 1_960, total: 2_000 },
  { key: 'p-soldout', shopKey: null, nameZh: '限量神券 满500减80', nameEn: 'Limited: ¥80 off ¥500', type: 1, condition: 50_000, reduce: 8_000, fixed: [-2, 10], stocks: 0, total: 300 },
  { key: 'p-issued', shopKey: null, nameZh: '会员回馈券 满300减40', nameEn: 'Member thanks: ¥40 off ¥300', type: 1, condition: 30_000, reduce: 4_000, fixed: [-1, 30], stocks: 1_000, total: 1_000, issuedOnly: true },
  { key: 's-self', shopKey: 'self', nameZh: '自营旗舰店 满300减30', nameEn: 'Official Store: ¥30 off ¥300', type: 1, condition: 30_000, reduce: 3_000, fixed: [-1, 20], stocks: 995, total: 1_000, limit: 2 },
  { key: 's-tea', shopKey: 'tea', nameZh: '瓷韵茶社 茶具8.8折券', nameEn: 'Tea House: 12% off tea ware', type: 2, condition: 10_000, discount: 8.8, scope: 1, listed: 12, afterDays: [0, 15], stocks: 490, total: 500 },
  { key: 's-digital', shopKey: 'digital', nameZh: '数码极客馆 满1000减100（爆款除外）', nameEn: 'Digital Geek Hub: ¥100 off ¥1,000 (best sellers excluded)', type: 1, condition: 100_000, reduce: 10_000, scope: 2, listed: 3, fixed: [-5, 25], stocks: 800, total: 800 },
  { key: 's-food', shopKey: 'food', nameZh: '鲜丰食品 无门槛5元券', nameEn: 'Freshfield Foods: ¥5 off, no minimum', type: 1, condition: 0, reduce: 500, afterDays: [1, 10], stocks: 990, total: 1_000, limit: 3 },
  { key: 's-books', shopKey: 'books', nameZh: '悦读书房 满100减15', nameEn: 'Joyful Reading: ¥15 off ¥100', type: 1, condition: 10_000, reduce: 1_500, fixed: [-10, 40], stocks: 598, total: 600 },
];

/** buyer01's coupons: state, and when received (days before the seed). */
const BUYER_COUPONS: Array<{ key: string; state: 'unused' | 'used' | 'expired'; receivedDaysAgo: number }> = [
  { key: 'p-all', state: 'unused', receivedDaysAgo: 2 },
  { key: 's-self', state: 'unused', receivedDaysAgo: 1 },
  { key: 's-food', state: 'unused', receivedDaysAgo: 3 },
  { key: 's-books', state: 'used', receivedDaysAgo: 8 },
  { key: 's-tea', state: 'expired', receivedDaysAgo: 20 },
];

export async function seedCoupons(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(coupons);
  if ((existing?.n ?? 0) > 0) return;
  const day = (n: number) => new Date(now.getTime() + n * DAY_MS);
  const rows = await db.select({ id: shops.id, nameZh: shops.nameZh }).from(shops).where(inArray(shops.nameZh, SHOPS.map((s) => s.nameZh)));
  const shopIdOf = new Map(SHOPS.map((s) => [s.key, rows.find((r) => r.nameZh === s.nameZh)?.id]));
  // The demo users' ids (seed.ts demoUserId), spelled out here as promotions.ts does, not imported back from seed.ts.
  const buyerId = createHash('md5').update('bazaar-seed-user:buyer01').digest('hex');
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.id, buyerId));
  await db.transaction(async (tx) => {
    const ids = new Map<string, { id: number; def: CouponDef }>();
    for (const def of DEFS) {
      const shopId = def.shopKey === null ? 0 : shopIdOf.get(def.shopKey);
      if (shopId === undefined) continue;
      const [row] = await tx
        .insert(coupons)
        .values({
          shopId,
          nameZh: def.nameZh,
          nameEn: def.nameEn,
          couponType: def.type,
          cashCondition: def.condition,
          reduceAmount: def.reduce ?? 0,
          couponDiscount: def.discount ?? null,
          suitableProdType: def.scope ?? 0,
          validTimeType: def.fixed ? 1 : 2,
          startTime: def.fixed ? day(def.fixed[0]) : null,
          endTime: def.fixed ? day(def.fixed[1]) : null,
          afterReceiveDays: def.afterDays?.[0] ?? 0,
          validDays: def.afterDays?.[1] ?? null,
          stocks: def.stocks,
          totalStock: def.total,
          limitNum: def.limit ?? 1,
          getWay: def.issuedOnly ? 1 : 0,
          createdAt: day(-12),
          updatedAt: day(-12),
        })
        .returning({ id: coupons.id });
      ids.set(def.key, { id: row!.id, def });
      if (def.scope && def.listed && shopId > 0) {
        const listed = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.shopId, shopId), eq(products.status, PRODUCT_STATUS.onShelf)))
          .orderBy(desc(products.soldNum), products.id)
          .limit(def.listed);
        if (listed.length > 0) await tx.insert(couponProducts).values(listed.map((p) => ({ couponId: row!.id, productId: p.id })));
      }
    }
    if (!buyer) return;
    for (const held of BUYER_COUPONS) {
      const c = ids.get(held.key);
      if (!c) continue;
      const received = day(-held.receivedDaysAgo);
      const start = c.def.fixed ? day(c.def.fixed[0]) : new Date(received.getTime() + (c.def.afterDays?.[0] ?? 0) * DAY_MS);
      const end = c.def.fixed ? day(c.def.fixed[1]) : new Date(start.getTime() + (c.def.afterDays?.[1] ?? 0) * DAY_MS);
      await tx.insert(userCoupons).values({
        couponId: c.id,
        userId: buyerId,
        status: held.state === 'used' ? 2 : 1,
        receiveTime: received,
        userStartTime: start,
        userEndTime: held.state === 'expired' ? new Date(Math.min(end.getTime(), now.getTime() - 5 * DAY_MS)) : end,
        usedTime: held.state === 'used' ? day(-held.receivedDaysAgo + 2) : null,
      });
      await tx.insert(couponReceipts).values({ couponId: c.id, userId: buyerId, received: 1 });
    }
  });
}
