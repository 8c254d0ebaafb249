import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { createdAt, userIdColumn } from './columns.ts';

/** Uploaded files (images for reviews, refunds, shop applications, chat). */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn().references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    mime: varchar('mime', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_path_uq').on(t.path), index('files_user_idx').on(t.userId)],
);
