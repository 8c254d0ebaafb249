import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: varchar('id', { length: 32 }).primaryKey(), // 32-char hex (reference section 1)
    userName: varchar('user_name', { length: 16 }),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    nickName: varchar('nick_name', { length: 15 }).notNull(),
    pic: text('pic'),
    sex: varchar('sex', { length: 1 }),
    birthDate: varchar('birth_date', { length: 10 }),
    passwordHash: text('password_hash'),
    status: smallint('status').notNull().default(1), // 1 normal, 0 disabled
    /** Why platform staff disabled the login (shown at the login); null while enabled. */
    disabledReason: varchar('disabled_reason', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_uq').on(sql`lower(${t.userName})`),
    uniqueIndex('users_mobile_uq').on(t.mobile),
  ],
);

/** Every SMS the platform sent, for audit and for the sandbox inbox. Codes are kept hashed. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(), // login | register | password | shopAccount | notice
    provider: varchar('provider', { length: 16 }).notNull(),
    /** Plain code, stored only by the sandbox provider so its inbox can show it. */
    sandboxCode: varchar('sandbox_code', { length: 8 }),
    /** A notice's whole text (a flash sale's reminder, an after-sales deadline), stored only by the sandbox provider for its inbox. */
    sandboxText: varchar('sandbox_text', { length: 500 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_messages_mobile_idx').on(t.mobile, t.createdAt)],
);
