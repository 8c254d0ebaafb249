import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { createdAt, updatedAt, userIdColumn } from './columns.ts';

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
    /** English (pinyin) name for English pages, made at seed time; null falls back to the Chinese. */
    nameEn: varchar('name_en', { length: 128 }),
    level: smallint('level').notNull(),
  },
  (t) => [index('areas_parent_idx').on(t.parentId), check('areas_level_ck', sql`${t.level} between 1 and 3`)],
);
