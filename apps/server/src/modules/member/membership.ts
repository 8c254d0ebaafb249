// A shopper's membership (issue 12, reference 5.9, decision 047): the growth level their growth value
// reaches, the paid level while it runs, the benefits that apply, a purchase recorded unpaid and
// applied once when its money arrives, and the nightly return of expired members to their growth
// level. Growth itself is the wallet's counter: a flow hands in the wallet's named part for it.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DISCOUNT_RANGE, LEVEL_TYPE, TERM_INTERVAL, type TermType } from '@bazaar/shared/constants/member';
import type { Db, Tx } from '../../db/client.ts';
import { qualified } from '../../db/named-query.ts';
import { levelLogs, userLevels, userMembers } from '../../db/schema/member.ts';
import { listLevels, type LevelRow } from './levels.ts';

type Reader = Db | Tx;

/** The wallet's growth of the user whose id is the given SQL (a value or an outer column); 0 without a wallet. */
export type GrowthPart = (userId: SQL) => SQL;

export interface MemberState {
  growth: number;
  /** The paid level while it runs (vipEndTime after now). */
  paid: LevelRow | null;
  vipEndTime: Date | null;
  /** The highest growth level (on) the growth reaches, and the next one up. */
  growthLevel: LevelRow | null;
  nextGrowthLevel: LevelRow | null;
}

/** What membership gives at checkout and on receipt. */
export interface MemberBenefits {
  levelId: number | null;
  levelNameZh: string | null;
  levelNameEn: string | null;
  /** Per ten (9.5); null = none. */
  discount: number | null;
  discountRange: number;
  rateScore: number;
  isFreeFee: boolean;
}

export const NO_BENEFITS: MemberBenefits = { levelId: null, levelNameZh: null, levelNameEn: null, discount: null, discountRange: DISCOUNT_RANGE.all, rateScore: 1, isFreeFee: false };

/** The growth levels (on), lowest need first: the highest reached, and the next. */
export function growthLevelsOf(levels: LevelRow[], growth: number): { reached: LevelRow | null; next: LevelRow | null } {
  const growthLevels = levels.filter((l) => l.levelType === LEVEL_TYPE.growth && l.status === 1).sort((a, b) => a.needGrowth - b.needGrowth || a.level - b.level);
  let reached: LevelRow | null = null;
  let next: LevelRow | null = null;
  for (const l of growthLevels) {
    if (l.needGrowth <= growth) reached = l;
    else if (!next) next = l;
  }
  return { reached, next };
}

export async function readMemberState(db: Reader, userId: string, now: Date, growthOf: GrowthPart): Promise<MemberState> {
  const [result, levels] = await Promise.all([
    db.execute<{ growth: number | string; paid_level_id: number | null; vip_end_time: string | Date | null }>(sql`
      select ${growthOf(sql`${userId}`)}::int as growth, m.paid_level_id, m.vip_end_time
      from (select 1) one left join ${userMembers} m on m.user_id = ${userId}`),
    listLevels(db, { all: true }),
  ]);
  const row = result.rows[0];
  const growth = Number(row?.growth ?? 0);
  const end = row?.vip_end_time ? new Date(row.vip_end_time) : null;
  const running = row?.paid_level_id != null && end !== null && end > now;
  const { reached, next } = growthLevelsOf(levels, growth);
  return {
    growth,
    paid: running ? (levels.find((l) => l.id === row!.paid_level_id) ?? null) : null,
    vipEndTime: running ? end : null,
    growthLevel: reached,
    nextGrowthLevel: next,
  };
}

/** The level that applies now (the running paid level, else the growth level reached), in one statement. */
export interface MemberLevel {
  growth: number;
  levelType: number;
  level: number;
  nameZh: string | null;
  nameEn: string | null;
  vipEndTime: Date | null;
}

/**
 * userInfo's and scoreInfo's level fields (issue 25): growth, the running paid level and the
 * growth level reached, read together in one statement instead of the state's three (member row,
 * levels, prices). The growth level is chosen as growthLevelsOf and the nightly run choose it.
 */
