// Growth an order earns and its refunds take back (decision 060), recorded in growth_logs with the
// order number: earned once at receipt (a unique index per order), and taken back in proportion to
// the money refunded, cumulatively per order, so however many refunds an order has the growth taken
// never passes what it earned. The callers hold the order's lock (the settle step, the receipt).
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { executeTogether, type StatementPart } from '../../db/one-statement.ts';
import { growthLogs, userWallets } from '../../db/schema/wallet.ts';
import * as repo from './repository.ts';

/** growth_logs.source. */
export const GROWTH_SOURCE = { shopping: 1, refund: 2 } as const;
const IO = { out: 0, in: 1 } as const;

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
 * The growth value never goes below 0. The caller holds the order's lock, so the sums stand until
 * its transaction ends.
 */
export async function takeBackOrderGrowth(tx: Tx, input: GrowthTakeBack): Promise<void> {
  await executeTogether(tx, [], [takeBackOrderGrowthPart(input)]);
}

export type GrowthTakeBack = { userId: string; orderNumber: string; refunded: number; orderTotal: number; now: Date };

/**
 * takeBackOrderGrowth as a part of another statement (db/one-statement.ts): what the order earned
 * and what its refunds took are read, the record written and the wallet lowered, all in the one
 * statement the settle step ends with (decision 060; four round trips before). It writes the
 * wallet row, so the statement it joins must not write that row too.
 */
export function takeBackOrderGrowthPart(input: GrowthTakeBack): StatementPart {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  return {
    ctes: sql`${growthDueCtes(input)}, tg_lowered as (
      update ${userWallets} set growth = ${GROWTH_LOWERED}, version = version + 1, updated_at = ${now}
      where user_id = ${input.userId} and exists (select 1 from tg_logged)
    )`,
    condition: sql`true`,
    reason: 'growth_take_back',
  };
}

/** The wallet's growth once tg_logged's record is taken (unchanged without one), never below 0. */
const GROWTH_LOWERED = sql`greatest(growth - coalesce((select growth from tg_logged), 0), 0)`;

/**
 * takeBackOrderGrowthPart without its own write of the wallet row: its CTEs (tg_*), to be placed
 * before a write of that row which sets `growth = walletSet` (one statement may write a row only
 * once: the points taken back with it, refunds.ts takeBackFromWalletPart).
 */
export function orderGrowthTakenWith(input: GrowthTakeBack): { ctes: SQL; walletSet: SQL } {
  return { ctes: growthDueCtes(input), walletSet: sql`growth = ${GROWTH_LOWERED}` };
}

function growthDueCtes(input: GrowthTakeBack): SQL {
  const refunded = sql`${input.refunded}::bigint`;
  const total = sql`${input.orderTotal}::bigint`;
  const now = sql`${input.now.toISOString()}::timestamptz`;
  // proportion() in SQL: nothing earned, nothing due; all of it once all is refunded; else rounded down.
  return sql`tg_so_far as (
      select coalesce(sum(growth) filter (where source = ${GROWTH_SOURCE.shopping}), 0)::bigint as earned,
             coalesce(sum(growth) filter (where source = ${GROWTH_SOURCE.refund}), 0)::bigint as taken
      from ${growthLogs} where user_id = ${input.userId} and biz_id = ${input.orderNumber} and source in (${GROWTH_SOURCE.shopping}, ${GROWTH_SOURCE.refund})
    ), tg_due as (
      select (case when earned <= 0 then 0 when ${total} <= 0 or ${refunded} >= ${total} then earned else earned * ${refunded} / ${total} end - taken)::int as n from tg_so_far
    ), tg_logged as (
      insert into ${growthLogs} (user_id, source, growth, io_type, biz_id, created_at)
      select ${input.userId}, ${GROWTH_SOURCE.refund}, n, ${IO.out}, ${input.orderNumber}, ${now} from tg_due where n > 0
      returning growth
    )`;
}
