import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentNotifications, paymentRefunds, payments } from '../../db/schema/payment.ts';

type Reader = Db | Tx;

export type PaymentRow = typeof payments.$inferSelect;

/**
 * A new payment attempt as it is first written: the fields given (orders, business id, points,
 * return address only where the entry has them), unpaid, at version 0.
 */
export function newPayment(
  input: Pick<PaymentRow, 'payNo' | 'userId' | 'payEntry' | 'payType' | 'amount' | 'expiresAt'> & Partial<Pick<PaymentRow, 'orderNumbers' | 'bizId' | 'payScore' | 'returnUrl'>>,
  now: Date,
): PaymentRow {
  return { orderNumbers: null, bizId: null, payScore: 0, returnUrl: null, ...input, status: 0, providerTradeNo: null, paidAt: null, createdAt: now, updatedAt: now, version: 0 };
}

export async function insertPayment(db: Reader, row: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(row);
}

export async function findPayment(db: Reader, payNo: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.payNo, payNo));
  return row;
}

export async function findUserPayment(db: Reader, userId: string, payNo: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.payNo, payNo), eq(payments.userId, userId)));
  return row;
}

/** The payment, locked for the settling transaction. */
export async function lockPayment(tx: Tx, payNo: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.payNo, payNo)).for('update');
  return row;
}

/** Unpaid (or closed) -> paid; false when another settlement got there first. */
export async function markPaymentPaid(tx: Tx, payNo: string, input: { paidAt: Date; providerTradeNo: string | null }): Promise<boolean> {
  const moved = await tx
    .update(payments)
    .set({ status: 1, paidAt: input.paidAt, providerTradeNo: input.providerTradeNo, updatedAt: input.paidAt, version: sql`${payments.version} + 1` })
    .where(and(eq(payments.payNo, payNo), sql`${payments.status} <> 1`))
    .returning({ payNo: payments.payNo });
  return moved.length === 1;
}

export async function insertRefund(tx: Tx, row: typeof paymentRefunds.$inferInsert): Promise<void> {
  await tx.insert(paymentRefunds).values(row);
}

/** Records a notification once: null when (payType, notifyId) was seen before. */
export async function recordNotification(db: Reader, row: typeof paymentNotifications.$inferInsert): Promise<number | null> {
  const [inserted] = await db.insert(paymentNotifications).values(row).onConflictDoNothing().returning({ id: paymentNotifications.id });
  return inserted?.id ?? null;
}

/**
 * Keeps a verified notification that was refused (unknown payment, wrong entry or type, wrong
 * amount), for the record, under an id of its own: the gateway's id stays free for the delivery
 * that is accepted. The gateway's retries of the same refused notification are kept once.
 */
export async function recordRefusedNotification(db: Reader, row: typeof paymentNotifications.$inferInsert): Promise<void> {
  await recordNotification(db, { ...row, notifyId: `refused:${createHash('sha256').update(`${row.payEntry}:${row.notifyId}`).digest('hex')}` });
}

/**
 * Keeps a notification that did not verify, for the record, and only the newest `keep` of them:
 * junk from anyone can be posted at will, so the table must not grow with it. Pruned in the same
 * call rather than by a periodic job, so the bound holds even during a flood.
 */
export async function recordForgedNotification(db: Reader, row: typeof paymentNotifications.$inferInsert, keep: number): Promise<void> {
  await recordNotification(db, { ...row, verified: false });
  await db.execute(sql`
    delete from ${paymentNotifications}
    where ${paymentNotifications.verified} = false
      and ${paymentNotifications.id} <= (
        select id from ${paymentNotifications} where verified = false order by id desc offset ${keep} limit 1
      )`);
}

export async function findNotification(db: Reader, payType: number, notifyId: string) {
  const [row] = await db
    .select({ processed: paymentNotifications.processed, error: paymentNotifications.error })
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.payType, payType), eq(paymentNotifications.notifyId, notifyId)));
  return row;
}

export async function updateNotification(tx: Tx, id: number, set: { processed?: boolean; error?: string | null }): Promise<void> {
  await tx.update(paymentNotifications).set(set).where(eq(paymentNotifications.id, id));
}

/**
 * Closes the caller's other open attempts at the same orders (a newer attempt or a payment
 * supersedes them). Rows another transaction holds are skipped: it is settling them, and waiting
 * for it could deadlock with its own wait on the orders.
 */
export async function closeOpenAttempts(db: Reader, input: { userId: string; orderNumbers: string; exceptPayNo: string; now: Date }): Promise<void> {
  await db.execute(closeOpenAttemptsStatement(input));
}

/** closeOpenAttempts unsent, for the settlement's one statement (`executeTogether`). */
export function closeOpenAttemptsStatement(input: { userId: string; orderNumbers: string; exceptPayNo: string; now: Date }): SQL {
  return sql`
    update payments set status = 2, updated_at = ${input.now}
    where pay_no in (
      select pay_no from payments
      where user_id = ${input.userId} and order_numbers = ${input.orderNumbers} and status = 0 and pay_no <> ${input.exceptPayNo}
      for update skip locked)`;
}
