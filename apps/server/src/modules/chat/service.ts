// The chat module (decision 063): conversations, messages with per-conversation sequence numbers,
// read cursors and exact unread counts, the platform service's queue, quick replies and away.
// Names, avatars and cards come from other domains: the flows (flows/chat.ts) add them.
import type { ChatHistoryPage, ChatMessage, ChatQuickReply } from '@bazaar/shared/schemas/chat';
import { CHAT_QUICK_REPLIES_MAX, CHAT_SIDE } from '@bazaar/shared/constants/chat';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

export type { ConversationKey, ConversationRow, MessageRow } from './repository.ts';
export {
  activeConversationIds,
  conversationById,
  conversationOf,
  conversationsByIds,
  conversationsOfUser,
  ensureConversation,
  expireConversation,
  messagesAfter,
  messagesSince,
  pageConversationsOfShop,
  queueCount,
  shopAway,
  shopSetting,
  takeConversation,
  transferConversation,
  unreadOfAgent,
  unreadOfShop,
  unreadOfUser,
  unreadTotals,
} from './repository.ts';

type Ctx = Pick<AppContext, 'db'>;

/** A stored message as every reader sees it. */
export function toChatMessage(row: repo.MessageRow, conversation: { userId: string; shopId: number }): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    userId: conversation.userId,
    shopId: conversation.shopId,
    fromSide: row.fromSide,
    senderId: row.senderId,
    msgType: row.msgType,
    content: row.content,
    card: (row.card ?? null) as ChatMessage['card'],
    clientMsgId: row.clientMsgId,
    createTime: formatApiTime(row.createdAt),
  };
}

export interface SendInput {
  fromSide: number;
  senderId: string;
  msgType: number;
  content: string;
  card: unknown;
  clientMsgId: string | null;
  preview: string;
  at: Date;
}

export interface Sent {
  message: ChatMessage;
  conversation: repo.ConversationRow;
  /** The sender had sent this clientMsgId already: the stored message, nothing new written. */
  duplicate: boolean;
  /** The conversation's unread counts just before this message (not for a duplicate: zeros). */
  before: { userUnread: number; shopUnread: number };
  /** The shop is away (not for a duplicate: false). */
  away: boolean;
}

/**
 * Stores a message with the conversation's next seq, the conversation named by its id or by its
 * shopper and shop; null when there is no such conversation. A resend of the same clientMsgId by
 * the same sender answers the stored one (duplicate: true), whichever instance or tab sent it
 * first. The messages of many sockets are written together (group commit, `SendBatcher`): this
 * answers once the statement holding this message has committed.
 */
export async function sendMessage(ctx: Ctx, key: repo.ConversationKey, input: SendInput): Promise<Sent | null> {
  const outcome = await batcherOf(ctx.db).submit(key, input);
  switch (outcome.kind) {
    case 'absent':
      return null;
    case 'new': {
      const stored = outcome.stored;
      return { message: toChatMessage(stored.message, stored.conversation), conversation: stored.conversation, duplicate: false, before: stored.before, away: stored.away };
    }
    case 'duplicate':
      return { message: toChatMessage(outcome.message, outcome.conversation), conversation: outcome.conversation, duplicate: true, before: { userUnread: 0, shopUnread: 0 }, away: false };
    case 'raced': {
      // The same clientMsgId was stored by another statement meanwhile: answer that one.
      const conversation = 'id' in key ? await repo.conversationById(ctx.db, key.id) : await repo.conversationOf(ctx.db, key.userId, key.shopId);
      const row = conversation && input.clientMsgId !== null ? await repo.messageByClientId(ctx.db, conversation.id, input.fromSide, input.senderId, input.clientMsgId) : null;
      if (!conversation || !row) throw notFound('chat.errors.conversationNotFound');
      return { message: toChatMessage(row, conversation), conversation, duplicate: true, before: { userUnread: 0, shopUnread: 0 }, away: false };
    }
  }
}

/** The most messages one statement stores. */
export const SEND_BATCH_MAX = 256;

interface Waiting {
  key: repo.ConversationKey;
  input: SendInput;
  resolve(outcome: repo.BatchOutcome): void;
  reject(err: unknown): void;
}

/**
 * Group commit of the messages sent on this instance: a message waits until the statement in
 * flight (if any) is done, and all that arrived meanwhile (at least within the same turn of the
 * event loop) go in the next statement together, in the order they arrived. So at a low rate a
 * message is written at once, alone; under load each statement carries many, and the database's
 * and this process's work per message (parse, plan, round trip, lock, commit) is shared.
 * One statement in flight at a time: a socket's next message waits for its previous one's
 * acknowledgement anyway, and the order of arrival is the order of the seqs within a conversation.
 * A batch that fails is retried message by message, so one bad message (or a resend racing in
 * from another instance) fails only itself; each sender hears of its own failure.
 */
export class SendBatcher {
  private pending: Waiting[] = [];
  private busy = false;
  private scheduled = false;

  constructor(private readonly db: Db) {}

