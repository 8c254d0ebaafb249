import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { flatFreightRule, type FreightRule } from '@bazaar/shared/schemas/freight';
import { users } from './account.ts';
import { createdAt, tstz, updatedAt, userIdColumn } from './columns.ts';

/**
 * A store, from application to closure. status: -1 rejected (or none), 0 under review,
 * 1 open, 2 offline (constants/shop-status.ts). type: 1 self-run, 2 ordinary.
 */
export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The shopper who applied; null for platform-created shops. One application per user. */
    userId: userIdColumn().references(() => users.id, { onDelete: 'set null' }),
    nameZh: varchar('name_zh', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    introZh: text('intro_zh'),
    introEn: text('intro_en'),
    logo: text('logo'),
    banner: text('banner'),
    tel: varchar('tel', { length: 20 }),
    provinceId: integer('province_id'),
    province: varchar('province', { length: 64 }),
    cityId: integer('city_id'),
    city: varchar('city', { length: 64 }),
    areaId: integer('area_id'),
    area: varchar('area', { length: 64 }),
    address: varchar('address', { length: 255 }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    businessLicense: text('business_license'),
    identityCardFront: text('identity_card_front'),
    identityCardLater: text('identity_card_later'),
    type: smallint('type').notNull().default(2),
    status: smallint('status').notNull().default(0),
    auditRemarks: varchar('audit_remarks', { length: 255 }),
    auditedAt: tstz('audited_at'),
    /** Why platform staff took the shop offline (shown to its owner); null while open. */
    offlineReason: varchar('offline_reason', { length: 200 }),
    /** 0.0-5.0, shown on the shop head. */
    score: numeric('score', { precision: 2, scale: 1, mode: 'number' }).notNull().default(5),
    /** How the shop's parcels are charged (modules/shop/freight.ts, decision 043); valid by FreightRuleSchema. */
    freightRule: jsonb('freight_rule').$type<FreightRule>().notNull().default(flatFreightRule(0, null)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shops_user_uq').on(t.userId),
    index('shops_status_idx').on(t.status, t.id),
    index('shops_name_zh_idx').on(t.nameZh),
    check('shops_status_ck', sql`${t.status} in (-1, 0, 1, 2)`),
    check('shops_type_ck', sql`${t.type} in (1, 2)`),
  ],
);

/** Every review decision on a shop application, newest last. */
export const shopAudits = pgTable(
  'shop_audits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(), // 0 submitted, 1 passed, -1 rejected
    remarks: varchar('remarks', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [index('shop_audits_shop_idx').on(t.shopId, t.createdAt)],
);

/** A shop's own category tree (the store page's side menu). */
export const shopCategories = pgTable(
  'shop_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').notNull().default(0),
    nameZh: varchar('name_zh', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    seq: integer('seq').notNull().default(0),
    status: smallint('status').notNull().default(1), // 1 shown, 0 hidden
    createdAt: createdAt(),
  },
  (t) => [index('shop_categories_shop_idx').on(t.shopId, t.parentId, t.seq)],
);
