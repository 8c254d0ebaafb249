import { bigint, index, integer, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { products } from './product.ts';
import { shops } from './shop.ts';
import { createdAt, tstz, userIdColumn } from './columns.ts';

export const productCollections = pgTable(
  'product_collections',
  {
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('product_collections_user_idx').on(t.userId, t.createdAt)],
);

export const shopCollections = pgTable(
  'shop_collections',
  {
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] }), index('shop_collections_shop_idx').on(t.shopId), index('shop_collections_user_idx').on(t.userId, t.createdAt)],
);

/** The footprint: one row per user and product, moved forward on each view. */
export const browseLogs = pgTable(
  'browse_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    browseTime: tstz('browse_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('browse_logs_user_product_uq').on(t.userId, t.productId), index('browse_logs_user_time_idx').on(t.userId, t.browseTime)],
);
