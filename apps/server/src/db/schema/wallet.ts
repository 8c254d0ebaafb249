import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { bigFen, createdAt, fen, serialNumber, tstz, updatedAt, userIdColumn } from './columns.ts';

/** A user's points, growth and balance (Mall4j's user_extension). Changed by conditional updates + version. */
export const userWallets = pgTable(
  'user_wallets',
  {
    userId: userIdColumn()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull().default(0),
    growth: integer('growth').notNull().default(0),
    balance: bigFen('balance').notNull().default(0),
    /** Current sign-in streak and the GMT+8 calendar day of the last sign-in. */
    signDay: integer('sign_day').notNull().default(0),
    lastSignDate: date('last_sign_date', { mode: 'string' }),
    version: integer('version').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_wallets_ck', sql`${t.score} >= 0 and ${t.growth} >= 0 and ${t.balance} >= 0 and ${t.balance} <= 99999999999`),
  ],
);

/**
 * A points movement. source: 0 register, 1 shopping, 2 level-up, 3 sign-in, 4 checkout use,
 * 5 expired, 6 top-up gift, 7 adjustment, 8 checkout return, 9 refund return, 10 points-mall exchange.
 * ioType 0 out, 1 in.
 */
export const scoreLogs = pgTable(
  'score_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn().notNull(),
    source: smallint('source').notNull(),
    score: integer('score').notNull(),
    ioType: smallint('io_type').notNull(),
    bizId: varchar('biz_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('score_logs_user_idx').on(t.userId, t.createdAt),
    check('score_logs_ck', sql`${t.score} >= 0 and ${t.ioType} in (0, 1) and ${t.source} between 0 and 10`),
  ],
);

/**
 * A growth movement of an order (decision 060): source 1 earned at the order's receipt (in, once
 * per order), 2 taken back by a refund of it (out, in proportion to the money refunded; the sum per
 * order never passes what it earned). bizId = the order number. ioType 0 out, 1 in.
 */
export const growthLogs = pgTable(
  'growth_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn().notNull(),
    source: smallint('source').notNull(),
    growth: integer('growth').notNull(),
    ioType: smallint('io_type').notNull(),
    bizId: varchar('biz_id', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('growth_logs_user_idx').on(t.userId, t.createdAt),
    index('growth_logs_biz_idx').on(t.bizId, t.source),
    uniqueIndex('growth_logs_earned_uq').on(t.bizId).where(sql`${t.source} = 1`),
    check('growth_logs_ck', sql`${t.growth} > 0 and ${t.ioType} in (0, 1) and ${t.source} in (1, 2) and (${t.source} = 1) = (${t.ioType} = 1)`),
  ],
);

/** One earned batch of points, spent soonest-expiring first. status 1 usable, 0 expired, 2 used up. */
export const scoreBatches = pgTable(
  'score_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn().notNull(),
    scoreLogId: bigint('score_log_id', { mode: 'number' }),
    score: integer('score').notNull(),
    usableScore: integer('usable_score').notNull(),
    expireTime: tstz('expire_time').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('score_batches_user_idx').on(t.userId, t.status, t.expireTime),
    index('score_batches_expiry_idx').on(t.status, t.expireTime),
    check('score_batches_ck', sql`${t.usableScore} >= 0 and ${t.usableScore} <= ${t.score}`),
  ],
);

/** Top-up presets: pay rechargeAmount, get the gifts too. */
export const balanceOptions = pgTable('balance_options', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  titleZh: varchar('title_zh', { length: 50 }).notNull(),
  titleEn: varchar('title_en', { length: 100 }),
  rechargeAmount: fen('recharge_amount').notNull(),
  presAmount: fen('pres_amount').notNull().default(0),
  presScore: integer('pres_score').notNull().default(0),
  presGrowth: integer('pres_growth').notNull().default(0),
  seq: integer('seq').notNull().default(0),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
});

/**
 * A balance movement. type 1 top-up, 2 gift, 3 payment, 4 refund, 5 adjustment, 6 membership;
 * ioType 0 out, 1 in. A top-up row is written unpaid with its payNo and settled by the payment callback.
 */
export const balanceLogs = pgTable(
  'balance_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changeBalance: bigFen('change_balance').notNull(),
    ioType: smallint('io_type').notNull(),
    type: smallint('type').notNull(),
    payNo: serialNumber('pay_no'),
    bizId: varchar('biz_id', { length: 64 }),
    balanceOptionId: integer('balance_option_id'),
    /** A top-up's gifts as promised when it was made (the preset may change before the money arrives). */
    giftAmount: bigFen('gift_amount').notNull().default(0),
    giftScore: integer('gift_score').notNull().default(0),
    giftGrowth: integer('gift_growth').notNull().default(0),
    isPayed: boolean('is_payed').notNull().default(true),
    payTime: tstz('pay_time'),
    createdAt: createdAt(),
  },
  (t) => [
    index('balance_logs_user_idx').on(t.userId, t.isPayed, t.createdAt),
    index('balance_logs_pay_no_idx').on(t.payNo),
    check('balance_logs_ck', sql`${t.changeBalance} >= 0 and ${t.ioType} in (0, 1) and ${t.type} between 1 and 6`),
    check('balance_logs_gift_ck', sql`${t.giftAmount} >= 0 and ${t.giftScore} >= 0 and ${t.giftGrowth} >= 0`),
  ],
);

/**
 * A staff balance adjustment above the approval threshold (issue 25, decision 058), waiting for a
 * second finance staff member. status 0 pending, 1 approved (the money moved, with its ledger
 * record, in the same transaction as the conditional update 0 -> 1), 2 rejected. `change` is signed fen.
 */
export const balanceAdjustRequests = pgTable(
  'balance_adjust_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    change: bigFen('change').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    status: smallint('status').notNull().default(0),
    /** admin_users ids (the admin module's): who asked, and who approved or rejected. */
    requestedBy: integer('requested_by').notNull(),
    decidedBy: integer('decided_by'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    createdAt: createdAt(),
    decidedAt: tstz('decided_at'),
  },
  (t) => [
    index('balance_adjust_requests_status_idx').on(t.status, t.createdAt),
    check('balance_adjust_requests_ck', sql`${t.change} <> 0 and ${t.status} in (0, 1, 2)`),
  ],
);
