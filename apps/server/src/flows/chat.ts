// Live chat across domains (decision 063): a socket's message (the conversation, the content's
// checks and cards from the catalog and the orders, the store, delivery, code 12), the lists with
// the shops' and shoppers' names, recentBrowse and the seller's context, the platform service's
// take, transfer and idle expiry. Reads of shops, users, products and orders are plain reads here;
// everything about the chat tables is the chat module's.
import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { permits } from '@bazaar/shared/constants/permissions';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Language } from '@bazaar/shared/constants/limits';
import {
  CHAT_CODE,
  CHAT_MSG_TYPE,
  CHAT_SERVICE_STATUS,
  CHAT_SIDE,
  type ChatOfflineReason,
  type AdminChatConversation,
  type AdminChatQuery,
  type ChatAgent,
  type ChatConversation,
  type ChatHistoryPage,
  type ChatOrderCard,
  type ChatPeerConversation,
  type ChatProductCard,
  type ChatRecentBrowse,
  type ChatRecentBrowseQuery,
  type ChatSend,
  type ChatServerFrame,
  type MerchantChatContext,
  type MerchantChatQuery,
} from '@bazaar/shared/schemas/chat';
import type { AppContext } from '../context.ts';
import { browseLogs, orderItems, orders, products, shops, users } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { AppError, invalid, notFound } from '../lib/app-error.ts';
import { rescheduleJob, type JobHandler } from '../lib/jobs.ts';
import { listRoles, listStaff } from '../modules/admin/service.ts';
import * as chat from '../modules/chat/service.ts';
import { codeFrame, conversationTargets, messageFrame, offlineKey, targetsOf, type ChatIdentity, type ChatPeer } from '../modules/chat/hub.ts';
import { chatRuntime } from '../modules/chat/runtime.ts';
import { ownedPaths, savedPublicPaths, shopOwnedPaths } from '../modules/upload/service.ts';

export const CHAT_EXPIRY_JOB = 'chat.serviceExpiry';
const PUBLIC_IMAGE = /^\/uploads\/images\/[A-Za-z0-9_./-]{1,200}$/;
const ORDER_NUMBER = /^\d{1,20}$/;
const PREVIEW_MAX = 120;
/** Back from away, messages from a little before the away began are looked at (the replay skips what a socket has). */
const REPLAY_MARGIN_MS = 1_000;

/** A refusal of a socket frame: code 4 (or 15) with the reason's key, sent only to the sender. */
class Refused extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly code: number = CHAT_CODE.refused,
  ) {
    super(key);
  }
}

// ---------- sending ----------

/** A statement part: the shop is open (a new conversation with it may be made). */
function shopIsOpen(ctx: AppContext, shopId: number) {
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(shops)
      .where(and(eq(shops.id, shopId), eq(shops.status, SHOP_STATUS.open))),
  );
}

/**
 * The conversation a frame writes to, from the sender's side (made for a shopper's first message);
 * taken by an agent who answers it from the queue.
 */
async function conversationForSend(ctx: AppContext, who: ChatIdentity, toId: number | string, now: Date, known: { absent: boolean }): Promise<{ conversation: chat.ConversationRow; taken: boolean }> {
  if (who.kind === 'user') {
    if (typeof toId !== 'number') throw new Refused('chat.errors.conversationNotFound');
    // An existing conversation goes on; a new one needs an open shop (checked in the same statement
    // that makes it). A text's send just found none: no need to look again.
    const existing = known.absent ? null : await chat.conversationOf(ctx.db, who.userId, toId);
    if (existing) return { conversation: existing, taken: false };
    const made = toId === 0 ? await chat.ensureConversation(ctx.db, who.userId, 0, now) : await chat.ensureConversation(ctx.db, who.userId, toId, now, shopIsOpen(ctx, toId));
    if (!made) throw new Refused('chat.errors.shopNotFound');
    return { conversation: made, taken: false };
  }
  if (typeof toId !== 'string') throw new Refused('chat.errors.conversationNotFound');
  const conversation = await chat.conversationOf(ctx.db, toId, who.kind === 'shop' ? who.shopId : 0);
  if (!conversation) throw new Refused('chat.errors.conversationNotFound');
  if (who.kind === 'shop') return { conversation, taken: false };
  if (conversation.status === CHAT_SERVICE_STATUS.taken && conversation.agentId === who.adminId) return { conversation, taken: false };
  const taken = await chat.takeConversation(ctx.db, conversation.id, who.adminId, now);
  if (!taken) throw new Refused('chat.codes.notYourResponsibility', {}, CHAT_CODE.notYourResponsibility);
  return { conversation: taken, taken: true };
}

