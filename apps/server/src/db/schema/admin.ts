import { sql } from 'drizzle-orm';
import { integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Staff roles (issue 25, decision 057): a named set of permissions. The four built-in roles carry
 * their key (super, operations, service, finance) and take their permissions from the shared
 * contract (constants/permissions.ts), so the row's copy is only informative; a role the super
 * administrator adds has no key and its own permissions.
 */
export const adminRoles = pgTable(
  'admin_roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    key: varchar('key', { length: 16 }),
    name: varchar('name', { length: 32 }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_roles_key_uq').on(t.key), uniqueIndex('admin_roles_name_uq').on(sql`lower(${t.name})`)],
);

/** Platform staff who use the console (decision 015); each holds one role (decision 057). */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    status: smallint('status').notNull().default(1), // 1 enabled, 0 disabled
    roleId: integer('role_id')
      .notNull()
      .references(() => adminRoles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admin_users_username_uq').on(sql`lower(${t.username})`)],
);
