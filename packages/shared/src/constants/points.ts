// Points and daily sign-in (reference sections 3 and 5.7; the specification's section 9 for the multiple of 10).

/** score_logs.source (reference section 3 "Points source"). */
export const POINTS_SOURCE = {
  register: 0,
  shopping: 1,
  levelUp: 2,
  signIn: 3,
  checkoutUse: 4,
  expired: 5,
  topUpGift: 6,
  adjustment: 7,
  checkoutReturn: 8,
  refundReturn: 9,
  exchange: 10,
} as const;
export type PointsSource = (typeof POINTS_SOURCE)[keyof typeof POINTS_SOURCE];

/** score_logs.ioType. */
export const POINTS_IO = { out: 0, in: 1 } as const;

/** The rules while staff have not saved their own (reference 5.7's proposals). */
export const POINTS_DEFAULTS = {
  earnFenPerPoint: 100,
  registerScore: 100,
  expireYears: 1,
  expireEnabled: true,
  usePointsPerYuan: 100,
  useCapPercent: 50,
  signInRewards: [1, 2, 3, 4, 5, 6, 7],
} as const;

export const SIGN_IN_REWARDS_MAX_DAYS = 31;
export const SIGN_IN_REWARD_MAX = 10_000;
export const POINTS_EXPIRE_YEARS_MAX = 10;
/** A staff adjustment moves at most this many points at a time. */
export const POINTS_ADJUST_MAX = 1_000_000;
/** The points page warns about batches ending within this many days. */
export const POINTS_EXPIRING_SOON_DAYS = 90;
/** The member center says how many points expire, and when, this many days ahead (a month, issue 25). */
export const POINTS_EXPIRY_NOTICE_DAYS = 31;
