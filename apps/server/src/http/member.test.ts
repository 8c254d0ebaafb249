// Membership (issue 12, reference 2.9 and 5.9, decision 047): the levels and member center calls,
// buying a period by balance (settled at once) or WeChat (settled once by however many
// notifications, forged ones changing nothing), extension of the same level, the no-downgrade
// rule, exclusive coupons, 50 parallel purchases and notices, the nightly expiry on the injected
// clock, the benefits at checkout (member discount, free shipping on self-run goods) and on receipt
// (points multiplier, growth), and the staff pages.
import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_LEVELS_MAX } from '@bazaar/shared/constants/member';
import { MemberInfoSchema, MemberLevelSchema, type MemberInfo } from '@bazaar/shared/schemas/member';
import { balanceLogs, jobs, shops, levelLogs, userLevels, paymentNotifications, paymentRefunds, payments, userCoupons, userMembers, userWallets } from '../db/schema.ts';
import { jobHandlers } from '../jobs.ts';
import { runDueJobs } from '../lib/jobs.ts';
import { MEMBERSHIP_EXPIRY_JOB, scheduleNextMembershipExpiry } from '../flows/membership.ts';
import { markOrdersPaid, markShipped } from '../modules/order/transitions.ts';
import { loadSandboxKeys, type SandboxKeys } from '../providers/payment/sandbox-keys.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { auditOf, bearer } from '../test/staff-test-kit.ts';
import { authed, createShopper, ledgerSum, topUpBalance, walletBalance, type TestShopper } from '../test/payment-test-kit.ts';
import { postTopUpNotice, wechatNotice } from '../test/top-up-test-kit.ts';
import { addAddress, confirm, createProductIn, openShops, placeOrder } from '../test/order-test-kit.ts';
import { createLevel, createLevelCoupon, createSelfRunShop, dropUnusedTestLevels, expectOk, memberRow, payLevel } from '../test/member-test-kit.ts';

let t: TestApp;
let keys: SandboxKeys;
let staff: string;
const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await ensureSeeded();
  keys = await loadSandboxKeys(t.ctx.db);
  staff = await adminToken(t);
});
afterEach(() => t.resetClock());

const setClock = (at: Date) => {
  t.resetClock();
  t.advanceClock(at.getTime() - Date.now());
};
const get = (u: TestShopper, url: string, lang: 'zh' | 'en' = 'en') => t.app.inject({ method: 'GET', url, headers: authed(u.token, lang) });
async function info(u: TestShopper, lang: 'zh' | 'en' = 'en'): Promise<MemberInfo> {
  return MemberInfoSchema.parse(expectOk(await get(u, '/p/member/info', lang)));
}
const staffSend = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(staff, lang), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

describe('GET /p/score/scoreLevel/page', () => {
  it('lists the paid levels on sale with their periods, prices, benefits and exclusive coupons, in the reader’s language', async () => {
    const u = await createShopper(t);
    const level = await createLevel(t, { discount: 8.8, discountRange: 1, rateScore: 1.5, isFreeFee: true, prices: [{ termType: 5, price: 19_900 }, { termType: 3, price: 2_500 }] });
    const off = await createLevel(t, { status: 0 });
    const coupon = await createLevelCoupon(t, level.id);
    const paid = (await get(u, '/p/score/scoreLevel/page?levelType=1')).json() as unknown[];
    const mine = paid.map((l) => MemberLevelSchema.parse(l)).find((l) => l.id === level.id);
    expect(mine).toMatchObject({
      levelType: 1,
      levelName: `Test level ${level.level}`,
      discount: 8.8,
      discountRange: 1,
      rateScore: 1.5,
      isFreeFee: true,
      prices: [
        { termType: 3, price: 2_500 },
        { termType: 5, price: 19_900 },
      ],
      couponList: [expect.objectContaining({ couponId: coupon.id, couponName: 'Members: ¥10 off ¥100', reduceAmount: 1_000 })],
    });
    expect(paid.some((l) => (l as { id: number }).id === off.id)).toBe(false);
    const zh = (await get(u, '/p/score/scoreLevel/page?levelType=1', 'zh')).json() as Array<{ id: number; levelName: string }>;
    expect(zh.find((l) => l.id === level.id)!.levelName).toBe(`测试会员${level.level}`);
    const growth = (await get(u, '/p/score/scoreLevel/page?levelType=0')).json() as Array<{ levelType: number; prices: unknown[] }>;
    expect(growth.every((l) => l.levelType === 0 && l.prices.length === 0)).toBe(true);
    const bad = await get(u, '/p/score/scoreLevel/page?levelType=3', 'zh');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('等级类型只能是成长等级（0）或付费会员（1）');
    expect((await t.app.inject({ method: 'GET', url: '/p/score/scoreLevel/page?levelType=1' })).statusCode).toBe(401);
  });
});

