// Chat tables (decision 063): conversations with their sequence allocator, read cursors and unread
// counts, messages, quick replies and the shops' away setting. A send is one statement, outside any
// transaction: the conversation row's update allocates the seq (and holds the row until the
// statement ends, so the sends of one conversation are serialised) and the message's insert. When
// the sender already sent that client message id, the insert's unique index fails the statement as
// a whole, so nothing of it stays and no seq is lost.
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { CHAT_SERVICE_STATUS, CHAT_SIDE } from '@bazaar/shared/constants/chat';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { chatConversations, chatMessages, chatQuickReplies, chatShopSettings } from '../../db/schema/chat.ts';

type Reader = Db | Tx;

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type QuickReplyRow = typeof chatQuickReplies.$inferSelect;

export interface NewMessage {
  fromSide: number;
  senderId: string;
  msgType: number;
  content: string;
  card: unknown;
  clientMsgId: string | null;
  /** The preview kept on the conversation (a card's or image's text for the list). */
  preview: string;
  at: Date;
}

/** The conversation of (shopper, shop), made when absent; answers its row. */
export async function ensureConversation(db: Reader, userId: string, shopId: number, at: Date): Promise<ConversationRow> {
  const [made] = await db.insert(chatConversations).values({ userId, shopId, createdAt: at, updatedAt: at }).onConflictDoNothing().returning();
  if (made) return made;
  const [row] = await db.select().from(chatConversations).where(and(eq(chatConversations.userId, userId), eq(chatConversations.shopId, shopId)));
  return row!;
}

export async function conversationOf(db: Reader, userId: string, shopId: number): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversations).where(and(eq(chatConversations.userId, userId), eq(chatConversations.shopId, shopId)));
  return row ?? null;
}

export async function conversationById(db: Reader, id: number): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row ?? null;
}

export async function conversationsByIds(db: Reader, ids: number[]): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(chatConversations).where(inArray(chatConversations.id, ids));
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** The unique index of (conversation, side, sender, client message id): a resend runs into it. */
const CLIENT_MSG_UNIQUE = 'chat_messages_client_msg_uq';

/** A conversation by its id, or by its shopper and shop (a send that did not read it first). */
export type ConversationKey = { id: number } | { userId: string; shopId: number };

export interface StoredMessage {
  conversation: ConversationRow;
  message: MessageRow;
  /** The unread counts just before this message (read under the row's lock). */
  before: { userUnread: number; shopUnread: number };
  /** The shop's away setting. */
  away: boolean;
}

/**
 * Allocates the next seq of the conversation and stores the message: one statement, atomic by
 * itself (no BEGIN/COMMIT round trips), that also answers the counts before it and the shop's away
 * setting. Answers null when the sender already sent this clientMsgId (the unique index failed the
 * statement whole: nothing written, no seq used) and 'absent' when there is no such conversation.
 */
