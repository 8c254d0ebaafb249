// The wallet's tables: balances (user_wallets), balance logs, points and point batches.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { balanceLogs, userWallets } from '../../db/schema/wallet.ts';

type Reader = Db | Tx;

export async function findBalance(db: Reader, userId: string): Promise<number> {
  const [row] = await db.select({ balance: userWallets.balance }).from(userWallets).where(eq(userWallets.userId, userId));
  return row?.balance ?? 0;
}

/** The conditional debit: never below zero, whatever runs in parallel. Answers the new balance or null. */
export async function debitBalance(tx: Tx, userId: string, amount: number, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(userWallets)
    .set({ balance: sql`${userWallets.balance} - ${amount}`, version: sql`${userWallets.version} + 1`, updatedAt: now })
    .where(and(eq(userWallets.userId, userId), sql`${userWallets.balance} >= ${amount}`))
    .returning({ balance: userWallets.balance });
  return row ? row.balance : null;
}

export async function insertBalanceLog(tx: Tx, row: typeof balanceLogs.$inferInsert): Promise<void> {
  await tx.insert(balanceLogs).values(row);
}

export async function addGrowth(tx: Tx, input: { userId: string; growth: number; now: Date }): Promise<void> {
  await tx
    .insert(userWallets)
    .values({ userId: input.userId, growth: input.growth, updatedAt: input.now })
    .onConflictDoUpdate({
      target: userWallets.userId,
      set: { growth: sql`${userWallets.growth} + ${input.growth}`, version: sql`${userWallets.version} + 1`, updatedAt: input.now },
    });
}
