// The shopper's flash sale through the API (reference §2.4, §5.6; decision 062), with the app's
// injected clock: sessions, the detail and its server clock, not started / running / ended (204),
// the one-time path (stale, another user's, used twice), the 5-in-5-s rule, the per-user limit over
// unpaid and paid orders, insufficient stock, the activity price only, the queue's answer, cancel
// and timeout returning the unit to the gate and PostgreSQL, the close's reconciliation, reminders.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SmsInboxEntrySchema } from '@bazaar/shared/schemas/account';
import { SeckillConfirmResultSchema, SeckillDetailSchema, SeckillSessionsResultSchema } from '@bazaar/shared/schemas/seckill';
import { orderItems, orders, seckillReports, seckills, skus } from '../db/schema.ts';
import { runDueJobs } from '../lib/jobs.ts';
import { jobHandlers } from '../jobs.ts';
import { sweepSeckills } from '../flows/seckill-gate.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import type { TestApp } from '../test/test-app.ts';
import { ensureSeeded } from '../test/seeded.ts';
import {
  buySeckill,
  confirmSeckill,
  createSeckill,
  createShoppers,
  expectStatus,
  headers,
  orderPath,
  seckillOrderStatus,
  seckillPathOf,
  seckillSkuStocks,
  settleSeckillQueue,
  submitSeckill,
} from '../test/seckill-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => t.resetClock());




describe('flash sale: reads', () => {
  it("lists today's sessions and tomorrow's first with the server's clock", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/seckill/sessions' });
    expectStatus(res, 200);
    const body = SeckillSessionsResultSchema.parse(res.json());
    expect(Math.abs(body.serverTime - t.ctx.now().getTime())).toBeLessThan(5_000);
    expect(body.sessions.length).toBeGreaterThanOrEqual(2);
    expect(body.sessions.at(-1)!.tomorrow).toBe(true);
    expect(body.sessions.filter((s) => s.tomorrow)).toHaveLength(1);
    for (const s of body.sessions) expect(s.sessionKey).toMatch(/^\d{12}$/);
  });

  it('answers the detail with the state, the stock and the server clock; 204 once ended; not found is a 400', async () => {
    const upcoming = await createSeckill(t, { startInMs: 60_000, stocks: [3, 4] });
    const res = await t.app.inject({ method: 'GET', url: `/seckill/prod?seckillId=${upcoming.seckillId}`, headers: { 'accept-language': 'en' } });
    expectStatus(res, 200);
    const detail = SeckillDetailSchema.parse(res.json());
    expect(detail).toMatchObject({ state: 1, seckillPrice: 1_990, price: 10_000, totalStocks: 7, stocksLeft: 7, maxNum: -1 });
    expect(detail.skuList.map((s) => s.skuName)).toEqual(['Style 1', 'Style 2']);
    expect(detail.startAt - detail.serverTime).toBeGreaterThan(55_000);

    t.advanceClock(61_000);
    const running = SeckillDetailSchema.parse((await t.app.inject({ method: 'GET', url: `/seckill/prod?seckillId=${upcoming.seckillId}` })).json());
    expect(running.state).toBe(2);

    const ended = await createSeckill(t, { startInMs: -120_000, endInMs: -60_000 });
    expectStatus(await t.app.inject({ method: 'GET', url: `/seckill/prod?seckillId=${ended.seckillId}` }), 204, '');
    expectStatus(await t.app.inject({ method: 'GET', url: '/seckill/prod?seckillId=999999999', headers: { 'accept-language': 'en' } }), 400, 'This flash sale does not exist');
  });

  it('lists a session\'s products with the share sold', async () => {
    const now = t.ctx.now();
    const sessions = SeckillSessionsResultSchema.parse((await t.app.inject({ method: 'GET', url: '/seckill/sessions' })).json()).sessions;
    const first = sessions[0]!;
    const start = Date.parse(`${first.startTime.replace(' ', 'T')}+08:00`);
    const sk = await createSeckill(t, { startInMs: start - now.getTime() + 1000, endInMs: start - now.getTime() + 3_600_000, stocks: [10] });
    const res = await t.app.inject({ method: 'GET', url: `/seckill/sessionProds?session=${first.sessionKey}&size=100`, headers: { 'accept-language': 'en' } });
    expectStatus(res, 200);
    const card = res.json().records.find((r: { seckillId: number }) => r.seckillId === sk.seckillId);
    expect(card).toMatchObject({ seckillPrice: 1_990, price: 10_000, totalStocks: 10, stocksLeft: 10, soldPercent: 0 });
    expectStatus(await t.app.inject({ method: 'GET', url: '/seckill/sessionProds?session=202613011000', headers: { 'accept-language': 'en' } }), 400, 'Choose a flash sale session');
  });
});

