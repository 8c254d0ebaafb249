import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { createdAt, fen, rate, serialNumber, tstz, updatedAt, userIdColumn } from './columns.ts';

/**
 * Member levels. levelType 0 growth (reached by needGrowth), 1 paid (bought per term x termType:
 * 1 day, 2 week, 3 month, 4 season, 5 year). discount is per ten (9.5); discountRange 0 all shops,
 * 1 self-run shops only; rateScore multiplies earned points.
 */
export const userLevels = pgTable(
  'user_levels',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    levelType: smallint('level_type').notNull().default(0),
    level: integer('level').notNull(),
    nameZh: varchar('name_zh', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    img: text('img'),
    needGrowth: integer('need_growth').notNull().default(0),
    term: integer('term'),
    termType: smallint('term_type'),
    needAmount: fen('need_amount'),
    discount: rate('discount'),
    discountRange: smallint('discount_range').notNull().default(0),
    rateScore: rate('rate_score').notNull().default(1),
    isFreeFee: boolean('is_free_fee').notNull().default(false),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_levels_uq').on(t.levelType, t.level),
    check('user_levels_ck', sql`${t.levelType} in (0, 1) and (${t.termType} is null or ${t.termType} between 1 and 5)`),
  ],
);

/** The periods a paid level is sold for, one price each (termType 1 day .. 5 year; one period each). */
export const levelPrices = pgTable(
  'level_prices',
  {
    levelId: integer('level_id')
      .notNull()
      .references(() => userLevels.id, { onDelete: 'cascade' }),
    termType: smallint('term_type').notNull(),
    price: fen('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.levelId, t.termType] }), check('level_prices_ck', sql`${t.termType} between 1 and 5 and ${t.price} > 0`)],
);

/** The growth rule staff configure (one row, id 1; the code's default applies while it is missing). */
export const memberSettings = pgTable(
  'member_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Fen paid per growth point earned on receipt (100 = 1 growth per yuan). */
    growthFenPerPoint: integer('growth_fen_per_point').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('member_settings_ck', sql`${t.id} = 1 and ${t.growthFenPerPoint} > 0`)],
);

/** A user's current level and paid membership (users is owned by the account module). */
export const userMembers = pgTable('user_members', {
  userId: userIdColumn()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The growth level reached. */
  growthLevelId: integer('growth_level_id').references(() => userLevels.id),
  /** The paid level while vipEndTime is in the future. */
  paidLevelId: integer('paid_level_id').references(() => userLevels.id),
  vipEndTime: tstz('vip_end_time'),
  updatedAt: updatedAt(),
  version: integer('version').notNull().default(0),
});

/** A membership purchase (or level-up). Paid through payments with payEntry 2. */
export const levelLogs = pgTable(
  'level_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    levelId: integer('level_id')
      .notNull()
      .references(() => userLevels.id),
    payNo: serialNumber('pay_no'),
    payType: smallint('pay_type'),
    amount: fen('amount').notNull().default(0),
    term: integer('term'),
    termType: smallint('term_type'),
    isPayed: boolean('is_payed').notNull().default(false),
    payTime: tstz('pay_time'),
    /** The paid membership's end once this purchase was applied (null until paid). */
    vipEndTime: tstz('vip_end_time'),
    createdAt: createdAt(),
  },
  (t) => [index('level_logs_user_idx').on(t.userId, t.createdAt), index('level_logs_pay_no_idx').on(t.payNo)],
);
