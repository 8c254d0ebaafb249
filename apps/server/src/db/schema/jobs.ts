import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';

/**
 * Background work (auto-cancel, auto-receipt, refund deadlines, point expiry...). Workers take
 * due rows with FOR UPDATE SKIP LOCKED. status 0 pending, 1 running, 2 done, 3 failed, 4 cancelled.
 * (kind, ref) is unique so scheduling the same work twice is a no-op.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: varchar('kind', { length: 48 }).notNull(),
    ref: varchar('ref', { length: 64 }).notNull(),
    payload: text('payload'),
    runAt: tstz('run_at').notNull(),
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('jobs_kind_ref_uq').on(t.kind, t.ref),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 0`),
    check('jobs_status_ck', sql`${t.status} between 0 and 4`),
  ],
);
