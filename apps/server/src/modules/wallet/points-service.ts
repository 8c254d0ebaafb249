// Points and the daily sign-in as the shopper, staff and the other flows use them (issue 12,
// decision 039). The ledger's statements are in points.ts; the rules in points-settings.ts.
import type { SQL } from 'drizzle-orm';
import { POINTS_EXPIRING_SOON_DAYS, POINTS_EXPIRY_NOTICE_DAYS, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import type { Page } from '@bazaar/shared/schemas/common';
import type { PointsSettings, ScoreInfo, ScoreLog, ScoreLogQuery, SignInDay, SignInResult } from '@bazaar/shared/schemas/points';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { failedCheck } from '../../db/errors.ts';
import type { StatementPart } from '../../db/one-statement.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { invalid } from '../../lib/app-error.ts';
import { scheduleJob, type JobHandler } from '../../lib/jobs.ts';
import { addDays, chinaDay, chinaMidnight, expiryAfterYears, nextChinaMidnight, yearEnd } from './china-day.ts';
import * as ledger from './points.ts';
import { readPointsSettings } from './points-settings.ts';

export { readPointsSettings, writePointsSettings } from './points-settings.ts';
export { POINTS_SHORT } from './points.ts';

/** The nightly run (00:00 GMT+8) that expires the batches whose time has come. */
export const POINTS_EXPIRY_JOB = 'points.expire';
const DAY_MS = 86_400_000;
/** Users one expiry transaction claims. */
const EXPIRY_ROUND = 50;
/** Days the sign-in card shows. */
const CALENDAR_DAYS = 7;

const rewardOf = (rewards: number[], day: number) => rewards[Math.min(Math.max(day, 1), rewards.length) - 1] ?? 0;

/**
 * The sign-in card: seven streak days around today. Signed days of the running streak are marked;
 * the rest show what each next day would give if the shopper keeps coming.
 */
function signInCalendar(today: string, signedToday: boolean, streak: number, rewards: number[]): SignInDay[] {
  // The streak day today is (or would be), and the first day shown so that today sits in the row.
  const todayDay = signedToday ? streak : streak + 1;
  const first = Math.max(1, todayDay - (CALENDAR_DAYS - 2));
  return Array.from({ length: CALENDAR_DAYS }, (_, i) => {
    const day = first + i;
    return {
      day,
      date: addDays(today, day - todayDay),
      reward: rewardOf(rewards, day),
      signed: day < todayDay || (day === todayDay && signedToday),
      today: day === todayDay,
    };
  });
}

/** What the points module answers of GET /p/score/scoreInfo; the member fields (growth, levelName) come from flows/score-info.ts. */
export type PointsInfo = Omit<ScoreInfo, 'growth' | 'levelName'>;

/** GET /p/score/scoreInfo's points part. */
export async function getScoreInfo(ctx: AppContext, userId: string): Promise<PointsInfo> {
  const now = ctx.now();
  const today = chinaDay(now);
  const expireYear = Number(today.slice(0, 4));
  const [settings, state, expiring, expireScore] = await Promise.all([
    readPointsSettings(ctx.db),
    ledger.findSignState(ctx.db, userId),
    ledger.findExpiring(ctx.db, userId, new Date(now.getTime() + POINTS_EXPIRING_SOON_DAYS * DAY_MS)),
    ledger.sumExpiring(ctx.db, userId, yearEnd(expireYear)),
  ]);
  const signedToday = state.lastSignDate === today;
  // A streak lives while its last day is today or yesterday; a missed day restarts it.
  const streak = signedToday || state.lastSignDate === addDays(today, -1) ? state.signDay : 0;
  const rewards = settings.signInRewards;
  const byDay = new Map<string, number>();
  // Off, nothing expires: nothing is shown as ending.
  const ending = settings.expireEnabled ? expiring : [];
  // A batch ends at a midnight: its last usable day is the day before.
  for (const e of ending) {
    const last = addDays(chinaDay(e.expireAt), -1);
    byDay.set(last, (byDay.get(last) ?? 0) + e.score);
  }
  // The member center's notice: what ends within a month, and the first last-usable day among it.
  const soon = ending.filter((e) => e.expireAt.getTime() <= now.getTime() + POINTS_EXPIRY_NOTICE_DAYS * DAY_MS);
  const soonScore = soon.reduce((sum, e) => sum + e.score, 0);
  return {
    score: state.score,
    isSignIn: signedToday,
    signInCount: streak,
    todayReward: signedToday ? 0 : rewardOf(rewards, streak + 1),
    tomorrowReward: rewardOf(rewards, streak + 1 + (signedToday ? 0 : 1)),
    calendar: signInCalendar(today, signedToday, streak, rewards),
    expiring: [...byDay].map(([date, score]) => ({ date, score })),
    expireYears: settings.expireYears,
    scoreList: Array.from({ length: CALENDAR_DAYS }, (_, i) => rewardOf(rewards, i + 1)),
    expireScore: settings.expireEnabled ? expireScore : 0,
    expireYear,
    expireEnabled: settings.expireEnabled,
    expiryNotice: soonScore > 0 ? { score: soonScore, date: addDays(chinaDay(soon[0]!.expireAt), -1) } : null,
    usePointsPerYuan: settings.usePointsPerYuan,
    useCapPercent: settings.useCapPercent,
    earnFenPerPoint: settings.earnFenPerPoint,
  };
}

/** The daily sign-in: once per GMT+8 calendar day, however many requests arrive together. */
export async function signInToday(ctx: AppContext, userId: string): Promise<SignInResult> {
  const now = ctx.now();
  const today = chinaDay(now);
  const settings = await readPointsSettings(ctx.db);
  const row = await ledger.signInStatement(ctx.db, { userId, today, rewards: settings.signInRewards, expireAt: expiryAfterYears(now, settings.expireYears), now });
  if (row) return { score: row.reward, signInCount: row.signDay, total: row.score };
  const state = await ledger.findSignState(ctx.db, userId);
  // A last sign-in dated after today: the clock went back (the specification's second message).
  throw invalid(state.lastSignDate !== null && state.lastSignDate > today ? 'points.errors.notYet' : 'points.errors.alreadySignedIn');
}

/** GET /p/score/page: the records, newest first, all or only gains (ioType 1) or spends (0). */
export async function pageScoreLogs(ctx: AppContext, userId: string, query: ScoreLogQuery): Promise<Page<ScoreLog>> {
  const { rows, total } = await ledger.pageScoreLogs(ctx.db, userId, query.ioType ?? null, query.size, (query.current - 1) * query.size);
  return {
    records: rows.map((r) => ({ id: r.id, source: r.source, score: r.score, ioType: r.ioType, bizId: r.bizId, createTime: formatApiTime(r.createdAt) })),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}

/** The registration gift (nothing when staff set it to 0). */
export async function grantRegisterPoints(ctx: AppContext, userId: string): Promise<void> {
  const settings = await readPointsSettings(ctx.db);
  if (settings.registerScore <= 0) return;
  const now = ctx.now();
  await ledger.runPart(ctx.db, ledger.grantPart({ userId, score: settings.registerScore, source: POINTS_SOURCE.register, bizId: 'register', expireAt: expiryAfterYears(now, settings.expireYears), now }));
}

/** What a received line earns: ⌊paid fen ÷ fen per point⌋ (reference 5.7). */
export function pointsEarned(paidFen: number, settings: Pick<PointsSettings, 'earnFenPerPoint'>): number {
  return Math.max(0, Math.floor(paidFen / settings.earnFenPerPoint));
}

/** The points a received order earns, granted in the receipt's transaction. */
export async function grantShoppingPoints(tx: Tx, input: { userId: string; orderNumber: string; score: number; settings: PointsSettings; now: Date }): Promise<void> {
  if (input.score <= 0) return;
  await ledger.runPart(
    tx,
    ledger.grantPart({ userId: input.userId, score: input.score, source: POINTS_SOURCE.shopping, bizId: input.orderNumber, expireAt: expiryAfterYears(input.now, input.settings.expireYears), now: input.now }),
  );
}

/**
 * The checkout's spend, one use per order, for the submit's one statement: it fails the statement
 * with POINTS_SHORT when the shopper no longer has them. `after`: the stock part's `written`, so
 * the wallet is locked after the products (the mall's lock order).
 */
export function checkoutSpendPart(input: { userId: string; uses: ledger.PointsUse[]; now: Date; after: SQL }): StatementPart {
  return ledger.spendPart({ userId: input.userId, uses: input.uses.filter((u) => u.score > 0), source: POINTS_SOURCE.checkoutUse, now: input.now, after: input.after });
}

/**
 * A points-mall exchange's spend (issue 29, decision 066): source 10, out, bizId = the order number,
 * for the submit's one statement; it fails the statement with POINTS_SHORT when the shopper no
 * longer has them. Cancel and timeout give it back like a checkout's (returnCheckoutPoints).
 * `after`: as checkoutSpendPart's.
 */
export function exchangeSpendPart(input: { userId: string; orderNumber: string; score: number; now: Date; after: SQL }): StatementPart {
  return ledger.spendPart({ userId: input.userId, uses: [{ bizId: input.orderNumber, score: input.score }], source: POINTS_SOURCE.exchange, now: input.now, after: input.after });
}

/** Cancel or timeout: the points the orders used go back to their batches, once. */
export async function returnCheckoutPoints(tx: Tx, input: { userId: string; orderNumbers: string[]; now: Date }): Promise<void> {
  if (input.orderNumbers.length === 0) return;
  await ledger.runPart(tx, ledger.returnPart({ userId: input.userId, bizIds: input.orderNumbers, source: POINTS_SOURCE.checkoutReturn, now: input.now }));
}

/**
 * A staff adjustment in the caller's transaction (which writes the audit log): a gain is a batch
 * like any other; a deduction spends soonest-ending batches and is refused beyond the balance.
 */
export async function adjustPoints(tx: Tx, input: { userId: string; change: number; bizId: string; settings: PointsSettings; now: Date }): Promise<{ before: number; after: number }> {
  const before = await ledger.lockScore(tx, input.userId);
  if (input.change < 0 && before < -input.change) throw invalid('points.errors.adjustBelowZero', { score: before });
  const part =
    input.change > 0
      ? ledger.grantPart({ userId: input.userId, score: input.change, source: POINTS_SOURCE.adjustment, bizId: input.bizId, expireAt: expiryAfterYears(input.now, input.settings.expireYears), now: input.now })
      : ledger.spendPart({ userId: input.userId, uses: [{ bizId: input.bizId, score: -input.change }], source: POINTS_SOURCE.adjustment, now: input.now });
  await ledger.runPart(tx, part);
  return { before, after: before + input.change };
}

export function scoreOf(db: Db | Tx, userId: string): Promise<number> {
  return ledger.scoreOf(db, userId);
}

/** Whether an error is a spend part's "too few points". */
export function isPointsShort(err: unknown): boolean {
  return failedCheck(err) === ledger.POINTS_SHORT;
}

/**
 * The nightly run: every user's due batches expire, then the next night's run is booked. Answers
 * the points expired. First each round claims a bounded number of users no other transaction holds
 * (FOR UPDATE SKIP LOCKED) and expires them in one short transaction, so parallel sweeps share the
 * work; then the users others held meanwhile (a checkout, another sweep) are waited for, one short
 * transaction each, and find their batches already expired or expire them now: once either way.
 */
export async function expireDuePoints(db: Db, now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const round = await db.transaction(async (tx) => {
      const users = await ledger.claimUsersWithDueBatches(tx, now, EXPIRY_ROUND);
      let points = 0;
      for (const userId of users) points += await ledger.expireUserBatches(tx, userId, now);
      return { users: users.length, points };
    });
    expired += round.points;
    if (round.users === 0) break;
  }
  for (;;) {
    const users = await ledger.usersWithDueBatches(db, now, 200);
    if (users.length === 0) break;
    for (const userId of users) expired += await db.transaction((tx) => ledger.expireUserBatches(tx, userId, now));
  }
  return expired;
}

/** Books the next 00:00 GMT+8 run; booking the same night twice is a no-op (jobs' unique kind + ref). */
export async function scheduleNextPointsExpiry(db: Db | Tx, now: Date): Promise<void> {
  const runAt = nextChinaMidnight(now);
  await scheduleJob(db, { kind: POINTS_EXPIRY_JOB, ref: chinaDay(runAt), runAt });
}

/** `points.expire`: the run of one night, which books the next. */
export function pointsExpiryHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    // The night's own midnight, even when the sweep claims the job a little late.
    const night = chinaMidnight(job.ref);
    const now = ctx.now();
    // The platform may switch expiry off (issue 25): the night passes, the next is still booked.
    if ((await readPointsSettings(ctx.db)).expireEnabled) await expireDuePoints(ctx.db, now > night ? now : night);
    await scheduleNextPointsExpiry(ctx.db, now > night ? now : night);
  };
}