export async function readMemberLevel(db: Reader, userId: string, now: Date, growthOf: GrowthPart): Promise<MemberLevel> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<{ growth: number | string; vip_end_time: string | Date | null; p_level: number | null; p_zh: string | null; p_en: string | null; g_level: number | null; g_zh: string | null; g_en: string | null }>(sql`
    select g.growth, m.vip_end_time, p.level as p_level, p.name_zh as p_zh, p.name_en as p_en, gl.level as g_level, gl.name_zh as g_zh, gl.name_en as g_en
    from (select ${growthOf(sql`${userId}`)}::int as growth) g
    left join ${userMembers} m on m.user_id = ${userId} and m.paid_level_id is not null and m.vip_end_time > ${at}
    left join ${userLevels} p on p.id = m.paid_level_id
    left join lateral (
      select l.level, l.name_zh, l.name_en from ${userLevels} l
      where l.level_type = ${LEVEL_TYPE.growth} and l.status = 1 and l.need_growth <= g.growth
      order by l.need_growth desc, l.level desc limit 1) gl on true`);
  const row = result.rows[0]!;
  const paid = row.p_level !== null;
  return {
    growth: Number(row.growth),
    levelType: paid ? LEVEL_TYPE.paid : LEVEL_TYPE.growth,
    level: (paid ? row.p_level : row.g_level) ?? 0,
    nameZh: paid ? row.p_zh : row.g_zh,
    nameEn: paid ? row.p_en : row.g_en,
    vipEndTime: paid && row.vip_end_time ? new Date(row.vip_end_time) : null,
  };
}

/** The benefits of the running paid level, else of the growth level reached. */
export function benefitsOf(state: Pick<MemberState, 'paid' | 'growthLevel'>): MemberBenefits {
  const level = state.paid ?? state.growthLevel;
  if (!level) return NO_BENEFITS;
  return {
    levelId: level.id,
    levelNameZh: level.nameZh,
    levelNameEn: level.nameEn,
    discount: level.discount !== null && level.discount > 0 && level.discount < 10 ? level.discount : null,
    discountRange: level.discountRange,
    rateScore: level.rateScore > 1 ? level.rateScore : 1,
    isFreeFee: level.isFreeFee,
  };
}

export async function memberBenefits(db: Reader, userId: string, now: Date, growthOf: GrowthPart): Promise<MemberBenefits> {
  return benefitsOf(await readMemberState(db, userId, now, growthOf));
}

/**
 * Whether `level` may be bought now: not while a higher paid level runs (reference 5.9). The same
 * rule is the condition of the update that applies a purchase, so a race changes nothing.
 */
export function mayBuy(state: Pick<MemberState, 'paid'>, level: Pick<LevelRow, 'level' | 'id'>): boolean {
  return !state.paid || state.paid.id === level.id || state.paid.level <= level.level;
}

/** A purchase as made: unpaid, with the level, period and price, in the caller's transaction. */
export async function recordUnpaidPurchase(tx: Tx, input: { userId: string; levelId: number; termType: TermType; amount: number; payNo: string; payType: number; now: Date }): Promise<number> {
  const [row] = await tx
    .insert(levelLogs)
    .values({ userId: input.userId, levelId: input.levelId, payNo: input.payNo, payType: input.payType, amount: input.amount, term: 1, termType: input.termType, isPayed: false, createdAt: input.now })
    .returning({ id: levelLogs.id });
  return row!.id;
}

/** `at` plus one period, counted on GMT+8's calendar (a month from 31 January ends on 28 or 29 February). */
const plusPeriod = (at: SQL, termType: TermType) =>
  sql`((((${at}) at time zone 'UTC') + interval '8 hours' + ${TERM_INTERVAL[termType]}::interval) - interval '8 hours') at time zone 'UTC'`;

export type AppliedPurchase = { kind: 'applied'; levelId: number; vipEndTime: Date } | { kind: 'done' } | { kind: 'higherRuns'; levelId: number };

