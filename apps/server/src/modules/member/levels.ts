// The member levels (issue 12, reference 3 "Member level" and 5.9): growth levels reached by growth
// value, paid levels sold per period with a price each, and the growth rule. Statements over the
// member module's own tables only (db/schema/member.ts).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LEVEL_TYPE, MEMBER_DEFAULTS, type TermType } from '@bazaar/shared/constants/member';
import type { AdminLevel, AdminLevelValues, LevelPrice, MemberSettings } from '@bazaar/shared/schemas/member';
import type { Db, Tx } from '../../db/client.ts';
import { levelPrices, memberSettings, userLevels } from '../../db/schema/member.ts';

type Reader = Db | Tx;

export type LevelRow = typeof userLevels.$inferSelect;

/** A level with the periods it is sold for (paid levels), cheapest period first. */
export interface LevelWithPrices extends LevelRow {
  prices: LevelPrice[];
}

async function attachPrices(db: Reader, rows: LevelRow[]): Promise<LevelWithPrices[]> {
  if (rows.length === 0) return [];
  const prices = await db
    .select()
    .from(levelPrices)
    .where(
      inArray(
        levelPrices.levelId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(levelPrices.termType));
  return rows.map((r) => ({ ...r, prices: prices.filter((p) => p.levelId === r.id).map((p) => ({ termType: p.termType, price: p.price })) }));
}

/** The levels of one type (or both), lowest first; only those on unless `all`. */
export async function listLevels(db: Reader, input: { levelType?: number; all?: boolean }): Promise<LevelWithPrices[]> {
  const rows = await db
    .select()
    .from(userLevels)
    .where(and(input.levelType === undefined ? undefined : eq(userLevels.levelType, input.levelType), input.all ? undefined : eq(userLevels.status, 1)))
    .orderBy(asc(userLevels.levelType), asc(userLevels.level), asc(userLevels.id));
  return attachPrices(db, rows);
}

/** A paid level on sale for `termType`, with its price; undefined when it is not sold so. */
export async function findOffer(db: Reader, input: { levelId: number; termType: TermType }): Promise<{ level: LevelRow; price: number } | undefined> {
  const [row] = await db
    .select({ level: userLevels, price: levelPrices.price })
    .from(userLevels)
    .innerJoin(levelPrices, and(eq(levelPrices.levelId, userLevels.id), eq(levelPrices.termType, input.termType)))
    .where(and(eq(userLevels.id, input.levelId), eq(userLevels.levelType, LEVEL_TYPE.paid), eq(userLevels.status, 1)));
  return row;
}

export async function findLevel(db: Reader, id: number): Promise<LevelRow | undefined> {
  const [row] = await db.select().from(userLevels).where(eq(userLevels.id, id));
  return row;
}

// ---- Staff ----

export function toAdminLevel(r: LevelWithPrices): AdminLevel {
  return {
    id: r.id,
    levelType: r.levelType,
    level: r.level,
    nameZh: r.nameZh,
    nameEn: r.nameEn ?? '',
    needGrowth: r.needGrowth,
    discount: r.discount,
    discountRange: r.discountRange,
    rateScore: r.rateScore,
    isFreeFee: r.isFreeFee,
    enabled: r.status === 1,
    prices: r.prices,
  };
}

const columns = (v: AdminLevelValues) => ({
  levelType: v.levelType,
  level: v.level,
  nameZh: v.nameZh,
  nameEn: v.nameEn || null,
  needGrowth: v.levelType === LEVEL_TYPE.growth ? v.needGrowth : 0,
  discount: v.discount === null || v.discount >= 10 ? null : v.discount,
  discountRange: v.discountRange,
  rateScore: v.rateScore,
  isFreeFee: v.isFreeFee,
  status: v.enabled ? 1 : 0,
});

async function writePrices(tx: Tx, levelId: number, prices: AdminLevelValues['prices']): Promise<void> {
  await tx.delete(levelPrices).where(eq(levelPrices.levelId, levelId));
  if (prices.length > 0) await tx.insert(levelPrices).values(prices.map((p) => ({ levelId, termType: p.termType, price: p.price })));
}

/** A new level; null when its type already has a level of that rank. */
export async function insertLevel(tx: Tx, values: AdminLevelValues, now: Date): Promise<AdminLevel | null> {
  const [row] = await tx
    .insert(userLevels)
    .values({ ...columns(values), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await writePrices(tx, row.id, values.prices);
  return toAdminLevel({ ...row, prices: values.prices.map((p) => ({ termType: p.termType, price: p.price })) });
}

/** The level locked for a staff edit, with its prices, so the audit's "before" is what the edit replaced. */
export async function lockLevel(tx: Tx, id: number): Promise<LevelWithPrices | undefined> {
  const [row] = await tx.select().from(userLevels).where(eq(userLevels.id, id)).for('update');
  return row ? (await attachPrices(tx, [row]))[0] : undefined;
}

/** Saves an edit (the type stays); null when the new rank is another level's. */
/**
 * Serializes staff edits of one level type until the transaction ends: the cap on levels per type
 * is counted and then inserted, and two ranks are swapped by two edits, so they take turns.
 */
export async function lockLevelType(tx: Tx, levelType: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`member-levels:${levelType}`}, 0))`);
}

export async function updateLevel(tx: Tx, id: number, values: AdminLevelValues, now: Date): Promise<AdminLevel | null> {
  const clash = await tx
    .select({ id: userLevels.id })
    .from(userLevels)
    .where(and(eq(userLevels.levelType, values.levelType), eq(userLevels.level, values.level), sql`${userLevels.id} <> ${id}`));
  if (clash.length > 0) return null;
  const [row] = await tx
    .update(userLevels)
    .set({ ...columns(values), updatedAt: now })
    .where(eq(userLevels.id, id))
    .returning();
  await writePrices(tx, id, values.prices);
  return toAdminLevel({ ...row!, prices: values.prices.map((p) => ({ termType: p.termType, price: p.price })) });
}

// ---- The growth rule ----

export async function readMemberSettings(db: Reader): Promise<MemberSettings> {
  const [row] = await db.select().from(memberSettings).where(eq(memberSettings.id, 1));
  return row ? { growthFenPerPoint: row.growthFenPerPoint } : { ...MEMBER_DEFAULTS };
}

/** Saves the rule; answers it before (locked while the transaction runs) and after, for the audit log. */
export async function writeMemberSettings(tx: Tx, input: MemberSettings, now: Date): Promise<{ before: MemberSettings; after: MemberSettings }> {
  const [locked] = await tx.select().from(memberSettings).where(eq(memberSettings.id, 1)).for('update');
  const before = locked ? { growthFenPerPoint: locked.growthFenPerPoint } : { ...MEMBER_DEFAULTS };
  await tx
    .insert(memberSettings)
    .values({ id: 1, growthFenPerPoint: input.growthFenPerPoint, updatedAt: now })
    .onConflictDoUpdate({ target: memberSettings.id, set: { growthFenPerPoint: input.growthFenPerPoint, updatedAt: now } });
  return { before, after: { ...input } };
}

/** Growth earned by `paidFen` under the rule, rounded down. */
export function growthEarned(paidFen: number, settings: MemberSettings): number {
  return Math.max(0, Math.floor(paidFen / settings.growthFenPerPoint));
}
