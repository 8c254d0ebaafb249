import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt, userIdColumn } from './columns.ts';

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
