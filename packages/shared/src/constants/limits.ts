// The specification's section 9, in one place. Values are copied from the spec, never invented.
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
export const FALLBACK_LANGUAGE: Language = 'zh';

// The chat's heartbeat and reconnect limits are in constants/chat.ts, the top-up's in constants/balance.ts.
export const ANALYTICS_SESSION_TIMEOUT_MS = 30 * 60_000;
export const SMS_RESEND_LOCK_MS = 60_000;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const PAY_SWITCH_CACHE_MS = 18_000_000;
export const NOTICE_TICKER_INTERVAL_MS = 800;
export const SEARCH_ERROR_TOAST_MS = 1_000;
export const DEFAULT_DEBOUNCE_MS = 200;
export const PASSWORD_SUCCESS_REDIRECT_MS = 3_000;
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;

export const ACCOUNT_MIN_LENGTH = 4;
export const ACCOUNT_MAX_LENGTH = 16;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
/** Search terms (products, stores, the shopper's orders) are at most this long. */
export const SEARCH_KEYWORD_MAX_LENGTH = 50;
/** Search totals above this are answered as the cap with `totalCapped` ("10,000+ products"). */
export const SEARCH_TOTAL_CAP = 10_000;
export const SHOP_PASSWORD_MIN_LENGTH = 6;
export const SHOP_PASSWORD_MAX_LENGTH = 12;
export const NICKNAME_MAX_LENGTH = 15;
export const SHOP_NAME_MAX_LENGTH = 20;
export const SHOP_DESCRIPTION_MIN_LENGTH = 10;
export const SHOP_DESCRIPTION_MAX_LENGTH = 200;
export const ADDRESS_DETAIL_MIN_LENGTH = 5;
export const REFUND_NOTE_MAX_LENGTH = 200;
export const REFUND_MAX_VOUCHERS = 5;
export const REVIEW_MAX_LENGTH = 150;
export const REVIEW_MAX_IMAGES = 9;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const POINTS_USE_MULTIPLE = 10;
/** The most points one checkout may ask for (points.errors.useMax names it). */
export const POINTS_USE_MAX = 100_000_000;
export const MERCHANT_MESSAGE_MAX_LENGTH = 200;
export const QR_CODE_SIZE_PX = 100;
export const RETURN_PROMISE_DAYS = 7;

// Account security (issue 2): lock after repeated wrong passwords.
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_MS = 30 * 60_000;
// An encrypted password's timestamp must be this fresh.
export const LOGIN_CIPHER_MAX_AGE_MS = 5 * 60_000;
export const TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const SMS_PER_IP_PER_HOUR = 20;

/**
 * The most one checkout may come to, in fen (issue 8; the specification states none). WeChat
 * Pay counts fen in a 32-bit integer (about 21 million yuan) and Alipay stops at 100 million
 * yuan, so 10 million yuan keeps every checkout payable by every gateway.
 */
export const ORDER_TOTAL_MAX_FEN = 10_000_000 * 100;

/** Most pieces of one SKU in a cart line or an order line. */
export const CART_ITEM_MAX = 9_999;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