/**
 * The conversation a shopper's or a seller's frame names, by its two sides, when the frame needs
 * nothing read first (text): the send itself finds it. Null for an agent (the take comes first).
 */
function pairOf(who: ChatIdentity, toId: number | string): { userId: string; shopId: number } | null {
  if (who.kind === 'user' && typeof toId === 'number') return { userId: who.userId, shopId: toId };
  if (who.kind === 'shop' && typeof toId === 'string') return { userId: toId, shopId: who.shopId };
  return null;
}

function textContent(content: string): { content: string; card: null; preview: string } {
  return { content, card: null, preview: content.slice(0, PREVIEW_MAX) };
}

async function productCard(ctx: AppContext, prodId: number): Promise<ChatProductCard | null> {
  const [row] = await ctx.db
    .select({ prodId: products.id, shopId: products.shopId, prodName: products.nameZh, prodNameEn: products.nameEn, pic: products.pic, price: products.price, status: products.status })
    .from(products)
    .where(eq(products.id, prodId));
  if (!row || row.status === PRODUCT_STATUS.deleted) return null;
  return { prodId: row.prodId, shopId: row.shopId, prodName: row.prodName, prodNameEn: row.prodNameEn, pic: row.pic, price: row.price };
}

/** Order cards of one shopper, with each order's first item; newest first. */
async function orderCards(ctx: AppContext, where: { userId: string; shopId?: number; orderNumbers?: string[] }, page: { limit: number; offset: number }): Promise<ChatOrderCard[]> {
  const conditions = [eq(orders.userId, where.userId), eq(orders.deleteStatus, 0)];
  if (where.shopId !== undefined && where.shopId !== 0) conditions.push(eq(orders.shopId, where.shopId));
  if (where.orderNumbers) conditions.push(inArray(orders.orderNumber, where.orderNumbers));
  const rows = await ctx.db
    .select({
      orderNumber: orders.orderNumber,
      shopId: orders.shopId,
      status: orders.status,
      productCount: orders.productNums,
      actualTotal: orders.actualTotal,
      createdAt: orders.createdAt,
      first: sql<{ name: string; nameEn: string | null; pic: string | null } | null>`(
        select json_build_object('name', oi.prod_name_zh, 'nameEn', oi.prod_name_en, 'pic', oi.pic)
        from ${orderItems} oi where oi.order_number = ${orders.orderNumber} order by oi.id limit 1)`,
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    orderNumber: r.orderNumber,
    shopId: r.shopId,
    status: r.status,
    prodName: r.first?.name ?? '',
    prodNameEn: r.first?.nameEn ?? null,
    pic: r.first?.pic ?? null,
    productCount: r.productCount,
    actualTotal: Number(r.actualTotal),
    createTime: formatApiTime(r.createdAt),
  }));
}

