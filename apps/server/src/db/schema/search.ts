import { index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// The search module's table: the hot words. (The products' search documents are product columns.)

/** Hot search words; shop_id 0 = platform. */
export const hotSearches = pgTable(
  'hot_searches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull().default(0),
    wordZh: varchar('word_zh', { length: 50 }).notNull(),
    wordEn: varchar('word_en', { length: 100 }),
    seq: integer('seq').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('hot_searches_shop_idx').on(t.shopId, t.status, t.seq)],
);
