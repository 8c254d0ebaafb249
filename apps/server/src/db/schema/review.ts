import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { products } from './product.ts';
import { createdAt, serialNumber, tstz, userIdColumn } from './columns.ts';

/** Product reviews (prod_comm). evaluate 0 good (4-5), 1 medium (3), 2 bad (1-2); status 1 shown, 0 hidden. */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id'),
    orderNumber: serialNumber('order_number'),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull(),
    skuNameZh: varchar('sku_name_zh', { length: 200 }),
    skuNameEn: varchar('sku_name_en', { length: 300 }),
    score: smallint('score').notNull(),
    evaluate: smallint('evaluate').notNull(),
    content: varchar('content', { length: 150 }).notNull(),
    pics: text('pics').array().notNull().default(sql`'{}'::text[]`),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    status: smallint('status').notNull().default(1),
    replyContent: text('reply_content'),
    replyTime: tstz('reply_time'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_order_item_uq').on(t.orderItemId),
    index('reviews_product_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId, t.createdAt),
    // The merchant center's list: one shop's reviews, newest first (decision 055).
    index('reviews_shop_idx').on(t.shopId, t.createdAt),
    check('reviews_score_ck', sql`${t.score} between 1 and 5 and ${t.evaluate} between 0 and 2`),
  ],
);
