import { index, integer, pgTable, smallint, text, varchar, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns.ts';
import { products } from './product.ts';

// The catalog module's tables: the category tree and the carousel slides.

/** The platform tree (shop_id 0, grades 1-3) and any shop-specific category rows. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull().default(0), // 0 = platform
    parentId: integer('parent_id').notNull().default(0), // 0 = top level
    grade: smallint('grade').notNull(),
    nameZh: varchar('name_zh', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    icon: text('icon'),
    pic: text('pic'),
    seq: integer('seq').notNull().default(0),
    status: smallint('status').notNull().default(1), // 1 shown, 0 hidden
    createdAt: createdAt(),
  },
  (t) => [index('categories_parent_idx').on(t.shopId, t.parentId, t.seq), check('categories_grade_ck', sql`${t.grade} between 1 and 3`)],
);

/**
 * Carousel slides; shop_id 0 = the home page. A slide's picture has its headline drawn in, so it
 * has one per language: img (Chinese) and img_en (English; null = the Chinese one for everyone).
 */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull().default(0),
    img: text('img').notNull(),
    imgEn: text('img_en'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    titleZh: varchar('title_zh', { length: 100 }),
    titleEn: varchar('title_en', { length: 200 }),
    seq: integer('seq').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('banners_shop_idx').on(t.shopId, t.status, t.seq)],
);