/** Checks a message's content for its type and the sender; answers what is stored and the list's preview. */
async function checkContent(ctx: AppContext, who: ChatIdentity, conversation: chat.ConversationRow, input: ChatSend): Promise<{ content: string; card: ChatProductCard | ChatOrderCard | null; preview: string }> {
  const content = input.content;
  switch (input.msgType) {
    case CHAT_MSG_TYPE.text:
      return textContent(content);
    case CHAT_MSG_TYPE.image: {
      if (!PUBLIC_IMAGE.test(content)) throw new Refused('chat.errors.imageInvalid');
      const owned =
        who.kind === 'user' ? await ownedPaths(ctx, who.userId, [content]) : who.kind === 'shop' ? await shopOwnedPaths(ctx, who.shopId, [content]) : await savedPublicPaths(ctx, [content]);
      if (!owned.has(content)) throw new Refused('chat.errors.imageInvalid');
      return { content, card: null, preview: '' };
    }
    case CHAT_MSG_TYPE.product: {
      const prodId = /^\d{1,9}$/.test(content) ? Number(content) : NaN;
      const card = Number.isFinite(prodId) ? await productCard(ctx, prodId) : null;
      // A shop's conversation is about its own products; platform service may see any.
      if (!card || (conversation.shopId !== 0 && card.shopId !== conversation.shopId)) throw new Refused('chat.errors.productNotFound');
      return { content: String(card.prodId), card, preview: card.prodName.slice(0, PREVIEW_MAX) };
    }
    case CHAT_MSG_TYPE.order: {
      if (!ORDER_NUMBER.test(content)) throw new Refused('chat.errors.orderNotFound');
      // Only the shopper's own orders, with this shop (any shop for platform service).
      const [card] = await orderCards(ctx, { userId: conversation.userId, shopId: conversation.shopId, orderNumbers: [content] }, { limit: 1, offset: 0 });
      if (!card) throw new Refused('chat.errors.orderNotFound');
      return { content: card.orderNumber, card, preview: card.orderNumber };
    }
    default:
      throw new Refused('chat.errors.msgTypeInvalid');
  }
}

/**
 * Why the other side will not see the message now: at once (`away`: the shop is away, a shopper's
 * message to it waits and is not pushed to its sellers), or the presence key that must be online
 * and the reason when nobody is.
 */
function offlineCheck(who: ChatIdentity, conversation: chat.ConversationRow, away: boolean): ChatOfflineReason | { key: string; reason: ChatOfflineReason } {
  if (who.kind !== 'user') return { key: `u:${conversation.userId}`, reason: 'shopperOffline' };
  if (conversation.shopId === 0) {
    const key = conversation.status === CHAT_SERVICE_STATUS.taken && conversation.agentId !== null ? `a:${conversation.agentId}` : 'svc';
    return { key, reason: 'serviceOffline' };
  }
  if (away) return 'shopAway';
  return { key: `s:${conversation.shopId}`, reason: 'shopOffline' };
}

function senderOf(who: ChatIdentity): { fromSide: number; senderId: string } {
  switch (who.kind) {
    case 'user':
      return { fromSide: CHAT_SIDE.shopper, senderId: who.userId };
    case 'shop':
      return { fromSide: CHAT_SIDE.shop, senderId: String(who.accountId) };
    case 'agent':
      return { fromSide: CHAT_SIDE.shop, senderId: String(who.adminId) };
  }
}

/**
 * A message frame from a socket. Stores it, hands it to both sides' sockets on every instance (the
 * sender's own included: its acknowledgement), and answers what only the sender gets: code 12 when
 * the other side is not there, code 4 or 15 when the frame is refused, the stored message again
 * for a resend.
 */
