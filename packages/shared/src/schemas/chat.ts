// Live chat (issue 28; docs/decisions/063-live-chat.md): every payload of the socket and of the chat
// calls. Validation messages are i18n keys under `chat.errors.*` (i18n/{zh,en}/ui-chat.ts).
//
// Socket: WS /im/websocket/online/user/{encodedToken}/{userId} (the storefront: /api/im/... on its own
// origin). The token of any audience: a shopper (userId = its 32-hex id), a merchant account (userId =
// the account id) or a staff member (userId = the admin id). Client frames: ChatClientFrame; server
// frames: ChatServerFrame ({code, data, success, content, msgType}).
//
// Shopper (Authorization required):
//   GET  /p/user/conversations                         ChatConversation[] newest first
//   POST /p/user/recentBrowse    form shopId,current,size  ChatRecentBrowse (cards to send)
//   GET  /p/user/chat/history    ChatHistoryQuery{toId}  ChatHistoryPage (oldest first; beforeSeq pages upward)
//   POST /p/user/chat/read       ChatReadInput{toId,seq} ChatUnread
//   GET  /p/user/chat/unread                            ChatUnread
//   POST /p/file/uploadImFile    multipart `file`       the image path (plain string)
// Merchant center [chat.reply]:
//   GET  /merchant/chat/conversations                   MerchantChatQuery -> Page<MerchantChatConversation>
//   GET  /merchant/chat/conversations/:userId/history   ChatHistoryQuery -> ChatHistoryPage
//   POST /merchant/chat/conversations/:userId/read      {seq} -> ChatUnread (the shop's total)
//   GET  /merchant/chat/conversations/:userId/context   MerchantChatContext (their orders here, recent products)
//   GET  /merchant/chat/quick-replies                    ChatQuickReply[]
//   POST /merchant/chat/quick-replies                    ChatQuickReplyInput -> ChatQuickReply
//   PUT  /merchant/chat/quick-replies/:id                ChatQuickReplyInput -> ChatQuickReply
//   DELETE /merchant/chat/quick-replies/:id              empty
//   GET  /merchant/chat/status                           MerchantChatStatus
//   PUT  /merchant/chat/status                           MerchantChatStatusInput -> MerchantChatStatus
// Platform console [chat.service unless noted]:
//   GET  /admin/chat/conversations                       AdminChatQuery{scope: queue|mine|all} -> Page<AdminChatConversation>
//   GET  /admin/chat/conversations/:userId/history       ChatHistoryQuery -> ChatHistoryPage
//   POST /admin/chat/conversations/:userId/read          {seq} -> ChatUnread (the agent's total)
//   POST /admin/chat/conversations/:userId/take          empty -> AdminChatConversation; 400 code 15 text when another agent has it
//   POST /admin/chat/conversations/:userId/transfer      AdminChatTransferInput -> AdminChatConversation (code 3 frames)
//   GET  /admin/chat/agents                              ChatAgent[] (who holds chat.service, and who is online)
//   GET  /admin/chat/shops/:shopId/conversations/:userId/history  ChatHistoryQuery -> ChatHistoryPage [chat.read]
import { z } from 'zod';
import {
  CHAT_CLIENT_MSG_ID_PATTERN,
  CHAT_CODE,
  CHAT_CONVERSATIONS_PAGE_DEFAULT,
  CHAT_CONVERSATIONS_PAGE_MAX,
  CHAT_HISTORY_PAGE_DEFAULT,
  CHAT_HISTORY_PAGE_MAX,
  CHAT_MSG_TYPES,
  CHAT_OFFLINE_REASONS,
  CHAT_QUICK_REPLY_MAX,
  CHAT_RECENT_PAGE_DEFAULT,
  CHAT_RECENT_PAGE_MAX,
  CHAT_RESUME_CONVERSATIONS_MAX,
  CHAT_SEND_TYPE,
  CHAT_TEXT_MAX,
} from '../constants/chat.ts';
import { pageOf } from './common.ts';
import { textInput } from './text.ts';

export * from '../constants/chat.ts';

const userIdSchema = z.string('chat.errors.conversationNotFound').regex(/^[0-9a-f]{32}$/, 'chat.errors.conversationNotFound');
const shopIdSchema = z.coerce.number('chat.errors.conversationNotFound').int('chat.errors.conversationNotFound').min(0, 'chat.errors.conversationNotFound').max(2_147_483_647, 'chat.errors.conversationNotFound');
const seqSchema = z.coerce.number('chat.errors.seqInvalid').int('chat.errors.seqInvalid').min(0, 'chat.errors.seqInvalid').max(Number.MAX_SAFE_INTEGER, 'chat.errors.seqInvalid');

