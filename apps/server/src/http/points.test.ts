// Points and the daily sign-in (issue 12): every call and message, the sign-in rules across GMT+8
// midnight on the app's injected clock, earning on receipt (by the buyer and by the job), the
// registration gift, expiry by the nightly job, returns on cancel and timeout, and staff's rules
// and adjustments. Every test ends with the ledger check: records = balance = usable batches.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_DEFAULTS, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import { ScoreInfoSchema, ScoreLogPageSchema, SignInResultSchema, type PointsSettings } from '@bazaar/shared/schemas/points';
import { jobHandlers } from '../jobs.ts';
import { executeTogether } from '../db/one-statement.ts';
import { jobs, orderItems, orders } from '../db/schema.ts';
import { runDueJobs } from '../lib/jobs.ts';
import { markOrdersPaid, markShipped } from '../modules/order/transitions.ts';
import { AUTO_RECEIPT_JOB } from '../modules/order/lifecycle.ts';
import { chinaMidnight } from '../modules/wallet/china-day.ts';
import { ledgerSums } from '../modules/wallet/points.ts';
import { POINTS_EXPIRY_JOB, checkoutSpendPart, isPointsShort, scheduleNextPointsExpiry } from '../modules/wallet/points-service.ts';
import { issueToken } from '../modules/auth/service.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { registerUser, type RegisteredUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { as, createProductIn, openShops, placeOrder, shopperWithAddress, userIdOf, type OpenShop } from '../test/order-test-kit.ts';
import { auditOf, bearer } from '../test/staff-test-kit.ts';

/** A spend with no stock in its statement to wait for. */
const NO_STOCK = sql`true`;

let t: TestApp;
let shop: OpenShop;
let staff: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await ensureSeeded();
  shop = (await openShops(t))[0]!;
  staff = await adminToken(t);
});
afterEach(() => t.resetClock());
afterAll(async () => {
  await saveSettings({ ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards] });
});