describe('GET /p/member/info', () => {
  it('answers the growth level the growth value reaches, the next one and what is missing', async () => {
    const u = await createShopper(t);
    const low = await createLevel(t, { levelType: 0, needGrowth: 40_000_000, discount: null, rateScore: 1.2 });
    const high = await createLevel(t, { levelType: 0, needGrowth: 40_000_500, discount: 9.9 });
    await t.ctx.db.insert(userWallets).values({ userId: u.userId, growth: 40_000_100 }).onConflictDoUpdate({ target: userWallets.userId, set: { growth: 40_000_100 } });
    const head = await info(u);
    expect(head).toMatchObject({
      growth: 40_000_100,
      growthLevel: { id: low.id, levelName: `Test level ${low.level}` },
      paidLevel: null,
      vipEndTime: null,
      expiringSoon: false,
      benefits: { levelName: `Test level ${low.level}`, discount: null, rateScore: 1.2, isFreeFee: false },
    });
    expect(head.nextGrowthLevel).toMatchObject({ id: high.id, needGrowth: 40_000_500, missing: 400 });
    expect((await t.app.inject({ method: 'GET', url: '/p/member/info' })).statusCode).toBe(401);
  });
});

describe('POST /p/level/payLevel by balance', () => {
  it('pays at once: a membership record, the level for a calendar month (GMT+8), and the same level bought again extends from its end', async () => {
    // 04:00 on 31 January in China: a month later is 28 February, then 28 March.
    setClock(new Date('2031-01-30T20:00:00Z'));
    const u = await createShopper(t);
    const level = await createLevel(t, { prices: [{ termType: 3, price: 1_500 }] });
    await topUpBalance(t, u.userId, 5_000);
    const first = expectOk(await payLevel(t, u.token, { id: level.id, termType: 3, payType: 9 })) as { payNo: string };
    expect((await get(u, `/p/order/isPay/2/${first.payNo}`)).json()).toBe(true);
    let head = await info(u);
    expect(head).toMatchObject({ paidLevel: { id: level.id }, benefits: { discount: 9.5 } });
    // The app's clock runs on while the test does: the minute is what counts.
    expect(head.vipEndTime).toMatch(/^2031-02-28 04:00:/);
    expect(await walletBalance(t, u.userId)).toBe(3_500);
    expect(await ledgerSum(t, u.userId)).toBe(3_500);
    const [record] = await t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.userId, u.userId), eq(balanceLogs.type, 6)));
    expect(record).toMatchObject({ ioType: 0, changeBalance: 1_500, payNo: first.payNo });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.payNo, first.payNo));
    expect(payment).toMatchObject({ payEntry: 2, payType: 9, status: 1, amount: 1_500 });

    t.advanceClock(10 * DAY_MS);
    expectOk(await payLevel(t, u.token, { id: level.id, termType: 3, payType: 9 }));
    head = await info(u);
    expect(head.vipEndTime).toMatch(/^2031-03-28 04:00:/);
    const logs = await t.ctx.db.select().from(levelLogs).where(eq(levelLogs.userId, u.userId));
    expect(logs.map((l) => [l.isPayed, l.amount, l.termType])).toEqual([
      [true, 1_500, 3],
      [true, 1_500, 3],
    ]);
  });

  it('refuses a lower level while a higher one runs (nothing debited), and lets a higher one replace a lower from now', async () => {
    const u = await createShopper(t);
    const low = await createLevel(t, { prices: [{ termType: 1, price: 100 }] });
    const high = await createLevel(t, { prices: [{ termType: 2, price: 600 }] });
    await topUpBalance(t, u.userId, 10_000);
    expectOk(await payLevel(t, u.token, { id: low.id, termType: 1, payType: 9 }));
    expectOk(await payLevel(t, u.token, { id: high.id, termType: 2, payType: 9 }));
    const now = t.ctx.now();
    const row = await memberRow(t, u.userId);
    expect(row!.paidLevelId).toBe(high.id);
    expect(Math.abs(row!.vipEndTime!.getTime() - (now.getTime() + 7 * DAY_MS))).toBeLessThan(60_000);
    const refused = await payLevel(t, u.token, { id: low.id, termType: 1, payType: 9 }, 'zh');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe(`您的测试会员${high.level}仍在有效期内，有效期内不能购买更低等级的会员`);
    expect((await payLevel(t, u.token, { id: low.id, termType: 1, payType: 3 }, 'en')).body).toBe(
      `Your Test level ${high.level} membership is still active: a lower level cannot be bought until it ends`,
    );
    expect(await walletBalance(t, u.userId)).toBe(10_000 - 100 - 600);
    expect(await ledgerSum(t, u.userId)).toBe(10_000 - 100 - 600);
    // Once the higher level has ended, the lower one may be bought again.
    t.advanceClock(8 * DAY_MS);
    expectOk(await payLevel(t, u.token, { id: low.id, termType: 1, payType: 9 }));
    expect((await info(u)).paidLevel).toMatchObject({ id: low.id });

    // Lower purchases racing a higher one in parallel: each refusal names the higher level (the
    // one that won), and only what applied was debited.
    const before = await walletBalance(t, u.userId);
    const race = await Promise.all([
      ...Array.from({ length: 10 }, () => payLevel(t, u.token, { id: low.id, termType: 1, payType: 9 })),
      payLevel(t, u.token, { id: high.id, termType: 2, payType: 9 }),
      ...Array.from({ length: 10 }, () => payLevel(t, u.token, { id: low.id, termType: 1, payType: 9 })),
    ]);
    expect(race[10]!.statusCode, race[10]!.body).toBe(200);
    const lost = race.filter((a) => a.statusCode !== 200);
    for (const a of lost) expect(a.body).toBe(`Your Test level ${high.level} membership is still active: a lower level cannot be bought until it ends`);
    expect((await memberRow(t, u.userId))!.paidLevelId).toBe(high.id);
    expect(await walletBalance(t, u.userId)).toBe(before - 600 - (race.length - 1 - lost.length) * 100);
  });

  it('answers clear messages: insufficient balance with the balance, a period not sold, an unknown level, bad input', async () => {
    const u = await createShopper(t);
    const level = await createLevel(t, { prices: [{ termType: 3, price: 1_500 }] });
    const growth = await createLevel(t, { levelType: 0, needGrowth: 90_000_000 });
    await topUpBalance(t, u.userId, 1_000);
    const short = await payLevel(t, u.token, { id: level.id, termType: 3, payType: 9 }, 'en');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('10.00');
    expect((await payLevel(t, u.token, { id: level.id, termType: 5, payType: 9 })).body).toBe('This level is not sold for that period; please choose another');
    expect((await payLevel(t, u.token, { id: growth.id, termType: 3, payType: 9 })).body).toBe('This membership level does not exist or is no longer sold');
    expect((await payLevel(t, u.token, { id: 999_999_999, termType: 3, payType: 9 })).body).toBe('This membership level does not exist or is no longer sold');
    expect((await payLevel(t, u.token, { id: level.id, termType: 6, payType: 9 })).body).toBe('Choose a period: day, week, month, season or year');
    expect((await payLevel(t, u.token, { id: level.id, termType: 3, payType: 0 })).body).toBe('Choose Alipay, WeChat Pay or balance');
    expect((await payLevel(t, u.token, { id: 'x', termType: 3, payType: 9 })).statusCode).toBe(400);
    expect(await walletBalance(t, u.userId)).toBe(1_000);
    expect(await t.ctx.db.select().from(levelLogs).where(eq(levelLogs.userId, u.userId))).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: '/p/level/payLevel', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ id: level.id, termType: 3, payType: 9 }) })).statusCode).toBe(
      401,
    );
  });

  it('takes 50 parallel purchases of one day each: as many as the balance pays, each extending the end by a day', async () => {
    const u = await createShopper(t);
    const level = await createLevel(t, { prices: [{ termType: 1, price: 100 }] });
    await topUpBalance(t, u.userId, 3_000);
    const start = t.ctx.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => payLevel(t, u.token, { id: level.id, termType: 1, payType: 9 })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.statusCode === 400).every((a) => a.body.includes('0.00'))).toBe(true);
    expect(await walletBalance(t, u.userId)).toBe(0);
    expect(await ledgerSum(t, u.userId)).toBe(0);
    const row = await memberRow(t, u.userId);
    const days = (row!.vipEndTime!.getTime() - start.getTime()) / DAY_MS;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect(await t.ctx.db.select().from(levelLogs).where(and(eq(levelLogs.userId, u.userId), eq(levelLogs.isPayed, true)))).toHaveLength(30);
  });
});

