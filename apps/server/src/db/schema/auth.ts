import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every live or past session of every audience (shopper, merchant, admin). Only the sha256 of the
 * opaque token is kept; the subject is the audience's own account id as text.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    audience: varchar('audience', { length: 16 }).notNull(), // shopper | merchant | admin
    subject: varchar('subject', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: varchar('user_agent', { length: 255 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('auth_tokens_subject_idx').on(t.audience, t.subject, t.createdAt)],
);

/**
 * Password tries per account and audience, counted before the password is checked (decision 015).
 * `account` is the account id when the name is known, else the name as typed, lower-cased.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    audience: varchar('audience', { length: 16 }).notNull(),
    account: varchar('account', { length: 80 }).notNull(),
    attempts: integer('attempts').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.audience, t.account] })],
);