/** Sets the app's clock to `at` (the process clock keeps running underneath). */
const setClock = (at: Date) => {
  t.resetClock();
  t.advanceClock(at.getTime() - Date.now());
};
/** A new session at the app's clock (a jump of more than 30 days outlives the old one). */
const relogin = async (user: RegisteredUser): Promise<RegisteredUser> => ({
  ...user,
  token: (await issueToken(t.ctx, 'shopper', await userIdOf(t, user), { ip: '127.0.0.1', userAgent: undefined })).accessToken,
});
const get = (user: RegisteredUser, url: string, lang: 'zh' | 'en' = 'en') => t.app.inject({ method: 'GET', url, headers: as(user, { 'accept-language': lang }) });
const signIn = (user: RegisteredUser, lang: 'zh' | 'en' = 'en') => t.app.inject({ method: 'POST', url: '/p/score/updateUserScore', headers: as(user, { 'accept-language': lang }) });
async function info(user: RegisteredUser) {
  const res = await get(user, '/p/score/scoreInfo');
  expect(res.statusCode, res.body).toBe(200);
  return ScoreInfoSchema.parse(res.json());
}
async function records(user: RegisteredUser, query = '') {
  const res = await get(user, `/p/score/page${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ScoreLogPageSchema.parse(res.json());
}
async function expectLedgerWhole(user: RegisteredUser) {
  const sums = await ledgerSums(t.ctx.db, await userIdOf(t, user));
  expect(sums.records).toBe(sums.score);
  expect(sums.batches).toBe(sums.score);
  return sums.score;
}
async function saveSettings(body: PointsSettings) {
  const res = await t.app.inject({ method: 'PUT', url: '/admin/points/settings', headers: bearer(staff), payload: body });
  expect(res.statusCode, res.body).toBe(200);
}
/** A registered shopper with the registration gift spent down to zero, so counts start at 0. */
async function freshShopper(): Promise<RegisteredUser> {
  const user = await registerUser(t);
  const userId = await userIdOf(t, user);
  await executeTogether(t.ctx.db, [], [checkoutSpendPart({ userId, uses: [{ bizId: 'test:zero', score: POINTS_DEFAULTS.registerScore }], now: t.ctx.now(), after: NO_STOCK })]);
  return user;
}

describe('registration and the points page', () => {
  it('grants the registration points as a batch with its record, and shows the page’s numbers', async () => {
    const user = await registerUser(t);
    const shown = await info(user);
    expect(shown).toMatchObject({ score: 100, isSignIn: false, signInCount: 0, todayReward: 1, tomorrowReward: 2, expireYears: 1, usePointsPerYuan: 100, useCapPercent: 50, earnFenPerPoint: 100 });
    // No batch ends within the warning window of a year-long expiry.
    expect(shown.expiring).toEqual([]);
    const page = await records(user);
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ source: POINTS_SOURCE.register, score: 100, ioType: 1 });
    expect(await expectLedgerWhole(user)).toBe(100);
  });

  it('refuses a visitor', async () => {
    for (const [method, url] of [
      ['GET', '/p/score/scoreInfo'],
      ['GET', '/p/score/page'],
      ['POST', '/p/score/updateUserScore'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('pages the records newest first and refuses a bad page', async () => {
    const first = new Date('2030-03-01T02:00:00Z');
    setClock(first);
    const user = await freshShopper();
    for (let d = 0; d < 3; d++) {
      setClock(new Date(first.getTime() + (d + 1) * DAY_MS));
      expect((await signIn(user)).statusCode).toBe(200);
    }
    const page = await records(user, '?size=2&current=1');
    expect(page).toMatchObject({ total: 5, pages: 3, size: 2, current: 1 });
    expect(page.records.map((r) => [r.source, r.score])).toEqual([
      [POINTS_SOURCE.signIn, 3],
      [POINTS_SOURCE.signIn, 2],
    ]);
    expect((await records(user, '?size=2&current=3')).records.map((r) => r.source)).toEqual([POINTS_SOURCE.register]);
    const bad = await get(user, '/p/score/page?size=1000');
    expect(bad.statusCode).toBe(400);
  });

  it('filters the records by gains (ioType 1) or spends (ioType 0), and refuses another filter', async () => {
    setClock(new Date('2030-05-01T02:00:00Z'));
    const user = await freshShopper();
    expect((await signIn(user)).statusCode).toBe(200);
    const gains = await records(user, '?ioType=1');
    expect(gains.total).toBe(2);
    expect(gains.records.map((r) => [r.source, r.ioType])).toEqual([
      [POINTS_SOURCE.signIn, 1],
      [POINTS_SOURCE.register, 1],
    ]);
    const spends = await records(user, '?ioType=0');
    expect(spends.records.map((r) => [r.source, r.score, r.ioType])).toEqual([[POINTS_SOURCE.checkoutUse, POINTS_DEFAULTS.registerScore, 0]]);
    expect((await records(user)).total).toBe(3);
    const bad = await get(user, '/p/score/page?ioType=2', 'zh');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('validation.invalid');
  });
});

describe('POST /p/score/updateUserScore', () => {
  it('signs in once a day: a second try is refused with the specification’s message in both languages', async () => {
    const user = await freshShopper();
    const res = await signIn(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(SignInResultSchema.parse(res.json())).toEqual({ score: 1, signInCount: 1, total: 1 });
    const again = await signIn(user);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('Already signed in today');
    expect((await signIn(user, 'zh')).body).toBe('今天已经签到过了');
    expect(await info(user)).toMatchObject({ score: 1, isSignIn: true, signInCount: 1, todayReward: 0, tomorrowReward: 2 });
    expect(await expectLedgerWhole(user)).toBe(1);
  });

  it('counts GMT+8 calendar days: 23:59 and 00:01 are two days, a missed day restarts the streak, day 8 earns day 7’s reward', async () => {
    // 2030-06-10 23:59:30 in China = 15:59:30 UTC.
    const lateEvening = new Date(chinaMidnight('2030-06-11').getTime() - 30_000);
    setClock(lateEvening);
    const user = await freshShopper();
    expect((await signIn(user)).json()).toMatchObject({ score: 1, signInCount: 1 });
    // 16:00 UTC is still the 10th in London, already the 11th in China.
    t.advanceClock(60_000);
    expect((await signIn(user)).json()).toMatchObject({ score: 2, signInCount: 2 });
    expect((await signIn(user)).body).toBe('Already signed in today');
    const card = await info(user);
    expect(card.calendar.map((d) => [d.day, d.date, d.signed, d.today, d.reward])).toEqual([
      [1, '2030-06-10', true, false, 1],
      [2, '2030-06-11', true, true, 2],
      [3, '2030-06-12', false, false, 3],
      [4, '2030-06-13', false, false, 4],
      [5, '2030-06-14', false, false, 5],
      [6, '2030-06-15', false, false, 6],
      [7, '2030-06-16', false, false, 7],
    ]);
    // Days 3 to 9 in a row: the reward stops rising at the list's last value.
    const gained: number[] = [];
    for (let day = 3; day <= 9; day++) {
      t.advanceClock(DAY_MS);
      gained.push(SignInResultSchema.parse((await signIn(user)).json()).score);
    }
    expect(gained).toEqual([3, 4, 5, 6, 7, 7, 7]);
    expect(await info(user)).toMatchObject({ signInCount: 9, tomorrowReward: 7 });
    // Tomorrow not signed: the day after, the streak is 0 and starts again at 1.
    t.advanceClock(2 * DAY_MS);
    expect(await info(user)).toMatchObject({ isSignIn: false, signInCount: 0, todayReward: 1, tomorrowReward: 2 });
    expect((await signIn(user)).json()).toMatchObject({ score: 1, signInCount: 1 });
    expect(await expectLedgerWhole(user)).toBe(1 + 2 + 3 + 4 + 5 + 6 + 7 + 7 + 7 + 1);
  });

  it('refuses a sign-in dated before the last one with “time is not up” (a clock that went back)', async () => {
    setClock(new Date('2030-09-02T04:00:00Z'));
    const user = await freshShopper();
    expect((await signIn(user)).statusCode).toBe(200);
    setClock(new Date('2030-09-01T04:00:00Z'));
    const early = await signIn(user);
    expect(early.statusCode).toBe(400);
    expect(early.body).toBe('Time is not up, so you cannot sign in yet');
    expect((await signIn(user, 'zh')).body).toBe('时间未到，还不能签到');
  });

  it('gives exactly one sign-in to 50 parallel requests of one shopper', async () => {
    const user = await freshShopper();
    const all = await Promise.all(Array.from({ length: 50 }, () => signIn(user)));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 400 && r.body === 'Already signed in today')).toHaveLength(49);
    expect(await expectLedgerWhole(user)).toBe(1);
    expect((await records(user)).records.filter((r) => r.source === POINTS_SOURCE.signIn)).toHaveLength(1);
  });

  it('uses the rewards staff configured', async () => {
    await saveSettings({ ...POINTS_DEFAULTS, signInRewards: [5, 10] });
    try {
      setClock(new Date('2031-01-05T04:00:00Z'));
      const user = await freshShopper();
      expect((await signIn(user)).json()).toMatchObject({ score: 5 });
      t.advanceClock(DAY_MS);
      expect((await signIn(user)).json()).toMatchObject({ score: 10 });
      expect(await info(user)).toMatchObject({ tomorrowReward: 10 });
    } finally {
      t.resetClock();
      await saveSettings({ ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards] });
    }
  });
});

describe('earning on receipt', () => {
  async function shippedOrder(user: RegisteredUser, price: number, count: number) {
    const product = await createProductIn(t, shop.id, { price });
    const [n] = await placeOrder(t, user, { product, count });
    const userId = await userIdOf(t, user);
    await t.ctx.db.transaction((tx) => markOrdersPaid(tx, { userId, orderNumbers: [n!], payNo: '1000000000000000002', payType: 9, paidAt: t.ctx.now() }));
    await t.ctx.db.transaction((tx) => markShipped(tx, { orderNumber: n!, shopId: shop.id, now: t.ctx.now() }));
    return n!;
  }

  it('earns ⌊paid ÷ rate⌋ per line when the buyer confirms, records it on the line, once', async () => {
    const user = await shopperWithAddress(t);
    // ¥123.45 x 2 = ¥246.90 -> 246 points at 1 point per yuan.
    const n = await shippedOrder(user, 12_345, 2);
    const put = () => t.app.inject({ method: 'PUT', url: `/p/myOrder/receipt/${n}`, headers: as(user, { 'accept-language': 'en' }) });
    const both = await Promise.all([put(), put()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await info(user)).score).toBe(100 + 246);
    const [line] = await t.ctx.db.select({ gain: orderItems.gainScore }).from(orderItems).where(eq(orderItems.orderNumber, n));
    expect(line!.gain).toBe(246);
    const shopping = (await records(user)).records.filter((r) => r.source === POINTS_SOURCE.shopping);
    expect(shopping).toEqual([expect.objectContaining({ score: 246, ioType: 1, bizId: n })]);
    await expectLedgerWhole(user);
  });

  it('earns when the auto-receipt job receives the order, by the configured rate', async () => {
    await saveSettings({ ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards], earnFenPerPoint: 50 });
    try {
      const user = await shopperWithAddress(t);
      const n = await shippedOrder(user, 1_000, 1);
      await t.ctx.db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.ref, n));
      await t.ctx.db.insert(jobs).values({ kind: AUTO_RECEIPT_JOB, ref: n, runAt: new Date(0) }).onConflictDoUpdate({ target: [jobs.kind, jobs.ref], set: { runAt: new Date(0) } });
      await runDueJobs(t.ctx.db, { [AUTO_RECEIPT_JOB]: jobHandlers(t.ctx)[AUTO_RECEIPT_JOB]! }, t.ctx.now());
      const [order] = await t.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNumber, n));
      expect(order!.status).toBe(5);
      // ¥10 at 1 point per ¥0.50.
      expect((await info(user)).score).toBe(100 + 20);
      await expectLedgerWhole(user);
    } finally {
      await saveSettings({ ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards] });
    }
  });
});

describe('spending, returns and expiry', () => {
  it('spends the soonest-ending batches first and gives them back to the same batches on cancel, once', async () => {
    setClock(new Date('2031-03-01T04:00:00Z'));
    const user = await shopperWithAddress(t);
    const userId = await userIdOf(t, user);
    expect((await signIn(user)).statusCode).toBe(200); // +1, ends a year after the registration batch
    const product = await createProductIn(t, shop.id);
    const [n] = await placeOrder(t, user, { product });
    await executeTogether(t.ctx.db, [], [checkoutSpendPart({ userId, uses: [{ bizId: n!, score: 90 }], now: t.ctx.now(), after: NO_STOCK })]);
    expect((await info(user)).score).toBe(11);
    // The registration batch (ending first) gave all 90.
    const batches = await t.ctx.db.execute<{ score: number; usable: number }>(
      (await import('drizzle-orm')).sql`select score, usable_score as usable from score_batches where user_id = ${userId} order by expire_time, id`,
    );
    expect(batches.rows.map((b) => [Number(b.score), Number(b.usable)])).toEqual([
      [100, 10],
      [1, 1],
    ]);
    const cancel = () => t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${n}`, headers: as(user) });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(400);
    expect((await info(user)).score).toBe(101);
    const back = (await records(user)).records.filter((r) => r.source === POINTS_SOURCE.checkoutReturn);
    expect(back).toEqual([expect.objectContaining({ score: 90, ioType: 1, bizId: n })]);
    expect(await expectLedgerWhole(user)).toBe(101);
  });

  it('refuses a spend beyond the balance and changes nothing', async () => {
    const user = await registerUser(t);
    const userId = await userIdOf(t, user);
    const err = await executeTogether(t.ctx.db, [], [checkoutSpendPart({ userId, uses: [{ bizId: 'x', score: 110 }], now: t.ctx.now(), after: NO_STOCK })]).catch((e: unknown) => e);
    expect(isPointsShort(err)).toBe(true);
    expect(await expectLedgerWhole(user)).toBe(100);
  });

  it('returns the points of an order the unpaid-timeout job cancels', async () => {
    const user = await shopperWithAddress(t);
    const userId = await userIdOf(t, user);
    const [n] = await placeOrder(t, user, { product: await createProductIn(t, shop.id) });
    await executeTogether(t.ctx.db, [], [checkoutSpendPart({ userId, uses: [{ bizId: n!, score: 50 }], now: t.ctx.now(), after: NO_STOCK })]);
    t.advanceClock(31 * 60_000);
    // Jobs that other files left due sort first by run time and could fill the sweep's batch: this order's goes first.
    await t.ctx.db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.ref, n!));
    await runDueJobs(t.ctx.db, jobHandlers(t.ctx), t.ctx.now());
    const [order] = await t.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNumber, n!));
    expect(order!.status).toBe(6);
    expect(await expectLedgerWhole(user)).toBe(100);
  });

  it('expires a year’s points at the end of the next year at the nightly run, with an “expired” record, and warns a month ahead', async () => {
    // Earned on 2032-12-31 (China): usable until the end of 2033. Earned the next day: until the end of 2034.
    setClock(new Date('2032-12-31T04:00:00Z'));
    let user = await freshShopper();
    expect((await signIn(user)).statusCode).toBe(200);
    t.advanceClock(DAY_MS);
    expect((await signIn(user)).statusCode).toBe(200);
    setClock(new Date('2033-11-20T04:00:00Z'));
    user = await relogin(user);
    const before = await info(user);
    expect(before.expiring).toEqual([{ date: '2033-12-31', score: 1 }]);
    expect(before).toMatchObject({ expireScore: 1, expireYear: 2033, expireEnabled: true, expiryNotice: null });
    // A month ahead the member center's notice says how many and when.
    setClock(new Date('2033-12-05T04:00:00Z'));
    expect((await info(user)).expiryNotice).toEqual({ score: 1, date: '2033-12-31' });
    // The night's run at 2034-01-01 00:00 China expires 2032's point only.
    const night = chinaMidnight('2034-01-01');
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, POINTS_EXPIRY_JOB));
    await scheduleNextPointsExpiry(t.ctx.db, new Date(night.getTime() - 1_000));
    setClock(new Date(night.getTime() + 5_000));
    await runDueJobs(t.ctx.db, { [POINTS_EXPIRY_JOB]: jobHandlers(t.ctx)[POINTS_EXPIRY_JOB]! }, t.ctx.now());
    user = await relogin(user);
    const after = await info(user);
    expect(after).toMatchObject({ score: 2, expireYear: 2034, expireScore: 2, expiryNotice: null });
    const expired = (await records(user)).records.filter((r) => r.source === POINTS_SOURCE.expired);
    expect(expired).toEqual([expect.objectContaining({ score: 1, ioType: 0 })]);
    // The run booked the next night.
    const next = await t.ctx.db.select({ ref: jobs.ref, status: jobs.status }).from(jobs).where(eq(jobs.kind, POINTS_EXPIRY_JOB));
    expect(next.map((j) => j.ref).sort()).toEqual(['2034-01-01', '2034-01-02']);
    expect(await expectLedgerWhole(user)).toBe(2);
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, POINTS_EXPIRY_JOB));
  });
});