describe('a membership paid through the WeChat sandbox', () => {
  it('applies once for 50 identical and 50 different parallel notifications, with the level’s coupon given once', async () => {
    const u = await createShopper(t);
    const level = await createLevel(t, { prices: [{ termType: 2, price: 990 }] });
    const coupon = await createLevelCoupon(t, level.id);
    const started = expectOk(await payLevel(t, u.token, { id: level.id, termType: 2, payType: 3 })) as { payNo: string; codeUrl: string };
    expect(started.codeUrl).toMatch(/^https:\/\/shop\.example\.test\/sandbox\/wechat\/native\//);
    expect((await info(u)).paidLevel).toBeNull();
    expect((await get(u, `/p/order/isPay/2/${started.payNo}`)).json()).toBe(false);
    const start = t.ctx.now();
    const notice = wechatNotice(t, keys, started.payNo, 990);
    const same = await Promise.all(Array.from({ length: 50 }, () => postTopUpNotice(t, notice, 2)));
    const different = await Promise.all(Array.from({ length: 50 }, () => postTopUpNotice(t, wechatNotice(t, keys, started.payNo, 990), 2)));
    for (const a of [...same, ...different]) expect(a.json()).toEqual({ code: 'SUCCESS' });
    const row = await memberRow(t, u.userId);
    expect(row!.paidLevelId).toBe(level.id);
    expect(Math.abs(row!.vipEndTime!.getTime() - (start.getTime() + 7 * DAY_MS))).toBeLessThan(60_000);
    expect(await t.ctx.db.select().from(userCoupons).where(and(eq(userCoupons.userId, u.userId), eq(userCoupons.couponId, coupon.id)))).toHaveLength(1);
    expect((await get(u, `/p/order/isPay/2/${started.payNo}`)).json()).toBe(true);
    // Nothing touched the balance.
    expect(await walletBalance(t, u.userId)).toBe(0);
  });

  it('changes nothing for a forged notification, a wrong amount or another entry', async () => {
    const u = await createShopper(t);
    const level = await createLevel(t, { prices: [{ termType: 1, price: 300 }] });
    const { payNo } = expectOk(await payLevel(t, u.token, { id: level.id, termType: 1, payType: 3 })) as { payNo: string };
    const forged = await postTopUpNotice(t, wechatNotice(t, keys, payNo, 300, { signer: createPrivateKey(forger.privateKey.export({ type: 'pkcs8', format: 'pem' })) }), 2);
    expect(forged.statusCode).toBe(400);
    expect((await postTopUpNotice(t, wechatNotice(t, keys, payNo, 30_000), 2)).statusCode).toBe(400);
    expect((await postTopUpNotice(t, wechatNotice(t, keys, payNo, 300), 1)).statusCode).toBe(400);
    expect(await memberRow(t, u.userId)).toBeUndefined();
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.payNo, payNo));
    expect(payment!.status).toBe(0);
    const errors = await t.ctx.db.select({ error: paymentNotifications.error }).from(paymentNotifications).where(eq(paymentNotifications.payNo, payNo));
    expect(errors.map((e) => e.error).sort()).toEqual(['amount mismatch', 'payment type or entry mismatch']);
    expect((await postTopUpNotice(t, wechatNotice(t, keys, payNo, 300), 2)).json()).toEqual({ code: 'SUCCESS' });
    expect((await memberRow(t, u.userId))!.paidLevelId).toBe(level.id);
  });

  it('refunds a lower level whose money arrives after a higher level began', async () => {
    const u = await createShopper(t);
    const low = await createLevel(t, { prices: [{ termType: 1, price: 200 }] });
    const high = await createLevel(t, { prices: [{ termType: 1, price: 500 }] });
    const { payNo } = expectOk(await payLevel(t, u.token, { id: low.id, termType: 1, payType: 3 })) as { payNo: string };
    await topUpBalance(t, u.userId, 500);
    expectOk(await payLevel(t, u.token, { id: high.id, termType: 1, payType: 9 }));
    expect((await postTopUpNotice(t, wechatNotice(t, keys, payNo, 200), 2)).json()).toEqual({ code: 'SUCCESS' });
    expect((await memberRow(t, u.userId))!.paidLevelId).toBe(high.id);
    const refunds = await t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.payNo, payNo));
    expect(refunds).toEqual([expect.objectContaining({ amount: 200, status: 0 })]);
  });
});

