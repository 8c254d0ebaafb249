import { sql } from 'drizzle-orm';
import { integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Platform staff who use the console (decision 015). */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    status: smallint('status').notNull().default(1), // 1 enabled, 0 disabled
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admin_users_username_uq').on(sql`lower(${t.username})`)],
);
