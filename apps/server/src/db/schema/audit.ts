import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Every change platform staff make (issue 10): who, what, when, and the changed fields before and
 * after. Rows are only ever inserted. The staff member's name is copied, so the log still reads
 * after an account is renamed or removed.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    adminId: integer('admin_id').notNull(),
    adminName: varchar('admin_name', { length: 32 }).notNull(),
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_created_idx').on(t.createdAt, t.id), index('audit_logs_action_idx').on(t.action, t.createdAt)],
);
