import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { createdAt, userIdColumn } from './columns.ts';

/**
 * Uploaded files (modules/upload): who uploaded each (a shopper, or a shop through its merchant
 * account), so a form may only cite its owner's files.
 * Public ones are served at their path (/uploads/...); private ones (licences, ID cards) live
 * outside the served folder and are shown only through signed links.
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn().references(() => users.id, { onDelete: 'set null' }),
    /** The shop whose merchant uploaded it (shop logos and banners); null for a shopper's file. */
    shopId: integer('shop_id'),
    path: text('path').notNull(),
    mime: varchar('mime', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_path_uq').on(t.path), index('files_user_idx').on(t.userId), index('files_shop_idx').on(t.shopId)],
);
