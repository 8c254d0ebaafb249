// The balance ledger's statements (issue 12, decision 040): a top-up written unpaid and credited
// once, staff adjustments, the records page and the top-up presets. Every change of
// user_wallets.balance is one conditional update with its balance_logs row in the caller's
// transaction, so the settled rows always sum to the balance and it never goes below zero.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { BALANCE_IO, BALANCE_LOG_TYPE, BALANCE_MAX_FEN } from '@bazaar/shared/constants/balance';
import type { Db, Tx } from '../../db/client.ts';
import { balanceLogs, balanceOptions, userWallets } from '../../db/schema/wallet.ts';

type Reader = Db | Tx;

export type BalanceOptionRow = typeof balanceOptions.$inferSelect;

export async function listOptions(db: Reader, onlyEnabled: boolean): Promise<BalanceOptionRow[]> {
  return db
    .select()
    .from(balanceOptions)
    .where(onlyEnabled ? eq(balanceOptions.status, 1) : undefined)
    .orderBy(asc(balanceOptions.seq), asc(balanceOptions.rechargeAmount), asc(balanceOptions.id));
}

export async function findOption(db: Reader, id: number): Promise<BalanceOptionRow | undefined> {
  const [row] = await db.select().from(balanceOptions).where(eq(balanceOptions.id, id));
  return row;
}

export async function insertOption(tx: Tx, row: typeof balanceOptions.$inferInsert): Promise<BalanceOptionRow> {
  const [inserted] = await tx.insert(balanceOptions).values(row).returning();
  return inserted!;
}

export async function updateOption(tx: Tx, id: number, set: Partial<typeof balanceOptions.$inferInsert>): Promise<BalanceOptionRow | undefined> {
  const [updated] = await tx.update(balanceOptions).set(set).where(eq(balanceOptions.id, id)).returning();
  return updated;
}

/** The option locked for a staff edit, so the audit's "before" is what the edit replaced. */
export async function lockOption(tx: Tx, id: number): Promise<BalanceOptionRow | undefined> {
  const [row] = await tx.select().from(balanceOptions).where(eq(balanceOptions.id, id)).for('update');
  return row;
}

/** A top-up as made: unpaid, so it counts nowhere until its money arrives. */
export async function insertUnpaidTopUp(
  tx: Tx,
  input: { userId: string; amount: number; payNo: string; optionId: number | null; giftAmount: number; giftScore: number; giftGrowth: number; now: Date },
): Promise<number> {
  const [row] = await tx
    .insert(balanceLogs)
    .values({
      userId: input.userId,
      changeBalance: input.amount,
      ioType: BALANCE_IO.in,
      type: BALANCE_LOG_TYPE.topUp,
      payNo: input.payNo,
      balanceOptionId: input.optionId,
      giftAmount: input.giftAmount,
      giftScore: input.giftScore,
      giftGrowth: input.giftGrowth,
      isPayed: false,
      createdAt: input.now,
    })
    .returning({ id: balanceLogs.id });
  return row!.id;
}

export interface CreditedTopUp {
  amount: number;
  giftAmount: number;
  giftScore: number;
  giftGrowth: number;
}

/**
 * Marks the top-up of `payNo` paid, once: the conditional update on is_payed is what a second
 * notification (or fifty at once) finds already done. Its record is dated when the money came.
 * Answers what to credit, or null when it was credited before (or there is none).
 */
export async function markTopUpPaid(tx: Tx, input: { userId: string; payNo: string; paidAt: Date }): Promise<CreditedTopUp | null> {
  const [row] = await tx
    .update(balanceLogs)
    .set({ isPayed: true, payTime: input.paidAt, createdAt: input.paidAt })
    .where(and(eq(balanceLogs.payNo, input.payNo), eq(balanceLogs.userId, input.userId), eq(balanceLogs.type, BALANCE_LOG_TYPE.topUp), eq(balanceLogs.isPayed, false)))
    .returning({ amount: balanceLogs.changeBalance, giftAmount: balanceLogs.giftAmount, giftScore: balanceLogs.giftScore, giftGrowth: balanceLogs.giftGrowth });
  return row ?? null;
}

/**
 * Adds to the balance (and growth), creating the wallet row when needed; never above the
 * balance's ceiling. Answers the new balance, or null when it would pass the ceiling.
 */
export async function creditBalance(tx: Tx, input: { userId: string; amount: number; growth?: number; now: Date }): Promise<number | null> {
  const growth = input.growth ?? 0;
  const [row] = await tx
    .insert(userWallets)
    .values({ userId: input.userId, balance: input.amount, growth, updatedAt: input.now })
    .onConflictDoUpdate({
      target: userWallets.userId,
      set: {
        balance: sql`${userWallets.balance} + ${input.amount}`,
        growth: sql`${userWallets.growth} + ${growth}`,
        version: sql`${userWallets.version} + 1`,
        updatedAt: input.now,
      },
      setWhere: sql`${userWallets.balance} + ${input.amount} <= ${BALANCE_MAX_FEN}`,
    })
    .returning({ balance: userWallets.balance });
  return row ? row.balance : null;
}

/** The balance, locked until the transaction ends (0 and no lock for a user without a wallet row). */
export async function lockBalance(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ balance: userWallets.balance }).from(userWallets).where(eq(userWallets.userId, userId)).for('update');
  return row?.balance ?? 0;
}

export interface BalanceLogRow {
  id: number;
  changeBalance: number;
  ioType: number;
  type: number;
  bizId: string | null;
  createdAt: Date;
}

/** The settled records, newest first, optionally of one type and one direction. */
export async function pageBalanceLogs(db: Reader, userId: string, filter: { type?: number; ioType?: number }, limit: number, offset: number): Promise<{ rows: BalanceLogRow[]; total: number }> {
  const where = and(
    eq(balanceLogs.userId, userId),
    eq(balanceLogs.isPayed, true),
    filter.type === undefined ? undefined : eq(balanceLogs.type, filter.type),
    filter.ioType === undefined ? undefined : eq(balanceLogs.ioType, filter.ioType),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: balanceLogs.id, changeBalance: balanceLogs.changeBalance, ioType: balanceLogs.ioType, type: balanceLogs.type, bizId: balanceLogs.bizId, createdAt: balanceLogs.createdAt })
      .from(balanceLogs)
      .where(where)
      .orderBy(desc(balanceLogs.createdAt), desc(balanceLogs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(balanceLogs).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The balance and what its settled records add up to: always equal. */
export async function balanceLedgerSums(db: Reader, userId: string): Promise<{ balance: number; records: number }> {
  const rows = await db.execute<{ balance: string | number; records: string | number }>(sql`
    select
      coalesce((select balance from user_wallets where user_id = ${userId}), 0)::bigint as balance,
      coalesce((select sum(case when io_type = 1 then change_balance else -change_balance end) from balance_logs where user_id = ${userId} and is_payed), 0)::bigint as records`);
  const row = rows.rows[0]!;
  return { balance: Number(row.balance), records: Number(row.records) };
}