export async function insertMessage(db: Reader, key: ConversationKey, m: NewMessage): Promise<StoredMessage | null | 'absent'> {
  const fromShopper = m.fromSide === CHAT_SIDE.shopper;
  const fromShop = m.fromSide === CHAT_SIDE.shop;
  const where = 'id' in key ? sql`id = ${key.id}` : sql`user_id = ${key.userId} and shop_id = ${key.shopId}`;
  // The sender has read what came before its own message; the other side has one more to read.
  let result;
  try {
    result = await db.execute<Record<string, unknown>>(sql`
    with o as (
      select id as o_id, user_unread as o_user_unread, shop_unread as o_shop_unread from chat_conversations where ${where} for update),
    c as (
      update chat_conversations set
        last_seq = last_seq + 1,
        user_read_seq = case when ${fromShopper} then last_seq + 1 else user_read_seq end,
        user_unread = case when ${fromShopper} then 0 when ${fromShop} then user_unread + 1 else user_unread end,
        shop_read_seq = case when ${fromShop} then last_seq + 1 else shop_read_seq end,
        shop_unread = case when ${fromShop} then 0 when ${fromShopper} then shop_unread + 1 else shop_unread end,
        last_content = ${m.preview},
        last_msg_type = ${m.msgType},
        last_msg_at = ${m.at},
        -- a shopper's message to an expired platform consultation queues it again
        status = case when shop_id = 0 and ${fromShopper} and status = ${CHAT_SERVICE_STATUS.expired} then ${CHAT_SERVICE_STATUS.waiting} else status end,
        updated_at = ${m.at}
      from o where id = o.o_id
      returning chat_conversations.*, o.o_user_unread, o.o_shop_unread),
    m as (
      insert into chat_messages (conversation_id, seq, from_side, sender_id, msg_type, content, card, client_msg_id, created_at)
      select c.id, c.last_seq, ${m.fromSide}, ${m.senderId}, ${m.msgType}, ${m.content}, ${m.card === null || m.card === undefined ? null : JSON.stringify(m.card)}::jsonb, ${m.clientMsgId}, ${m.at}
      from c
      returning id as m_id, created_at as m_created_at)
    select c.*, m.m_id, m.m_created_at, coalesce((select s.away from chat_shop_settings s where s.shop_id = c.shop_id), false) as shop_away
    from c join m on true`);
  } catch (err) {
    const index = uniqueViolation(err);
    if (m.clientMsgId !== null && (index === CLIENT_MSG_UNIQUE || index === '')) return null;
    throw err;
  }
  const row = result.rows[0];
  if (!row) return 'absent';
  const conversation = conversationFromRaw(row);
  return {
    conversation,
    before: { userUnread: Number(row.o_user_unread), shopUnread: Number(row.o_shop_unread) },
    away: row.shop_away === true,
    message: {
      id: Number(row.m_id),
      conversationId: conversation.id,
      seq: conversation.lastSeq,
      fromSide: m.fromSide,
      senderId: m.senderId,
      msgType: m.msgType,
      content: m.content,
      card: m.card ?? null,
      clientMsgId: m.clientMsgId,
      createdAt: date(row.m_created_at),
    },
  };
}

function conversationFromRaw(row: Record<string, unknown>): ConversationRow {
  return {
    id: Number(row.id),
    userId: String(row.user_id),
    shopId: Number(row.shop_id),
    lastSeq: Number(row.last_seq),
    userReadSeq: Number(row.user_read_seq),
    shopReadSeq: Number(row.shop_read_seq),
    userUnread: Number(row.user_unread),
    shopUnread: Number(row.shop_unread),
    lastContent: String(row.last_content),
    lastMsgType: Number(row.last_msg_type),
    lastMsgAt: row.last_msg_at === null || row.last_msg_at === undefined ? null : date(row.last_msg_at),
    status: Number(row.status),
    agentId: num(row.agent_id),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

export async function messageByClientId(db: Reader, conversationId: number, fromSide: number, senderId: string, clientMsgId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.fromSide, fromSide), eq(chatMessages.senderId, senderId), eq(chatMessages.clientMsgId, clientMsgId)));
  return row ?? null;
}

/** Messages after `afterSeq`, oldest first (at most `limit`; up to `toSeq` when given). */
export function messagesAfter(db: Reader, conversationId: number, afterSeq: number, limit: number, toSeq?: number): Promise<MessageRow[]> {
  const conditions = [eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, afterSeq)];
  if (toSeq !== undefined) conditions.push(sql`${chatMessages.seq} <= ${toSeq}`);
  return db.select().from(chatMessages).where(and(...conditions)).orderBy(asc(chatMessages.seq)).limit(limit);
}

/** Messages before `beforeSeq` (or the newest), newest first, `limit` of them. */
export function messagesBefore(db: Reader, conversationId: number, beforeSeq: number | undefined, limit: number): Promise<MessageRow[]> {
  const conditions = [eq(chatMessages.conversationId, conversationId)];
  if (beforeSeq !== undefined) conditions.push(lt(chatMessages.seq, beforeSeq));
  return db.select().from(chatMessages).where(and(...conditions)).orderBy(desc(chatMessages.seq)).limit(limit);
}