/**
 * The money of a purchase arrived: its record turns paid (once: the conditional flip is what a
 * second notification finds done), then the member row moves in one conditional update. The same
 * level running extends from its end; another level starts now; a higher level running refuses it
 * (the caller refunds). Concurrent purchases of one user queue on the member row.
 */
export async function applyPurchase(tx: Tx, input: { userId: string; payNo: string; paidAt: Date }): Promise<AppliedPurchase> {
  const [log] = await tx
    .update(levelLogs)
    .set({ isPayed: true, payTime: input.paidAt })
    .where(and(eq(levelLogs.payNo, input.payNo), eq(levelLogs.userId, input.userId), eq(levelLogs.isPayed, false)))
    .returning({ id: levelLogs.id, levelId: levelLogs.levelId, termType: levelLogs.termType });
  if (!log) return { kind: 'done' };
  const [level] = await tx.select({ level: userLevels.level }).from(userLevels).where(eq(userLevels.id, log.levelId));
  const termType = (log.termType ?? 1) as TermType;
  const at = sql`${input.paidAt.toISOString()}::timestamptz`;
  await tx.insert(userMembers).values({ userId: input.userId, updatedAt: input.paidAt }).onConflictDoNothing();
  const moved = await tx.execute<{ vip_end_time: string | Date }>(sql`
    update ${userMembers} set
      paid_level_id = ${log.levelId},
      vip_end_time = ${plusPeriod(sql`case when ${userMembers.paidLevelId} = ${log.levelId} and ${userMembers.vipEndTime} > ${at} then ${userMembers.vipEndTime} else ${at} end`, termType)},
      version = ${userMembers.version} + 1,
      updated_at = ${at}
    where ${userMembers.userId} = ${input.userId}
      and (${userMembers.paidLevelId} is null or ${userMembers.vipEndTime} is null or ${userMembers.vipEndTime} <= ${at}
        or ${userMembers.paidLevelId} = ${log.levelId}
        or coalesce((select l.level from ${userLevels} l where l.id = ${qualified(userMembers.paidLevelId)}), 0) <= ${level?.level ?? 0})
    returning vip_end_time`);
  const row = moved.rows[0];
  if (!row) return { kind: 'higherRuns', levelId: log.levelId };
  const vipEndTime = new Date(row.vip_end_time);
  await tx.update(levelLogs).set({ vipEndTime }).where(eq(levelLogs.id, log.id));
  return { kind: 'applied', levelId: log.levelId, vipEndTime };
}

/**
 * The nightly run: members whose paid level ended go back to their growth level (a bounded batch
 * per statement, rows other runs hold skipped). Answers how many moved.
 */
export async function expireMemberships(db: Db, now: Date, growthOf: GrowthPart): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  let moved = 0;
  for (;;) {
    const result = await db.execute(sql`
      update ${userMembers} set
        paid_level_id = null,
        growth_level_id = (
          select l.id from ${userLevels} l
          where l.level_type = ${LEVEL_TYPE.growth} and l.status = 1 and l.need_growth <= ${growthOf(qualified(userMembers.userId))}
          order by l.need_growth desc, l.level desc limit 1),
        version = ${userMembers.version} + 1,
        updated_at = ${at}
      where ${userMembers.userId} in (
        select user_id from ${userMembers}
        where paid_level_id is not null and vip_end_time <= ${at}
        limit 500
        for update skip locked)
      returning user_id`);
    moved += result.rows.length;
    if (result.rows.length < 500) return moved;
  }
}

/** The user's purchases, newest first (the member center's history). */
export async function listPurchases(db: Reader, userId: string, limit: number) {
  return db
    .select({ levelId: levelLogs.levelId, amount: levelLogs.amount, termType: levelLogs.termType, payType: levelLogs.payType, payTime: levelLogs.payTime, vipEndTime: levelLogs.vipEndTime })
    .from(levelLogs)
    .where(and(eq(levelLogs.userId, userId), eq(levelLogs.isPayed, true)))
    .orderBy(sql`${levelLogs.payTime} desc nulls last`, sql`${levelLogs.id} desc`)
    .limit(limit);
}
