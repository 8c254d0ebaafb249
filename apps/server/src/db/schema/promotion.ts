import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { shops } from './shop.ts';
import { users } from './account.ts';
import { products, skus } from './product.ts';
import { createdAt, fen, rate, serialNumber, tstz, updatedAt, userIdColumn } from './columns.ts';

/**
 * couponType 1 cash, 2 discount (couponDiscount per ten), 3 exchange; suitableProdType 0 all,
 * 1 listed only, 2 all except listed; validTimeType 1 fixed dates, 2 N days after receipt;
 * getWay 0 receivable, 1 issued only; putonStatus 1 on, 0 off; shopId 0 = platform.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull().default(0),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }),
    couponType: smallint('coupon_type').notNull().default(1),
    cashCondition: fen('cash_condition').notNull().default(0),
    reduceAmount: fen('reduce_amount').notNull().default(0),
    couponDiscount: rate('coupon_discount'),
    suitableProdType: smallint('suitable_prod_type').notNull().default(0),
    validTimeType: smallint('valid_time_type').notNull().default(1),
    startTime: tstz('start_time'),
    endTime: tstz('end_time'),
    afterReceiveDays: integer('after_receive_days').notNull().default(0),
    validDays: integer('valid_days'),
    /** Remaining and initial stock. */
    stocks: integer('stocks').notNull().default(0),
    totalStock: integer('total_stock').notNull().default(0),
    limitNum: integer('limit_num').notNull().default(1),
    getWay: smallint('get_way').notNull().default(0),
    putonStatus: smallint('puton_status').notNull().default(1),
    /** Member-exclusive coupons name their level. */
    levelId: integer('level_id'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coupons_shop_idx').on(t.shopId, t.putonStatus),
    check('coupons_stocks_ck', sql`${t.stocks} >= 0 and ${t.limitNum} >= 1`),
    check('coupons_money_ck', sql`${t.cashCondition} >= 0 and ${t.reduceAmount} >= 0`),
    check('coupons_type_ck', sql`${t.couponType} in (1, 2, 3) and ${t.suitableProdType} in (0, 1, 2) and ${t.validTimeType} in (1, 2)`),
  ],
);

export const couponProducts = pgTable(
  'coupon_products',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.productId] }), index('coupon_products_product_idx').on(t.productId)],
);

/** A coupon in a user's hands. status 0 expired, 1 unused, 2 used. */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    isDeleted: boolean('is_deleted').notNull().default(false),
    receiveTime: createdAt(),
    userStartTime: tstz('user_start_time').notNull(),
    userEndTime: tstz('user_end_time').notNull(),
    usedTime: tstz('used_time'),
    version: integer('version').notNull().default(0),
  },
  (t) => [index('user_coupons_user_idx').on(t.userId, t.status, t.userEndTime), index('user_coupons_coupon_idx').on(t.couponId, t.userId)],
);

/**
 * How many of a coupon a user has received (kept after deletes): the row the receive statement
 * locks and counts on, so the per-user limit holds under parallel receives (decision 041).
 */
export const couponReceipts = pgTable(
  'coupon_receipts',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    received: integer('received').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

/** A coupon's use by an order. status 1 frozen (submitted), 2 used (paid), 3 returned. */
export const couponUseRecords = pgTable(
  'coupon_use_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userCouponId: integer('user_coupon_id')
      .notNull()
      .references(() => userCoupons.id),
    userId: userIdColumn().notNull(),
    orderNumber: serialNumber('order_number').notNull(),
    amount: fen('amount').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('coupon_use_records_uq').on(t.userCouponId, t.orderNumber), index('coupon_use_records_order_idx').on(t.orderNumber)],
);

/**
 * A shop promotion. discountRule 0 full-amount reduction, 1 full-piece discount,
 * 2 full-amount discount; discountType 0 ladder, 1 "every full" (repeat); suitableProdType 0 all, 1 listed.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }),
    discountRule: smallint('discount_rule').notNull(),
    discountType: smallint('discount_type').notNull().default(0),
    suitableProdType: smallint('suitable_prod_type').notNull().default(0),
    /** Cap on the reduction (rules 1 and 2); null = no cap. */
    maxReduceAmount: fen('max_reduce_amount'),
    pic: text('pic'),
    startTime: tstz('start_time').notNull(),
    endTime: tstz('end_time').notNull(),
    status: smallint('status').notNull().default(1), // 1 on, 0 ended early by the shop, 2 taken down by the platform, -1 deleted
    /** Why the platform took it down (status 2): the merchant center shows it. */
    offenceReason: text('offence_reason'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('discounts_shop_idx').on(t.shopId, t.status, t.endTime),
    check('discounts_rule_ck', sql`${t.discountRule} in (0, 1, 2) and ${t.endTime} > ${t.startTime}`),
  ],
);

/**
 * A ladder step. needAmount is fen (rules 0, 2) or a piece count (rule 1);
 * reduceAmount (rule 0, fen) or discount (rules 1, 2, per ten) applies.
 */
export const discountItems = pgTable(
  'discount_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    needAmount: integer('need_amount').notNull(),
    reduceAmount: fen('reduce_amount').notNull().default(0),
    discount: rate('discount'),
  },
  (t) => [index('discount_items_discount_idx').on(t.discountId, t.needAmount), check('discount_items_ck', sql`${t.needAmount} > 0 and ${t.reduceAmount} >= 0`)],
);