describe('staff: points rules and adjustments', () => {
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') =>
    t.app.inject({ method, url, headers: bearer(staff, lang), ...(body === undefined ? {} : { payload: body as object }) });

  it('reads and saves the rules, audited, and refuses bad ones with their messages', async () => {
    const got = await call('GET', '/admin/points/settings');
    expect(got.json()).toEqual(POINTS_DEFAULTS);
    const changed = { ...POINTS_DEFAULTS, signInRewards: [2, 4, 6], useCapPercent: 30 };
    const saved = await call('PUT', '/admin/points/settings', changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/admin/points/settings')).json()).toEqual(changed);
    const audit = await auditOf(t, 'pointsSettings', 1);
    expect(audit.at(-1)).toMatchObject({ action: 'points.settings', before: expect.objectContaining({ useCapPercent: 50 }), after: expect.objectContaining({ useCapPercent: 30, signInRewards: [2, 4, 6] }) });
    await saveSettings({ ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards] });
    for (const [patch, en] of [
      [{ expireYears: 0 }, 'Points must stay valid for 1 to 10 years'],
      [{ useCapPercent: 101 }, 'The cap must be a whole number from 0 to 100'],
      [{ signInRewards: [] }, 'Set sign-in rewards for 1 to 31 days'],
      [{ signInRewards: [1, 0] }, 'Each day’s sign-in reward must be a whole number from 1 to 10,000'],
      [{ earnFenPerPoint: 0.5 }, 'The earning rate must be a whole number from 1 to 10,000,000 fen'],
    ] as const) {
      const res = await call('PUT', '/admin/points/settings', { ...POINTS_DEFAULTS, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(en);
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/points/settings' })).statusCode).toBe(401);
    const shopper = await registerUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/admin/points/settings', headers: as(shopper) })).statusCode).toBe(401);
  });

  it('adds and deducts a shopper’s points with a reason: a record, an audit entry, never below zero', async () => {
    const user = await registerUser(t);
    const userId = await userIdOf(t, user);
    expect((await call('GET', `/admin/users/${userId}/points`)).json()).toEqual({ userId, score: 100 });
    const add = await call('POST', `/admin/users/${userId}/points`, { change: 50, reason: '补偿物流延误' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ userId, score: 150 });
    const take = await call('POST', `/admin/users/${userId}/points`, { change: -120, reason: 'duplicate gift' });
    expect(take.json()).toEqual({ userId, score: 30 });
    const tooMuch = await call('POST', `/admin/users/${userId}/points`, { change: -31, reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toBe('Points cannot go below 0 (the shopper has 30)');
    expect((await call('POST', `/admin/users/${userId}/points`, { change: -31, reason: 'x' }, 'zh')).body).toBe('扣减后积分不能小于 0（当前 30 积分）');
    for (const [body, en] of [
      [{ change: 0, reason: 'x' }, 'The change must be a non-zero whole number of at most 1,000,000 either way'],
      [{ change: 1.5, reason: 'x' }, 'The change must be a non-zero whole number of at most 1,000,000 either way'],
      [{ change: 10, reason: '  ' }, 'Please give the reason for the change'],
      [{ change: 10, reason: 'x'.repeat(201) }, 'The reason cannot exceed 200 characters'],
    ] as const) {
      const res = await call('POST', `/admin/users/${userId}/points`, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(en);
    }
    const missing = await call('POST', `/admin/users/${'0'.repeat(32)}/points`, { change: 10, reason: 'x' });
    expect(missing.body).toBe('The user does not exist');
    const page = await records(user);
    expect(page.records.filter((r) => r.source === POINTS_SOURCE.adjustment).map((r) => [r.ioType, r.score])).toEqual([
      [0, 120],
      [1, 50],
    ]);
    const audit = await auditOf(t, 'user', userId);
    expect(audit.filter((a) => a.action === 'points.adjust').map((a) => a.after)).toEqual([
      { score: 150, change: 50, reason: '补偿物流延误' },
      { score: 30, change: -120, reason: 'duplicate gift' },
    ]);
    expect(await expectLedgerWhole(user)).toBe(30);
  });
});
