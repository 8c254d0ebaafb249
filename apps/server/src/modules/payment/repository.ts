import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { balanceLogs, orderAddresses, orderItems, orders, paymentNotifications, paymentRefunds, payments, userWallets } from '../../db/schema.ts';

type Reader = Db | Tx;

export type PaymentRow = typeof payments.$inferSelect;

/** The caller's orders among the numbers (others' are simply not found). */
export async function findUserOrders(db: Reader, userId: string, orderNumbers: string[]) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      actualTotal: orders.actualTotal,
      prodName: orders.prodName,
      isPayed: orders.isPayed,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.orderNumber, orderNumbers), eq(orders.deleteStatus, 0)));
}

export async function findItemNames(db: Reader, orderNumbers: string[]) {
  return db
    .select({ orderNumber: orderItems.orderNumber, nameZh: orderItems.prodNameZh, nameEn: orderItems.prodNameEn })
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, orderNumbers))
    .orderBy(orderItems.id);
}

export async function findOrderAddress(db: Reader, orderNumber: string) {
  const [row] = await db.select().from(orderAddresses).where(eq(orderAddresses.orderNumber, orderNumber));
  return row;
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

/** Pieces per product of the given orders, for the sold counters. */
export async function soldLines(tx: Tx, orderNumbers: string[]) {
  const rows = await tx
    .select({ productId: orderItems.productId, count: sql<number>`sum(${orderItems.prodCount})::int` })
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, orderNumbers))
    .groupBy(orderItems.productId);
  return rows.map((r) => ({ productId: r.productId, count: Number(r.count) }));
}

export async function sumOrderTotals(tx: Tx, orderNumbers: string[]): Promise<number> {
  if (orderNumbers.length === 0) return 0;
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${orders.actualTotal}), 0)::int` })
    .from(orders)
    .where(inArray(orders.orderNumber, orderNumbers));
  return Number(row?.total ?? 0);
}

export async function insertRefund(tx: Tx, row: typeof paymentRefunds.$inferInsert): Promise<void> {
  await tx.insert(paymentRefunds).values(row);
}

/** Records a notification once: null when (payType, notifyId) was seen before. */
export async function recordNotification(db: Reader, row: typeof paymentNotifications.$inferInsert): Promise<number | null> {
  const [inserted] = await db.insert(paymentNotifications).values(row).onConflictDoNothing().returning({ id: paymentNotifications.id });
  return inserted?.id ?? null;
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
  await db.execute(sql`
    update payments set status = 2, updated_at = ${input.now}
    where pay_no in (
      select pay_no from payments
      where user_id = ${input.userId} and order_numbers = ${input.orderNumbers} and status = 0 and pay_no <> ${input.exceptPayNo}
      for update skip locked)`);
}
