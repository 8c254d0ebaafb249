// Chat tables (decision 063): conversations with their sequence allocator, read cursors and unread
// counts, messages, quick replies and the shops' away setting. A send is one statement, outside any
// transaction: the conversation row's update allocates the seq (and holds the row until the
// statement ends, so the sends of one conversation are serialised) and the message's insert. When
// the sender already sent that client message id, the insert's unique index fails the statement as
// a whole, so nothing of it stays and no seq is lost.
import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
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

/**
 * The conversation of (shopper, shop), made when absent; answers its row. One statement: `when`
 * (a condition of the caller's, e.g. that the shop is open) must hold for a new one to be made;
 * null when it does not and there is none.
 */
export async function ensureConversation(db: Reader, userId: string, shopId: number, at: Date): Promise<ConversationRow>;
export async function ensureConversation(db: Reader, userId: string, shopId: number, at: Date, when: SQL): Promise<ConversationRow | null>;
export async function ensureConversation(db: Reader, userId: string, shopId: number, at: Date, when?: SQL): Promise<ConversationRow | null> {
  // On a conflict (made meanwhile) the no-op update answers the existing row in the same statement.
  const result = await db.execute<Record<string, unknown>>(sql`
    insert into chat_conversations (user_id, shop_id, created_at, updated_at)
    select ${userId}::text, ${shopId}::int, ${at}::timestamptz, ${at}::timestamptz where ${when ?? sql`true`}
    on conflict (user_id, shop_id) do update set updated_at = chat_conversations.updated_at
    returning *`);
  const row = result.rows[0];
  return row ? conversationFromRaw(row) : null;
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
 * What became of one message of a batch: stored (`new`), already stored by the same sender under
 * the same clientMsgId (`duplicate`: the stored message, nothing written), no such conversation
 * (`absent`), or `raced`: the same clientMsgId was being stored by another statement at the same
 * time, so the unique index failed this one (only for a batch of one: a larger batch is retried
 * one by one by the caller).
 */
export type BatchOutcome =
  | { kind: 'new'; stored: StoredMessage }
  | { kind: 'duplicate'; message: MessageRow; conversation: ConversationRow }
  | { kind: 'absent' }
  | { kind: 'raced' };

/**
 * Runs a fixed statement text as a named prepared statement (node-postgres parses and plans it once
 * per connection, not at every run; PGlite runs it as is), answering its rows as arrays of the
 * columns' values in the statement's order.
 */
async function runPrepared(db: Reader, name: string, text: string, params: unknown[]): Promise<unknown[][]> {
  // Rows as arrays: node-postgres builds an object per row key by key, and one of more than about
  // sixteen columns is a dictionary (a kilobyte and more per row); an array is its values.
  return (await db._.session.prepareQuery({ sql: text, params }, undefined, name, true, (rows) => rows).execute()) as unknown[][];
}

/** insertMessages' statement: one text for any batch (the messages are its one parameter), prepared once per connection. */
const INSERT_MESSAGES_SQL = `
    with i as (
      select * from jsonb_to_recordset($1::jsonb) as t(
        idx int, key_id bigint, key_user text, key_shop int, from_side smallint, sender_id text, msg_type smallint,
        content text, card jsonb, client_msg_id text, preview text, at timestamptz)),
    k as (
      select i.idx, cv.id as cid from i join chat_conversations cv on cv.id = i.key_id
      union all
      select i.idx, cv.id from i join chat_conversations cv on cv.user_id = i.key_user and cv.shop_id = i.key_shop where i.key_id is null),
    d as (
      select k.idx, m.id as d_id, m.conversation_id as d_cid, m.seq as d_seq, m.msg_type as d_msg_type, m.content as d_content, m.card as d_card, m.created_at as d_created_at
      from k join i on i.idx = k.idx
      join chat_messages m on m.conversation_id = k.cid and m.from_side = i.from_side and m.sender_id = i.sender_id and m.client_msg_id = i.client_msg_id),
    n as (
      select k.cid, i.*, row_number() over (partition by k.cid order by i.idx) as rn
      from k join i on i.idx = k.idx
      where not exists (select 1 from d where d.idx = k.idx)),
    g as (
      select cid, count(*) as cnt,
        max(rn) filter (where from_side = ${CHAT_SIDE.shopper}) as user_rn,
        max(rn) filter (where from_side = ${CHAT_SIDE.shop}) as shop_rn
      from n group by cid),
    a as (
      select g.*, l.preview, l.msg_type, l.at,
        (select count(*) from n x where x.cid = g.cid and x.from_side = ${CHAT_SIDE.shop} and x.rn > coalesce(g.user_rn, 0))::int as to_user,
        (select count(*) from n x where x.cid = g.cid and x.from_side = ${CHAT_SIDE.shopper} and x.rn > coalesce(g.shop_rn, 0))::int as to_shop
      from g join n l on l.cid = g.cid and l.rn = g.cnt),
    o as (
      select id as o_id, last_seq as o_last_seq, user_read_seq as o_user_read_seq, shop_read_seq as o_shop_read_seq,
        user_unread as o_user_unread, shop_unread as o_shop_unread
      from chat_conversations where id in (select cid from a) order by id for update),
    c as (
      update chat_conversations set
        last_seq = last_seq + a.cnt,
        user_read_seq = case when a.user_rn is not null then last_seq + a.user_rn else user_read_seq end,
        user_unread = case when a.user_rn is not null then a.to_user else user_unread + a.to_user end,
        shop_read_seq = case when a.shop_rn is not null then last_seq + a.shop_rn else shop_read_seq end,
        shop_unread = case when a.shop_rn is not null then a.to_shop else shop_unread + a.to_shop end,
        last_content = a.preview,
        last_msg_type = a.msg_type,
        last_msg_at = a.at,
        -- a shopper's message to an expired platform consultation queues it again
        status = case when shop_id = 0 and a.user_rn is not null and status = ${CHAT_SERVICE_STATUS.expired} then ${CHAT_SERVICE_STATUS.waiting} else status end,
        updated_at = a.at
      from a join o on o.o_id = a.cid
      where chat_conversations.id = a.cid
      returning chat_conversations.*, a.cnt, o.o_last_seq, o.o_user_read_seq, o.o_shop_read_seq, o.o_user_unread, o.o_shop_unread),
    m as (
      insert into chat_messages (conversation_id, seq, from_side, sender_id, msg_type, content, card, client_msg_id, created_at)
      select n.cid, c.o_last_seq + n.rn, n.from_side, n.sender_id, n.msg_type, n.content, n.card, n.client_msg_id, n.at
      from n join c on c.id = n.cid
      returning id, conversation_id, seq)
    select n.idx, false as dup, m.id::float8 as m_id, m.seq::float8 as m_seq, null::smallint as d_msg_type, null::text as d_content, null::jsonb as d_card, null::timestamptz as d_created_at,
      c.id::float8, c.user_id, c.shop_id, c.status, c.agent_id, c.created_at,
      null::float8 as last_seq, null::float8 as user_read_seq, null::float8 as shop_read_seq, null::int as user_unread, null::int as shop_unread,
      null::text as last_content, null::smallint as last_msg_type, null::timestamptz as last_msg_at, null::timestamptz as updated_at,
      c.o_user_read_seq::float8, c.o_shop_read_seq::float8, c.o_user_unread, c.o_shop_unread,
      coalesce((select s.away from chat_shop_settings s where s.shop_id = c.shop_id), false) as shop_away
    from n join c on c.id = n.cid join m on m.conversation_id = n.cid and m.seq = c.o_last_seq + n.rn
    union all
    select d.idx, true, d.d_id::float8, d.d_seq::float8, d.d_msg_type, d.d_content, d.d_card, d.d_created_at,
      cv.id::float8, cv.user_id, cv.shop_id, cv.status, cv.agent_id, cv.created_at,
      cv.last_seq::float8, cv.user_read_seq::float8, cv.shop_read_seq::float8, cv.user_unread, cv.shop_unread, cv.last_content, cv.last_msg_type, cv.last_msg_at, cv.updated_at,
      null, null, null, null, false
    from d join chat_conversations cv on cv.id = d.d_cid`;

/**
 * insertMessages' columns, by place. A new message's row carries the conversation's own columns and
 * its counts before the batch (o_*: each message's view is rebuilt from them in order); a
 * resend's, the stored message and the conversation as it is. What a row does not need is null
 * (nothing to decode). Ids and seqs come as float8: node-postgres answers int8 as a string.
 */
const COL = {
  idx: 0,
  dup: 1,
  mId: 2,
  mSeq: 3,
  dMsgType: 4,
  dContent: 5,
  dCard: 6,
  dCreatedAt: 7,
  id: 8,
  userId: 9,
  shopId: 10,
  status: 11,
  agentId: 12,
  createdAt: 13,
  lastSeq: 14,
  userReadSeq: 15,
  shopReadSeq: 16,
  userUnread: 17,
  shopUnread: 18,
  lastContent: 19,
  lastMsgType: 20,
  lastMsgAt: 21,
  updatedAt: 22,
  oUserReadSeq: 23,
  oShopReadSeq: 24,
  oUserUnread: 25,
  oShopUnread: 26,
  shopAway: 27,
} as const;

/**
 * Stores a batch of messages (group commit: whatever the sockets sent while the previous batch was
 * being written) in one statement, atomic by itself (no BEGIN/COMMIT). Per conversation the rows
 * are locked in id order (two instances' batches never deadlock), the seqs allocated in the
 * batch's order with no gap (`last_seq + n`), the counters and read cursors moved as n single sends
 * would move them, and the messages inserted. A message whose sender already stored its clientMsgId
 * is answered with the stored one and takes no seq. The caller keeps one message per
 * (conversation, sender, clientMsgId) in a batch. The unique index still guards a resend racing in
 * from another instance: it fails the statement whole (nothing of it stays); a batch of one then
 * answers `raced`, a larger batch throws (the caller retries its messages one by one).
 */
export async function insertMessages(db: Reader, items: ReadonlyArray<{ key: ConversationKey; message: NewMessage }>): Promise<BatchOutcome[]> {
  const input = items.map(({ key, message: m }, idx) => ({
    idx,
    key_id: 'id' in key ? key.id : null,
    key_user: 'id' in key ? null : key.userId,
    key_shop: 'id' in key ? null : key.shopId,
    from_side: m.fromSide,
    sender_id: m.senderId,
    msg_type: m.msgType,
    content: m.content,
    card: m.card ?? null,
    client_msg_id: m.clientMsgId,
    preview: m.preview,
    at: m.at.toISOString(),
  }));
  let rows;
  try {
    rows = await runPrepared(db, 'chat_insert_messages', INSERT_MESSAGES_SQL, [JSON.stringify(input)]);
  } catch (err) {
    const index = uniqueViolation(err);
    const single = items[0];
    if (items.length === 1 && single?.message.clientMsgId !== null && (index === CLIENT_MSG_UNIQUE || index === '')) return [{ kind: 'raced' }];
    throw err;
  }
  const outcomes: BatchOutcome[] = items.map(() => ({ kind: 'absent' }));
  // The new messages in seq order per conversation: each one's row and counts as if sent alone.
  const fresh = rows.filter((row) => row[COL.dup] !== true).sort((x, y) => Number(x[COL.id]) - Number(y[COL.id]) || Number(x[COL.mSeq]) - Number(y[COL.mSeq]));
  const counts = new Map<number, { userReadSeq: number; shopReadSeq: number; userUnread: number; shopUnread: number }>();
  for (const row of fresh) {
    const idx = Number(row[COL.idx]);
    const m = items[idx]!.message;
    const id = Number(row[COL.id]);
    let running = counts.get(id);
    if (!running) {
      running = { userReadSeq: Number(row[COL.oUserReadSeq]), shopReadSeq: Number(row[COL.oShopReadSeq]), userUnread: Number(row[COL.oUserUnread]), shopUnread: Number(row[COL.oShopUnread]) };
      counts.set(id, running);
    }
    const seq = Number(row[COL.mSeq]);
    const before = { userUnread: running.userUnread, shopUnread: running.shopUnread };
    if (m.fromSide === CHAT_SIDE.shopper) {
      running.userReadSeq = seq;
      running.userUnread = 0;
      running.shopUnread += 1;
    }
    if (m.fromSide === CHAT_SIDE.shop) {
      running.shopReadSeq = seq;
      running.shopUnread = 0;
      running.userUnread += 1;
    }
    // The conversation as this message alone would have left it (its status and agent as the batch left them).
    const conversation: ConversationRow = {
      id,
      userId: String(row[COL.userId]),
      shopId: Number(row[COL.shopId]),
      lastSeq: seq,
      userReadSeq: running.userReadSeq,
      shopReadSeq: running.shopReadSeq,
      userUnread: running.userUnread,
      shopUnread: running.shopUnread,
      lastContent: m.preview,
      lastMsgType: m.msgType,
      lastMsgAt: m.at,
      status: Number(row[COL.status]),
      agentId: num(row[COL.agentId]),
      createdAt: date(row[COL.createdAt]),
      updatedAt: m.at,
    };
    outcomes[idx] = {
      kind: 'new',
      stored: {
        conversation,
        before,
        away: row[COL.shopAway] === true,
        message: {
          id: Number(row[COL.mId]),
          conversationId: id,
          seq,
          fromSide: m.fromSide,
          senderId: m.senderId,
          msgType: m.msgType,
          content: m.content,
          card: m.card ?? null,
          clientMsgId: m.clientMsgId,
          createdAt: m.at,
        },
      },
    };
  }
  for (const row of rows) {
    if (row[COL.dup] !== true) continue;
    const idx = Number(row[COL.idx]);
    const m = items[idx]!.message;
    const conversation: ConversationRow = {
      id: Number(row[COL.id]),
      userId: String(row[COL.userId]),
      shopId: Number(row[COL.shopId]),
      lastSeq: Number(row[COL.lastSeq]),
      userReadSeq: Number(row[COL.userReadSeq]),
      shopReadSeq: Number(row[COL.shopReadSeq]),
      userUnread: Number(row[COL.userUnread]),
      shopUnread: Number(row[COL.shopUnread]),
      lastContent: String(row[COL.lastContent]),
      lastMsgType: Number(row[COL.lastMsgType]),
      lastMsgAt: row[COL.lastMsgAt] === null ? null : date(row[COL.lastMsgAt]),
      status: Number(row[COL.status]),
      agentId: num(row[COL.agentId]),
      createdAt: date(row[COL.createdAt]),
      updatedAt: date(row[COL.updatedAt]),
    };
    outcomes[idx] = {
      kind: 'duplicate',
      conversation,
      message: {
        id: Number(row[COL.mId]),
        conversationId: conversation.id,
        seq: Number(row[COL.mSeq]),
        fromSide: m.fromSide,
        senderId: m.senderId,
        msgType: Number(row[COL.dMsgType]),
        content: String(row[COL.dContent]),
        card: row[COL.dCard] ?? null,
        clientMsgId: m.clientMsgId,
        createdAt: date(row[COL.dCreatedAt]),
      },
    };
  }
  return outcomes;
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
