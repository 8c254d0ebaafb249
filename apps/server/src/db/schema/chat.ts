import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { createdAt, tstz, updatedAt, userIdColumn } from './columns.ts';

/**
 * A conversation between a shopper and a shop (shop_id 0 = platform customer service), decision 063.
 * last_seq allocates the messages' per-conversation sequence numbers (an atomic increment of this
 * row, which also serialises the sends of one conversation). Each side keeps a read cursor and an
 * exact unread count of the other side's messages after it. For shop 0, status/agent_id say whether
 * the consultation waits in the queue, is taken by an agent, or expired after idling.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userIdColumn()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    userReadSeq: bigint('user_read_seq', { mode: 'number' }).notNull().default(0),
    shopReadSeq: bigint('shop_read_seq', { mode: 'number' }).notNull().default(0),
    /** Messages of the shop's side after the shopper's cursor, and the shopper's after the shop's. */
    userUnread: integer('user_unread').notNull().default(0),
    shopUnread: integer('shop_unread').notNull().default(0),
    lastContent: text('last_content').notNull().default(''),
    lastMsgType: smallint('last_msg_type').notNull().default(0),
    lastMsgAt: tstz('last_msg_at'),
    /** Platform service only: 0 waiting, 1 taken, 2 expired (CHAT_SERVICE_STATUS). */
    status: smallint('status').notNull().default(0),
    agentId: integer('agent_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_user_shop_uq').on(t.userId, t.shopId),
    index('chat_conversations_shop_last_idx').on(t.shopId, t.lastMsgAt),
    index('chat_conversations_agent_idx').on(t.agentId).where(sql`${t.agentId} is not null`),
    check('chat_conversations_cursors_ck', sql`${t.userReadSeq} <= ${t.lastSeq} and ${t.shopReadSeq} <= ${t.lastSeq} and ${t.userUnread} >= 0 and ${t.shopUnread} >= 0`),
  ],
);

/**
 * One message. seq is its place in the conversation (1, 2, 3...). from_side 1 shopper, 2 the shop's
 * side (a seller or an agent), 3 system. content is text (the image path, the prodId or the
 * orderNumber for those types); card is the product or order snapshot sent with a card.
 * client_msg_id makes a resend of the same sender a no-op.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    fromSide: smallint('from_side').notNull(),
    senderId: varchar('sender_id', { length: 32 }).notNull(),
    msgType: smallint('msg_type').notNull().default(0),
    content: text('content').notNull(),
    card: jsonb('card'),
    clientMsgId: varchar('client_msg_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_messages_conversation_seq_uq').on(t.conversationId, t.seq),
    uniqueIndex('chat_messages_client_msg_uq')
      .on(t.conversationId, t.fromSide, t.senderId, t.clientMsgId)
      .where(sql`${t.clientMsgId} is not null`),
  ],
);

/** A shop's quick replies in the merchant inbox. */
export const chatQuickReplies = pgTable(
  'chat_quick_replies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull(),
    content: text('content').notNull(),
    seq: integer('seq').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('chat_quick_replies_shop_idx').on(t.shopId, t.seq)],
);

/** A shop's chat settings: away (its shoppers get code 12 and their messages wait). */
export const chatShopSettings = pgTable('chat_shop_settings', {
  shopId: integer('shop_id').primaryKey(),
  away: boolean('away').notNull().default(false),
  updatedAt: updatedAt(),
});
