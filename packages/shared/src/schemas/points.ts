// Points, daily sign-in and their staff settings (issue 12). Messages are i18n keys (catalog ui-points.ts).
import { z } from 'zod';
import { POINTS_USE_MAX, POINTS_USE_MULTIPLE } from '../constants/limits.ts';
import { POINTS_ADJUST_MAX, POINTS_EXPIRE_YEARS_MAX, SIGN_IN_REWARD_MAX, SIGN_IN_REWARDS_MAX_DAYS } from '../constants/points.ts';
import { PageQuerySchema, pageOf } from './common.ts';

/** One day of the sign-in card: the streak day, its reward and where it stands. */
export const SignInDaySchema = z.object({
  day: z.number().int(),
  /** GMT+8 calendar day, 'yyyy-MM-dd'. */
  date: z.string(),
  reward: z.number().int(),
  signed: z.boolean(),
  today: z.boolean(),
});
export type SignInDay = z.infer<typeof SignInDaySchema>;

/** GET /p/score/scoreInfo. */
export const ScoreInfoSchema = z.object({
  score: z.number().int(),
  /** Signed in today (GMT+8). */
  isSignIn: z.boolean(),
  /** The streak as of today: counts today when signed, or yesterday's streak that today would continue. */
  signInCount: z.number().int(),
  /** What signing in today gives (0 once signed). */
  todayReward: z.number().int(),
  tomorrowReward: z.number().int(),
  calendar: z.array(SignInDaySchema),
  /** Points ending within the next days, per GMT+8 day they end on (the last day they can be used). */
  expiring: z.array(z.object({ date: z.string(), score: z.number().int() })),
  expireYears: z.number().int(),
  /** Reference 2.9: my growth value and the name of the level whose benefits apply (null: none). */
  growth: z.number().int(),
  levelName: z.string().nullable(),
  /** Reference 2.9: the sign-in rewards of the 7-day cycle, day 1 to 7. */
  scoreList: z.array(z.number().int()),
  /** Reference 2.9: the points that expire at the end of expireYear (this GMT+8 year); 0 when expiry is off. */
  expireScore: z.number().int(),
  expireYear: z.number().int(),
  expireEnabled: z.boolean(),
  /** Points that expire within a month (the member center's notice): how many and their last usable day; null when none. */
  expiryNotice: z.object({ score: z.number().int(), date: z.string() }).nullable(),
  /** Points worth one yuan at checkout, and the share of the goods they may pay. */
  usePointsPerYuan: z.number().int(),
  useCapPercent: z.number().int(),
  /** Fen spent per point earned. */
  earnFenPerPoint: z.number().int(),
});
export type ScoreInfo = z.infer<typeof ScoreInfoSchema>;

/** POST /p/score/updateUserScore: the daily sign-in. */
export const SignInResultSchema = z.object({ score: z.number().int(), signInCount: z.number().int(), total: z.number().int() });
export type SignInResult = z.infer<typeof SignInResultSchema>;

/** GET /p/score/page: ?ioType=1 gains only, 0 spends only, absent = all. */
export const ScoreLogQuerySchema = PageQuerySchema.extend({
  ioType: z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(1, 'validation.invalid').optional(),
});
export type ScoreLogQuery = z.infer<typeof ScoreLogQuerySchema>;
export const ScoreLogSchema = z.object({
  id: z.number().int(),
  source: z.number().int(),
  score: z.number().int(),
  /** 0 out, 1 in. */
  ioType: z.number().int(),
  /** The order number for shopping, checkout use and returns. */
  bizId: z.string().nullable(),
  createTime: z.string(),
});
export type ScoreLog = z.infer<typeof ScoreLogSchema>;
export const ScoreLogPageSchema = pageOf(ScoreLogSchema);

const count = (key: string, min: number, max: number) => z.number(key).int(key).min(min, key).max(max, key);

/** GET / PUT /admin/points/settings. */
export const PointsSettingsSchema = z.object({
  earnFenPerPoint: count('points.errors.earnRate', 1, 100_000_00),
  registerScore: count('points.errors.registerScore', 0, SIGN_IN_REWARD_MAX * 100),
  /** Points earned in a year expire at the end of the expireYears-th year after it (1: the next year's end). */
  expireYears: count('points.errors.expireYears', 1, POINTS_EXPIRE_YEARS_MAX),
  /** Off: nothing expires (issue 25). Absent in an older console's save: on. */
  expireEnabled: z.boolean('points.errors.expireEnabled').default(true),
  usePointsPerYuan: count('points.errors.useRate', 1, 10_000),
  useCapPercent: count('points.errors.useCap', 0, 100),
  signInRewards: z
    .array(count('points.errors.signInReward', 1, SIGN_IN_REWARD_MAX), 'points.errors.signInRewards')
    .min(1, 'points.errors.signInRewards')
    .max(SIGN_IN_REWARDS_MAX_DAYS, 'points.errors.signInRewards'),
});
export type PointsSettings = z.infer<typeof PointsSettingsSchema>;
export type PointsSettingsInput = z.input<typeof PointsSettingsSchema>;

/** POST /admin/users/:userId/points: a signed change with the reason staff give. */
export const PointsAdjustSchema = z.object({
  change: z
    .number('points.errors.adjustChange')
    .int('points.errors.adjustChange')
    .min(-POINTS_ADJUST_MAX, 'points.errors.adjustChange')
    .max(POINTS_ADJUST_MAX, 'points.errors.adjustChange')
    .refine((n) => n !== 0, 'points.errors.adjustChange'),
  reason: z.string('points.errors.reasonRequired').trim().min(1, 'points.errors.reasonRequired').max(200, 'points.errors.reasonTooLong'),
});
export type PointsAdjust = z.infer<typeof PointsAdjustSchema>;

export const AdminUserPointsSchema = z.object({ userId: z.string(), score: z.number().int() });
export type AdminUserPoints = z.infer<typeof AdminUserPointsSchema>;

/** Points chosen at checkout: a multiple of 10 (specification sections 5 and 9). */
export const UsePointsSchema = z
  .number('points.errors.multipleOfTen')
  .int('points.errors.multipleOfTen')
  .min(0, 'points.errors.multipleOfTen')
  .max(POINTS_USE_MAX, 'points.errors.useMax')
  .refine((n) => n % POINTS_USE_MULTIPLE === 0, 'points.errors.multipleOfTen');