describe('the nightly expiry', () => {
  it('returns members whose paid level ended to their growth level, on the injected clock, and books the next night', async () => {
    const u = await createShopper(t);
    const other = await createShopper(t);
    const level = await createLevel(t, { prices: [{ termType: 1, price: 100 }] });
    await topUpBalance(t, u.userId, 100);
    await topUpBalance(t, other.userId, 200);
    expectOk(await payLevel(t, u.token, { id: level.id, termType: 1, payType: 9 }));
    expectOk(await payLevel(t, other.token, { id: level.id, termType: 1, payType: 9 }));
    expectOk(await payLevel(t, other.token, { id: level.id, termType: 1, payType: 9 }));
    // The night after tomorrow: u's day has ended, other's two days not yet.
    t.advanceClock(DAY_MS + 60_000);
    const now = t.ctx.now();
    await scheduleNextMembershipExpiry(t.ctx.db, new Date(now.getTime() - DAY_MS));
    await t.ctx.db.update(jobs).set({ runAt: new Date(now.getTime() - 1_000) }).where(and(eq(jobs.kind, MEMBERSHIP_EXPIRY_JOB)));
    const ran = await runDueJobs(t.ctx.db, { [MEMBERSHIP_EXPIRY_JOB]: jobHandlers(t.ctx)[MEMBERSHIP_EXPIRY_JOB]! }, now);
    expect(ran).toBeGreaterThanOrEqual(1);
    const row = await memberRow(t, u.userId);
    expect(row!.paidLevelId).toBeNull();
    expect((await memberRow(t, other.userId))!.paidLevelId).toBe(level.id);
    const head = await info(u);
    expect(head.paidLevel).toBeNull();
    // Back at the growth level its growth reaches (the seed's lowest, when there is one).
    expect(row!.growthLevelId).toBe(head.growthLevel?.id ?? null);
    const next = await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, MEMBERSHIP_EXPIRY_JOB), eq(jobs.status, 0)));
    expect(next.some((j) => j.runAt > now)).toBe(true);
  });
});

