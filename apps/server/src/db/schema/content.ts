import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { products } from './catalog.ts';
import { createdAt, serialNumber, tstz, updatedAt, userIdColumn } from './columns.ts';
import { shops } from './shop.ts';

/** Platform settings by key (web config, switches, terms, seed marker). */
export const siteConfig = pgTable('site_config', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Announcements; shop_id 0 = platform. status 1 published, 0 draft. */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull().default(0),
    titleZh: varchar('title_zh', { length: 100 }).notNull(),
    titleEn: varchar('title_en', { length: 200 }),
    contentZh: text('content_zh').notNull(),
    contentEn: text('content_en'),
    isTop: boolean('is_top').notNull().default(false),
    status: smallint('status').notNull().default(1),
    publishTime: tstz('publish_time').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notices_shop_idx').on(t.shopId, t.status, t.isTop, t.publishTime)],
);

/** Page-view records sent by the storefront (specification section 3, traffic log). */
export const flowAnalysisLogs = pgTable(
  'flow_analysis_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    pageId: smallint('page_id').notNull(),
    bizType: smallint('biz_type'),
    bizData: varchar('biz_data', { length: 2000 }),
    visitType: smallint('visit_type').notNull().default(1),
    nums: integer('nums'),
    orderNumbers: varchar('order_numbers', { length: 2000 }),
    step: integer('step').notNull(),
    systemType: smallint('system_type').notNull().default(1),
    uuid: varchar('uuid', { length: 64 }).notNull(),
    uuidSession: varchar('uuid_session', { length: 64 }).notNull(),
    userId: userIdColumn(),
    prevPageId: smallint('prev_page_id'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('flow_analysis_logs_created_idx').on(t.createdAt), index('flow_analysis_logs_session_idx').on(t.uuidSession, t.step)],
);

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
    check('reviews_score_ck', sql`${t.score} between 1 and 5 and ${t.evaluate} between 0 and 2`),
  ],
);

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

/**
 * Chat between a shopper and a shop (shop_id 0 = platform customer service).
 * senderType 1 shopper, 2 shop / service; msgType 0 text, 1 image, 2 product, 3 order.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull(),
    senderType: smallint('sender_type').notNull(),
    msgType: smallint('msg_type').notNull().default(0),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.userId, t.shopId, t.id), index('chat_messages_shop_idx').on(t.shopId, t.isRead)],
);

/** Delivery addresses. commonAddr marks the default; at most one per user. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiver: varchar('receiver', { length: 50 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    provinceId: integer('province_id').notNull(),
    province: varchar('province', { length: 64 }).notNull(),
    cityId: integer('city_id').notNull(),
    city: varchar('city', { length: 64 }).notNull(),
    areaId: integer('area_id').notNull(),
    area: varchar('area', { length: 64 }).notNull(),
    addr: varchar('addr', { length: 255 }).notNull(),
    commonAddr: boolean('common_addr').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_addresses_user_idx').on(t.userId),
    uniqueIndex('user_addresses_default_uq').on(t.userId).where(sql`${t.commonAddr}`),
  ],
);

/** China's administrative divisions: id is the official code; level 1 province, 2 city, 3 district. */
export const areas = pgTable(
  'areas',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 64 }).notNull(),
    level: smallint('level').notNull(),
  },
  (t) => [index('areas_parent_idx').on(t.parentId), check('areas_level_ck', sql`${t.level} between 1 and 3`)],
);

/** Uploaded files (images for reviews, refunds, shop applications, chat). */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn().references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    mime: varchar('mime', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_path_uq').on(t.path), index('files_user_idx').on(t.userId)],
);
