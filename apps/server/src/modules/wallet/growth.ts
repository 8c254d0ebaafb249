// Growth an order earns and its refunds take back (decision 060), recorded in growth_logs with the
// order number: earned once at receipt (a unique index per order), and taken back in proportion to
// the money refunded, cumulatively per order, so however many refunds an order has the growth taken
// never passes what it earned. The callers hold the order's lock (the settle step, the receipt).
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { growthLogs, userWallets } from '../../db/schema/wallet.ts';
import * as repo from './repository.ts';
import { proportion } from './refunds.ts';

/** growth_logs.source. */
export const GROWTH_SOURCE = { shopping: 1, refund: 2 } as const;
const IO = { out: 0, in: 1 } as const;

async function orderGrowthSoFar(tx: Tx, userId: string, orderNumber: string, source: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${growthLogs.growth}), 0)::int` })
    .from(growthLogs)
    .where(and(eq(growthLogs.userId, userId), eq(growthLogs.bizId, orderNumber), eq(growthLogs.source, source)));
  return Number(row?.n ?? 0);
}

/** The growth the received order earns, once per order (a second call adds nothing). Answers the growth added. */
export async function earnOrderGrowth(tx: Tx, input: { userId: string; orderNumber: string; growth: number; now: Date }): Promise<number> {
  if (input.growth <= 0) return 0;
  const logged = await tx
    .insert(growthLogs)
    .values({ userId: input.userId, source: GROWTH_SOURCE.shopping, growth: input.growth, ioType: IO.in, bizId: input.orderNumber, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ id: growthLogs.id });
  if (logged.length === 0) return 0;
  await repo.addGrowth(tx, { userId: input.userId, growth: input.growth, now: input.now });
  return input.growth;
}

/**
 * The growth the order earned is taken back in proportion to all that is refunded of it so far
 * (⌊earned × refunded ÷ total⌋, all of it once all is refunded), less what earlier refunds took.
 * The growth value never goes below 0. Answers the growth taken now.
 */
export async function takeBackOrderGrowth(tx: Tx, input: { userId: string; orderNumber: string; refunded: number; orderTotal: number; now: Date }): Promise<number> {
  const earned = await orderGrowthSoFar(tx, input.userId, input.orderNumber, GROWTH_SOURCE.shopping);
  if (earned <= 0) return 0;
  const due = proportion(earned, input.refunded, input.orderTotal) - (await orderGrowthSoFar(tx, input.userId, input.orderNumber, GROWTH_SOURCE.refund));
  if (due <= 0) return 0;
  await tx.insert(growthLogs).values({ userId: input.userId, source: GROWTH_SOURCE.refund, growth: due, ioType: IO.out, bizId: input.orderNumber, createdAt: input.now });
  await tx
    .update(userWallets)
    .set({ growth: sql`greatest(${userWallets.growth} - ${due}, 0)`, version: sql`${userWallets.version} + 1`, updatedAt: input.now })
    .where(eq(userWallets.userId, input.userId));
  return due;
}
