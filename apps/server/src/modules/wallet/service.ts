// The wallet: a user's balance and its ledger (points and point batches are its tables too).
// Every debit is one conditional update plus its ledger row, inside the caller's transaction.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import * as repo from './repository.ts';

/** balance_logs.type and ioType (reference section 3). */
export const BALANCE_LOG_TYPE = { topUp: 1, gift: 2, payment: 3, refund: 4, adjustment: 5, membership: 6 } as const;
export const IO_TYPE = { out: 0, in: 1 } as const;

/** The balance in fen (0 for a user without a wallet row). */
export function balanceOf(db: Db | Tx, userId: string): Promise<number> {
  return repo.findBalance(db, userId);
}

/**
 * Takes `amount` fen for a payment: the balance never goes below zero, so two parallel payments
 * cannot both spend the same money. Answers false (and writes nothing) when the balance is short.
 */
export async function debitForPayment(
  tx: Tx,
  input: { userId: string; amount: number; payNo: string; bizId: string | null; now: Date; type?: typeof BALANCE_LOG_TYPE.payment | typeof BALANCE_LOG_TYPE.membership },
): Promise<boolean> {
  const left = await repo.debitBalance(tx, input.userId, input.amount, input.now);
  if (left === null) return false;
  await repo.insertBalanceLog(tx, {
    userId: input.userId,
    changeBalance: input.amount,
    ioType: IO_TYPE.out,
    type: input.type ?? BALANCE_LOG_TYPE.payment,
    payNo: input.payNo,
    bizId: input.bizId,
    isPayed: true,
    payTime: input.now,
    createdAt: input.now,
  });
  return true;
}

/**
 * The wallet's named part for a user's growth value (0 without a wallet row), for the member
 * module's statements; `userId` is a value or the caller's qualified column (decision 017).
 */
export const userGrowth = (userId: SQL): SQL => sql`coalesce((select wg.growth from user_wallets wg where wg.user_id = ${userId}), 0)`;

