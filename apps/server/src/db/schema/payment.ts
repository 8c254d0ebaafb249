import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { bigFen, createdAt, serialNumber, tstz, updatedAt, userIdColumn } from './columns.ts';

/**
 * One payment attempt ("settlement"): payNo pays one or several orders, a top-up or a membership.
 * payEntry 0 order, 1 top-up, 2 membership; payType 0 points, 2 Alipay PC, 3 WeChat QR, 9 balance;
 * status 0 unpaid, 1 paid, 2 closed (expired or superseded).
 */
export const payments = pgTable(
  'payments',
  {
    payNo: serialNumber('pay_no').primaryKey(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id),
    payEntry: smallint('pay_entry').notNull(),
    payType: smallint('pay_type').notNull(),
    /** Comma-joined order numbers (payEntry 0), or the top-up / level-log id. */
    orderNumbers: text('order_numbers'),
    bizId: varchar('biz_id', { length: 64 }),
    amount: bigFen('amount').notNull(),
    payScore: integer('pay_score').notNull().default(0),
    status: smallint('status').notNull().default(0),
    providerTradeNo: varchar('provider_trade_no', { length: 64 }),
    returnUrl: text('return_url'),
    expiresAt: tstz('expires_at').notNull(),
    paidAt: tstz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_status_idx').on(t.status, t.expiresAt),
    uniqueIndex('payments_provider_trade_uq').on(t.payType, t.providerTradeNo),
    check('payments_amount_ck', sql`${t.amount} >= 0 and ${t.payScore} >= 0`),
    check('payments_entry_ck', sql`${t.payEntry} in (0, 1, 2) and ${t.payType} in (0, 2, 3, 9)`),
  ],
);

/** Every gateway callback, kept raw. (pay_type, notify_id) makes repeated callbacks idempotent. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    payType: smallint('pay_type').notNull(),
    payEntry: smallint('pay_entry'),
    notifyId: varchar('notify_id', { length: 128 }).notNull(),
    payNo: serialNumber('pay_no'),
    providerTradeNo: varchar('provider_trade_no', { length: 64 }),
    amount: bigFen('amount'),
    raw: text('raw').notNull(),
    verified: boolean('verified').notNull().default(false),
    processed: boolean('processed').notNull().default(false),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_notifications_notify_uq').on(t.payType, t.notifyId),
    index('payment_notifications_pay_no_idx').on(t.payNo),
    // Finds the oldest forged rows to prune (modules/payment/repository.ts recordForgedNotification).
    index('payment_notifications_unverified_idx').on(t.id).where(sql`${t.verified} = false`),
  ],
);

/** Money sent back through the gateway (or to the balance) for a refund. status 0 pending, 1 done, -1 failed. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    refundSn: serialNumber('refund_sn').notNull(),
    payNo: serialNumber('pay_no').notNull(),
    payType: smallint('pay_type').notNull(),
    amount: bigFen('amount').notNull(),
    status: smallint('status').notNull().default(0),
    providerRefundNo: varchar('provider_refund_no', { length: 64 }),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payment_refunds_refund_uq').on(t.refundSn), check('payment_refunds_amount_ck', sql`${t.amount} >= 0`)],
);

/**
 * The money of an after-sales refund (decision 060), one row per refund: refundNo is the number the
 * gateway sees (out_request_no / out_refund_no, = refundSn), the same on every try, so a gateway
 * never pays it twice. status 0 to send, 1 sent (the gateway is processing), 2 refunded, 3 failing
 * (still retried; finance staff see it). A balance refund is written already refunded.
 */
export const refundPayments = pgTable(
  'refund_payments',
  {
    refundNo: varchar('refund_no', { length: 64 }).primaryKey(),
    refundSn: serialNumber('refund_sn').notNull(),
    orderNumber: serialNumber('order_number').notNull(),
    userId: userIdColumn().notNull(),
    payNo: serialNumber('pay_no'),
    payType: smallint('pay_type').notNull(),
    /** Fen sent back. */
    amount: bigFen('amount').notNull(),
    /** Fen the payment took (WeChat wants it with each refund). */
    payAmount: bigFen('pay_amount').notNull(),
    status: smallint('status').notNull().default(0),
    providerRefundNo: varchar('provider_refund_no', { length: 64 }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextTryAt: tstz('next_try_at'),
    /** One sender at a time: a try holds the row until then. */
    lockedUntil: tstz('locked_until'),
    refundedAt: tstz('refunded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refund_payments_refund_sn_uq').on(t.refundSn),
    index('refund_payments_open_idx').on(t.status, t.nextTryAt).where(sql`${t.status} <> 2`),
    check('refund_payments_ck', sql`${t.amount} >= 0 and ${t.amount} <= ${t.payAmount} and ${t.status} between 0 and 3`),
  ],
);

/**
 * The sandbox gateways' own side of refunds (what Alipay's or WeChat's servers keep): one row per
 * (payType, refundNo), so the same refund number twice refunds once. Used only while a sandbox is.
 */
export const sandboxGatewayRefunds = pgTable(
  'sandbox_gateway_refunds',
  {
    payType: smallint('pay_type').notNull(),
    refundNo: varchar('refund_no', { length: 64 }).notNull(),
    payNo: varchar('pay_no', { length: 64 }).notNull(),
    gatewayRefundNo: varchar('gateway_refund_no', { length: 64 }).notNull(),
    amount: bigFen('amount').notNull(),
    /** The refund is done (and answered SUCCESS) from this time on. */
    completesAt: tstz('completes_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.payType, t.refundNo] })],
);
