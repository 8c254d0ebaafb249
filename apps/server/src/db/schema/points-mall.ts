// The points mall (积分商城, issue 29; decision 066), owned by modules/pointsmall. A points item is
// the platform's offer of one product of a self-run shop for points (and an optional cash part),
// with the mall's own stock, a per-user limit and a shelf status. Its orders are ordinary orders of
// type 3 (the order module's tables); these tables keep what the mall needs beside them.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './product.ts';
import { createdAt, fen, serialNumber, updatedAt, userIdColumn } from './columns.ts';

/**
 * One points item per product. scorePrice: points per unit; cashPrice: fen per unit (0 = points
 * only). stocks: units the mall may still give (an allotment apart from the SKUs' stock, which an
 * exchange also takes, as any order does); soldNum: units in live points orders. maxNum -1 = no
 * per-user limit. status 1 on shelf, 0 off. createdBy: the admin_users id (the admin module's).
 */
export const pointsItems = pgTable(
  'points_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    shopId: integer('shop_id').notNull(),
    scorePrice: integer('score_price').notNull(),
    cashPrice: fen('cash_price').notNull().default(0),
    stocks: integer('stocks').notNull(),
    soldNum: integer('sold_num').notNull().default(0),
    maxNum: integer('max_num').notNull().default(-1),
    status: smallint('status').notNull().default(0),
    createdBy: integer('created_by'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('points_items_product_uq').on(t.productId),
    index('points_items_status_idx').on(t.status, t.scorePrice),
    check('points_items_price_ck', sql`${t.scorePrice} > 0 and ${t.cashPrice} >= 0`),
    check('points_items_stocks_ck', sql`${t.stocks} >= 0 and ${t.soldNum} >= 0`),
    check('points_items_ck', sql`(${t.maxNum} = -1 or ${t.maxNum} > 0) and ${t.status} in (0, 1)`),
  ],
);

/**
 * Units one shopper holds of an item in live points orders (unpaid or paid): the per-user limit's
 * counter, moved only by a guarded upsert (`bought_num + n <= max_num`) at submit and back at cancel.
 */
export const pointsItemBuyers = pgTable(
  'points_item_buyers',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => pointsItems.id, { onDelete: 'cascade' }),
    userId: userIdColumn().notNull(),
    boughtNum: integer('bought_num').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), check('points_item_buyers_ck', sql`${t.boughtNum} >= 0`)],
);

/**
 * What an exchange took, per order: the item, the units, the points and the cash part. state 1 live
 * (unpaid or paid), -1 cancelled (its units, limit and stock given back, once).
 */
export const pointsOrders = pgTable(
  'points_orders',
  {
    orderNumber: serialNumber('order_number').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => pointsItems.id),
    userId: userIdColumn().notNull(),
    skuId: integer('sku_id').notNull(),
    prodCount: integer('prod_count').notNull(),
    score: integer('score').notNull(),
    cash: fen('cash').notNull(),
    state: smallint('state').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('points_orders_user_idx').on(t.userId, t.itemId, t.state),
    index('points_orders_item_idx').on(t.itemId, t.state),
    check('points_orders_ck', sql`${t.prodCount} > 0 and ${t.score} >= 0 and ${t.cash} >= 0 and ${t.state} in (-1, 1)`),
  ],
);
