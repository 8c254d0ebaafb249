// The payment attempts that cover one order, with their refunds, for platform staff's order detail
// (decision 058). An attempt names its orders comma-joined; the buyer's index narrows the search.
import { PAY_ENTRY } from '@bazaar/shared/constants/order-status';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentRefunds, payments } from '../../db/schema/payment.ts';

export async function listOrderPayments(db: Db | Tx, order: { orderNumber: string; userId: string }) {
  const attempts = await db
    .select({
      payNo: payments.payNo,
      payType: payments.payType,
      amount: payments.amount,
      payScore: payments.payScore,
      status: payments.status,
      providerTradeNo: payments.providerTradeNo,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.userId, order.userId),
        eq(payments.payEntry, PAY_ENTRY.order),
        sql`${order.orderNumber} = any(string_to_array(${payments.orderNumbers}, ','))`,
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.payNo));
  const refunds = attempts.length
    ? await db
        .select({ payNo: paymentRefunds.payNo, refundSn: paymentRefunds.refundSn, amount: paymentRefunds.amount, status: paymentRefunds.status, createdAt: paymentRefunds.createdAt })
        .from(paymentRefunds)
        .where(inArray(paymentRefunds.payNo, attempts.map((a) => a.payNo)))
        .orderBy(asc(paymentRefunds.id))
    : [];
  return attempts.map((a) => ({ ...a, refunds: refunds.filter((r) => r.payNo === a.payNo) }));
}
