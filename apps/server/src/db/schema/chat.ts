import { bigint, boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { createdAt, userIdColumn } from './columns.ts';

/**
 * Chat between a shopper and a shop (shop_id 0 = platform customer service).
 * senderType 1 shopper, 2 shop / service; msgType 0 text, 1 image, 2 product, 3 order.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull(),
    senderType: smallint('sender_type').notNull(),
    msgType: smallint('msg_type').notNull().default(0),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.userId, t.shopId, t.id), index('chat_messages_shop_idx').on(t.shopId, t.isRead)],
);
