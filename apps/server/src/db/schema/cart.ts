import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { products, skus } from './product.ts';
import { createdAt, updatedAt, userIdColumn } from './columns.ts';
import { shops } from './shop.ts';

/** The shopping cart ("basket"): one row per user and SKU; id is the API's basketId. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    /** The shop promotion the shopper chose for this item (0 / null = none). */
    discountId: integer('discount_id'),
    isChecked: boolean('is_checked').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_sku_uq').on(t.userId, t.skuId),
    index('cart_items_user_idx').on(t.userId, t.shopId),
    check('cart_items_count_ck', sql`${t.count} > 0`),
  ],
);

/**
 * A discount package in the cart (decision 046): one row per user and package, `count` sets; its
 * lines are the package's, read when the cart is shown, so they stay together and move as a unit.
 */
export const cartCombos = pgTable(
  'cart_combos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    comboId: integer('combo_id').notNull(),
    count: integer('count').notNull(),
    isChecked: boolean('is_checked').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cart_combos_user_combo_uq').on(t.userId, t.comboId), check('cart_combos_count_ck', sql`${t.count} > 0`)],
);