// ---------- socket frames ----------

/**
 * A client frame. A heartbeat is `{content: 'HEART_BEAT'}` (other fields ignored). A message:
 * sendType 1 (or absent), toId = the shop (0 = platform service) for a shopper, the shopper's userId
 * for a seller or an agent; content = the text (msgType 0), the image path from uploadImFile (1), the
 * prodId (2) or the orderNumber (3): the server sends the card. clientMsgId makes a resend (after a
 * timeout, or from a second tab) stored and delivered once. A resume: sendType 2 with `resume`, the
 * last seq the client holds per conversation; the answer is code 2 with what it missed, in order.
 */
export const ChatClientFrameSchema = z.object({
  toId: z.union([z.number().int().min(0).max(2_147_483_647), z.string().max(64)]).optional(),
  msgType: z.number().int().optional(),
  sendType: z.number().int().optional(),
  content: z.string().optional(),
  clientMsgId: z.string().optional(),
  resume: z
    .array(z.object({ conversationId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), lastSeq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }))
    .max(CHAT_RESUME_CONVERSATIONS_MAX, 'chat.errors.resumeTooLong')
    .optional(),
});
export type ChatClientFrame = z.infer<typeof ChatClientFrameSchema>;

/** The message part of a client frame, once it is known to be one (the server's strict check). */
export const ChatSendSchema = z.object({
  toId: z.union([shopIdSchema, userIdSchema]),
  msgType: z.union(CHAT_MSG_TYPES.map((t) => z.literal(t)), 'chat.errors.msgTypeInvalid'),
  sendType: z.literal(CHAT_SEND_TYPE.message).optional(),
  content: textInput('chat.errors.contentRequired').trim().min(1, 'chat.errors.contentRequired').max(CHAT_TEXT_MAX, 'chat.errors.contentTooLong'),
  clientMsgId: z.string().regex(CHAT_CLIENT_MSG_ID_PATTERN, 'chat.errors.clientMsgIdInvalid').optional(),
});
export type ChatSend = z.infer<typeof ChatSendSchema>;

/** A product card: what a msgType 2 message shows (a snapshot taken when it was sent). Price in fen. */
export const ChatProductCardSchema = z.object({
  prodId: z.number().int(),
  shopId: z.number().int(),
  prodName: z.string(),
  /** The English name when the product has one (show it to English readers). */
  prodNameEn: z.string().nullable(),
  pic: z.string().nullable(),
  price: z.number().int(),
});
export type ChatProductCard = z.infer<typeof ChatProductCardSchema>;

/** An order card: what a msgType 3 message shows. Total in fen. */
export const ChatOrderCardSchema = z.object({
  orderNumber: z.string(),
  shopId: z.number().int(),
  status: z.number().int(),
  /** The first item's name (and English name) and picture, and how many items in all. */
  prodName: z.string(),
  prodNameEn: z.string().nullable(),
  pic: z.string().nullable(),
  productCount: z.number().int(),
  actualTotal: z.number().int(),
  createTime: z.string(),
});
export type ChatOrderCard = z.infer<typeof ChatOrderCardSchema>;

/**
 * A stored message. seq grows by one per message within its conversation (both sides share it);
 * fromSide 1 shopper, 2 shop or platform service, 3 system. senderId: the shopper's userId, the
 * merchant account id or the admin id (as text). content is text, rendered inert (never as HTML).
 */
export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  seq: z.number().int(),
  userId: z.string(),
  shopId: z.number().int(),
  fromSide: z.number().int(),
  senderId: z.string(),
  msgType: z.number().int(),
  content: z.string(),
  card: z.union([ChatProductCardSchema, ChatOrderCardSchema]).nullable(),
  clientMsgId: z.string().nullable(),
  createTime: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** code 2's data: the messages after lastSeq of one conversation (hasMore: load the rest with the history call). */
export const ChatResumeDataSchema = z.object({
  conversationId: z.number().int(),
  messages: z.array(ChatMessageSchema),
  hasMore: z.boolean(),
});
export type ChatResumeData = z.infer<typeof ChatResumeDataSchema>;

