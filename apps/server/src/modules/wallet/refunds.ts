// What a refund gives back to (or takes from) the wallet, in the settle step's transaction
// (decision 060): the balance credit with its type-4 record; the points spent on the order, back in
// proportion to what was refunded (source 9, in); the points the order earned, taken back as far as
// the shopper still has them (source 9, out). Every figure is cumulative per order, so two refunds of
// one order never give back more than was spent; the caller holds the order's lock.
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { POINTS_IO, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import type { Db, Tx } from '../../db/client.ts';
import { balanceLogs, scoreLogs, userWallets } from '../../db/schema/wallet.ts';
import * as ledger from './points.ts';
import { expiryAfterYears } from './china-day.ts';
import { readPointsSettings } from './points-settings.ts';
import { BALANCE_LOG_TYPE, IO_TYPE } from './service.ts';
import { orderGrowthTakenWith, takeBackOrderGrowthPart, type GrowthTakeBack } from './growth.ts';
import type { StatementPart } from '../../db/one-statement.ts';

/**
 * The refund's money back to the balance: one atomic increment (a refund is the shopper's own
 * money, so the top-up ceiling does not apply) and its record, `bizId` the refund number. Two
 * writes, not sent: the settle step sends them in one statement with its own ledger row
 * (db/one-statement.ts); the first (the wallet's) answers its points. None for nothing to credit.
 */
export function creditRefundStatements(tx: Tx, input: { userId: string; amount: number; refundSn: string; payNo: string | null; now: Date }): SQLWrapper[] {
  if (input.amount <= 0) return [];
  return [
    tx
      .insert(userWallets)
      .values({ userId: input.userId, balance: input.amount, updatedAt: input.now })
      .onConflictDoUpdate({
        target: userWallets.userId,
        set: { balance: sql`${userWallets.balance} + ${input.amount}`, version: sql`${userWallets.version} + 1`, updatedAt: input.now },
      })
      // The wallet's points, for a take-back read by the same statement (earnedPointsHeldPart's `credited`).
      .returning({ score: userWallets.score }),
    tx.insert(balanceLogs).values({
      userId: input.userId,
      changeBalance: input.amount,
      ioType: IO_TYPE.in,
      type: BALANCE_LOG_TYPE.refund,
      payNo: input.payNo,
      bizId: input.refundSn,
      isPayed: true,
      payTime: input.now,
      createdAt: input.now,
    }),
  ];
}

/** Points of source 9 recorded for an order in one direction (given back: in; taken back: out). */
async function refundPointsSoFar(db: Db | Tx, userId: string, orderNumber: string, io: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${scoreLogs.score}), 0)::int` })
    .from(scoreLogs)
    .where(and(eq(scoreLogs.userId, userId), eq(scoreLogs.source, POINTS_SOURCE.refundReturn), eq(scoreLogs.ioType, io), eq(scoreLogs.bizId, orderNumber)));
  return Number(row?.n ?? 0);
}

/** What a part of the order's money stands for of a whole: ⌊whole × refunded ÷ total⌋, all of it once all is refunded. */
export function proportion(whole: number, refunded: number, total: number): number {
  if (whole <= 0) return 0;
  if (total <= 0 || refunded >= total) return whole;
  return Math.floor((whole * refunded) / total);
}

/**
 * The points spent on the order come back in proportion to all that is refunded of it so far
 * (this refund included), less what earlier refunds gave back. Answers the points given now.
 */
export async function returnSpentPoints(tx: Tx, input: { userId: string; orderNumber: string; useScore: number; refunded: number; orderTotal: number; now: Date }): Promise<number> {
  if (input.useScore <= 0) return 0;
  const due = proportion(input.useScore, input.refunded, input.orderTotal) - (await refundPointsSoFar(tx, input.userId, input.orderNumber, POINTS_IO.in));
  if (due <= 0) return 0;
  const settings = await readPointsSettings(tx);
  await ledger.runPart(
    tx,
    ledger.grantPart({ userId: input.userId, score: due, source: POINTS_SOURCE.refundReturn, bizId: input.orderNumber, expireAt: expiryAfterYears(input.now, settings.expireYears), now: input.now }),
  );
  return due;
}

/** The shopper's points (its wallet row locked) and what earlier refunds of the order took back: what a take-back weighs. */
export type EarnedPointsHeld = { score: number; taken: number };

/** Points of source 9 taken back (out) from the order so far, as a scalar subquery. */
const takenSoFar = (input: { userId: string; orderNumber: string }) => sql`(select coalesce(sum(${scoreLogs.score}), 0)::int from ${scoreLogs}
      where ${scoreLogs.userId} = ${input.userId} and ${scoreLogs.source} = ${POINTS_SOURCE.refundReturn} and ${scoreLogs.ioType} = ${POINTS_IO.out} and ${scoreLogs.bizId} = ${input.orderNumber})`;

/**
 * takeBackEarnedPoints' read as a part of another statement (decision 017; the settle step's mark,
 * decision 060): JSON {score, taken} (score null without a wallet row), uncorrelated, read
 * back by earnedPointsHeldOf. It locks the wallet row (FOR UPDATE) unless the same statement writes
 * that row: a statement cannot lock a row one of its own CTEs wrote (PostgreSQL skips it), so then
 * `credited` names the CTE of the balance credit (creditRefundStatements' first write, which
 * answers the wallet's points and holds the row's lock) and the points come from it. The caller
 * holds the order's lock, so what earlier refunds took stands (they take it under that lock).
 */
export function earnedPointsHeldPart(input: { userId: string; orderNumber: string }, credited?: SQL): SQL<unknown> {
  const score = credited ? sql`(select score from ${credited})` : sql`(select ${userWallets.score} from ${userWallets} where ${userWallets.userId} = ${input.userId} for update)`;
  return sql`json_build_object('score', ${score}, 'taken', ${takenSoFar(input)})`;
}

/** earnedPointsHeldPart's answer: no wallet row holds no points. */
export function earnedPointsHeldOf(value: unknown): EarnedPointsHeld {
  const held = (typeof value === 'string' ? JSON.parse(value) : value) as { score: number | string | null; taken: number | string } | null;
  return { score: Number(held?.score ?? 0), taken: Number(held?.taken ?? 0) };
}

/** The points to take back now: the order's earned points in proportion, less what earlier refunds took, as far as the shopper has them. */
function pointsDue(input: { gainScore: number; refunded: number; orderTotal: number }, held: EarnedPointsHeld): number {
  const whole = proportion(input.gainScore, input.refunded, input.orderTotal);
  if (whole <= 0) return 0;
  return Math.max(0, Math.min(held.score, whole - held.taken));
}

/**
 * The points the order earned (credited at receipt) are taken back in proportion to what is
 * refunded, as far as the shopper still has them. Answers the points taken now. What earlier refunds
 * took and the shopper's points are read in one statement that also locks the wallet row (as every
 * points write does first), then the spend: two round trips instead of four (the after-sales bench,
 * decision 060). No wallet row means no points to take. (The settle step reads them with its mark
 * and spends with its last statement: takeBackFromWalletPart.)
 */
export async function takeBackEarnedPoints(tx: Tx, input: { userId: string; orderNumber: string; gainScore: number; refunded: number; orderTotal: number; now: Date }): Promise<number> {
  if (proportion(input.gainScore, input.refunded, input.orderTotal) <= 0) return 0;
  const rows = await tx.execute<{ score: number; taken: number }>(sql`
    select score, ${takenSoFar(input)} as taken
    from ${userWallets} where ${userWallets.userId} = ${input.userId} for update`);
  const row = rows.rows[0];
  const take = pointsDue(input, { score: Number(row?.score ?? 0), taken: Number(row?.taken ?? 0) });
  if (take <= 0) return 0;
  await ledger.runPart(tx, spendEarned(input, take));
  return take;
}

const spendEarned = (input: { userId: string; orderNumber: string; now: Date }, take: number, walletSet?: SQL) =>
  ledger.spendPart({ userId: input.userId, uses: [{ bizId: input.orderNumber, score: take }], source: POINTS_SOURCE.refundReturn, now: input.now, walletSet });

/**
 * What the settle step takes back from the wallet, as one part of the statement it ends with
 * (decision 060): the points the order earned (takeBackEarnedPoints' spend, weighed from `held`,
 * read by the settle mark's statement, the row locked since: earnedPointsHeldPart) and the growth
 * (takeBackOrderGrowthPart). Both lower the wallet row, which one statement may write only once,
 * so one write sets both. Null when neither is due.
 */
export function takeBackFromWalletPart(input: {
  userId: string;
  orderNumber: string;
  now: Date;
  points: { gainScore: number; refunded: number; orderTotal: number; held: EarnedPointsHeld } | null;
  growth: GrowthTakeBack | null;
}): StatementPart | null {
  const take = input.points ? pointsDue(input.points, input.points.held) : 0;
  if (take <= 0) return input.growth ? takeBackOrderGrowthPart(input.growth) : null;
  if (!input.growth) return spendEarned(input, take);
  const growth = orderGrowthTakenWith(input.growth);
  const spend = spendEarned(input, take, growth.walletSet);
  return { ...spend, ctes: sql`${growth.ctes}, ${spend.ctes}` };
}