export const discountProducts = pgTable(
  'discount_products',
  {
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.productId] }), index('discount_products_product_idx').on(t.productId)],
);

/** A group-buy activity. groupValidTime in minutes; status 1 on, 0 off, -1 deleted. */
export const groupActivities = pgTable(
  'group_activities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }),
    groupNumber: integer('group_number').notNull(),
    groupValidTime: integer('group_valid_time').notNull().default(1440),
    hasMaxNum: boolean('has_max_num').notNull().default(false),
    maxNum: integer('max_num'),
    hasRobot: boolean('has_robot').notNull().default(false),
    startTime: tstz('start_time').notNull(),
    endTime: tstz('end_time').notNull(),
    status: smallint('status').notNull().default(1),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('group_activities_window_idx').on(t.status, t.endTime),
    index('group_activities_product_idx').on(t.productId),
    check('group_activities_ck', sql`${t.groupNumber} >= 2 and ${t.endTime} > ${t.startTime} and ${t.groupValidTime} > 0`),
  ],
);

export const groupSkus = pgTable(
  'group_skus',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupActivityId: integer('group_activity_id')
      .notNull()
      .references(() => groupActivities.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    actPrice: fen('act_price').notNull(),
    leaderPrice: fen('leader_price'),
    sellNum: integer('sell_num').notNull().default(0),
  },
  (t) => [uniqueIndex('group_skus_uq').on(t.groupActivityId, t.skuId), check('group_skus_price_ck', sql`${t.actPrice} >= 0`)],
);

/** status 0 waiting for the leader's payment, 1 grouping, 2 success, 3 failed. */
export const groupTeams = pgTable(
  'group_teams',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupActivityId: integer('group_activity_id')
      .notNull()
      .references(() => groupActivities.id),
    shopId: integer('shop_id').notNull(),
    productId: integer('product_id').notNull(),
    groupNumber: integer('group_number').notNull(),
    joinNum: integer('join_num').notNull().default(0),
    status: smallint('status').notNull().default(0),
    shareUserId: userIdColumn('share_user_id').notNull(),
    startTime: tstz('start_time'),
    endTime: tstz('end_time'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('group_teams_activity_idx').on(t.groupActivityId, t.status),
    index('group_teams_expiry_idx').on(t.status, t.endTime),
    check('group_teams_ck', sql`${t.joinNum} >= 0 and ${t.joinNum} <= ${t.groupNumber} and ${t.status} between 0 and 3`),
  ],
);

/** A seat in a team. userId '0' = robot; identityType 1 leader, 0 member; status 0 unpaid, 1 paid, -1 invalid. */
export const groupOrders = pgTable(
  'group_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupTeamId: integer('group_team_id')
      .notNull()
      .references(() => groupTeams.id),
    groupActivityId: integer('group_activity_id').notNull(),
    userId: userIdColumn().notNull(),
    identityType: smallint('identity_type').notNull().default(0),
    orderNumber: serialNumber('order_number'),
    /** The activity SKU bought (null for a robot's seat): its sell_num counts paid units. */
    groupSkuId: integer('group_sku_id'),
    prodCount: integer('prod_count').notNull().default(1),
    status: smallint('status').notNull().default(0),
    /** The team this member asked to join when it was full, ended or failed at payment: the order opened its own team instead (decision 065). */
    movedFromTeamId: integer('moved_from_team_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('group_orders_order_uq').on(t.orderNumber),
    index('group_orders_team_idx').on(t.groupTeamId, t.status),
    index('group_orders_user_idx').on(t.groupActivityId, t.userId, t.status),
    // A shopper holds at most one live seat (unpaid or paid) in a team; robots ('0') fill any number.
    uniqueIndex('group_orders_team_user_uq')
      .on(t.groupTeamId, t.userId)
      .where(sql`${t.status} >= 0 and ${t.userId} <> '0'`),
  ],
);

/**
 * A discount package (套餐, decision 046): a set of one shop's SKUs sold together at `comboAmount`
 * per set. status 1 on, 0 ended by the shop. mainProductId is the first line's product.
 */
export const combos = pgTable(
  'combos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }),
    mainProductId: integer('main_product_id')
      .notNull()
      .references(() => products.id),
    /** Fen per set. */
    comboAmount: fen('combo_amount').notNull(),
    startTime: tstz('start_time').notNull(),
    endTime: tstz('end_time').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('combos_main_idx').on(t.mainProductId, t.status),
    index('combos_shop_idx').on(t.shopId, t.status, t.endTime),
    check('combos_ck', sql`${t.comboAmount} > 0 and ${t.endTime} > ${t.startTime}`),
  ],
);

/** A package line: `count` pieces of one SKU per set. A product appears once in a package. */
export const comboItems = pgTable(
  'combo_items',
  {
    comboId: integer('combo_id')
      .notNull()
      .references(() => combos.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(1),
    isMain: smallint('is_main').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.comboId, t.productId] }), index('combo_items_product_idx').on(t.productId), check('combo_items_count_ck', sql`${t.count} between 1 and 99`)],
);
