import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigFen, createdAt, serialNumber, tstz, updatedAt, userIdColumn } from './columns.ts';
import { orders } from './order.ts';

/**
 * An after-sales request. refundType 1 whole order, 2 one item; applyType 1 refund only,
 * 2 return and refund; isReceiver 1 goods received, 0 not; buyerReason 0-7;
 * returnMoneySts 1 applied, 2 accepted, 3 buyer shipped, 4 seller received, 5 success,
 * 6 withdrawn, 7 refused, -1 closed.
 */
export const refunds = pgTable(
  'refunds',
  {
    refundSn: serialNumber('refund_sn').primaryKey(),
    orderNumber: serialNumber('order_number')
      .notNull()
      .references(() => orders.orderNumber),
    /** 0 = the whole order. */
    orderItemId: integer('order_item_id').notNull().default(0),
    userId: userIdColumn().notNull(),
    shopId: integer('shop_id').notNull(),
    refundType: smallint('refund_type').notNull(),
    applyType: smallint('apply_type').notNull(),
    isReceiver: smallint('is_receiver').notNull().default(0),
    goodsNum: integer('goods_num').notNull(),
    refundAmount: bigFen('refund_amount').notNull(),
    /** The ceiling at application time, freight included when this is the last item. */
    maxRefundAmount: bigFen('max_refund_amount').notNull(),
    freightAmount: bigFen('freight_amount').notNull().default(0),
    refundScore: integer('refund_score').notNull().default(0),
    buyerReason: smallint('buyer_reason').notNull(),
    buyerDesc: varchar('buyer_desc', { length: 200 }),
    buyerMobile: varchar('buyer_mobile', { length: 11 }),
    photoFiles: text('photo_files').array().notNull().default(sql`'{}'::text[]`),
    returnMoneySts: smallint('return_money_sts').notNull().default(1),
    /**
     * The money's own state (REFUND_SETTLE_STATUS): 0 not due, 1 refunding, 2 refunded, 3 failing.
     * The flow that decides a refund sets 1 in the same update as the decision; settling moves 1 or 3
     * to 2 once, together with returnMoneySts 5.
     */
    settleStatus: smallint('settle_status').notNull().default(0),
    sellerMsg: varchar('seller_msg', { length: 255 }),
    applyTime: createdAt(),
    handleTime: tstz('handle_time'),
    shipTime: tstz('ship_time'),
    receiveTime: tstz('receive_time'),
    refundTime: tstz('refund_time'),
    cancelTime: tstz('cancel_time'),
    closeTime: tstz('close_time'),
    /** When the current step times out (reference 5.4). */
    deadline: tstz('deadline'),
    /** The deadline whose 12-hour reminder went out (so a retried reminder job sends it once). */
    remindedFor: tstz('reminded_for'),
    /** The platform's part: 0 none, 1 the shopper asked it to step in, 2 decided. */
    platformStatus: smallint('platform_status').notNull().default(0),
    platformApplyReason: varchar('platform_apply_reason', { length: 200 }),
    /** The platform's decision reason, shown to both sides. */
    platformReason: varchar('platform_reason', { length: 200 }),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('refunds_user_idx').on(t.userId, t.applyTime),
    index('refunds_order_idx').on(t.orderNumber),
    index('refunds_shop_idx').on(t.shopId, t.returnMoneySts),
    index('refunds_deadline_idx').on(t.returnMoneySts, t.deadline),
    // One open request per item (or per whole order, item 0).
    uniqueIndex('refunds_open_item_uq')
      .on(t.orderNumber, t.orderItemId)
      .where(sql`${t.returnMoneySts} in (1, 2, 3, 4)`),
    check('refunds_amount_ck', sql`${t.refundAmount} >= 0 and ${t.refundAmount} <= ${t.maxRefundAmount} and ${t.goodsNum} >= 1`),
    check('refunds_sts_ck', sql`${t.returnMoneySts} between -1 and 7 and ${t.returnMoneySts} <> 0`),
    check('refunds_reason_ck', sql`${t.buyerReason} between 0 and 7`),
    check('refunds_settle_ck', sql`${t.settleStatus} between 0 and 3`),
    index('refunds_settle_idx').on(t.settleStatus).where(sql`${t.settleStatus} in (1, 3)`),
    index('refunds_platform_idx').on(t.platformStatus).where(sql`${t.platformStatus} = 1`),
    check('refunds_platform_ck', sql`${t.platformStatus} between 0 and 2`),
  ],
);