/** Messages of these conversations written at or after `since`, oldest first (the replay after a bus outage). */
export function messagesSince(db: Reader, conversationIds: number[], since: Date, limit: number): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chatMessages)
    .where(and(inArray(chatMessages.conversationId, conversationIds), sql`${chatMessages.createdAt} >= ${since}`))
    .orderBy(asc(chatMessages.conversationId), asc(chatMessages.seq))
    .limit(limit);
}

/**
 * Moves one side's read cursor to `seq` (never back, never past the last message) and recounts that
 * side's unread messages after it. The row is locked first, so the count's statement sees every send
 * that committed before, and none can commit in between: the count is exact.
 */
export async function markRead(tx: Tx, conversationId: number, side: 'user' | 'shop', seq: number, at: Date): Promise<ConversationRow | null> {
  const [locked] = await tx.select().from(chatConversations).where(eq(chatConversations.id, conversationId)).for('update');
  if (!locked) return null;
  const current = side === 'user' ? locked.userReadSeq : locked.shopReadSeq;
  const target = Math.min(seq, locked.lastSeq);
  if (target <= current) return locked;
  const otherSide = side === 'user' ? CHAT_SIDE.shop : CHAT_SIDE.shopper;
  const unread = sql<number>`(select count(*)::int from chat_messages m where m.conversation_id = ${conversationId} and m.from_side = ${otherSide} and m.seq > ${target})`;
  const [row] = await tx
    .update(chatConversations)
    .set(side === 'user' ? { userReadSeq: target, userUnread: unread, updatedAt: at } : { shopReadSeq: target, shopUnread: unread, updatedAt: at })
    .where(eq(chatConversations.id, conversationId))
    .returning();
  return row ?? null;
}

/** The shopper's conversations that hold a message, newest first. */
export function conversationsOfUser(db: Reader, userId: string): Promise<ConversationRow[]> {
  return db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, userId), gt(chatConversations.lastSeq, 0)))
    .orderBy(sql`${chatConversations.lastMsgAt} desc nulls last`, desc(chatConversations.id))
    .limit(500);
}

/** A shop's conversations (or the platform's, shop 0, filtered by scope), newest first, one page. */
export async function pageConversationsOfShop(
  db: Reader,
  filter: { shopId: number; unreadOnly?: boolean; agent?: { scope: 'queue' | 'mine' | 'all'; agentId: number } },
  page: { current: number; size: number },
): Promise<{ rows: ConversationRow[]; total: number }> {
  const conditions = [eq(chatConversations.shopId, filter.shopId), gt(chatConversations.lastSeq, 0)];
  if (filter.unreadOnly) conditions.push(gt(chatConversations.shopUnread, 0));
  if (filter.agent?.scope === 'queue') conditions.push(eq(chatConversations.status, CHAT_SERVICE_STATUS.waiting));
  if (filter.agent?.scope === 'mine') conditions.push(and(eq(chatConversations.status, CHAT_SERVICE_STATUS.taken), eq(chatConversations.agentId, filter.agent.agentId))!);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(chatConversations)
      .where(where)
      .orderBy(sql`${chatConversations.lastMsgAt} desc nulls last`, desc(chatConversations.id))
      .limit(page.size)
      .offset((page.current - 1) * page.size),
    db.select({ n: sql<number>`count(*)::int` }).from(chatConversations).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function unreadOfUser(db: Reader, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${chatConversations.userUnread}), 0)::int` }).from(chatConversations).where(eq(chatConversations.userId, userId));
  return row?.n ?? 0;
}

export async function unreadOfShop(db: Reader, shopId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${chatConversations.shopUnread}), 0)::int` }).from(chatConversations).where(eq(chatConversations.shopId, shopId));
  return row?.n ?? 0;
}