export async function sendFromSocket(ctx: AppContext, peer: ChatPeer, input: ChatSend): Promise<ChatServerFrame[]> {
  const who = peer.who;
  const now = ctx.now();
  try {
    const message = { ...senderOf(who), msgType: input.msgType, clientMsgId: input.clientMsgId ?? null, at: now };
    // A text to an existing conversation is one statement: the send finds the conversation by its
    // sides. Anything else (a first message, a card or image to check, an agent) reads it first.
    const pair = input.msgType === CHAT_MSG_TYPE.text ? pairOf(who, input.toId) : null;
    let sent = pair ? await chat.sendMessage(ctx, pair, { ...message, ...textContent(input.content) }) : null;
    let taken = false;
    if (!sent) {
      const found = await conversationForSend(ctx, who, input.toId, now, { absent: pair !== null });
      taken = found.taken;
      const checked = await checkContent(ctx, who, found.conversation, input);
      sent = await chat.sendMessage(ctx, { id: found.conversation.id }, { ...message, ...checked });
      if (!sent) throw new Refused('chat.errors.conversationNotFound');
    }
    // A resend: the sender gets the stored message back (same seq); nobody gets it twice.
    if (sent.duplicate) return [messageFrame(sent.message)];
    const { bus, presence } = chatRuntime(ctx);
    const after = sent.conversation;
    // Booked before anyone sees the message, so the idle clock never runs from an older one.
    if (after.shopId === 0) await bookExpiry(ctx, after.id, now);
    if (taken && who.kind === 'agent') announceTransfer(ctx, after, who.adminId, who.name);
    // A shopper's message to an away shop waits: stored, counted unread, and pushed to the sellers
    // only when the shop is back online (setMerchantAway's replay). The shopper's sockets get it.
    const away = sent.away && who.kind === 'user' && after.shopId !== 0;
    const targets = conversationTargets(after);
    const mine = targetsOf(who);
    // The unread totals that moved, in the message's own event: the other side's (one more), and
    // the sender's only when it had unread messages in this conversation (a send reads up to it).
    const hadUnread = who.kind === 'user' ? sent.before.userUnread > 0 : sent.before.shopUnread > 0;
    const unreadTo = away ? [] : targets.filter((target) => !mine.includes(target));
    if (hadUnread) unreadTo.push(...mine);
    bus.publish({ t: 'msg', to: away ? mine : targets, m: sent.message, ...(unreadTo.length > 0 ? { unread: unreadTo } : {}) });
    // The presence cache nearly always knows (no promise then); else Redis is asked.
    const check = offlineCheck(who, after, away);
    const reason = typeof check === 'string' ? check : ((presence.known(check.key) ?? (await presence.online([check.key]))[0]) ? null : check.reason);
    return reason ? [codeFrame(peer, CHAT_CODE.otherSideOffline, { conversationId: after.id, seq: sent.message.seq, reason }, offlineKey(reason))] : [];
  } catch (err) {
    if (err instanceof Refused) return [codeFrame(peer, err.code, err.code === CHAT_CODE.refused ? { clientMsgId: input.clientMsgId ?? null, reason: err.key } : { conversationId: null, userId: typeof input.toId === 'string' ? input.toId : null }, err.key, err.params)];
    if (err instanceof AppError && err.kind !== 'unauthorized') return [codeFrame(peer, CHAT_CODE.refused, { clientMsgId: input.clientMsgId ?? null, reason: err.messageKey }, err.messageKey, err.params)];
    throw err;
  }
}

async function bookExpiry(ctx: AppContext, conversationId: number, lastAt: Date): Promise<void> {
  await rescheduleJob(ctx.db, CHAT_EXPIRY_JOB, String(conversationId), new Date(lastAt.getTime() + ctx.env.CHAT_SERVICE_IDLE_SECONDS * 1000));
}

/** Code 3 to the shopper and the agent now answering (and the queue's agents see it gone). */
function announceTransfer(ctx: AppContext, conversation: chat.ConversationRow, agentId: number, agentName: string, fromAgentId?: number): void {
  const data = { conversationId: conversation.id, userId: conversation.userId, agentId, agentName };
  const to = [`u:${conversation.userId}`, `a:${agentId}`, ...(fromAgentId !== undefined ? [`a:${fromAgentId}`] : [])];
  const { bus } = chatRuntime(ctx);
  bus.publish({ t: 'frame', to, code: CHAT_CODE.transferred, data, key: 'chat.codes.transferred', params: { agentName } });
  bus.publish({ t: 'unread', to: ['svc'] });
}

// ---------- shopper calls ----------

