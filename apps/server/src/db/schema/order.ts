import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { shops } from './shop.ts';
import { bigFen, createdAt, fen, serialNumber, tstz, updatedAt, userIdColumn } from './columns.ts';

/**
 * One order per shop per checkout. orderType 0 general, 1 grouping, 2 seckill, 3 points;
 * orderMold 0 physical, 1 virtual; status 1 unpaid, 2 paid, 3 shipped, 5 completed,
 * 6 cancelled, 7 grouping; dvyType 1 express, 2 pickup, 3 none, 4 same-city;
 * closeType 1 unpaid timeout, 2 refund, 4 buyer cancelled; refundStatus 1 applying,
 * 2 all refunded, 3 partly refunded, 4 failed; deleteStatus 0 shown, 1 deleted by the buyer.
 */
export const orders = pgTable(
  'orders',
  {
    orderNumber: serialNumber('order_number').primaryKey(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    orderType: smallint('order_type').notNull().default(0),
    orderMold: smallint('order_mold').notNull().default(0),
    status: smallint('status').notNull().default(1),
    dvyType: smallint('dvy_type').notNull().default(1),
    /** Product names joined, for the order search box. */
    prodName: varchar('prod_name', { length: 1000 }).notNull().default(''),
    productNums: integer('product_nums').notNull().default(0),
    /** Goods amount before reductions, without freight. */
    total: bigFen('total').notNull(),
    /** What the buyer pays in cash: total - reduceAmount + freight. */
    actualTotal: bigFen('actual_total').notNull(),
    freight: bigFen('freight').notNull().default(0),
    /** Sum of all reductions below. */
    reduceAmount: bigFen('reduce_amount').notNull().default(0),
    discountReduce: bigFen('discount_reduce').notNull().default(0),
    shopCouponReduce: bigFen('shop_coupon_reduce').notNull().default(0),
    platformCouponReduce: bigFen('platform_coupon_reduce').notNull().default(0),
    levelReduce: bigFen('level_reduce').notNull().default(0),
    scoreReduce: bigFen('score_reduce').notNull().default(0),
    /** Fen the discount packages of the order save (decision 046). */
    comboReduce: bigFen('combo_reduce').notNull().default(0),
    freeFreight: bigFen('free_freight').notNull().default(0),
    /** Points spent as a discount, or the price of a points order. */
    useScore: integer('use_score').notNull().default(0),
    payType: smallint('pay_type'),
    payNo: serialNumber('pay_no'),
    isPayed: boolean('is_payed').notNull().default(false),
    remarks: varchar('remarks', { length: 200 }),
    groupTeamId: integer('group_team_id'),
    seckillId: integer('seckill_id'),
    /** The checkout uuid that created it (one-time confirm token, reference 5.2). */
    checkoutUuid: varchar('checkout_uuid', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    payTime: tstz('pay_time'),
    dvyTime: tstz('dvy_time'),
    finallyTime: tstz('finally_time'),
    cancelTime: tstz('cancel_time'),
    closeType: smallint('close_type'),
    refundStatus: smallint('refund_status'),
    deleteStatus: smallint('delete_status').notNull().default(0),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.deleteStatus, t.createdAt),
    index('orders_user_status_idx').on(t.userId, t.status),
    index('orders_shop_idx').on(t.shopId, t.status, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_pay_no_idx').on(t.payNo),
    index('orders_group_team_idx').on(t.groupTeamId),
    check('orders_status_ck', sql`${t.status} in (1, 2, 3, 5, 6, 7)`),
    check('orders_type_ck', sql`${t.orderType} between 0 and 3 and ${t.orderMold} in (0, 1)`),
    check(
      'orders_money_ck',
      sql`${t.total} >= 0 and ${t.actualTotal} >= 0 and ${t.freight} >= 0 and ${t.reduceAmount} >= 0 and ${t.useScore} >= 0`,
    ),
  ],
);

/** A line of an order: copies of the product and SKU as bought. commSts 0 not reviewed, 1 reviewed. */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNumber: serialNumber('order_number')
      .notNull()
      .references(() => orders.orderNumber, { onDelete: 'cascade' }),
    userId: userIdColumn().notNull(),
    shopId: integer('shop_id').notNull(),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    prodNameZh: varchar('prod_name_zh', { length: 200 }).notNull(),
    prodNameEn: varchar('prod_name_en', { length: 300 }),
    skuNameZh: varchar('sku_name_zh', { length: 200 }),
    skuNameEn: varchar('sku_name_en', { length: 300 }),
    pic: text('pic'),
    price: fen('price').notNull(),
    prodCount: integer('prod_count').notNull(),
    /** price x prodCount. */
    productTotalAmount: bigFen('product_total_amount').notNull(),
    /** What this line costs after its share of the reductions. */
    actualTotal: bigFen('actual_total').notNull(),
    /** Every reduction's share of this line (the pricing pipeline, decision 033): their sum. */
    shareReduce: bigFen('share_reduce').notNull().default(0),
    /** The platform-funded part of shareReduce: platform coupon, member discount, points. */
    platformShareReduce: bigFen('platform_share_reduce').notNull().default(0),
    discountShare: bigFen('discount_share').notNull().default(0),
    /** The shop promotion the pricing pipeline applied to the line (its discountShare), for the promotion's usage figures. */
    discountId: integer('discount_id'),
    shopCouponShare: bigFen('shop_coupon_share').notNull().default(0),
    platformCouponShare: bigFen('platform_coupon_share').notNull().default(0),
    levelShare: bigFen('level_share').notNull().default(0),
    scoreShare: bigFen('score_share').notNull().default(0),
    /** The discount package the line was bought in (decision 046), and its share of the package's saving. */
    comboId: integer('combo_id'),
    comboShare: bigFen('combo_share').notNull().default(0),
    useScore: integer('use_score').notNull().default(0),
    gainScore: integer('gain_score').notNull().default(0),
    mold: smallint('mold').notNull().default(0),
    isRefund: smallint('is_refund').notNull().default(1),
    commSts: smallint('comm_sts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderNumber),
    index('order_items_user_comm_idx').on(t.userId, t.commSts),
    index('order_items_product_idx').on(t.productId),
    index('order_items_discount_idx').on(t.discountId).where(sql`${t.discountId} is not null`),
    check('order_items_count_ck', sql`${t.prodCount} > 0 and ${t.price} >= 0 and ${t.actualTotal} >= 0`),
  ],
);

/** The delivery address as it was when the order was placed. */
export const orderAddresses = pgTable('order_addresses', {
  orderNumber: serialNumber('order_number')
    .primaryKey()
    .references(() => orders.orderNumber, { onDelete: 'cascade' }),
  receiver: varchar('receiver', { length: 50 }).notNull(),
  mobile: varchar('mobile', { length: 20 }).notNull(),
  provinceId: integer('province_id'),
  province: varchar('province', { length: 64 }),
  cityId: integer('city_id'),
  city: varchar('city', { length: 64 }),
  areaId: integer('area_id'),
  area: varchar('area', { length: 64 }),
  addr: varchar('addr', { length: 255 }).notNull(),
  createdAt: createdAt(),
});

/** Voucher (write-off) codes of virtual goods. status 0 unused, 1 used, -1 void. */
export const orderVirtualCodes = pgTable(
  'order_virtual_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNumber: serialNumber('order_number')
      .notNull()
      .references(() => orders.orderNumber, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 64 }).notNull(),
    status: smallint('status').notNull().default(0),
    expiresAt: tstz('expires_at'),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_virtual_codes_code_uq').on(t.code), index('order_virtual_codes_order_idx').on(t.orderNumber)],
);

/**
 * A checkout uuid consumed by submit. The insert happens inside the order transaction,
 * so a second submit of the same checkout fails on the primary key (reference 5.2).
 */
export const checkoutTokens = pgTable('checkout_tokens', {
  userId: userIdColumn().notNull(),
  uuid: varchar('uuid', { length: 64 }).notNull(),
  orderNumbers: text('order_numbers').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.uuid] })]);