describe('benefits at checkout and on receipt', () => {
  it('takes the member discount off self-run goods only and waives a self-run shop’s freight; ordinary goods pay in full', async () => {
    const u = await createShopper(t);
    await addAddress(t, u);
    const level = await createLevel(t, { discount: 9, discountRange: 1, isFreeFee: true, prices: [{ termType: 1, price: 100 }] });
    await topUpBalance(t, u.userId, 100);
    expectOk(await payLevel(t, u.token, { id: level.id, termType: 1, payType: 9 }));
    const selfRun = await createProductIn(t, await createSelfRunShop(t, 800), { price: 10_000 });
    const ordinaryIds = new Set((await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.type, 2))).map((r) => r.id));
    const ordinaryShop = (await openShops(t)).find((s) => ordinaryIds.has(s.id) && s.freight > 0 && (s.freeFreightFrom === null || s.freeFreightFrom > 5_000))!;
    const ordinary = await createProductIn(t, ordinaryShop.id, { price: 5_000 });
    const buy = (p: typeof selfRun) => confirm(t, u, { addrId: 0, uuid: randomUUID(), orderItem: { prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, prodCount: 1 } });
    const a = await buy(selfRun);
    expect(a.shopCartOrders[0]).toMatchObject({ total: 10_000, levelReduce: 1_000, transFee: 0, freeTransfee: 800, actualTotal: 9_000 });
    expect(a).toMatchObject({ totalLevelReduce: 1_000, totalFreeTransfee: 800, memberLevelName: `Test level ${level.level}`, actualTotal: 9_000 });
    const b = await buy(ordinary);
    expect(b.shopCartOrders[0]).toMatchObject({ levelReduce: 0, transFee: ordinaryShop.freight, freeTransfee: 0, actualTotal: 5_000 + ordinaryShop.freight });
  });

  it('discounts every shop’s goods when the level’s range is all, and keeps the member share on the order', async () => {
    const u = await createShopper(t);
    await addAddress(t, u);
    const level = await createLevel(t, { discount: 8.5, discountRange: 0, prices: [{ termType: 1, price: 100 }] });
    await topUpBalance(t, u.userId, 100);
    expectOk(await payLevel(t, u.token, { id: level.id, termType: 1, payType: 9 }));
    const shop = (await openShops(t)).find((s) => s.freight > 0)!;
    const product = await createProductIn(t, shop.id, { price: 3_333 });
    const [n] = await placeOrder(t, u, { product, count: 3 });
    const detail = expectOk(await get(u, `/p/myOrder/orderDetail?orderNumber=${n}`)) as { memberAmount: number };
    // ¥99.99 at 8.5折: ⌊9999 × 15 / 100⌋ = 1499 fen off.
    expect(detail.memberAmount).toBe(1_499);
  });

  it('multiplies the points a received order earns by the level’s rate and adds growth by the rule', async () => {
    const u = await createShopper(t);
    await addAddress(t, u);
    const level = await createLevel(t, { discount: null, rateScore: 2, prices: [{ termType: 1, price: 100 }] });
    await topUpBalance(t, u.userId, 100);
    expectOk(await payLevel(t, u.token, { id: level.id, termType: 1, payType: 9 }));
    const shop = (await openShops(t))[1]!;
    const product = await createProductIn(t, shop.id, { price: 12_345 });
    const [n] = await placeOrder(t, u, { product });
    await t.ctx.db.transaction((tx) => markOrdersPaid(tx, { userId: u.userId, orderNumbers: [n!], payNo: '1000000000000000003', payType: 9, paidAt: t.ctx.now() }));
    await t.ctx.db.transaction((tx) => markShipped(tx, { orderNumber: n!, shopId: shop.id, now: t.ctx.now() }));
    const before = (await t.ctx.db.select().from(userWallets).where(eq(userWallets.userId, u.userId)))[0]!;
    expectOk(await t.app.inject({ method: 'PUT', url: `/p/myOrder/receipt/${n}`, headers: authed(u.token) }));
    const after = (await t.ctx.db.select().from(userWallets).where(eq(userWallets.userId, u.userId)))[0]!;
    const paid = 12_345 + shop.freight;
    // Points: ⌊goods paid ÷ 100⌋ × 2; growth: ⌊paid ÷ 100⌋ at the default rule.
    expect(after.score - before.score).toBe(Math.floor(12_345 / 100) * 2);
    expect(after.growth - before.growth).toBeGreaterThanOrEqual(Math.floor(12_345 / 100));
    expect(after.growth - before.growth).toBeLessThanOrEqual(Math.floor(paid / 100));
  });
});

