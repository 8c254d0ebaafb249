import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { shops } from './shop.ts';

/**
 * The logins of the separate merchant platform (decision 057): a shop's owner, set once after
 * approval, and the staff accounts the owner adds. `role` is one of MERCHANT_ROLE_KEYS; a shop has
 * at most one owner. Login names are unique across every shop.
 */
export const merchantAccounts = pgTable(
  'merchant_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 16 }).notNull().default('owner'), // owner | service | warehouse | operations
    /** A staff member's display name (the owner's is the shop's). */
    displayName: varchar('display_name', { length: 32 }),
    status: smallint('status').notNull().default(1), // 1 enabled, 0 disabled
    lastLoginAt: tstz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchant_accounts_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('merchant_accounts_owner_uq').on(t.shopId).where(sql`${t.role} = 'owner'`),
    index('merchant_accounts_shop_idx').on(t.shopId, t.id),
  ],
);

/**
 * What a shop's accounts changed in the shop's staff (and the refusals of their permissions): who,
 * what, when, and the fields before and after. Rows are only ever inserted; the owner reads them.
 * The account's name is copied, so the log still reads after the account changes.
 */
export const merchantAuditLogs = pgTable(
  'merchant_audit_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    accountName: varchar('account_name', { length: 32 }).notNull(),
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('merchant_audit_logs_shop_idx').on(t.shopId, t.createdAt, t.id)],
);
