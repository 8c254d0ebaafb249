// The demo's shop promotions (issue 11 §5, decision 037), dated from the seed time: the campaign
// of the home banner made real (the official store's "every ¥300, ¥50 off" on its picks for the
// campaign's days), one running promotion of each other kind (a tiered 满减, a 满件折 on tea ware
// with a cap, a 满折 with a cap), one that ended last week and one that starts in a few days. Each
// lists a shop's best sellers rather than the whole shop, so products made later (by a merchant, or
// by a test) are in no promotion until someone puts them in one. Written once, into a database that
// has none (an older seeded one gets them too).
import { hash } from '@node-rs/argon2';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { Db } from '../client.ts';
import { discountItems, discountProducts, discounts, products, shops, users, userWallets } from '../schema.ts';
import { DAY_MS, DEMO_PASSWORD, SHOPS, campaignAt } from './site-data.ts';
import { createHash } from 'node:crypto';

interface PromotionDef {
  shopKey: string;
  nameZh: string;
  nameEn: string;
  rule: 0 | 1 | 2;
  type?: 0 | 1;
  /** The shop's best sellers it lists. */
  listed: number;
  cap?: number;
  tiers: { need: number; reduce?: number; discount?: number }[];
  start: Date;
  end: Date;
  /** 0: ended early by the shop. */
  status?: number;
}

export function promotionDefs(now: Date): PromotionDef[] {
  const campaign = campaignAt(now);
  const day = (n: number) => new Date(now.getTime() + n * DAY_MS);
  return [
    {
      shopKey: 'self',
      nameZh: `${campaign.name.zh} 自营精选每满300减50`,
      nameEn: `${campaign.name.en}: ¥50 off every ¥300 on our picks`,
      rule: 0,
      type: 1,
      listed: 40,
      tiers: [{ need: 30_000, reduce: 5_000 }],
      start: campaign.start,
      end: campaign.end,
    },
    {
      shopKey: 'food',
      nameZh: '囤货季 满199减20 满399减50',
      nameEn: 'Stock-up days: ¥20 off ¥199, ¥50 off ¥399',
      rule: 0,
      listed: 24,
      tiers: [
        { need: 19_900, reduce: 2_000 },
        { need: 39_900, reduce: 5_000 },
      ],
      start: day(-2),
      end: day(5),
    },
    {
      shopKey: 'tea',
      nameZh: '茶器好物 2件9折 3件8折',
      nameEn: 'Tea ware: 10% off 2, 20% off 3',
      rule: 1,
      listed: 8,
      cap: 20_000,
      tiers: [
        { need: 2, discount: 9 },
        { need: 3, discount: 8 },
      ],
      start: day(-1),
      end: day(9),
    },
    {
      shopKey: 'beauty',
      nameZh: '美妆节 满500打95折 满1000打9折',
      nameEn: 'Beauty week: 5% off ¥500, 10% off ¥1,000',
      rule: 2,
      listed: 24,
      cap: 30_000,
      tiers: [
        { need: 50_000, discount: 9.5 },
        { need: 100_000, discount: 9 },
      ],
      start: day(-3),
      end: day(4),
    },
    {
      shopKey: 'fashion',
      nameZh: '秋装清仓 满300减40',
      nameEn: 'Autumn clearance: ¥40 off ¥300',
      rule: 0,
      listed: 12,
      tiers: [{ need: 30_000, reduce: 4_000 }],
      start: day(-21),
      end: day(-7),
    },
    {
      shopKey: 'books',
      nameZh: '读书月 满2件8折',
      nameEn: 'Reading month: 20% off 2 books',
      rule: 1,
      listed: 16,
      tiers: [{ need: 2, discount: 8 }],
      start: day(5),
      end: day(20),
    },
  ];
}

export async function seedPromotions(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(discounts);
  if ((existing?.n ?? 0) > 0) return;
  const names = SHOPS.map((s) => s.nameZh);
  const rows = await db.select({ id: shops.id, nameZh: shops.nameZh }).from(shops).where(inArray(shops.nameZh, names));
  const shopIdOf = new Map(SHOPS.map((s) => [s.key, rows.find((r) => r.nameZh === s.nameZh)?.id]));
  await db.transaction(async (tx) => {
    for (const def of promotionDefs(now)) {
      const shopId = shopIdOf.get(def.shopKey);
      if (shopId === undefined) continue;
      const listed = (
        await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.shopId, shopId), eq(products.status, PRODUCT_STATUS.onShelf)))
          .orderBy(desc(products.soldNum), products.id)
          .limit(def.listed)
      ).map((r) => r.id);
      if (listed.length === 0) continue;
      const [row] = await tx
        .insert(discounts)
        .values({
          shopId,
          nameZh: def.nameZh,
          nameEn: def.nameEn,
          discountRule: def.rule,
          discountType: def.type ?? 0,
          suitableProdType: 1,
          maxReduceAmount: def.cap ?? null,
          startTime: def.start,
          endTime: def.end,
          status: def.status ?? 1,
          createdAt: new Date(Math.min(def.start.getTime(), now.getTime()) - DAY_MS),
          updatedAt: new Date(Math.min(def.start.getTime(), now.getTime()) - DAY_MS),
        })
        .returning({ id: discounts.id });
      const discountId = row!.id;
      await tx.insert(discountItems).values(def.tiers.map((t) => ({ discountId, needAmount: t.need, reduceAmount: t.reduce ?? 0, discount: t.discount ?? null })));
      await tx.insert(discountProducts).values(listed.map((productId) => ({ discountId, productId })));
    }
  });
}

/** The shopper of the promotion journeys (buyer06), so their cart is nobody else's; only in a freshly seeded database. */
export const PROMOTION_SHOPPER = { userName: 'buyer06', mobile: '13800000106', nickName: '满减小达人' };

export async function seedPromotionShopper(db: Db, now: Date): Promise<void> {
  const id = createHash('md5').update(`bazaar-seed-user:${PROMOTION_SHOPPER.userName}`).digest('hex');
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: 2 });
  const at = new Date(now.getTime() - 30 * DAY_MS);
  const inserted = await db
    .insert(users)
    .values({ id, userName: PROMOTION_SHOPPER.userName, mobile: PROMOTION_SHOPPER.mobile, nickName: PROMOTION_SHOPPER.nickName, passwordHash, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length) await db.insert(userWallets).values({ userId: id, score: 100, growth: 100, balance: 0 }).onConflictDoNothing();
}
