// Membership (reference sections 3 "Member level" and 5.9; the specification's section 9 for the periods).

/** user_levels.levelType: 0 growth (reached by growth value), 1 paid (bought per period). */
export const LEVEL_TYPE = { growth: 0, paid: 1 } as const;

/** termType: the specification's five membership periods. */
export const TERM_TYPE = { day: 1, week: 2, month: 3, season: 4, year: 5 } as const;
export type TermType = (typeof TERM_TYPE)[keyof typeof TERM_TYPE];
export const TERM_TYPES = [1, 2, 3, 4, 5] as const;
/** What one period adds, as a PostgreSQL interval (months count in calendar months of GMT+8). */
export const TERM_INTERVAL: Record<TermType, string> = { 1: '1 day', 2: '7 days', 3: '1 month', 4: '3 months', 5: '1 year' };

/** discountRange: the member discount on every shop's goods, or on self-run shops' goods only. */
export const DISCOUNT_RANGE = { all: 0, selfRun: 1 } as const;

/** The growth rule while staff have not saved their own: one growth point per yuan paid. */
export const MEMBER_DEFAULTS = { growthFenPerPoint: 100 } as const;

/** At most this many levels of each type; prices and needs stay within these. */
export const MEMBER_LEVELS_MAX = 20;
export const MEMBER_PRICE_MAX_FEN = 10_000_000;
export const MEMBER_GROWTH_MAX = 100_000_000;
/** The membership expiry the member center warns about. */
export const MEMBER_EXPIRING_SOON_DAYS = 7;