describe('flash sale: the order path and the rules', () => {
  it("refuses the path before the start ('Event not started', both languages) and answers 204 once ended", async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { startInMs: 30_000 });
    expectStatus(await orderPath(t.app, s!, sk.prodId), 400, 'Event not started');
    expectStatus(await orderPath(t.app, s!, sk.prodId, 'zh'), 400, '活动未开始');
    t.advanceClock(31_000);
    expectStatus(await orderPath(t.app, s!, sk.prodId), 200);
    t.advanceClock(3_600_000);
    expectStatus(await orderPath(t.app, s!, sk.prodId), 204, '');
  });

  it('buys at the activity price only: queued, then written as a flash-sale order (type 2) with no reductions', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { stocks: [5], seckillPrice: 1_990, price: 10_000 });
    const path = await seckillPathOf(t, s!, sk);
    const confirmed = await confirmSeckill(t.app, s!, path, sk, { prodCount: 2 });
    expectStatus(confirmed, 200);
    expect(SeckillConfirmResultSchema.parse(confirmed.json())).toMatchObject({ seckillPrice: 1_990, price: 10_000, total: 3_980, transFee: 0, actualTotal: 3_980, boughtNum: 0, canBuyNum: 2 });
    // The remarks ride last in the gate's one argument of the request's fields, so a '|' in them is the shopper's text.
    const submitted = await submitSeckill(t.app, s!, path, sk, 'quick|ring twice|');
    expectStatus(submitted, 200);
    const orderNumber = submitted.json().orderNumbers as string;
    expect(orderNumber).toMatch(/^\d{19}$/);
    await settleSeckillQueue(t);
    expect(await seckillOrderStatus(t, s!, orderNumber)).toEqual({ created: true, state: 'created', message: null });
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toMatchObject({ orderType: 2, seckillId: sk.seckillId, userId: s!.userId, total: 3_980, actualTotal: 3_980, reduceAmount: 0, shopCouponReduce: 0, platformCouponReduce: 0, useScore: 0, remarks: 'quick|ring twice|', status: 1 });
    const [item] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderNumber, orderNumber));
    expect(item).toMatchObject({ price: 1_990, prodCount: 2, shareReduce: 0 });
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(3);
    expect(await seckillGate(t.ctx).stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([3]);
    // Another shopper's order number is never confirmed to this one: 'order not found' (QA 2 item 11).
    const [other] = await createShoppers(t, 1);
    expectStatus(await t.app.inject({ method: 'GET', url: `/p/seckill/createOrderStatus?orderNumber=${orderNumber}`, headers: headers(other!) }), 400, 'The order does not exist');
  });

  it("refuses a stale path, another user's path and a path used twice", async () => {
    const [a, b] = await createShoppers(t, 2);
    const sk = await createSeckill(t);
    const path = await seckillPathOf(t, a!, sk);
    expect(await seckillPathOf(t, a!, sk)).toBe(path);
    expectStatus(await confirmSeckill(t.app, b!, path, sk), 400, 'The order has expired, please place a new order');
    expectStatus(await submitSeckill(t.app, b!, path, sk), 400, 'The order has expired, please place a new order');
    expectStatus(await confirmSeckill(t.app, a!, path, sk), 200);
    expectStatus(await submitSeckill(t.app, a!, path, sk), 200);
    expectStatus(await submitSeckill(t.app, a!, path, sk), 400, 'Please do not submit orders at the same time');

    t.advanceClock(6_000);
    const stale = await seckillPathOf(t, a!, sk);
    expect(stale).not.toBe(path);
    t.advanceClock(5 * 60_000 + 1_000);
    expectStatus(await confirmSeckill(t.app, a!, stale, sk, {}, 'zh'), 400, '订单已过期，请重新下单');
    await settleSeckillQueue(t);
  });

  it('answers the sixth request within 5 seconds with "The activity is very hot"', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t);
    for (let i = 0; i < 5; i += 1) expectStatus(await orderPath(t.app, s!, sk.prodId), 200);
    expectStatus(await orderPath(t.app, s!, sk.prodId), 400, 'The activity is very hot, please try again later');
    expectStatus(await orderPath(t.app, s!, sk.prodId, 'zh'), 400, '活动太火爆了，请稍后再试');
  });

  it('submits in one gate step: the sixth call within 5 s is hot, another shop is not found; a path without its activity (or naming another) goes the long way with the same answers', async () => {
    const [a, b, c] = await createShoppers(t, 3);
    const sk = await createSeckill(t, { stocks: [5] });
    const path = await seckillPathOf(t, a!, sk);
    expect(path.endsWith(String(sk.seckillId))).toBe(true);
    expectStatus(await confirmSeckill(t.app, a!, path, sk), 200);
    expectStatus(await submitSeckill(t.app, a!, path, { ...sk, shopId: sk.shopId + 100_000 }), 400);
    expectStatus(await submitSeckill(t.app, a!, path, sk), 200);
    expectStatus(await submitSeckill(t.app, a!, path, sk), 400, 'Please do not submit orders at the same time');
    expectStatus(await submitSeckill(t.app, a!, path, sk), 400, 'The activity is very hot, please try again later');

    // A path issued before paths carried their activity, and one whose suffix names another running activity.
    const other = await createSeckill(t);
    const gate = seckillGate(t.ctx);
    const now = t.ctx.now().getTime();
    for (const [s, legacy] of [
      [b!, randomBytes(18).toString('base64url')],
      [c!, `${randomBytes(18).toString('base64url')}${other.seckillId}`],
    ] as const) {
      await gate.savePath(s.userId, sk.prodId, legacy, now + 300_000);
      expectStatus(await submitSeckill(t.app, s, legacy, sk), 400, 'The order has expired, please place a new order');
      expectStatus(await confirmSeckill(t.app, s, legacy, sk), 200);
      expectStatus(await submitSeckill(t.app, s, legacy, sk), 200);
      expectStatus(await submitSeckill(t.app, s, legacy, sk), 400, 'Please do not submit orders at the same time');
    }
    await settleSeckillQueue(t);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(2);
    const rows = await t.ctx.db.select().from(orders).where(eq(orders.seckillId, sk.seckillId));
    expect(rows.map((o) => o.userId).sort()).toEqual([a!.userId, b!.userId, c!.userId].sort());
  });

  it('refuses physical goods without an address in the one step', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { mold: 0 });
    const path = await seckillPathOf(t, s!, sk);
    expectStatus(await confirmSeckill(t.app, s!, path, sk), 200);
    expectStatus(await submitSeckill(t.app, s!, path, sk), 400, 'Please add the address first');
  });

  it('counts unpaid and paid flash orders toward the per-user limit; a cancelled one frees its units in the gate and PostgreSQL', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { stocks: [10], maxNum: 2 });
    expectStatus(await buySeckill(t.app, s!, sk, { prodCount: 2 }), 200);
    await settleSeckillQueue(t);
    const path = await seckillPathOf(t, s!, sk);
    expectStatus(await confirmSeckill(t.app, s!, path, sk, { prodCount: 1 }), 400, 'This exceeds the purchase limit of 2 per person');
    const [order] = await t.ctx.db.select({ orderNumber: orders.orderNumber }).from(orders).where(and(eq(orders.userId, s!.userId), eq(orders.seckillId, sk.seckillId)));
    const cancel = await t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${order!.orderNumber}`, headers: { authorization: s!.token } });
    expectStatus(cancel, 200);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(10);
    expect(await seckillGate(t.ctx).stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([10]);
    expect(await seckillGate(t.ctx).held(sk.seckillId, s!.userId)).toBe(0);
    t.advanceClock(6_000);
    expectStatus(await buySeckill(t.app, s!, sk, { prodCount: 2 }), 200);
    await settleSeckillQueue(t);
  });

  it("applies an activity's new limit at the next submit (the gate keeps one argument per activity and limit, not per activity)", async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { stocks: [10], maxNum: 1 });
    expectStatus(await buySeckill(t.app, s!, sk), 200);
    const path = await seckillPathOf(t, s!, sk);
    await t.ctx.db.update(seckills).set({ maxNum: 2 }).where(eq(seckills.id, sk.seckillId));
    // The submit's activity cache reads the activity again after a second.
    await new Promise((r) => setTimeout(r, 1_100));
    t.advanceClock(6_000);
    expectStatus(await confirmSeckill(t.app, s!, path, sk), 200);
    expectStatus(await submitSeckill(t.app, s!, path, sk), 200);
    // Raised to 3 for confirm, back to 2 for submit: the gate's argument for 2 (kept) answers, not the first one's 1.
    const path2 = await seckillPathOf(t, s!, sk);
    await t.ctx.db.update(seckills).set({ maxNum: 3 }).where(eq(seckills.id, sk.seckillId));
    await new Promise((r) => setTimeout(r, 1_100));
    t.advanceClock(6_000);
    expectStatus(await confirmSeckill(t.app, s!, path2, sk), 200);
    await t.ctx.db.update(seckills).set({ maxNum: 2 }).where(eq(seckills.id, sk.seckillId));
    await new Promise((r) => setTimeout(r, 1_100));
    expectStatus(await submitSeckill(t.app, s!, path2, sk), 400, 'This exceeds the purchase limit of 2 per person');
    expect(await seckillGate(t.ctx).held(sk.seckillId, s!.userId)).toBe(2);
    await settleSeckillQueue(t);
  });

  it("says 'Insufficient inventory' when the stock is gone", async () => {
    const [a, b] = await createShoppers(t, 2);
    const sk = await createSeckill(t, { stocks: [1] });
    const pathB = await seckillPathOf(t, b!, sk);
    expectStatus(await confirmSeckill(t.app, b!, pathB, sk), 200);
    expectStatus(await buySeckill(t.app, a!, sk), 200);
    // b confirmed while a unit was left; the gate refuses the submit.
    expectStatus(await submitSeckill(t.app, b!, pathB, sk), 400, 'Insufficient inventory');
    await settleSeckillQueue(t);
    const pathB2 = await seckillPathOf(t, b!, sk);
    expectStatus(await confirmSeckill(t.app, b!, pathB2, sk, {}, 'zh'), 400, '库存不足');
  });

  it('cancels an unpaid flash order after maxCancelTime and puts its unit back on sale', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { stocks: [3], maxCancelTime: 5 });
    const res = await buySeckill(t.app, s!, sk);
    expectStatus(res, 200);
    await settleSeckillQueue(t);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(2);
    t.advanceClock(5 * 60_000 + 1_000);
    // Drained, as the sweeper does: other files' due jobs (the database is shared) may fill a batch.
    while ((await runDueJobs(t.ctx.db, jobHandlers(t.ctx), t.ctx.now())) >= 20);
    const [order] = await t.ctx.db.select({ status: orders.status, closeType: orders.closeType }).from(orders).where(eq(orders.orderNumber, res.json().orderNumbers));
    expect(order).toEqual({ status: 6, closeType: 1 });
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(3);
    expect(await seckillGate(t.ctx).stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([3]);
  });
});

describe('flash sale: after the session', () => {
  it('reconciles the gate with PostgreSQL, reports it and gives the unsold flash stock back to the SKU', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { stocks: [4], endInMs: 120_000 });
    expectStatus(await buySeckill(t.app, s!, sk), 200);
    await settleSeckillQueue(t);
    const [before] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, sk.skuIds[0]!));
    t.advanceClock(130_000);
    // The sweep books the close (5 s after the end); the close runs once the writers caught up.
    await sweepSeckills(t.ctx);
    // Drained, as the sweeper does: other files' due jobs (the database is shared) may fill a batch.
    while ((await runDueJobs(t.ctx.db, jobHandlers(t.ctx), t.ctx.now())) >= 20);
    const [activity] = await t.ctx.db.select({ settledAt: seckills.settledAt }).from(seckills).where(eq(seckills.id, sk.seckillId));
    expect(activity!.settledAt).not.toBeNull();
    const [report] = await t.ctx.db.select().from(seckillReports).where(eq(seckillReports.seckillId, sk.seckillId));
    expect(report).toMatchObject({ totalStocks: 4, gateStocks: 3, dbStocks: 3, acceptedNum: 1, orderedNum: 1, cancelledNum: 0, difference: 0, matched: true });
    const [after] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, sk.skuIds[0]!));
    expect(after!.stocks).toBe(before!.stocks + 3);
    expect(await seckillGate(t.ctx).isLoaded(sk.seckillId)).toBe(false);
  });

  it('sends the "remind me" SMS when the activity starts, once', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { startInMs: 40_000 });
    const remind = await t.app.inject({ method: 'POST', url: '/p/seckill/remind', headers: headers(s!), payload: { seckillId: sk.seckillId } });
    expectStatus(remind, 200);
    expect((await t.app.inject({ method: 'GET', url: '/p/seckill/reminds', headers: headers(s!) })).json().seckillIds).toContain(sk.seckillId);
    // The sandbox SMS inbox shows each notice sent, with its text.
    const notices = async () =>
      SmsInboxEntrySchema.array()
        .parse((await t.app.inject({ method: 'GET', url: '/sandbox/sms/messages' })).json())
        .filter((m) => m.mobile === s!.mobile && m.purpose === 'notice');
    t.advanceClock(41_000);
    await sweepSeckills(t.ctx);
    // Drained, as the sweeper does: other files' due jobs (the database is shared) may fill a batch.
    while ((await runDueJobs(t.ctx.db, jobHandlers(t.ctx), t.ctx.now())) >= 20);
    // A second sweep finds nothing more to send.
    await sweepSeckills(t.ctx);
    // Drained, as the sweeper does: other files' due jobs (the database is shared) may fill a batch.
    while ((await runDueJobs(t.ctx.db, jobHandlers(t.ctx), t.ctx.now())) >= 20);
    expect((await notices()).map((m) => [m.code, m.text])).toEqual([[null, `【Bazaar】您关注的秒杀「秒杀${sk.prodId}」已开始，数量有限，快去抢购吧！`]]);
    expect((await t.app.inject({ method: 'GET', url: '/p/seckill/reminds', headers: headers(s!) })).json().seckillIds).not.toContain(sk.seckillId);
    const late = await t.app.inject({ method: 'POST', url: '/p/seckill/remind', headers: headers(s!), payload: { seckillId: sk.seckillId } });
    expectStatus(late, 400, 'Reminders can be set only for sales that have not started');
  });
});
