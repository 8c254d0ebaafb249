// The demo membership (issue 12, decision 047): growth levels and paid levels in Chinese and English
// with their prices, a coupon for the top paid level's buyers, and buyer02 as a Plus member whose
// month ends two days after the seed time (the member center warns of it). Dates count from the seed
// time; levels are added to any database (by their type and rank), the membership only once.
import { sql } from 'drizzle-orm';
import { LEVEL_TYPE, TERM_TYPE } from '@bazaar/shared/constants/member';
import type { Db } from '../client.ts';
import { coupons, levelLogs, levelPrices, userLevels, userMembers } from '../schema.ts';

const DAY_MS = 86_400_000;

interface SeedLevel {
  levelType: number;
  level: number;
  nameZh: string;
  nameEn: string;
  needGrowth?: number;
  discount?: number;
  discountRange?: number;
  rateScore?: number;
  isFreeFee?: boolean;
  /** termType -> fen. */
  prices?: Partial<Record<number, number>>;
}

/**
 * Growth levels give no discount and no free shipping below 20,000 growth, so the demo buyers'
 * checkouts (and the tests that price them) stay as they were; the paid levels carry the benefits.
 */
export const SEED_LEVELS: SeedLevel[] = [
  { levelType: LEVEL_TYPE.growth, level: 1, nameZh: '普通会员', nameEn: 'Member', needGrowth: 0 },
  { levelType: LEVEL_TYPE.growth, level: 2, nameZh: '白银会员', nameEn: 'Silver', needGrowth: 1_000 },
  { levelType: LEVEL_TYPE.growth, level: 3, nameZh: '黄金会员', nameEn: 'Gold', needGrowth: 5_000, rateScore: 1.2 },
  { levelType: LEVEL_TYPE.growth, level: 4, nameZh: '铂金会员', nameEn: 'Platinum', needGrowth: 20_000, discount: 9.8, rateScore: 1.5 },
  {
    levelType: LEVEL_TYPE.paid,
    level: 1,
    nameZh: 'Plus 会员',
    nameEn: 'Plus',
    discount: 9.5,
    discountRange: 1,
    rateScore: 1.5,
    isFreeFee: true,
    prices: { [TERM_TYPE.day]: 100, [TERM_TYPE.week]: 500, [TERM_TYPE.month]: 1_500, [TERM_TYPE.season]: 4_000, [TERM_TYPE.year]: 14_800 },
  },
  {
    levelType: LEVEL_TYPE.paid,
    level: 2,
    nameZh: '超级会员',
    nameEn: 'Super',
    discount: 9,
    discountRange: 0,
    rateScore: 2,
    isFreeFee: true,
    prices: { [TERM_TYPE.month]: 3_000, [TERM_TYPE.season]: 8_000, [TERM_TYPE.year]: 29_800 },
  },
];

export async function seedMembership(db: Db, input: { seededAt: Date; expiringMemberId: string }): Promise<void> {
  const { seededAt } = input;
  await db
    .insert(userLevels)
    .values(
      SEED_LEVELS.map((l) => ({
        levelType: l.levelType,
        level: l.level,
        nameZh: l.nameZh,
        nameEn: l.nameEn,
        needGrowth: l.needGrowth ?? 0,
        discount: l.discount ?? null,
        discountRange: l.discountRange ?? 0,
        rateScore: l.rateScore ?? 1,
        isFreeFee: l.isFreeFee ?? false,
        status: 1,
        createdAt: seededAt,
        updatedAt: seededAt,
      })),
    )
    .onConflictDoNothing();
  const levels = await db.select({ id: userLevels.id, levelType: userLevels.levelType, level: userLevels.level }).from(userLevels);
  const idOf = (levelType: number, level: number) => levels.find((l) => l.levelType === levelType && l.level === level)!.id;
  await db
    .insert(levelPrices)
    .values(
      SEED_LEVELS.flatMap((l) =>
        Object.entries(l.prices ?? {}).map(([termType, price]) => ({ levelId: idOf(l.levelType, l.level), termType: Number(termType), price: price! })),
      ),
    )
    .onConflictDoNothing();

  const superId = idOf(LEVEL_TYPE.paid, 2);
  const [hasCoupon] = await db.select({ id: coupons.id }).from(coupons).where(sql`${coupons.levelId} = ${superId}`);
  if (!hasCoupon) {
    await db.insert(coupons).values({
      shopId: 0,
      nameZh: '超级会员专享 满200减30',
      nameEn: 'Super members: ¥30 off ¥200',
      couponType: 1,
      cashCondition: 20_000,
      reduceAmount: 3_000,
      validTimeType: 2,
      afterReceiveDays: 0,
      validDays: 30,
      stocks: 10_000,
      totalStock: 10_000,
      limitNum: 1,
      getWay: 1,
      putonStatus: 1,
      levelId: superId,
      createdAt: seededAt,
      updatedAt: seededAt,
    });
  }

  // buyer02 bought a month of Plus 28 days before the seed time (WeChat Pay): two days are left.
  const plusId = idOf(LEVEL_TYPE.paid, 1);
  const paidAt = new Date(seededAt.getTime() - 28 * DAY_MS);
  const endsAt = new Date(seededAt.getTime() + 2 * DAY_MS);
  const [member] = await db
    .insert(userMembers)
    .values({ userId: input.expiringMemberId, paidLevelId: plusId, vipEndTime: endsAt, updatedAt: paidAt })
    .onConflictDoNothing()
    .returning({ userId: userMembers.userId });
  if (member) {
    await db.insert(levelLogs).values({
      userId: input.expiringMemberId,
      levelId: plusId,
      payType: 3,
      amount: 1_500,
      term: 1,
      termType: TERM_TYPE.month,
      isPayed: true,
      payTime: paidAt,
      vipEndTime: endsAt,
      createdAt: paidAt,
    });
  }
}