/** code 3's data: a platform conversation now answered by this agent. */
export const ChatTransferDataSchema = z.object({
  conversationId: z.number().int(),
  userId: z.string(),
  agentId: z.number().int(),
  agentName: z.string(),
});
/** code 12's data: the message is kept and delivered later. */
export const ChatOfflineDataSchema = z.object({
  conversationId: z.number().int(),
  seq: z.number().int(),
  reason: z.enum(CHAT_OFFLINE_REASONS),
});
/** code 4's data: which frame was refused and why (content: the reason in the socket's language). */
export const ChatRefusedDataSchema = z.object({ clientMsgId: z.string().nullable(), reason: z.string() });
/** code 15's and 16's data. */
export const ChatConversationRefDataSchema = z.object({ conversationId: z.number().int(), userId: z.string() });

/**
 * A server frame (spec 3: code, data, success, content, msgType). content: the text of the code in the
 * socket's language (Accept-Language is not sent on a socket: the `lang` query parameter, zh or en,
 * else zh); for code 1 the message's content. msgType: the message's, else null.
 */
export const ChatServerFrameSchema = z.object({
  code: z.union([z.number().int(), z.literal(CHAT_CODE.unread)]),
  data: z.unknown(),
  success: z.boolean(),
  content: z.string().nullable(),
  msgType: z.number().int().nullable(),
});
export type ChatServerFrame = z.infer<typeof ChatServerFrameSchema>;

// ---------- shopper calls ----------

/** GET /p/user/conversations: one per shop (toId 0 = platform service), newest first. */
export const ChatConversationSchema = z.object({
  conversationId: z.number().int(),
  toId: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  lastContent: z.string(),
  lastMsgType: z.number().int(),
  lastTime: z.string().nullable(),
  unreadCount: z.number().int(),
  /** The last seq of the conversation (resume from what the client holds). */
  lastSeq: z.number().int(),
});
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

/** The unread total of the caller (shopper: all conversations; seller: the shop's; agent: the agent's and the queue's). */
export const ChatUnreadSchema = z.object({ unreadCount: z.number().int() });
export type ChatUnread = z.infer<typeof ChatUnreadSchema>;

const sizeOf = (def: number, max: number) => z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(max, 'validation.pageSize').default(def);
const currentSchema = z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(100_000, 'validation.page').default(1);

/** History, oldest first within a page; beforeSeq pages upward (absent: the newest page). */
export const ChatHistoryQuerySchema = z.object({
  beforeSeq: seqSchema.optional(),
  size: sizeOf(CHAT_HISTORY_PAGE_DEFAULT, CHAT_HISTORY_PAGE_MAX),
});
export type ChatHistoryQuery = z.infer<typeof ChatHistoryQuerySchema>;
/** The shopper's history names its conversation by toId (the shop; 0 = platform). */
export const ShopperChatHistoryQuerySchema = ChatHistoryQuerySchema.extend({ toId: shopIdSchema });
export type ShopperChatHistoryQuery = z.infer<typeof ShopperChatHistoryQuerySchema>;

export const ChatHistoryPageSchema = z.object({
  conversationId: z.number().int().nullable(),
  records: z.array(ChatMessageSchema),
  /** Older messages exist: ask again with beforeSeq = records[0].seq. */
  hasMore: z.boolean(),
  /** The other side's read cursor (messages up to it are read). */
  otherReadSeq: z.number().int(),
});
export type ChatHistoryPage = z.infer<typeof ChatHistoryPageSchema>;

/** Marks the conversation read up to seq (never backwards). */
export const ChatReadSchema = z.object({ seq: seqSchema });
export const ShopperChatReadSchema = ChatReadSchema.extend({ toId: shopIdSchema });
export type ShopperChatRead = z.infer<typeof ShopperChatReadSchema>;

/** POST /p/user/recentBrowse (form-encoded): shopId (0 = all shops, for platform service), current, size. */
export const ChatRecentBrowseQuerySchema = z.object({
  shopId: shopIdSchema,
  current: currentSchema,
  size: sizeOf(CHAT_RECENT_PAGE_DEFAULT, CHAT_RECENT_PAGE_MAX),
});
export type ChatRecentBrowseQuery = z.infer<typeof ChatRecentBrowseQuerySchema>;
/** Recently viewed products of that shop and my orders with it, newest first, each paged alike. */
export const ChatRecentBrowseSchema = z.object({
  products: pageOf(ChatProductCardSchema),
  orders: pageOf(ChatOrderCardSchema),
});
export type ChatRecentBrowse = z.infer<typeof ChatRecentBrowseSchema>;

// ---------- merchant center ----------

