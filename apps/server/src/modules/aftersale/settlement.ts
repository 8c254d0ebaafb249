// The money's side of a refund request (decision 060): settle_status moves 1 (refunding) or
// 3 (failing) to 2 (refunded) once, together with returnMoneySts 5 and the refund time, by one
// conditional update; whatever runs in parallel (a retry job, a gateway notification, a second
// executeRefund) finds nothing left to move. The request's own life (apply, accept, ...) is the
// rest of this module's.
import { and, eq, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { REFUND_SETTLE_STATUS, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { Db, Tx } from '../../db/client.ts';
import { refunds } from '../../db/schema/aftersale.ts';

type Reader = Db | Tx;

/** A request decided in the buyer's favour: a refund only accepted, or a return received. */
const DECIDED = [REFUND_STATUS.accepted, REFUND_STATUS.sellerReceived];
const DUE = [REFUND_SETTLE_STATUS.refunding, REFUND_SETTLE_STATUS.failing];

export interface RefundForMoney {
  refundSn: string;
  orderNumber: string;
  orderItemId: number;
  userId: string;
  shopId: number;
  refundType: number;
  applyType: number;
  goodsNum: number;
  refundAmount: number;
  returnMoneySts: number;
  settleStatus: number;
}

const columns = {
  refundSn: refunds.refundSn,
  orderNumber: refunds.orderNumber,
  orderItemId: refunds.orderItemId,
  userId: refunds.userId,
  shopId: refunds.shopId,
  refundType: refunds.refundType,
  applyType: refunds.applyType,
  goodsNum: refunds.goodsNum,
  refundAmount: refunds.refundAmount,
  returnMoneySts: refunds.returnMoneySts,
  settleStatus: refunds.settleStatus,
};

export async function findRefundForMoney(db: Reader, refundSn: string): Promise<RefundForMoney | undefined> {
  const [row] = await db.select(columns).from(refunds).where(eq(refunds.refundSn, refundSn));
  return row;
}

/** The request, locked until the transaction ends (the settle step reads what it moves). */
export async function lockRefundForMoney(tx: Tx, refundSn: string): Promise<RefundForMoney | undefined> {
  const [row] = await tx.select(columns).from(refunds).where(eq(refunds.refundSn, refundSn)).for('update');
  return row;
}

/** A request of an order as the settle step weighs it (what is refunded, per item; what is still open). */
export type OrderRequest = { refundSn: string; refundAmount: number; orderItemId: number; goodsNum: number; returnMoneySts: number; settleStatus: number };

/**
 * The settle step: refunding or failing -> refunded, with returnMoneySts 5 and the refund time,
 * once; and every request of the order as it stands after the move, in the same statement (one
 * round trip: the moved row from the update, the others read beside it). Answers null when it had
 * moved before (or was never due). The caller holds the order's lock, which every request of the
 * order takes to be applied for, withdrawn, refused or settled.
 *
 * `sentWith`: other owners' writes (decision 017) the same statement runs as CTEs, whether or not
 * the mark found its row: only for a caller whose transaction cannot commit when it answers null
 * (settleWithDecision, which throws then, so the writes roll back with it). `reading`: another
 * owner's scalar subquery the statement answers too (`read`), handed the names of the `sentWith`
 * CTEs in their order so it may read what one of them returns.
 */
export async function markRefundedReadingOrder(
  tx: Tx,
  input: { refundSn: string; orderNumber: string; now: Date },
  sentWith: SQLWrapper[] = [],
  reading?: (sent: SQL[]) => SQL<unknown>,
): Promise<{ requests: OrderRequest[]; read: unknown } | null> {
  const moved = tx.$with('moved').as(
    tx
      .update(refunds)
      .set({
        settleStatus: REFUND_SETTLE_STATUS.refunded,
        returnMoneySts: REFUND_STATUS.success,
        refundTime: input.now,
        deadline: null,
        updatedAt: input.now,
        version: sql`${refunds.version} + 1`,
      })
      .where(and(eq(refunds.refundSn, input.refundSn), eq(refunds.orderNumber, input.orderNumber), inArray(refunds.settleStatus, DUE), inArray(refunds.returnMoneySts, DECIDED)))
      .returning({ refundSn: refunds.refundSn, returnMoneySts: refunds.returnMoneySts, settleStatus: refunds.settleStatus }),
  );
  // The statement's snapshot shows the order's rows as before the move: the moved one's new states come from `moved`.
  const names = sentWith.map((_, i) => `sent_${i}`);
  const writes = sentWith.map((write, i) => tx.$with(names[i]!, {}).as(write.getSQL()));
  const rows = await tx
    .with(moved, ...writes)
    .select({
      refundSn: refunds.refundSn,
      refundAmount: refunds.refundAmount,
      orderItemId: refunds.orderItemId,
      goodsNum: refunds.goodsNum,
      returnMoneySts: sql<number>`coalesce(${moved.returnMoneySts}, ${refunds.returnMoneySts})`.mapWith(Number),
      settleStatus: sql<number>`coalesce(${moved.settleStatus}, ${refunds.settleStatus})`.mapWith(Number),
      moved: sql<boolean>`${moved.refundSn} is not null`,
      // Uncorrelated: evaluated once for the statement.
      read: reading ? sql<unknown>`${reading(names.map((name) => sql`${sql.identifier(name)}`))}` : sql<unknown>`null`,
    })
    .from(refunds)
    .leftJoin(moved, eq(moved.refundSn, refunds.refundSn))
    .where(eq(refunds.orderNumber, input.orderNumber));
  if (!rows.some((r) => r.moved)) return null;
  return { requests: rows.map(({ moved: _moved, read: _read, ...request }) => request), read: rows[0]!.read };
}

/** The gateway keeps failing: refunding -> failing (retries go on). Answers whether it moved. */
export async function markFailing(db: Reader, input: { refundSn: string; now: Date }): Promise<boolean> {
  const moved = await db
    .update(refunds)
    .set({ settleStatus: REFUND_SETTLE_STATUS.failing, updatedAt: input.now, version: sql`${refunds.version} + 1` })
    .where(and(eq(refunds.refundSn, input.refundSn), eq(refunds.settleStatus, REFUND_SETTLE_STATUS.refunding)))
    .returning({ refundSn: refunds.refundSn });
  return moved.length === 1;
}

/** Fen refunded on an order so far (settled requests only). */
export async function sumRefunded(db: Reader, orderNumber: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${refunds.refundAmount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderNumber, orderNumber), eq(refunds.settleStatus, REFUND_SETTLE_STATUS.refunded)));
  return Number(row?.n ?? 0);
}

/** Requests whose money is still due (settle 1 or 3), last changed before `before`, oldest first: what a crash must not lose. */
export async function listDueRefunds(db: Reader, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ refundSn: refunds.refundSn })
    .from(refunds)
    .where(and(inArray(refunds.settleStatus, DUE), inArray(refunds.returnMoneySts, DECIDED), lt(refunds.updatedAt, before)))
    .orderBy(refunds.updatedAt)
    .limit(limit);
  return rows.map((r) => r.refundSn);
}
