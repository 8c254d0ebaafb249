// What a refund gives back to (or takes from) the wallet, in the settle step's transaction
// (decision 060): the balance credit with its type-4 record; the points spent on the order, back in
// proportion to what was refunded (source 9, in); the points the order earned, taken back as far as
// the shopper still has them (source 9, out). Every figure is cumulative per order, so two refunds of
// one order never give back more than was spent; the caller holds the order's lock.
import { and, eq, sql } from 'drizzle-orm';
import { POINTS_IO, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import type { Db, Tx } from '../../db/client.ts';
import { balanceLogs, scoreLogs, userWallets } from '../../db/schema/wallet.ts';
import * as ledger from './points.ts';
import { expiryAfterYears } from './china-day.ts';
import { readPointsSettings } from './points-settings.ts';
import { revokeShoppingPoints } from './points-service.ts';
import { BALANCE_LOG_TYPE, IO_TYPE } from './service.ts';

/**
 * The refund's money back to the balance: one atomic increment (a refund is the shopper's own
 * money, so the top-up ceiling does not apply) and its record. `bizId` is the refund number.
 */
export async function creditRefund(tx: Tx, input: { userId: string; amount: number; refundSn: string; payNo: string | null; now: Date }): Promise<void> {
  if (input.amount <= 0) return;
  // The credit and its record in one statement (one round trip): the increment runs as a CTE, once.
  const credited = tx.$with('credited').as(
    tx
      .insert(userWallets)
      .values({ userId: input.userId, balance: input.amount, updatedAt: input.now })
      .onConflictDoUpdate({
        target: userWallets.userId,
        set: { balance: sql`${userWallets.balance} + ${input.amount}`, version: sql`${userWallets.version} + 1`, updatedAt: input.now },
      })
      .returning({ userId: userWallets.userId }),
  );
  await tx.with(credited).insert(balanceLogs).values({
    userId: input.userId,
    changeBalance: input.amount,
    ioType: IO_TYPE.in,
    type: BALANCE_LOG_TYPE.refund,
    payNo: input.payNo,
    bizId: input.refundSn,
    isPayed: true,
    payTime: input.now,
    createdAt: input.now,
  });
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

/**
 * The points the order earned (credited at receipt) are taken back in proportion to what is
 * refunded, as far as the shopper still has them. Answers the points taken now.
 */
export async function takeBackEarnedPoints(tx: Tx, input: { userId: string; orderNumber: string; gainScore: number; refunded: number; orderTotal: number; now: Date }): Promise<number> {
  const due = proportion(input.gainScore, input.refunded, input.orderTotal) - (await refundPointsSoFar(tx, input.userId, input.orderNumber, POINTS_IO.out));
  if (due <= 0) return 0;
  return revokeShoppingPoints(tx, { userId: input.userId, orderNumber: input.orderNumber, score: due, now: input.now });
}