/** An agent's unread: its own conversations' and the queue's. */
export async function unreadOfAgent(db: Reader, agentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${chatConversations.shopUnread}), 0)::int` })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.shopId, 0),
        sql`(${chatConversations.status} = ${CHAT_SERVICE_STATUS.waiting} or (${chatConversations.status} = ${CHAT_SERVICE_STATUS.taken} and ${chatConversations.agentId} = ${agentId}))`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The unread totals of many readers in one statement per kind (a burst's '00000' frames): each
 * shopper's, each shop's, and each agent's (the queue's plus its own conversations').
 */
export async function unreadTotals(db: Reader, readers: { users: string[]; shops: number[]; agents: number[] }): Promise<{ users: Map<string, number>; shops: Map<number, number>; agents: Map<number, number> }> {
  const [users, shops, agents] = await Promise.all([
    readers.users.length === 0
      ? []
      : db
          .select({ id: chatConversations.userId, n: sql<number>`coalesce(sum(${chatConversations.userUnread}), 0)::int` })
          .from(chatConversations)
          .where(inArray(chatConversations.userId, readers.users))
          .groupBy(chatConversations.userId),
    readers.shops.length === 0
      ? []
      : db
          .select({ id: chatConversations.shopId, n: sql<number>`coalesce(sum(${chatConversations.shopUnread}), 0)::int` })
          .from(chatConversations)
          .where(inArray(chatConversations.shopId, readers.shops))
          .groupBy(chatConversations.shopId),
    readers.agents.length === 0
      ? []
      : db
          .select({
            // null: the queue's conversations (every agent's); else the agent holding them.
            agentId: sql<number | null>`case when ${chatConversations.status} = ${CHAT_SERVICE_STATUS.waiting} then null else ${chatConversations.agentId} end`,
            n: sql<number>`coalesce(sum(${chatConversations.shopUnread}), 0)::int`,
          })
          .from(chatConversations)
          .where(
            and(
              eq(chatConversations.shopId, 0),
              sql`(${chatConversations.status} = ${CHAT_SERVICE_STATUS.waiting} or (${chatConversations.status} = ${CHAT_SERVICE_STATUS.taken} and ${inArray(chatConversations.agentId, readers.agents)}))`,
            ),
          )
          .groupBy(sql`1`),
  ]);
  const queue = Number(agents.find((r) => r.agentId === null)?.n ?? 0);
  const own = new Map(agents.filter((r) => r.agentId !== null).map((r) => [Number(r.agentId), Number(r.n)]));
  return {
    users: new Map(users.map((r) => [r.id, Number(r.n)])),
    shops: new Map(shops.map((r) => [r.id, Number(r.n)])),
    agents: new Map(readers.agents.map((id) => [id, queue + (own.get(id) ?? 0)])),
  };
}

export async function queueCount(db: Reader): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatConversations)
    .where(and(eq(chatConversations.shopId, 0), eq(chatConversations.status, CHAT_SERVICE_STATUS.waiting), gt(chatConversations.lastSeq, 0)));
  return row?.n ?? 0;
}

/** Takes a platform conversation for the agent: from the queue, after an expiry, or again by its holder. Null when another agent holds it. */
export async function takeConversation(db: Reader, conversationId: number, agentId: number, at: Date): Promise<ConversationRow | null> {
  const [row] = await db
    .update(chatConversations)
    .set({ status: CHAT_SERVICE_STATUS.taken, agentId, updatedAt: at })
    .where(
      and(
        eq(chatConversations.id, conversationId),
        eq(chatConversations.shopId, 0),
        sql`(${chatConversations.status} <> ${CHAT_SERVICE_STATUS.taken} or ${chatConversations.agentId} = ${agentId} or ${chatConversations.agentId} is null)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Hands a taken platform conversation from its holder to another agent; null when `fromAgentId` does not hold it. */
export async function transferConversation(db: Reader, conversationId: number, fromAgentId: number, toAgentId: number, at: Date): Promise<ConversationRow | null> {
  const [row] = await db
    .update(chatConversations)
    .set({ agentId: toAgentId, status: CHAT_SERVICE_STATUS.taken, updatedAt: at })
    .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.shopId, 0), eq(chatConversations.status, CHAT_SERVICE_STATUS.taken), eq(chatConversations.agentId, fromAgentId)))
    .returning();
  return row ?? null;
}