async function shopNames(ctx: AppContext, ids: number[]): Promise<Map<number, { nameZh: string; nameEn: string | null; logo: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.select({ id: shops.id, nameZh: shops.nameZh, nameEn: shops.nameEn, logo: shops.logo }).from(shops).where(inArray(shops.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function userNames(ctx: AppContext, ids: string[]): Promise<Map<string, { nickName: string; pic: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.select({ id: users.id, nickName: users.nickName, pic: users.pic }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function shopperConversations(ctx: AppContext, userId: string, lang: Language, t: (key: string) => string): Promise<ChatConversation[]> {
  const rows = await chat.conversationsOfUser(ctx.db, userId);
  const names = await shopNames(ctx, [...new Set(rows.map((r) => r.shopId).filter((id) => id !== 0))]);
  return rows.map((r) => {
    const shop = names.get(r.shopId);
    return {
      conversationId: r.id,
      toId: r.shopId,
      name: r.shopId === 0 ? t('chat.codes.platformName') : ((lang === 'en' ? shop?.nameEn : null) ?? shop?.nameZh ?? ''),
      avatar: r.shopId === 0 ? null : (shop?.logo ?? null),
      lastContent: r.lastContent,
      lastMsgType: r.lastMsgType,
      lastTime: r.lastMsgAt ? formatApiTime(r.lastMsgAt) : null,
      unreadCount: r.userUnread,
      lastSeq: r.lastSeq,
    };
  });
}

export async function shopperHistory(ctx: AppContext, userId: string, query: { toId: number; beforeSeq?: number; size: number }): Promise<ChatHistoryPage> {
  return chat.historyPage(ctx, await chat.conversationOf(ctx.db, userId, query.toId), 'user', query);
}

export async function shopperRead(ctx: AppContext, userId: string, input: { toId: number; seq: number }): Promise<{ unreadCount: number }> {
  const conversation = await chat.conversationOf(ctx.db, userId, input.toId);
  if (!conversation) throw notFound('chat.errors.conversationNotFound');
  await chat.markRead(ctx, conversation.id, 'user', input.seq, ctx.now());
  chatRuntime(ctx).bus.publish({ t: 'unread', to: [`u:${userId}`] });
  return { unreadCount: await chat.unreadOfUser(ctx.db, userId) };
}

export async function shopperUnread(ctx: AppContext, userId: string): Promise<{ unreadCount: number }> {
  return { unreadCount: await chat.unreadOfUser(ctx.db, userId) };
}

/** My recently viewed products of the shop (all shops for 0) and my orders with it, each a page. */
export async function recentBrowse(ctx: AppContext, userId: string, query: ChatRecentBrowseQuery): Promise<ChatRecentBrowse> {
  const offset = (query.current - 1) * query.size;
  const productWhere = and(eq(browseLogs.userId, userId), sql`${products.status} <> ${PRODUCT_STATUS.deleted}`, query.shopId === 0 ? undefined : eq(products.shopId, query.shopId));
  const orderWhere = and(eq(orders.userId, userId), eq(orders.deleteStatus, 0), query.shopId === 0 ? undefined : eq(orders.shopId, query.shopId));
  const [productRows, [productCount], orderRows, [orderCount]] = await Promise.all([
    ctx.db
      .select({ prodId: products.id, shopId: products.shopId, prodName: products.nameZh, prodNameEn: products.nameEn, pic: products.pic, price: products.price })
      .from(browseLogs)
      .innerJoin(products, eq(products.id, browseLogs.productId))
      .where(productWhere)
      .orderBy(desc(browseLogs.browseTime), desc(browseLogs.id))
      .limit(query.size)
      .offset(offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(browseLogs).innerJoin(products, eq(products.id, browseLogs.productId)).where(productWhere),
    orderCards(ctx, { userId, shopId: query.shopId }, { limit: query.size, offset }),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(orderWhere),
  ]);
  const page = <T>(records: T[], total: number) => ({ records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) });
  return { products: page(productRows, productCount?.n ?? 0), orders: page(orderRows, orderCount?.n ?? 0) };
}

// ---------- the shop's and the platform's side ----------

async function peerRows(ctx: AppContext, rows: chat.ConversationRow[]): Promise<ChatPeerConversation[]> {
  const names = await userNames(ctx, [...new Set(rows.map((r) => r.userId))]);
  const online = await chatRuntime(ctx).presence.online(rows.map((r) => `u:${r.userId}`));
  return rows.map((r, i) => ({
    conversationId: r.id,
    userId: r.userId,
    nickName: names.get(r.userId)?.nickName ?? '',
    avatar: names.get(r.userId)?.pic ?? null,
    lastContent: r.lastContent,
    lastMsgType: r.lastMsgType,
    lastTime: r.lastMsgAt ? formatApiTime(r.lastMsgAt) : null,
    unreadCount: r.shopUnread,
    lastSeq: r.lastSeq,
    online: online[i] ?? false,
  }));
}

export async function merchantConversations(ctx: AppContext, shopId: number, query: MerchantChatQuery) {
  const { rows, total } = await chat.pageConversationsOfShop(ctx.db, { shopId, unreadOnly: query.unread }, query);
  return { records: await peerRows(ctx, rows), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size), unreadTotal: await chat.unreadOfShop(ctx.db, shopId) };
}

async function requireConversation(ctx: AppContext, userId: string, shopId: number): Promise<chat.ConversationRow> {
  const conversation = await chat.conversationOf(ctx.db, userId, shopId);
  if (!conversation) throw notFound('chat.errors.conversationNotFound');
  return conversation;
}

export async function shopSideHistory(ctx: AppContext, shopId: number, userId: string, query: { beforeSeq?: number; size: number }): Promise<ChatHistoryPage> {
  return chat.historyPage(ctx, await requireConversation(ctx, userId, shopId), 'shop', query);
}

/** A seller (shopId) or an agent (shop 0) reads a conversation up to seq; answers the reader's unread total. */
export async function shopSideRead(ctx: AppContext, reader: { shopId: number } | { agentId: number }, userId: string, seq: number): Promise<{ unreadCount: number }> {
  const shopId = 'shopId' in reader ? reader.shopId : 0;
  const conversation = await requireConversation(ctx, userId, shopId);
  const after = await chat.markRead(ctx, conversation.id, 'shop', seq, ctx.now());
  chatRuntime(ctx).bus.publish({ t: 'unread', to: conversationTargets(after).filter((target) => !target.startsWith('u:')) });
  return { unreadCount: 'shopId' in reader ? await chat.unreadOfShop(ctx.db, shopId) : await chat.unreadOfAgent(ctx.db, reader.agentId) };
}

export async function merchantContext(ctx: AppContext, shopId: number, userId: string): Promise<MerchantChatContext> {
  await requireConversation(ctx, userId, shopId);
  const [orderRows, productRows] = await Promise.all([
    orderCards(ctx, { userId, shopId }, { limit: 10, offset: 0 }),
    ctx.db
      .select({ prodId: products.id, shopId: products.shopId, prodName: products.nameZh, prodNameEn: products.nameEn, pic: products.pic, price: products.price })
      .from(browseLogs)
      .innerJoin(products, eq(products.id, browseLogs.productId))
      .where(and(eq(browseLogs.userId, userId), eq(products.shopId, shopId), sql`${products.status} <> ${PRODUCT_STATUS.deleted}`))
      .orderBy(desc(browseLogs.browseTime), desc(browseLogs.id))
      .limit(10),
  ]);
  return { orders: orderRows, products: productRows };
}

export async function merchantStatus(ctx: AppContext, shopId: number): Promise<{ away: boolean; online: boolean }> {
  const [away, [online]] = await Promise.all([chat.shopAway(ctx.db, shopId), chatRuntime(ctx).presence.online([`s:${shopId}`])]);
  return { away, online: online ?? false };
}

/** Away or online; back online, the shop's sockets get the shoppers' messages that waited (in order, once). */
export async function setMerchantAway(ctx: AppContext, shopId: number, away: boolean): Promise<{ away: boolean; online: boolean }> {
  const awaySince = await chat.setAway(ctx, shopId, away, ctx.now());
  if (awaySince) chatRuntime(ctx).bus.publish({ t: 'replay', to: [`s:${shopId}`], since: awaySince.getTime() - REPLAY_MARGIN_MS });
  return merchantStatus(ctx, shopId);
}

// ---------- platform service ----------

/** Staff who may answer (a role holding chat.service, enabled), and who has a socket open. */
export async function chatAgents(ctx: AppContext): Promise<ChatAgent[]> {
  const [staff, roles] = await Promise.all([listStaff(ctx), listRoles(ctx)]);
  const serving = new Set(roles.filter((r) => permits(r.permissions, 'chat.service')).map((r) => r.roleId));
  const agents = staff.filter((s) => s.status === 1 && serving.has(s.role.roleId));
  const online = await chatRuntime(ctx).presence.online(agents.map((a) => `a:${a.adminId}`));
  return agents.map((a, i) => ({ adminId: a.adminId, name: a.username, online: online[i] ?? false }));
}

async function adminRows(ctx: AppContext, rows: chat.ConversationRow[]): Promise<AdminChatConversation[]> {
  const peers = await peerRows(ctx, rows);
  const staff = rows.some((r) => r.agentId !== null) ? await listStaff(ctx) : [];
  const names = new Map(staff.map((s) => [s.adminId, s.username]));
  return peers.map((p, i) => {
    const r = rows[i]!;
    return { ...p, status: r.status, agentId: r.agentId, agentName: r.agentId === null ? null : (names.get(r.agentId) ?? null) };
  });
}

export async function adminConversations(ctx: AppContext, agentId: number, query: AdminChatQuery) {
  const { rows, total } = await chat.pageConversationsOfShop(ctx.db, { shopId: 0, agent: { scope: query.scope, agentId } }, query);
  const [records, unreadTotal, queueCount] = await Promise.all([adminRows(ctx, rows), chat.unreadOfAgent(ctx.db, agentId), chat.queueCount(ctx.db)]);
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size), unreadTotal, queueCount };
}

/** 400 with code 15's text: another agent answers this conversation. */
const notYours = () => invalid('chat.errors.notYourResponsibility');

export async function takeChat(ctx: AppContext, agent: { adminId: number; name: string }, userId: string): Promise<AdminChatConversation> {
  const conversation = await requireConversation(ctx, userId, 0);
  const taken = await chat.takeConversation(ctx.db, conversation.id, agent.adminId, ctx.now());
  if (!taken) throw notYours();
  if (!(conversation.status === CHAT_SERVICE_STATUS.taken && conversation.agentId === agent.adminId)) announceTransfer(ctx, taken, agent.adminId, agent.name);
  await bookExpiry(ctx, taken.id, taken.lastMsgAt ?? ctx.now());
  return (await adminRows(ctx, [taken]))[0]!;
}

export async function transferChat(ctx: AppContext, from: { adminId: number }, userId: string, toAdminId: number): Promise<AdminChatConversation> {
  const conversation = await requireConversation(ctx, userId, 0);
  const target = (await chatAgents(ctx)).find((a) => a.adminId === toAdminId);
  if (!target) throw invalid('chat.errors.agentNotFound');
  if (toAdminId === from.adminId) throw invalid('chat.errors.transferSelf');
  const moved = await chat.transferConversation(ctx.db, conversation.id, from.adminId, toAdminId, ctx.now());
  if (!moved) throw notYours();
  announceTransfer(ctx, moved, toAdminId, target.name, from.adminId);
  chatRuntime(ctx).bus.publish({ t: 'unread', to: [`a:${from.adminId}`, `a:${toAdminId}`] });
  return (await adminRows(ctx, [moved]))[0]!;
}

/** A shop's conversation with a shopper, for staff with chat.read (a dispute); read-only. */
export async function staffReadShopHistory(ctx: AppContext, shopId: number, userId: string, query: { beforeSeq?: number; size: number }): Promise<ChatHistoryPage> {
  return chat.historyPage(ctx, await requireConversation(ctx, userId, shopId), 'shop', query);
}

/** The idle expiry (code 16): only if nothing was said since the job was booked. */
export function chatExpiryHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const id = Number(job.ref);
    const before = await chat.conversationById(ctx.db, id);
    if (!before) return;
    const now = ctx.now();
    const expired = await chat.expireConversation(ctx.db, id, new Date(now.getTime() - ctx.env.CHAT_SERVICE_IDLE_SECONDS * 1000), now);
    if (!expired) return;
    const to = [`u:${expired.userId}`, before.agentId !== null ? `a:${before.agentId}` : 'svc'];
    const { bus } = chatRuntime(ctx);
    bus.publish({ t: 'frame', to, code: CHAT_CODE.consultExpired, data: { conversationId: id, userId: expired.userId }, key: 'chat.codes.consultExpired' });
    bus.publish({ t: 'unread', to: ['svc'] });
  };
}