export const MerchantChatQuerySchema = z.object({
  current: currentSchema,
  size: sizeOf(CHAT_CONVERSATIONS_PAGE_DEFAULT, CHAT_CONVERSATIONS_PAGE_MAX),
  /** Only conversations with unread messages. */
  unread: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type MerchantChatQuery = z.infer<typeof MerchantChatQuerySchema>;

/** A conversation as the shop's side (or an agent) sees it: the shopper. */
export const ChatPeerConversationSchema = z.object({
  conversationId: z.number().int(),
  userId: z.string(),
  nickName: z.string(),
  avatar: z.string().nullable(),
  lastContent: z.string(),
  lastMsgType: z.number().int(),
  lastTime: z.string().nullable(),
  unreadCount: z.number().int(),
  lastSeq: z.number().int(),
  /** The shopper has a socket open (any instance). */
  online: z.boolean(),
});
export type ChatPeerConversation = z.infer<typeof ChatPeerConversationSchema>;
export const MerchantChatConversationSchema = ChatPeerConversationSchema;
export type MerchantChatConversation = ChatPeerConversation;
export const MerchantChatPageSchema = pageOf(ChatPeerConversationSchema).extend({ unreadTotal: z.number().int() });

export const UserIdParamSchema = z.object({ userId: userIdSchema });
export const ShopUserParamSchema = z.object({ shopId: shopIdSchema, userId: userIdSchema });

/** Next to a conversation: the shopper's orders with this shop and the shop's products they viewed last. */
export const MerchantChatContextSchema = z.object({
  orders: z.array(ChatOrderCardSchema),
  products: z.array(ChatProductCardSchema),
});
export type MerchantChatContext = z.infer<typeof MerchantChatContextSchema>;

export const ChatQuickReplySchema = z.object({ id: z.number().int(), content: z.string(), seq: z.number().int() });
export type ChatQuickReply = z.infer<typeof ChatQuickReplySchema>;
export const ChatQuickReplyInputSchema = z.object({
  content: textInput('chat.errors.quickReplyRequired').trim().min(1, 'chat.errors.quickReplyRequired').max(CHAT_QUICK_REPLY_MAX, 'chat.errors.quickReplyTooLong'),
  /** Order in the list, ascending (default: last). */
  seq: z.number('chat.errors.quickReplySeq').int('chat.errors.quickReplySeq').min(0, 'chat.errors.quickReplySeq').max(10_000, 'chat.errors.quickReplySeq').optional(),
});
export type ChatQuickReplyInput = z.infer<typeof ChatQuickReplyInputSchema>;
export const ChatQuickReplyIdParamSchema = z.object({ id: z.coerce.number().int('chat.errors.quickReplyNotFound').positive('chat.errors.quickReplyNotFound').max(2_147_483_647, 'chat.errors.quickReplyNotFound') });

/** Online = some account of the shop with chat.reply has a socket open; away = the shop said so (its shoppers get code 12). */
export const MerchantChatStatusSchema = z.object({ away: z.boolean(), online: z.boolean() });
export type MerchantChatStatus = z.infer<typeof MerchantChatStatusSchema>;
export const MerchantChatStatusInputSchema = z.object({ away: z.boolean('chat.errors.awayInvalid') });

// ---------- platform console ----------

export const AdminChatQuerySchema = z.object({
  /** queue: waiting (and expired with new messages) toId 0 conversations; mine: taken by me; all: every toId 0 one. */
  scope: z.enum(['queue', 'mine', 'all'], 'chat.errors.scopeInvalid').default('queue'),
  current: currentSchema,
  size: sizeOf(CHAT_CONVERSATIONS_PAGE_DEFAULT, CHAT_CONVERSATIONS_PAGE_MAX),
});
export type AdminChatQuery = z.infer<typeof AdminChatQuerySchema>;

export const AdminChatConversationSchema = ChatPeerConversationSchema.extend({
  /** CHAT_SERVICE_STATUS: 0 waiting, 1 taken, 2 expired. */
  status: z.number().int(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
});
export type AdminChatConversation = z.infer<typeof AdminChatConversationSchema>;
export const AdminChatPageSchema = pageOf(AdminChatConversationSchema).extend({ unreadTotal: z.number().int(), queueCount: z.number().int() });

export const AdminChatTransferInputSchema = z.object({ toAdminId: z.number('chat.errors.agentNotFound').int('chat.errors.agentNotFound').positive('chat.errors.agentNotFound').max(2_147_483_647, 'chat.errors.agentNotFound') });
export type AdminChatTransferInput = z.infer<typeof AdminChatTransferInputSchema>;

export const ChatAgentSchema = z.object({ adminId: z.number().int(), name: z.string(), online: z.boolean() });
export type ChatAgent = z.infer<typeof ChatAgentSchema>;
