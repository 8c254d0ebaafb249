import { sql } from 'drizzle-orm';
import { integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { shops } from './shop.ts';

/** The login of the separate merchant platform; one per shop. */
export const merchantAccounts = pgTable(
  'merchant_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    status: smallint('status').notNull().default(1), // 1 enabled, 0 disabled
    lastLoginAt: tstz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('merchant_accounts_username_uq').on(sql`lower(${t.username})`), uniqueIndex('merchant_accounts_shop_uq').on(t.shopId)],
);