describe('staff and membership', () => {
  it('create and edit levels with prices in yuan, audited, with clear messages; the growth rule', async () => {
    await dropUnusedTestLevels(t, 1);
    const created = await staffSend('POST', '/admin/member/levels', {
      levelType: 1,
      level: 90,
      nameZh: '钻石会员',
      nameEn: 'Diamond',
      discount: 8.5,
      discountRange: 1,
      rateScore: 2,
      isFreeFee: true,
      enabled: true,
      prices: [
        { termType: 3, price: '30' },
        { termType: 5, price: '298.00' },
      ],
    });
    const level = expectOk(created) as { id: number };
    expect(level).toMatchObject({ levelType: 1, level: 90, discount: 8.5, prices: [{ termType: 3, price: 3_000 }, { termType: 5, price: 29_800 }] });
    const edited = expectOk(
      await staffSend('PUT', `/admin/member/levels/${level.id}`, { levelType: 1, level: 90, nameZh: '钻石会员', nameEn: 'Diamond', discount: 8, discountRange: 0, rateScore: 2, isFreeFee: true, enabled: false, prices: [{ termType: 1, price: '2' }] }),
    );
    expect(edited).toMatchObject({ discount: 8, enabled: false, prices: [{ termType: 1, price: 200 }] });
    const listed = expectOk(await staffSend('GET', '/admin/member/levels')) as Array<{ id: number }>;
    expect(listed.some((l) => l.id === level.id)).toBe(true);
    const audit = await auditOf(t, 'memberLevel', level.id);
    expect(audit.map((a) => a.action)).toEqual(['member.level.create', 'member.level.update']);
    const clash = await staffSend('POST', '/admin/member/levels', { levelType: 1, level: 90, nameZh: 'x', prices: [{ termType: 1, price: '1' }] }, 'zh');
    expect(clash.body).toBe('同类型中已有这个等级序号，请换一个');
    expect((await staffSend('POST', '/admin/member/levels', { levelType: 1, level: 91, nameZh: 'x', prices: [] })).body).toBe('A paid level needs the price of at least one period');
    expect((await staffSend('POST', '/admin/member/levels', { levelType: 1, level: 91, nameZh: 'x', prices: [{ termType: 1, price: '100000.01' }] })).body).toBe(
      'A price is 0.01 to 100,000 yuan, with at most two decimals',
    );
    expect((await staffSend('POST', '/admin/member/levels', { levelType: 1, level: 91, nameZh: 'x', discount: 0.05, prices: [{ termType: 1, price: '1' }] })).statusCode).toBe(400);
    expect((await staffSend('PUT', `/admin/member/levels/${level.id}`, { levelType: 0, level: 90, nameZh: 'x' })).body).toBe('A level’s type cannot change once it is created');
    expect((await staffSend('PUT', '/admin/member/levels/999999999', { levelType: 0, level: 90, nameZh: 'x' })).body).toBe('This membership level does not exist or is no longer sold');
    expect((await t.app.inject({ method: 'GET', url: '/admin/member/levels' })).statusCode).toBe(401);

    const before = expectOk(await staffSend('GET', '/admin/member/settings'));
    expect(expectOk(await staffSend('PUT', '/admin/member/settings', { growthFenPerPoint: 50 }))).toEqual({ growthFenPerPoint: 50 });
    expect((await staffSend('PUT', '/admin/member/settings', { growthFenPerPoint: 0 })).body).toBe('The growth rule is 1 point per 0.01 to 100,000 yuan paid');
    expectOk(await staffSend('PUT', '/admin/member/settings', before));
    expect((await auditOf(t, 'memberSettings', 1)).map((a) => a.action)).toContain('member.settings');
  });

  it('keeps the cap of levels per type under 50 parallel creates (the type is locked while one counts and inserts)', async () => {
    const growth = (expectOk(await staffSend('GET', '/admin/member/levels')) as Array<{ levelType: number }>).filter((l) => l.levelType === 0).length;
    const room = MEMBER_LEVELS_MAX - growth;
    expect(room).toBeGreaterThan(0);
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => staffSend('POST', '/admin/member/levels', { levelType: 0, level: 40 + i, nameZh: '并发等级', needGrowth: 900_000 + i, enabled: false })),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(room);
      expect(answers.filter((a) => a.statusCode === 400).map((a) => a.body)).toEqual(Array(50 - room).fill(`At most ${MEMBER_LEVELS_MAX} levels of each type`));
    } finally {
      await t.ctx.db.delete(userLevels).where(eq(userLevels.nameZh, '并发等级'));
    }
  });
});

it('keeps no membership row for a member of nobody: the expiry never touches shoppers without one', async () => {
  const u = await createShopper(t);
  expect(await t.ctx.db.select().from(userMembers).where(eq(userMembers.userId, u.userId))).toHaveLength(0);
  expect((await info(u)).paidLevel).toBeNull();
});