/** Expires a platform consultation idle since `idleSince` or earlier; null when it is not (any more). */
export async function expireConversation(db: Reader, conversationId: number, idleSince: Date, at: Date): Promise<ConversationRow | null> {
  const [row] = await db
    .update(chatConversations)
    .set({ status: CHAT_SERVICE_STATUS.expired, agentId: null, updatedAt: at })
    .where(
      and(
        eq(chatConversations.id, conversationId),
        eq(chatConversations.shopId, 0),
        inArray(chatConversations.status, [CHAT_SERVICE_STATUS.waiting, CHAT_SERVICE_STATUS.taken]),
        sql`${chatConversations.lastMsgAt} <= ${idleSince}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Conversations of an account with a message since `since` (the replay after a bus outage). */
export function activeConversationIds(db: Reader, who: { userId?: string; shopId?: number; agentId?: number }, since: Date): Promise<Array<{ id: number }>> {
  const conditions = [sql`${chatConversations.lastMsgAt} >= ${since}`];
  if (who.userId !== undefined) conditions.push(eq(chatConversations.userId, who.userId));
  if (who.shopId !== undefined) conditions.push(eq(chatConversations.shopId, who.shopId));
  if (who.agentId !== undefined)
    conditions.push(
      eq(chatConversations.shopId, 0),
      sql`(${chatConversations.status} = ${CHAT_SERVICE_STATUS.waiting} or ${chatConversations.agentId} = ${who.agentId})`,
    );
  return db.select({ id: chatConversations.id }).from(chatConversations).where(and(...conditions)).limit(1000);
}

// ---------- quick replies and away ----------

export function quickRepliesOf(db: Reader, shopId: number): Promise<QuickReplyRow[]> {
  return db.select().from(chatQuickReplies).where(eq(chatQuickReplies.shopId, shopId)).orderBy(asc(chatQuickReplies.seq), asc(chatQuickReplies.id));
}

export async function countQuickReplies(db: Reader, shopId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chatQuickReplies).where(eq(chatQuickReplies.shopId, shopId));
  return row?.n ?? 0;
}

export async function insertQuickReply(db: Reader, values: { shopId: number; content: string; seq: number; at: Date }): Promise<QuickReplyRow> {
  const [row] = await db.insert(chatQuickReplies).values({ shopId: values.shopId, content: values.content, seq: values.seq, createdAt: values.at }).returning();
  return row!;
}

export async function updateQuickReply(db: Reader, shopId: number, id: number, values: { content: string; seq?: number }): Promise<QuickReplyRow | null> {
  const [row] = await db
    .update(chatQuickReplies)
    .set({ content: values.content, ...(values.seq === undefined ? {} : { seq: values.seq }) })
    .where(and(eq(chatQuickReplies.id, id), eq(chatQuickReplies.shopId, shopId)))
    .returning();
  return row ?? null;
}

export async function deleteQuickReply(db: Reader, shopId: number, id: number): Promise<boolean> {
  const rows = await db.delete(chatQuickReplies).where(and(eq(chatQuickReplies.id, id), eq(chatQuickReplies.shopId, shopId))).returning({ id: chatQuickReplies.id });
  return rows.length > 0;
}

export async function maxQuickReplySeq(db: Reader, shopId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${chatQuickReplies.seq}), -1)::int` }).from(chatQuickReplies).where(eq(chatQuickReplies.shopId, shopId));
  return row?.n ?? -1;
}

export async function shopAway(db: Reader, shopId: number): Promise<boolean> {
  return (await shopSetting(db, shopId)).away;
}

/** The shop's away setting and since when it holds (null: never set). */
export async function shopSetting(db: Reader, shopId: number): Promise<{ away: boolean; since: Date | null }> {
  const [row] = await db.select({ away: chatShopSettings.away, since: chatShopSettings.updatedAt }).from(chatShopSettings).where(eq(chatShopSettings.shopId, shopId));
  return { away: row?.away ?? false, since: row?.since ?? null };
}

export async function setShopAway(db: Reader, shopId: number, away: boolean, at: Date): Promise<void> {
  await db
    .insert(chatShopSettings)
    .values({ shopId, away, updatedAt: at })
    .onConflictDoUpdate({ target: chatShopSettings.shopId, set: { away, updatedAt: at } });
}
