import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { categories } from './catalog.ts';
import { createdAt, fen, tstz, updatedAt } from './columns.ts';
import { merchantAccounts } from './merchant.ts';
import { shopCategories, shops } from './shop.ts';

// The product module's tables: products and their SKUs (stock counters included).

/** A full-text document; the app writes it as a tsvector literal (lib/search-tokenizer.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A product. prodType: 0 normal, 1 group, 2 seckill, 3 points, 4 combo, 5 activity.
 * mold: 0 physical, 1 virtual. status: 1 on shelf, 0 off shelf, -1 deleted.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    shopCategoryId: integer('shop_category_id').references(() => shopCategories.id, { onDelete: 'set null' }),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 300 }),
    briefZh: varchar('brief_zh', { length: 500 }),
    briefEn: varchar('brief_en', { length: 500 }),
    /** Rich HTML descriptions. */
    contentZh: text('content_zh'),
    contentEn: text('content_en'),
    pic: text('pic').notNull(),
    imgs: text('imgs').array().notNull().default(sql`'{}'::text[]`),
    price: fen('price').notNull(),
    oriPrice: fen('ori_price').notNull(),
    scorePrice: integer('score_price').notNull().default(0),
    prodType: smallint('prod_type').notNull().default(0),
    mold: smallint('mold').notNull().default(0),
    status: smallint('status').notNull().default(1),
    /** Sum of the SKUs' stocks; -1 when any SKU is unlimited. */
    totalStocks: integer('total_stocks').notNull().default(0),
    soldNum: integer('sold_num').notNull().default(0),
    /** Virtual goods and some promotions cannot be refunded. */
    isRefund: smallint('is_refund').notNull().default(1),
    /** Lower-cased zh + en names for substring search; kept by the database itself. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name_zh || ' ' || coalesce(name_en, ''))`),
    /**
     * Weighted search tokens of both names (jieba words, CJK bigrams and unigrams, English words,
     * pinyin, the category name), written by refreshProductSearch; null until then.
     */
    searchVector: tsvector('search_vector'),
    putawayTime: tstz('putaway_time'),
    /**
     * The merchant center's specification dimensions, bilingual, in order (颜色 × 容量); the SKUs'
     * properties are built from them. Null for products made before the merchant center.
     */
    specs: jsonb('specs').$type<ProductSpec[] | null>(),
    /**
     * Taken off the shelf by platform staff for a rule violation (decision 027): the reason the
     * merchant sees, when and by whom. While set, the merchant cannot put the product back on
     * the shelf; staff lift it by clearing it.
     */
    offenceReason: varchar('offence_reason', { length: 200 }),
    offenceAt: tstz('offence_at'),
    offenceBy: varchar('offence_by', { length: 32 }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.status),
    index('products_shop_idx').on(t.shopId, t.status, t.shopCategoryId),
    index('products_status_sold_idx').on(t.status, t.soldNum),
    index('products_status_created_idx').on(t.status, t.createdAt),
    index('products_status_price_idx').on(t.status, t.price),
    index('products_type_idx').on(t.prodType, t.status),
    check('products_price_ck', sql`${t.price} >= 0 and ${t.oriPrice} >= 0 and ${t.scorePrice} >= 0`),
    check('products_stocks_ck', sql`${t.totalStocks} >= -1 and ${t.soldNum} >= 0`),
    check('products_type_ck', sql`${t.prodType} between 0 and 5 and ${t.mold} in (0, 1)`),
    check('products_status_ck', sql`${t.status} in (-1, 0, 1)`),
  ],
);

/** A transaction id (PostgreSQL's xid8), sent and read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Which products changed, and in which transaction: a statement trigger on products (migration
 * 0025) adds a row per product written, inserted or deleted. The API's in-memory search index
 * (decision 050) reads the rows of transactions it may not have seen (xid at or past the oldest
 * transaction that was running at its last read) and drops rows older than an hour.
 */
export const productChanges = pgTable(
  'product_changes',
  {
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    productId: integer('product_id').notNull(),
    at: tstz('at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('product_changes_xid_idx').on(t.xid), index('product_changes_at_idx').on(t.at)],
);

/** One specification dimension of a product and its values, in Chinese and English. */
export interface ProductSpec {
  nameZh: string;
  nameEn: string | null;
  values: { zh: string; en: string | null }[];
}

/** A saleable variant. properties: 'k:v;k:v' in Chinese; name_en mirrors it in English. stocks -1 = unlimited. */
export const skus = pgTable(
  'skus',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    properties: varchar('properties', { length: 500 }).notNull().default(''),
    nameZh: varchar('name_zh', { length: 200 }),
    nameEn: varchar('name_en', { length: 300 }),
    price: fen('price').notNull(),
    oriPrice: fen('ori_price').notNull(),
    scorePrice: integer('score_price').notNull().default(0),
    stocks: integer('stocks').notNull().default(0),
    pic: text('pic'),
    /** The merchant's own code for the SKU (a party code, printed on picking lists). */
    code: varchar('code', { length: 32 }),
    /** Shipping weight in grams, for shops that charge freight by weight (decision 043). */
    weight: integer('weight').notNull().default(0),
    status: smallint('status').notNull().default(1), // 1 enabled, 0 disabled
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('skus_product_idx').on(t.productId),
    check('skus_stocks_ck', sql`${t.stocks} >= -1`),
    check('skus_weight_ck', sql`${t.weight} >= 0`),
    check('skus_price_ck', sql`${t.price} >= 0 and ${t.oriPrice} >= 0 and ${t.scorePrice} >= 0`),
  ],
);

/**
 * Every stock adjustment a merchant makes by hand (orders move stock without a row here): the
 * change, the stock after it, who, when and why. Rows are only ever inserted.
 */
export const stockLogs = pgTable(
  'stock_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    shopId: integer('shop_id').notNull(),
    accountId: integer('account_id').references(() => merchantAccounts.id, { onDelete: 'set null' }),
    /** The store account's name, copied so the log still reads after it changes. */
    actorName: varchar('actor_name', { length: 32 }).notNull(),
    delta: integer('delta').notNull(),
    stocksAfter: integer('stocks_after').notNull(),
    reason: varchar('reason', { length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stock_logs_sku_idx').on(t.skuId, t.createdAt), index('stock_logs_shop_idx').on(t.shopId, t.createdAt)],
);
