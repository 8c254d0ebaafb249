// Points expiry (issue 25, decision 039): points earned in a year expire at the end of the next
// year (the platform sets the period, or switches expiry off); the nightly job expires them once,
// each with an "expired" record, across parallel sweeps and two instances, and the ledger equals the
// balance afterwards. The clock is injected (ctx.now / the app's clock).
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_DEFAULTS, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import { ScoreInfoSchema, type PointsSettingsInput } from '@bazaar/shared/schemas/points';
import { jobs, scoreLogs, users } from '../db/schema.ts';
import { jobHandlers } from '../jobs.ts';
import { runDueJobs } from '../lib/jobs.ts';
import { issueToken } from '../modules/auth/service.ts';
import { chinaMidnight, expiryAfterYears } from '../modules/wallet/china-day.ts';
import { grantPart, ledgerSums, runPart } from '../modules/wallet/points.ts';
import { POINTS_EXPIRY_JOB, expireDuePoints, scheduleNextPointsExpiry } from '../modules/wallet/points-service.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance } from '../test/instances.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { bearer } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let staff: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await ensureSeeded();
  staff = await adminToken(t);
});
afterEach(() => t.resetClock());
afterAll(async () => {
  await saveSettings({ ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards] });
});

async function saveSettings(body: PointsSettingsInput) {
  const res = await t.app.inject({ method: 'PUT', url: '/admin/points/settings', headers: bearer(staff), payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

/** Shoppers written straight into the users table (the parallel tests need many). */
async function quickUsers(n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, () => {
    const id = randomBytes(16).toString('hex');
    return { id, userName: `pe${id.slice(0, 12)}`, mobile: `17${String(parseInt(id.slice(0, 10), 16) % 1e9).padStart(9, '0')}`, nickName: 'pe' };
  });
  await t.ctx.db.insert(users).values(rows);
  return rows.map((r) => r.id);
}

/** Batches of `score` points earned at `earnedAt`, ending as the rule says. */
async function earn(userId: string, score: number, earnedAt: Date, years = 1) {
  await runPart(t.ctx.db, grantPart({ userId, score, source: POINTS_SOURCE.adjustment, bizId: 'expiry-test', expireAt: expiryAfterYears(earnedAt, years), now: earnedAt }));
}

async function pointsRecords(userIds: string[]) {
  return t.ctx.db.select({ userId: scoreLogs.userId, score: scoreLogs.score }).from(scoreLogs).where(inArray(scoreLogs.userId, userIds)).then((rows) => rows);
}

async function expectLedgerWhole(userId: string) {
  const sums = await ledgerSums(t.ctx.db, userId);
  expect(sums.records).toBe(sums.score);
  expect(sums.batches).toBe(sums.score);
  return sums.score;
}

async function scoreInfoOf(userId: string) {
  const token = (await issueToken(t.ctx, 'shopper', userId, { ip: '127.0.0.1', userAgent: undefined })).accessToken;
  const res = await t.app.inject({ method: 'GET', url: '/p/score/scoreInfo', headers: { authorization: token, 'accept-language': 'en' } });
  expect(res.statusCode, res.body).toBe(200);
  return ScoreInfoSchema.parse(res.json());
}

describe('the rule', () => {
  it('a year’s points end at 00:00 GMT+8 after 31 December of the next year (or the period set)', () => {
    const end2027 = chinaMidnight('2028-01-01');
    // The first and the last instant of 2026 in China time.
    expect(expiryAfterYears(chinaMidnight('2026-01-01'), 1)).toEqual(end2027);
    expect(expiryAfterYears(new Date(chinaMidnight('2027-01-01').getTime() - 1), 1)).toEqual(end2027);
    // 2026-12-31 20:00 UTC is already 2027 in China.
    expect(expiryAfterYears(new Date('2026-12-31T20:00:00Z'), 1)).toEqual(chinaMidnight('2029-01-01'));
    expect(expiryAfterYears(new Date('2026-06-15T04:00:00Z'), 3)).toEqual(chinaMidnight('2030-01-01'));
  });
});

describe('the nightly run', () => {
  it('expires due batches once with an “expired” record each user; the switch off expires nothing', async () => {
    const now = t.ctx.now();
    const [a, b] = (await quickUsers(2)) as [string, string];
    // Two years back: ended at the end of last year. Today: ends at the end of next year.
    const twoYearsAgo = new Date(now.getTime() - 2 * 366 * DAY_MS);
    await earn(a, 40, twoYearsAgo);
    await earn(a, 7, now);
    await earn(b, 5, twoYearsAgo);

    // Switched off: the run passes the night and expires nothing, scoreInfo shows nothing ending.
    await saveSettings({ ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards], expireEnabled: false });
    const night = chinaMidnight(new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10));
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, POINTS_EXPIRY_JOB));
    await scheduleNextPointsExpiry(t.ctx.db, new Date(night.getTime() - 1_000));
    const handlers = { [POINTS_EXPIRY_JOB]: jobHandlers(t.ctx)[POINTS_EXPIRY_JOB]! };
    await runDueJobs(t.ctx.db, handlers, new Date(Math.max(now.getTime(), night.getTime() + 1_000)));
    expect((await pointsRecords([a, b])).length).toBe(3);
    expect(await scoreInfoOf(a)).toMatchObject({ score: 47, expireEnabled: false, expireScore: 0, expiring: [], expiryNotice: null });

    // On again: the next run expires them, once.
    await saveSettings({ ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards], expireEnabled: true });
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, POINTS_EXPIRY_JOB));
    await scheduleNextPointsExpiry(t.ctx.db, new Date(night.getTime() - 1_000));
    await runDueJobs(t.ctx.db, handlers, new Date(Math.max(now.getTime(), night.getTime() + 1_000)));
    await expireDuePoints(t.ctx.db, t.ctx.now());
    const logs = await t.ctx.db.select({ userId: scoreLogs.userId, score: scoreLogs.score, source: scoreLogs.source, ioType: scoreLogs.ioType }).from(scoreLogs).where(inArray(scoreLogs.userId, [a, b]));
    const expired = logs.filter((l) => l.source === POINTS_SOURCE.expired);
    expect(expired.sort((x, y) => x.score - y.score)).toEqual([
      { userId: b, score: 5, source: POINTS_SOURCE.expired, ioType: 0 },
      { userId: a, score: 40, source: POINTS_SOURCE.expired, ioType: 0 },
    ]);
    expect(await expectLedgerWhole(a)).toBe(7);
    expect(await expectLedgerWhole(b)).toBe(0);
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, POINTS_EXPIRY_JOB));
  });

  it('scoreInfo tells what ends at this year’s end, and a month ahead when', async () => {
    const [u] = (await quickUsers(1)) as [string];
    // Earned in 2030 (China): usable until 2031-12-31.
    await earn(u, 30, new Date('2030-03-01T04:00:00Z'));
    await earn(u, 12, new Date('2031-03-01T04:00:00Z'));
    t.advanceClock(new Date('2031-11-15T04:00:00Z').getTime() - Date.now());
    expect(await scoreInfoOf(u)).toMatchObject({ score: 42, expireYear: 2031, expireScore: 30, expiryNotice: null, expiring: [{ date: '2031-12-31', score: 30 }] });
    t.resetClock();
    t.advanceClock(new Date('2031-12-01T04:00:00Z').getTime() - Date.now());
    expect((await scoreInfoOf(u)).expiryNotice).toEqual({ score: 30, date: '2031-12-31' });
    // From 2032 the year's end is 2032's: the 12 points of 2031.
    t.resetClock();
    t.advanceClock(new Date('2032-01-01T04:00:00Z').getTime() - Date.now());
    await expireDuePoints(t.ctx.db, t.ctx.now());
    expect(await scoreInfoOf(u)).toMatchObject({ score: 12, expireYear: 2032, expireScore: 12, expiryNotice: null });
    expect(await expectLedgerWhole(u)).toBe(12);
  });

  it('50 parallel sweeps expire each user’s due points once', async () => {
    const ids = await quickUsers(20);
    const twoYearsAgo = new Date(t.ctx.now().getTime() - 2 * 366 * DAY_MS);
    for (const [i, id] of ids.entries()) {
      await earn(id, 10 + i, twoYearsAgo);
      await earn(id, 3, t.ctx.now());
    }
    const now = t.ctx.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => expireDuePoints(t.ctx.db, now)));
    expect(results.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(ids.reduce((sum, _, i) => sum + 10 + i, 0));
    const expired = (await t.ctx.db.select({ userId: scoreLogs.userId, score: scoreLogs.score, source: scoreLogs.source }).from(scoreLogs).where(inArray(scoreLogs.userId, ids))).filter(
      (l) => l.source === POINTS_SOURCE.expired,
    );
    expect(expired).toHaveLength(ids.length);
    for (const [i, id] of ids.entries()) {
      expect(expired.find((l) => l.userId === id)!.score).toBe(10 + i);
      expect(await expectLedgerWhole(id)).toBe(3);
    }
  }, 120_000);

  it.runIf(SHARED_INFRASTRUCTURE)('two instances sweeping the same night expire once', async () => {
    const other = await createTestInstance();
    try {
      const ids = await quickUsers(10);
      const twoYearsAgo = new Date(t.ctx.now().getTime() - 2 * 366 * DAY_MS);
      for (const id of ids) await earn(id, 25, twoYearsAgo);
      const now = new Date();
      const night = chinaMidnight(new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10));
      await t.ctx.db.delete(jobs).where(eq(jobs.kind, POINTS_EXPIRY_JOB));
      await scheduleNextPointsExpiry(t.ctx.db, new Date(night.getTime() - 1_000));
      const at = new Date(Math.max(now.getTime(), night.getTime() + 1_000));
      // Both instances' sweepers claim the job row (one of them gets it) while both also sweep by hand.
      await Promise.all([
        runDueJobs(t.ctx.db, { [POINTS_EXPIRY_JOB]: jobHandlers(t.ctx)[POINTS_EXPIRY_JOB]! }, at),
        runDueJobs(other.ctx.db, { [POINTS_EXPIRY_JOB]: jobHandlers(other.ctx)[POINTS_EXPIRY_JOB]! }, at),
        expireDuePoints(t.ctx.db, now),
        expireDuePoints(other.ctx.db, now),
      ]);
      const expired = (await t.ctx.db.select({ userId: scoreLogs.userId, source: scoreLogs.source }).from(scoreLogs).where(inArray(scoreLogs.userId, ids))).filter((l) => l.source === POINTS_SOURCE.expired);
      expect(expired).toHaveLength(ids.length);
      for (const id of ids) expect(await expectLedgerWhole(id)).toBe(0);
      const done = await t.ctx.db.select({ ref: jobs.ref, status: jobs.status }).from(jobs).where(eq(jobs.kind, POINTS_EXPIRY_JOB));
      expect(done.filter((j) => j.status === 2)).toHaveLength(1);
      await t.ctx.db.delete(jobs).where(eq(jobs.kind, POINTS_EXPIRY_JOB));
    } finally {
      await other.close();
    }
  }, 120_000);
});