/**
 * The negotiation history of a request: each action, who did it (actor buyer, seller, platform or
 * system, with the account's id and name copied), the status it left and the amount then. Rows are
 * only ever inserted, in the transaction of the move they record.
 */
export const refundHistories = pgTable(
  'refund_histories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    refundSn: serialNumber('refund_sn')
      .notNull()
      .references(() => refunds.refundSn, { onDelete: 'cascade' }),
    actor: varchar('actor', { length: 16 }).notNull(),
    actorId: varchar('actor_id', { length: 64 }),
    actorName: varchar('actor_name', { length: 64 }),
    action: varchar('action', { length: 24 }).notNull(),
    returnMoneySts: smallint('return_money_sts').notNull(),
    note: varchar('note', { length: 255 }),
    refundAmount: bigFen('refund_amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('refund_histories_refund_idx').on(t.refundSn, t.id)],
);

/** Where a shop's returns go (the merchant center's after-sales settings); absent = the shop's address and tel. */
export const shopReturnAddresses = pgTable('shop_return_addresses', {
  shopId: integer('shop_id').primaryKey(),
  receiverName: varchar('receiver_name', { length: 50 }).notNull(),
  receiverMobile: varchar('receiver_mobile', { length: 20 }).notNull(),
  receiverAddr: varchar('receiver_addr', { length: 255 }).notNull(),
  updatedAt: updatedAt(),
});

/** The after-sales periods (one row, id 1), edited in the platform console; absent = REFUND_DEFAULT_PERIODS. */
export const aftersaleSettings = pgTable(
  'aftersale_settings',
  {
    id: smallint('id').primaryKey().default(1),
    applyDays: smallint('apply_days').notNull(),
    sellerHandleDays: smallint('seller_handle_days').notNull(),
    buyerShipDays: smallint('buyer_ship_days').notNull(),
    sellerReceiveDays: smallint('seller_receive_days').notNull(),
    reminderHours: smallint('reminder_hours').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('aftersale_settings_one_ck', sql`${t.id} = 1`)],
);

/**
 * A reminder 12 hours before a deadline, to the party who must act: the shopper (userId) or the
 * shop (shopId). kind: sellerHandle, buyerShip, sellerReceive. The texts are the catalogs'
 * (refundNotices.<kind>), so each reader sees them in their language. One per deadline.
 */
export const refundNotices = pgTable(
  'refund_notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    refundSn: serialNumber('refund_sn')
      .notNull()
      .references(() => refunds.refundSn, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    shopId: integer('shop_id'),
    kind: varchar('kind', { length: 24 }).notNull(),
    deadline: tstz('deadline').notNull(),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refund_notices_once_uq').on(t.refundSn, t.kind, t.deadline),
    index('refund_notices_user_idx').on(t.userId, t.id),
    index('refund_notices_shop_idx').on(t.shopId, t.id),
  ],
);

/** The return parcel the buyer sends back. */
export const refundDeliveries = pgTable('refund_deliveries', {
  refundSn: serialNumber('refund_sn')
    .primaryKey()
    .references(() => refunds.refundSn, { onDelete: 'cascade' }),
  dvyId: integer('dvy_id'),
  dvyName: varchar('dvy_name', { length: 100 }),
  dvyFlowId: varchar('dvy_flow_id', { length: 64 }),
  senderMobile: varchar('sender_mobile', { length: 11 }),
  senderRemarks: varchar('sender_remarks', { length: 200 }),
  imgs: text('imgs').array().notNull().default(sql`'{}'::text[]`),
  /** Where the buyer must send the goods (the shop's return address at acceptance). */
  receiverName: varchar('receiver_name', { length: 50 }),
  receiverMobile: varchar('receiver_mobile', { length: 20 }),
  receiverAddr: varchar('receiver_addr', { length: 255 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
