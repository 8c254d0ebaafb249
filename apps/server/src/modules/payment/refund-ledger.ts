// The refund_payments ledger (decision 060): one row per refund, keyed by the refund number the
// gateway sees. A try claims the row for a short lease (one sender at a time across instances),
// records its outcome and the next try's time; the confirmation moves it to refunded once.
import { and, desc, eq, inArray, lt, or, isNull, sql, count } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payments, refundPayments } from '../../db/schema/payment.ts';

type Reader = Db | Tx;

/** refund_payments.status. */
export const REFUND_PAYMENT_STATUS = { toSend: 0, sent: 1, refunded: 2, failing: 3 } as const;
/** A try may hold the row this long (a gateway call times out well before). */
export const SEND_LEASE_MS = 30_000;
/** After this many failed tries the refund counts as failing (it is still retried). */
export const FAILING_AFTER_ATTEMPTS = 3;
/** The longest wait between two tries. */
export const MAX_BACKOFF_MS = 60 * 60_000;

export type RefundPaymentRow = typeof refundPayments.$inferSelect;

/** The wait before try n+1: 10 s, 20 s, 40 s ... at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 10_000 * 2 ** Math.max(0, attempts - 1));
}

/** The payment that paid an order, for its gateway trade number and amount. */
export async function findPaymentForRefund(db: Reader, payNo: string) {
  const [row] = await db
    .select({ payNo: payments.payNo, payType: payments.payType, amount: payments.amount, providerTradeNo: payments.providerTradeNo, status: payments.status })
    .from(payments)
    .where(eq(payments.payNo, payNo));
  return row;
}

/** Writes the ledger row once (a second call finds it and changes nothing). Answers the row. */
export async function ensureRefundPayment(db: Reader, row: typeof refundPayments.$inferInsert): Promise<RefundPaymentRow> {
  await db.insert(refundPayments).values(row).onConflictDoNothing();
  const [found] = await db.select().from(refundPayments).where(eq(refundPayments.refundNo, row.refundNo));
  return found!;
}

/** ensureRefundPayment without reading the row back (the settle step of a balance refund writes it once, under the request's lock). */
/** A refund's ledger row (a second insert of the number does nothing), not sent: the settle step sends it with the balance credit (db/one-statement.ts). */
export function insertRefundPaymentStatement(db: Reader, row: typeof refundPayments.$inferInsert) {
  return db.insert(refundPayments).values(row).onConflictDoNothing();
}

export async function findRefundPayment(db: Reader, refundNo: string): Promise<RefundPaymentRow | undefined> {
  const [row] = await db.select().from(refundPayments).where(eq(refundPayments.refundNo, refundNo));
  return row;
}

/** Claims the row for one try: not refunded, and no other try holds it. Answers the row or null. */
export async function claimForSend(db: Reader, input: { refundNo: string; now: Date }): Promise<RefundPaymentRow | null> {
  const [row] = await db
    .update(refundPayments)
    .set({ lockedUntil: new Date(input.now.getTime() + SEND_LEASE_MS), attempts: sql`${refundPayments.attempts} + 1`, updatedAt: input.now })
    .where(
      and(
        eq(refundPayments.refundNo, input.refundNo),
        sql`${refundPayments.status} <> ${REFUND_PAYMENT_STATUS.refunded}`,
        or(isNull(refundPayments.lockedUntil), lt(refundPayments.lockedUntil, input.now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** A try's outcome: the gateway took it (sent) or it failed (failing after a few); the next try's time. */
export async function recordTry(db: Reader, input: { refundNo: string; ok: boolean; error: string | null; providerRefundNo?: string | null; attempts: number; now: Date }): Promise<{ failing: boolean; nextTryAt: Date }> {
  const nextTryAt = new Date(input.now.getTime() + backoffMs(input.attempts));
  const failing = !input.ok && input.attempts >= FAILING_AFTER_ATTEMPTS;
  await db
    .update(refundPayments)
    .set({
      status: sql`(case when ${refundPayments.status} = ${REFUND_PAYMENT_STATUS.refunded} then ${REFUND_PAYMENT_STATUS.refunded} else ${input.ok ? REFUND_PAYMENT_STATUS.sent : failing ? REFUND_PAYMENT_STATUS.failing : sql`${refundPayments.status}`} end)::smallint`,
      lastError: input.error,
      nextTryAt,
      lockedUntil: null,
      updatedAt: input.now,
      ...(input.providerRefundNo ? { providerRefundNo: input.providerRefundNo } : {}),
    })
    .where(eq(refundPayments.refundNo, input.refundNo));
  return { failing, nextTryAt };
}

/** The gateway confirmed: refunded, once. Answers whether this call moved it. */
export async function markRefundPaid(tx: Tx, input: { refundNo: string; providerRefundNo?: string | null; now: Date }): Promise<boolean> {
  const moved = await tx
    .update(refundPayments)
    .set({ status: REFUND_PAYMENT_STATUS.refunded, refundedAt: input.now, lockedUntil: null, nextTryAt: null, lastError: null, updatedAt: input.now, ...(input.providerRefundNo ? { providerRefundNo: input.providerRefundNo } : {}) })
    .where(and(eq(refundPayments.refundNo, input.refundNo), sql`${refundPayments.status} <> ${REFUND_PAYMENT_STATUS.refunded}`))
    .returning({ refundNo: refundPayments.refundNo });
  return moved.length === 1;
}

/** Finance's view: refunds not confirmed yet, failing ones first, then the oldest. */
export async function pageOpenRefundPayments(db: Reader, filter: { status?: number }, limit: number, offset: number) {
  const where = filter.status === undefined ? sql`${refundPayments.status} <> ${REFUND_PAYMENT_STATUS.refunded}` : eq(refundPayments.status, filter.status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(refundPayments)
      .where(where)
      .orderBy(desc(sql`${refundPayments.status} = ${REFUND_PAYMENT_STATUS.failing}`), refundPayments.createdAt)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(refundPayments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Staff asked for a try now: the next try is due at once (the lease is left alone). */
export async function dueNow(db: Reader, input: { refundNo: string; now: Date }): Promise<boolean> {
  const moved = await db
    .update(refundPayments)
    .set({ nextTryAt: input.now, updatedAt: input.now })
    .where(and(eq(refundPayments.refundNo, input.refundNo), inArray(refundPayments.status, [REFUND_PAYMENT_STATUS.toSend, REFUND_PAYMENT_STATUS.sent, REFUND_PAYMENT_STATUS.failing])))
    .returning({ refundNo: refundPayments.refundNo });
  return moved.length === 1;
}

/** Tries whose time has come and that no try holds, soonest first. */
export async function listDueTries(db: Reader, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ refundNo: refundPayments.refundNo })
    .from(refundPayments)
    .where(
      and(
        sql`${refundPayments.status} <> ${REFUND_PAYMENT_STATUS.refunded}`,
        sql`${refundPayments.nextTryAt} <= ${now.toISOString()}::timestamptz`,
        or(isNull(refundPayments.lockedUntil), lt(refundPayments.lockedUntil, now)),
      ),
    )
    .orderBy(refundPayments.nextTryAt)
    .limit(limit);
  return rows.map((r) => r.refundNo);
}

/** Which of these refund numbers have a ledger row. */
export async function existingRefundNos(db: Reader, refundNos: string[]): Promise<string[]> {
  if (refundNos.length === 0) return [];
  const rows = await db.select({ refundNo: refundPayments.refundNo }).from(refundPayments).where(inArray(refundPayments.refundNo, refundNos));
  return rows.map((r) => r.refundNo);
}
