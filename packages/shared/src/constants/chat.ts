// Live chat (issue 28; docs/decisions/063-live-chat.md): the socket's codes and the limits, shared by
// the server, the storefront and the consoles. Values from the specification's sections 4 and 9 and
// the reference's section 3; the ones marked "proposed" are Bazaar's.

/** Heartbeat: the client sends one on open, then every 19 s (spec 9). */
export const CHAT_HEARTBEAT_MS = 19_000;
/** The client's heartbeat content (reference 2.11); the server answers it with CHAT_CODE.heartbeat. */
export const CHAT_HEARTBEAT_CONTENT = 'HEART_BEAT';
/** The server closes a socket silent for more than two beats. */
export const CHAT_SILENT_CLOSE_MS = 2 * CHAT_HEARTBEAT_MS + 2_000;
/** After a close (other than after code 11) the client reconnects after 2 s, at most 3 times (spec 9). */
export const CHAT_RECONNECT_DELAY_MS = 2_000;
export const CHAT_RECONNECT_TRIES = 3;

/**
 * Server frame codes (reference 3). '00000' carries the unread flag: data = the unread total,
 * success = data > 0. 0 (the heartbeat's answer) and 4 (a refused frame) are proposed.
 */
export const CHAT_CODE = {
  /** Answer to a heartbeat (proposed). */
  heartbeat: 0,
  /** A message (also the sender's own, as its acknowledgement: same clientMsgId, now with its seq). */
  message: 1,
  /** History: the answer to a resume (what the socket missed, in order). */
  history: 2,
  /** A platform conversation was transferred to another agent (or taken from the queue). */
  transferred: 3,
  /** A frame refused: too large, too fast, invalid, or not allowed (proposed); content = the reason in the socket's language. */
  refused: 4,
  /** The user could not be identified (bad or expired token): the server closes the socket. */
  userInfoFailed: 10,
  /** Another login of the same account opened a socket: this one is closed and must not reconnect. */
  loggedInElsewhere: 11,
  /** The other side is offline or away (or no customer service is online): the message is kept and delivered later. */
  otherSideOffline: 12,
  /** Platform service: the conversation is another agent's. */
  notYourResponsibility: 15,
  /** Platform service: the consultation expired after being idle; the shopper re-consults (proposed). */
  consultExpired: 16,
  /** The unread flag. */
  unread: '00000',
} as const;
export type ChatCode = (typeof CHAT_CODE)[keyof typeof CHAT_CODE];

/** msgType (reference 2.11; 2 and 3 proposed). */
export const CHAT_MSG_TYPE = { text: 0, image: 1, product: 2, order: 3 } as const;
export type ChatMsgType = (typeof CHAT_MSG_TYPE)[keyof typeof CHAT_MSG_TYPE];
export const CHAT_MSG_TYPES = [0, 1, 2, 3] as const;

/** sendType of a client frame (proposed): a heartbeat, a message, or a resume. A frame whose content is HEART_BEAT is a heartbeat whatever its sendType. */
export const CHAT_SEND_TYPE = { heartbeat: 0, message: 1, resume: 2 } as const;

/** Who wrote a message: the shopper, or the shop's side (a seller, or platform service when shopId is 0), or the system (transfer, expiry notes). */
export const CHAT_SIDE = { shopper: 1, shop: 2, system: 3 } as const;
export type ChatSide = (typeof CHAT_SIDE)[keyof typeof CHAT_SIDE];

/** The platform's "shop": toId 0 is platform customer service. */
export const CHAT_PLATFORM_SHOP_ID = 0;

/** Platform conversations (shopId 0): waiting in the queue, taken by an agent, or expired after idling. */
export const CHAT_SERVICE_STATUS = { waiting: 0, taken: 1, expired: 2 } as const;
export type ChatServiceStatus = (typeof CHAT_SERVICE_STATUS)[keyof typeof CHAT_SERVICE_STATUS];
/** Default idle time before a platform consultation expires (code 16); the API's CHAT_SERVICE_IDLE_SECONDS overrides it. */
export const CHAT_SERVICE_IDLE_SECONDS_DEFAULT = 30 * 60;

/** Why code 12 was sent (its data.reason). */
export const CHAT_OFFLINE_REASONS = ['shopOffline', 'shopAway', 'serviceOffline', 'shopperOffline'] as const;
export type ChatOfflineReason = (typeof CHAT_OFFLINE_REASONS)[number];

/** A text message: at most this many characters (after trimming; emoji count as the characters they are). The chat.errors texts repeat these limits. */
export const CHAT_TEXT_MAX = 500;
/** A client frame: at most this many bytes (UTF-8); larger ones get code 4 with the limit's message. */
export const CHAT_FRAME_MAX_BYTES = 8 * 1024;
/** Frames above this are not even read: the socket is closed with 1009 (message too big). */
export const CHAT_FRAME_HARD_MAX_BYTES = 64 * 1024;
/** A client message id: 1-64 letters, digits, dash or underscore (a UUID fits). */
export const CHAT_CLIENT_MSG_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Rate limit per account (shopper, merchant account, staff member), across instances: messages per window (the API's CHAT_MESSAGES_PER_10S overrides the count). */
export const CHAT_RATE_MAX = 20;
export const CHAT_RATE_WINDOW_MS = 10_000;

/** Page sizes. */
export const CHAT_HISTORY_PAGE_DEFAULT = 20;
export const CHAT_HISTORY_PAGE_MAX = 50;
export const CHAT_CONVERSATIONS_PAGE_DEFAULT = 20;
export const CHAT_CONVERSATIONS_PAGE_MAX = 100;
/** recentBrowse: products and orders per page. */
export const CHAT_RECENT_PAGE_DEFAULT = 10;
export const CHAT_RECENT_PAGE_MAX = 50;
/** A resume answers at most this many messages per conversation (then hasMore: load the rest as history). */
export const CHAT_RESUME_MAX = 200;
/** A resume names at most this many conversations. */
export const CHAT_RESUME_CONVERSATIONS_MAX = 100;

/** Quick replies of a shop: at most this many, each at most CHAT_QUICK_REPLY_MAX characters. */
export const CHAT_QUICK_REPLIES_MAX = 50;
export const CHAT_QUICK_REPLY_MAX = 200;

/** The socket's path (spec 7); the storefront proxies it under /api too. */
export const CHAT_SOCKET_PATH = '/im/websocket/online/user';
