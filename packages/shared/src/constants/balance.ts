// Balance and top-up (reference sections 3 and 5.10; the specification's sections 5 and 9 for the limit).

/** balance_logs.type (reference section 3 "Balance log type"). */
export const BALANCE_LOG_TYPE = { topUp: 1, gift: 2, payment: 3, refund: 4, adjustment: 5, membership: 6 } as const;
export type BalanceLogType = (typeof BALANCE_LOG_TYPE)[keyof typeof BALANCE_LOG_TYPE];
export const BALANCE_LOG_TYPES = [1, 2, 3, 4, 5, 6] as const;

/** balance_logs.ioType. */
export const BALANCE_IO = { out: 0, in: 1 } as const;

/** One top-up is 0.01 to 100,000 yuan (specification section 9), in fen. */
export const TOP_UP_MIN_FEN = 1;
export const TOP_UP_MAX_FEN = 10_000_000;
/** The balance may not exceed 999,999,999.99 yuan (reference 5.10; user_wallets' check). */
export const BALANCE_MAX_FEN = 99_999_999_999;
/** The custom choice of POST /p/balance/pay's `id` (reference 2.9). */
export const CUSTOM_TOP_UP_ID = -1;
/** A staff adjustment moves at most this much at once. */
export const BALANCE_ADJUST_MAX_FEN = TOP_UP_MAX_FEN * 10;
/** Most top-up presets shown (and kept on). */
export const BALANCE_OPTIONS_MAX = 20;