  submit(key: repo.ConversationKey, input: SendInput): Promise<repo.BatchOutcome> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.busy || this.scheduled) return;
    this.scheduled = true;
    // Not at once: the other sockets' frames read in this same turn join the statement.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.busy || this.pending.length === 0) return;
    this.busy = true;
    const batch = this.pending.splice(0, SEND_BATCH_MAX);
    try {
      await this.write(batch);
    } finally {
      this.busy = false;
      if (this.pending.length > 0) this.schedule();
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    // One message per (conversation, sender, clientMsgId) goes in the statement; a second copy in
    // the same batch (a resend from another tab) is answered with the first's stored message.
    const first = new Map<string, Waiting>();
    const copies: Array<{ copy: Waiting; of: Waiting }> = [];
    const unique: Waiting[] = [];
    for (const w of batch) {
      if (w.input.clientMsgId !== null) {
        const k = `${'id' in w.key ? `#${w.key.id}` : `${w.key.userId}/${w.key.shopId}`}|${w.input.fromSide}|${w.input.senderId}|${w.input.clientMsgId}`;
        const of = first.get(k);
        if (of) {
          copies.push({ copy: w, of });
          continue;
        }
        first.set(k, w);
      }
      unique.push(w);
    }
    const outcomes = new Map<Waiting, repo.BatchOutcome | { kind: 'failed'; err: unknown }>();
    try {
      const answered = await repo.insertMessages(this.db, unique.map((w) => ({ key: w.key, message: w.input })));
      unique.forEach((w, i) => outcomes.set(w, answered[i]!));
    } catch (err) {
      if (unique.length === 1) outcomes.set(unique[0]!, { kind: 'failed', err });
      else {
        // One by one: each message's own outcome (the statement failed whole: nothing was written).
        for (const w of unique) {
          try {
            outcomes.set(w, (await repo.insertMessages(this.db, [{ key: w.key, message: w.input }]))[0]!);
          } catch (one) {
            outcomes.set(w, { kind: 'failed', err: one });
          }
        }
      }
    }
    for (const w of unique) settle(w, outcomes.get(w)!);
    for (const { copy, of } of copies) {
      const outcome = outcomes.get(of)!;
      settle(copy, outcome.kind === 'new' ? { kind: 'duplicate', message: outcome.stored.message, conversation: outcome.stored.conversation } : outcome);
    }
  }
}

function settle(w: Waiting, outcome: repo.BatchOutcome | { kind: 'failed'; err: unknown }): void {
  if (outcome.kind === 'failed') w.reject(outcome.err);
  else w.resolve(outcome);
}

const batchers = new WeakMap<object, SendBatcher>();

/** This process's batcher for a database (one per app). */
function batcherOf(db: Db): SendBatcher {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new SendBatcher(db)));
  return batcher;
}

/** Moves a side's read cursor; answers the conversation after it. */
export async function markRead(ctx: Ctx, conversationId: number, side: 'user' | 'shop', seq: number, at: Date): Promise<repo.ConversationRow> {
  const row = await ctx.db.transaction((tx) => repo.markRead(tx, conversationId, side, seq, at));
  if (!row) throw notFound('chat.errors.conversationNotFound');
  return row;
}

/** One page of history, oldest first; the newest page without beforeSeq. */
export async function historyPage(ctx: Ctx, conversation: repo.ConversationRow | null, viewer: 'user' | 'shop', query: { beforeSeq?: number; size: number }): Promise<ChatHistoryPage> {
  if (!conversation) return { conversationId: null, records: [], hasMore: false, otherReadSeq: 0 };
  const rows = await repo.messagesBefore(ctx.db, conversation.id, query.beforeSeq, query.size + 1);
  const hasMore = rows.length > query.size;
  const records = rows.slice(0, query.size).reverse().map((row) => toChatMessage(row, conversation));
  return { conversationId: conversation.id, records, hasMore, otherReadSeq: viewer === 'user' ? conversation.shopReadSeq : conversation.userReadSeq };
}

/** What a socket missed in one conversation: the messages after lastSeq, at most `limit` (hasMore beyond). */
export async function missedMessages(db: Db, conversation: repo.ConversationRow, lastSeq: number, limit: number): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const rows = await repo.messagesAfter(db, conversation.id, lastSeq, limit + 1);
  return { messages: rows.slice(0, limit).map((row) => toChatMessage(row, conversation)), hasMore: rows.length > limit };
}

/** Which side a message's sender is on, for the other side's reader. */
export const sideOf = (fromSide: number) => (fromSide === CHAT_SIDE.shopper ? 'user' : 'shop');

// ---------- quick replies and away ----------

const toQuickReply = (row: repo.QuickReplyRow): ChatQuickReply => ({ id: row.id, content: row.content, seq: row.seq });

export async function listQuickReplies(ctx: Ctx, shopId: number): Promise<ChatQuickReply[]> {
  return (await repo.quickRepliesOf(ctx.db, shopId)).map(toQuickReply);
}

export async function addQuickReply(ctx: Ctx, shopId: number, input: { content: string; seq?: number }, at: Date): Promise<ChatQuickReply> {
  if ((await repo.countQuickReplies(ctx.db, shopId)) >= CHAT_QUICK_REPLIES_MAX) throw invalid('chat.errors.quickRepliesFull', { max: CHAT_QUICK_REPLIES_MAX });
  const seq = input.seq ?? (await repo.maxQuickReplySeq(ctx.db, shopId)) + 1;
  return toQuickReply(await repo.insertQuickReply(ctx.db, { shopId, content: input.content, seq: Math.min(seq, 10_000), at }));
}

export async function editQuickReply(ctx: Ctx, shopId: number, id: number, input: { content: string; seq?: number }): Promise<ChatQuickReply> {
  const row = await repo.updateQuickReply(ctx.db, shopId, id, input);
  if (!row) throw notFound('chat.errors.quickReplyNotFound');
  return toQuickReply(row);
}

export async function removeQuickReply(ctx: Ctx, shopId: number, id: number): Promise<void> {
  if (!(await repo.deleteQuickReply(ctx.db, shopId, id))) throw notFound('chat.errors.quickReplyNotFound');
}

/** Sets the shop online or away; answers since when it was away when it comes back (the messages that waited), else null. */
export async function setAway(ctx: Ctx, shopId: number, away: boolean, at: Date): Promise<Date | null> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.shopSetting(tx, shopId);
    await repo.setShopAway(tx, shopId, away, at);
    return before.away && !away ? (before.since ?? at) : null;
  });
}

