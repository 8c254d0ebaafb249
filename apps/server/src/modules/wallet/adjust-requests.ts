// Staff balance adjustments waiting for a second pair of eyes (issue 25, decision 058). A request
// is written pending; one conditional update moves it to approved or rejected, so only one decision
// ever lands (the caller moves the money in the same transaction as the approval).
import { BALANCE_REQUEST_STATUS } from '@bazaar/shared/schemas/balance';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { balanceAdjustRequests } from '../../db/schema/wallet.ts';

type Queryable = Db | Tx;
export type AdjustRequestRow = typeof balanceAdjustRequests.$inferSelect;

export async function insertAdjustRequest(
  tx: Tx,
  input: { userId: string; change: number; reason: string; requestedBy: number; now: Date },
): Promise<AdjustRequestRow> {
  const [row] = await tx
    .insert(balanceAdjustRequests)
    .values({ userId: input.userId, change: input.change, reason: input.reason, requestedBy: input.requestedBy, createdAt: input.now })
    .returning();
  return row!;
}

export async function findAdjustRequest(db: Queryable, id: number): Promise<AdjustRequestRow | undefined> {
  const [row] = await db.select().from(balanceAdjustRequests).where(eq(balanceAdjustRequests.id, id)).limit(1);
  return row;
}

/** Pending first (oldest first, as a queue), then the decided ones, newest decision first. */
export async function pageAdjustRequests(db: Queryable, filter: { status?: number }, limit: number, offset: number) {
  const where = filter.status === undefined ? undefined : eq(balanceAdjustRequests.status, filter.status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(balanceAdjustRequests)
      .where(where)
      .orderBy(
        sql`case when ${balanceAdjustRequests.status} = ${BALANCE_REQUEST_STATUS.pending} then 0 else 1 end`,
        sql`case when ${balanceAdjustRequests.status} = ${BALANCE_REQUEST_STATUS.pending} then ${balanceAdjustRequests.createdAt} end asc`,
        desc(balanceAdjustRequests.decidedAt),
        asc(balanceAdjustRequests.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(balanceAdjustRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * pending -> approved or rejected by someone other than the requester, in one conditional update;
 * null when the request is not pending any more (another decision won) or the decider asked for it.
 */
export async function decideAdjustRequest(
  tx: Tx,
  input: { id: number; approve: boolean; decidedBy: number; rejectReason: string | null; now: Date },
): Promise<AdjustRequestRow | null> {
  const [row] = await tx
    .update(balanceAdjustRequests)
    .set({
      status: input.approve ? BALANCE_REQUEST_STATUS.approved : BALANCE_REQUEST_STATUS.rejected,
      decidedBy: input.decidedBy,
      rejectReason: input.rejectReason,
      decidedAt: input.now,
    })
    .where(
      and(
        eq(balanceAdjustRequests.id, input.id),
        eq(balanceAdjustRequests.status, BALANCE_REQUEST_STATUS.pending),
        ne(balanceAdjustRequests.requestedBy, input.decidedBy),
      ),
    )
    .returning();
  return row ?? null;
}
