// Flash sales (秒杀, issue 27; decision 062), owned by modules/seckill. The three activity tables
// were first laid out in promotion.ts (unused there but for the home block); they live here since
// the flash sale got its own module. Table and index names are unchanged.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { products, skus } from './product.ts';
import { createdAt, fen, serialNumber, tstz, updatedAt, userIdColumn } from './columns.ts';

/**
 * A flash sale of one product. status 1 enabled, 0 off (ended early by the shop, or taken offline by
 * staff: offlineReason set), -1 deleted; auditStatus 0 waiting for the platform, 1 approved,
 * -1 rejected (auditReason); maxNum -1 = unlimited per user.
 */
export const seckills = pgTable(
  'seckills',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }),
    startTime: tstz('start_time').notNull(),
    endTime: tstz('end_time').notNull(),
    maxNum: integer('max_num').notNull().default(-1),
    /** Minutes an unpaid seckill order is kept. */
    maxCancelTime: integer('max_cancel_time').notNull().default(30),
    status: smallint('status').notNull().default(1),
    /** Activities written before the review existed (and the seed's) count as approved; the merchant center writes 0. */
    auditStatus: smallint('audit_status').notNull().default(1),
    auditReason: varchar('audit_reason', { length: 200 }),
    offlineReason: varchar('offline_reason', { length: 200 }),
    /** When the stock gate was loaded for it (the open job), and when it was reconciled and its unsold stock given back (the close job). */
    gateLoadedAt: tstz('gate_loaded_at'),
    settledAt: tstz('settled_at'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('seckills_window_idx').on(t.status, t.endTime, t.startTime),
    index('seckills_product_idx').on(t.productId),
    index('seckills_shop_idx').on(t.shopId, t.id),
    check('seckills_ck', sql`${t.endTime} > ${t.startTime} and ${t.maxNum} >= -1 and ${t.maxCancelTime} > 0`),
    check('seckills_audit_ck', sql`${t.auditStatus} in (-1, 0, 1) and ${t.status} in (-1, 0, 1)`),
  ],
);

export const seckillSkus = pgTable(
  'seckill_skus',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    seckillId: integer('seckill_id')
      .notNull()
      .references(() => seckills.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    seckillPrice: fen('seckill_price').notNull(),
    /** PostgreSQL's flash stock: drops when a queued order is written, rises when one is cancelled. */
    seckillStocks: integer('seckill_stocks').notNull(),
    originalStocks: integer('original_stocks').notNull(),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('seckill_skus_uq').on(t.seckillId, t.skuId), check('seckill_skus_ck', sql`${t.seckillStocks} >= 0 and ${t.seckillPrice} >= 0`)],
);

/**
 * One accepted attempt, keyed by its order number (reserved at submit: the attempt's id, so a
 * redelivered attempt writes nothing twice). state -2 could not be written (failReason, an i18n
 * key; its unit went back), -1 cancelled, 0 unpaid, 1 paid.
 */
export const seckillOrders = pgTable(
  'seckill_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    seckillId: integer('seckill_id')
      .notNull()
      .references(() => seckills.id),
    seckillSkuId: integer('seckill_sku_id')
      .notNull()
      .references(() => seckillSkus.id),
    userId: userIdColumn().notNull(),
    orderNumber: serialNumber('order_number').notNull(),
    prodCount: integer('prod_count').notNull(),
    state: smallint('state').notNull().default(0),
    failReason: varchar('fail_reason', { length: 80 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seckill_orders_order_uq').on(t.orderNumber),
    index('seckill_orders_user_idx').on(t.seckillId, t.userId, t.state),
    index('seckill_orders_sku_idx').on(t.seckillSkuId, t.state),
  ],
);

/** The day's sessions the platform sets: start minute of the day (Beijing time) and length. */
export const seckillSessionTimes = pgTable(
  'seckill_session_times',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    startMinute: smallint('start_minute').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('seckill_session_times_uq').on(t.startMinute),
    check('seckill_session_times_ck', sql`${t.startMinute} between 0 and 1439 and ${t.durationMinutes} between 1 and 1440`),
  ],
);

/** "Remind me": an SMS when the activity starts (sentAt once sent). */
export const seckillReminders = pgTable(
  'seckill_reminders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    seckillId: integer('seckill_id')
      .notNull()
      .references(() => seckills.id, { onDelete: 'cascade' }),
    userId: userIdColumn().notNull(),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('seckill_reminders_uq').on(t.seckillId, t.userId), index('seckill_reminders_user_idx').on(t.userId, t.seckillId)],
);

/** The reconciliation of one SKU after its activity ended: the stock gate against PostgreSQL. */
export const seckillReports = pgTable(
  'seckill_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    seckillId: integer('seckill_id')
      .notNull()
      .references(() => seckills.id, { onDelete: 'cascade' }),
    seckillSkuId: integer('seckill_sku_id')
      .notNull()
      .references(() => seckillSkus.id, { onDelete: 'cascade' }),
    totalStocks: integer('total_stocks').notNull(),
    /** Null when the gate no longer held the activity (e.g. Redis flushed). */
    gateStocks: integer('gate_stocks'),
    dbStocks: integer('db_stocks').notNull(),
    acceptedNum: integer('accepted_num').notNull(),
    orderedNum: integer('ordered_num').notNull(),
    cancelledNum: integer('cancelled_num').notNull(),
    difference: integer('difference').notNull(),
    matched: boolean('matched').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('seckill_reports_sku_uq').on(t.seckillSkuId), index('seckill_reports_matched_idx').on(t.matched, t.id)],
);
