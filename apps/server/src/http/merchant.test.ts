import { hash } from '@node-rs/argon2';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTICS_STATE, ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { MERCHANT_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import { OrderPackageSchema } from '@bazaar/shared/schemas/logistics';
import { MerchantOrderDetailSchema, MerchantOrderSchema } from '@bazaar/shared/schemas/merchant';
import { pageOf } from '@bazaar/shared/schemas/common';
import { deliveryCompanies, deliveryTraces, jobs, merchantAccounts, orderDeliveries, shops } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { cipherOf, json } from '../test/account-test-kit.ts';
import { isFaultyWaybill } from '../providers/courier/sandbox-courier.ts';
import { markReceived } from '../modules/order/transitions.ts';
import { createPaidOrder, drainJobs, merchantLogin, openShopIds, orderStatus, registerBuyer, type Buyer, type TestOrder } from '../test/merchant-test-kit.ts';
import { AUTO_RECEIPT_JOB } from '../modules/order/lifecycle.ts';

let t: TestApp;
let shopA: number;
let shopB: number;
let courierIds: number[];
const en = { 'accept-language': 'en' };
const HOUR = 3_600_000;

let waybillCounter = 0;
/** A waybill no other test uses, faulty or not as asked (the sandbox decides by number). */
function waybill(faulty = false): string {
  for (;;) {
    waybillCounter += 1;
    const candidate = `SFT${Date.now().toString(36).toUpperCase()}${process.pid % 1000}${waybillCounter}`;
    if (isFaultyWaybill(candidate) === faulty) return candidate;
  }
}

function ship(token: string, order: TestOrder, packages?: unknown, headers: Record<string, string> = {}) {
  const body = {
    orderNumber: order.orderNumber,
    packages: packages ?? [{ dvyId: courierIds[0], dvyFlowId: waybill(), items: order.items.map((i) => ({ orderItemId: i.id, count: i.prodCount })) }],
  };
  return t.app.inject({ method: 'POST', url: '/merchant/order/delivery', ...json(body, { headers: { authorization: token, ...headers } }) });
}

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = (await openShopIds(t)) as [number, number];
  courierIds = (await t.ctx.db.select({ id: deliveryCompanies.id }).from(deliveryCompanies).orderBy(deliveryCompanies.seq)).map((c) => c.id);
});

afterEach(() => t.resetClock());

describe('POST /merchant/login', () => {
  it('logs a shop in with its store account and answers its shop', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: `SHOP${shopA}`, password: cipherOf(t, 'merchant123') }, { headers: en }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ shopId: shopA, expiresIn: 12 * 3600 });
    expect(res.json().accessToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives one message for an unknown account and a wrong password', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: `shop${shopB}`, password: cipherOf(t, 'nope1234') }, { headers: en }) });
    const unknown = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: 'shop999999', password: cipherOf(t, 'merchant123') }, { headers: en }) });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([400, 400]);
    expect(wrong.body).toBe('Wrong merchant account or password');
    expect(unknown.body).toBe(wrong.body);
    const blank = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: '', password: 'x' }, { headers: en }) });
    expect(blank.body).toBe('Enter the merchant account');
  });

  it('refuses a disabled account and a shop that is not open', async () => {
    // The seeded offline shop (the lowest id): other files' tests close shops of their own, without store accounts.
    const [offline] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.status, 2)).orderBy(asc(shops.id)).limit(1);
    const disabled = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: `shop${offline!.id}`, password: cipherOf(t, 'merchant123') }, { headers: en }) });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.body).toBe('This merchant account is disabled. Please contact the platform');

    // A store account whose shop went back under review.
    const [review] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.status, 0));
    const username = `rv${review!.id}_${process.pid % 1000}`;
    await t.ctx.db.insert(merchantAccounts).values({ shopId: review!.id, username, passwordHash: await hash('merchant123') }).onConflictDoNothing();
    const closed = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username, password: cipherOf(t, 'merchant123') }) });
    expect(closed.statusCode).toBe(400);
    expect(closed.body).toBe('店铺未营业或已下线，请咨询平台');
  });

  it('locks an account name after 10 wrong passwords', async () => {
    const username = `nobody${Date.now() % 100000}`;
    const attempt = () => t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username, password: cipherOf(t, 'bad-pass') }, { headers: en }) });
    for (let i = 0; i < 9; i++) expect((await attempt()).body).toBe('Wrong merchant account or password');
    const tenth = await attempt();
    expect(tenth.statusCode).toBe(400);
    expect(tenth.body).toBe('Too many wrong passwords. The account is locked; try again in 30 minutes');
    expect((await attempt()).body).toMatch(/locked/);
  });
});

describe('the encrypted password transport, /merchant/me and /merchant/password', () => {
  it('refuses a plain password and a replayed ciphertext', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: `shop${shopA}`, password: 'merchant123' }, { headers: en }) });
    expect([plain.statusCode, plain.body]).toEqual([400, 'The login request is invalid, please refresh the page and try again']);
    const cipher = cipherOf(t, 'merchant123');
    const first = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: `shop${shopA}`, password: cipher }, { headers: en }) });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: `shop${shopA}`, password: cipher }, { headers: en }) });
    expect(replay.statusCode).toBe(400);
  });

  it("answers the account's shop in the asked language", async () => {
    const token = await merchantLogin(t, shopA);
    const [shop] = await t.ctx.db.select({ zh: shops.nameZh, en: shops.nameEn }).from(shops).where(eq(shops.id, shopA));
    const zh = await t.app.inject({ method: 'GET', url: '/merchant/me', headers: { authorization: token } });
    expect(zh.json()).toEqual({ accountId: expect.any(Number), shopId: shopA, shopName: shop!.zh, username: `shop${shopA}`, displayName: null, role: 'owner', permissions: [...MERCHANT_PERMISSIONS] });
    const inEn = await t.app.inject({ method: 'GET', url: '/merchant/me', headers: { authorization: token, ...en } });
    expect(inEn.json().shopName).toBe(shop!.en ?? shop!.zh);
  });

  it('changes the password after checking the current one, ends the sessions, and the new one logs in', async () => {
    const shopId = (await openShopIds(t)).at(-2)!;
    const [before] = await t.ctx.db.select({ hash: merchantAccounts.passwordHash }).from(merchantAccounts).where(eq(merchantAccounts.shopId, shopId));
    const token = await merchantLogin(t, shopId);
    const change = (password: string, newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/merchant/password', ...json({ password: cipherOf(t, password), newPassword: cipherOf(t, newPassword) }, { headers: { authorization: token, ...en } }) });
    const wrong = await change('wrong-one', 'newpass9');
    expect([wrong.statusCode, wrong.body]).toEqual([400, 'The current password is wrong']);
    const short = await change('merchant123', '123');
    expect([short.statusCode, short.body]).toEqual([400, 'The store password must be 6-12 half-width characters']);
    try {
      const ok = await change('merchant123', 'newpass9');
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/merchant/me', headers: { authorization: token } })).statusCode).toBe(401);
      const again = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: `shop${shopId}`, password: cipherOf(t, 'newpass9') }) });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await t.ctx.db.update(merchantAccounts).set({ passwordHash: before!.hash }).where(eq(merchantAccounts.shopId, shopId));
    }
  });

  it('lists the courier companies for a merchant only', async () => {
    const token = await merchantLogin(t, shopA);
    const list = await t.app.inject({ method: 'GET', url: '/merchant/delivery/list', headers: { authorization: token, ...en } });
    expect(list.json().map((c: { dvyId: number }) => c.dvyId)).toEqual(courierIds);
    const buyer = await registerBuyer(t);
    expect((await t.app.inject({ method: 'GET', url: '/merchant/delivery/list', headers: { authorization: buyer.token } })).statusCode).toBe(401);
  });

  it('refuses /merchant/me and /merchant/password without a merchant token', async () => {
    const buyer = await registerBuyer(t);
    expect((await t.app.inject({ method: 'GET', url: '/merchant/me', headers: { authorization: buyer.token } })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/merchant/password', ...json({ password: cipherOf(t, 'merchant123'), newPassword: cipherOf(t, 'newpass9') }, { headers: { authorization: buyer.token } }) });
    expect(res.statusCode).toBe(401);
  });
});

describe('merchant authentication', () => {
  it('refuses calls without a merchant token, with a shopper token, and after logout', async () => {
    const buyer = await registerBuyer(t);
    for (const headers of [{}, { authorization: buyer.token }, { authorization: 'x'.repeat(64) }]) {
      const res = await t.app.inject({ method: 'GET', url: '/merchant/order/page', headers: { ...headers, ...en } });
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('Please log in with the merchant account');
    }
    const token = await merchantLogin(t, shopA);
    expect((await t.app.inject({ method: 'GET', url: '/merchant/order/page', headers: { authorization: token } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/merchant/logout', headers: { authorization: token } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/merchant/order/page', headers: { authorization: token } })).statusCode).toBe(401);
  });

  it('drops a session when its account is disabled', async () => {
    const [shopId] = (await openShopIds(t)).slice(-1);
    const token = await merchantLogin(t, shopId!);
    await t.ctx.db.update(merchantAccounts).set({ status: 0 }).where(eq(merchantAccounts.shopId, shopId!));
    try {
      expect((await t.app.inject({ method: 'GET', url: '/merchant/order/page', headers: { authorization: token } })).statusCode).toBe(401);
    } finally {
      await t.ctx.db.update(merchantAccounts).set({ status: 1 }).where(eq(merchantAccounts.shopId, shopId!));
    }
  });
});

describe('GET /merchant/order/page and /merchant/order/info', () => {
  it("lists only the shop's own orders, filtered by status", async () => {
    const buyer = await registerBuyer(t);
    const mine = await createPaidOrder(t, buyer, shopA);
    const unpaid = await createPaidOrder(t, buyer, shopA, { status: ORDER_STATUS.unpaid, lines: 1 });
    const theirs = await createPaidOrder(t, buyer, shopB);
    const token = await merchantLogin(t, shopA);
    const page = pageOf(MerchantOrderSchema).parse(
      (await t.app.inject({ method: 'GET', url: '/merchant/order/page?status=2&size=100', headers: { authorization: token } })).json(),
    );
    const numbers = page.records.map((r) => r.orderNumber);
    expect(numbers).toContain(mine.orderNumber);
    expect(numbers).not.toContain(unpaid.orderNumber);
    expect(numbers).not.toContain(theirs.orderNumber);
    expect(page.records.every((r) => r.status === 2)).toBe(true);
    const record = page.records.find((r) => r.orderNumber === mine.orderNumber)!;
    expect(record.items).toHaveLength(2);
    expect(record.items.every((i) => i.shippedCount === 0)).toBe(true);
    expect(record.address).toMatchObject({ receiver: '张三', city: '杭州市' });

    const all = pageOf(MerchantOrderSchema).parse((await t.app.inject({ method: 'GET', url: '/merchant/order/page?size=100', headers: { authorization: token } })).json());
    expect(all.records.map((r) => r.orderNumber)).toContain(unpaid.orderNumber);

    const bad = await t.app.inject({ method: 'GET', url: '/merchant/order/page?status=4', headers: { authorization: token, ...en } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('Invalid order status');
  });

  it('finds orders by part of the number, only among its own', async () => {
    const buyer = await registerBuyer(t);
    const mine = await createPaidOrder(t, buyer, shopA);
    const theirs = await createPaidOrder(t, buyer, shopB);
    const tokenA = await merchantLogin(t, shopA);
    const tokenB = await merchantLogin(t, shopB);
    const find = (token: string, number: string) =>
      t.app.inject({ method: 'GET', url: `/merchant/order/page?orderNumber=${number}`, headers: { authorization: token, ...en } });
    const found = pageOf(MerchantOrderSchema).parse((await find(tokenA, mine.orderNumber.slice(-10))).json());
    expect(found.records.map((r) => r.orderNumber)).toContain(mine.orderNumber);
    expect(found.records.every((r) => r.orderNumber.includes(mine.orderNumber.slice(-10)))).toBe(true);
    expect(pageOf(MerchantOrderSchema).parse((await find(tokenA, theirs.orderNumber)).json()).total).toBe(0);
    expect(pageOf(MerchantOrderSchema).parse((await find(tokenB, theirs.orderNumber)).json()).records.map((r) => r.orderNumber)).toEqual([theirs.orderNumber]);
    const bad = await find(tokenA, '12%25');
    expect([bad.statusCode, bad.body]).toEqual([400, 'Enter digits of an order number']);
  });

  it("answers an order's detail, and 'order not found' for another shop's order", async () => {
    const buyer = await registerBuyer(t);
    const mine = await createPaidOrder(t, buyer, shopA);
    const theirs = await createPaidOrder(t, buyer, shopB);
    const token = await merchantLogin(t, shopA);
    const detail = await t.app.inject({ method: 'GET', url: `/merchant/order/info/${mine.orderNumber}`, headers: { authorization: token, ...en } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(MerchantOrderDetailSchema.parse(detail.json())).toMatchObject({ orderNumber: mine.orderNumber, status: 2, remarks: '请尽快发货', packages: [] });
    const other = await t.app.inject({ method: 'GET', url: `/merchant/order/info/${theirs.orderNumber}`, headers: { authorization: token, ...en } });
    expect(other.statusCode).toBe(400);
    expect(other.body).toBe('Order not found');
  });
});

describe('POST /merchant/order/delivery', () => {
  it('ships in two packages: the order is shipped, the packages hold every piece, the buyer sees them', async () => {
    const buyer = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopA, { lines: 2, count: 3 });
    const token = await merchantLogin(t, shopA);
    const [a, b] = order.items as [TestOrder['items'][0], TestOrder['items'][0]];
    const first = waybill();
    const second = waybill();
    const res = await ship(token, order, [
      { dvyId: courierIds[0], dvyFlowId: first, items: [{ orderItemId: a.id, count: 3 }, { orderItemId: b.id, count: 1 }] },
      { dvyId: courierIds[2], dvyFlowId: second, items: [{ orderItemId: b.id, count: 2 }] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const detail = MerchantOrderDetailSchema.parse(res.json());
    expect(detail.status).toBe(ORDER_STATUS.shipped);
    expect(detail.dvyTime).not.toBeNull();
    expect(detail.items.map((i) => i.shippedCount)).toEqual([3, 3]);
    expect(detail.packages.map((p) => [p.dvyFlowId, p.state, p.items.map((i) => i.count)])).toEqual([
      [first, 0, [3, 1]],
      [second, 0, [2]],
    ]);

    const seen = await t.app.inject({ method: 'GET', url: `/p/myDelivery/orderInfo/${order.orderNumber}`, headers: { authorization: buyer.token, ...en } });
    const packages = OrderPackageSchema.array().parse(seen.json());
    expect(packages.map((p) => p.dvyName)).toEqual(['SF Express', 'ZTO Express']);

    // The courier and auto-receipt jobs are armed.
    const armed = await t.ctx.db.select({ kind: jobs.kind, ref: jobs.ref }).from(jobs).where(eq(jobs.ref, order.orderNumber));
    expect(armed).toEqual([{ kind: AUTO_RECEIPT_JOB, ref: order.orderNumber }]);

    // A second shipment of the same order lost the race.
    const again = await ship(token, order, undefined, en);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('Order status changed');
  });

  it("refuses another shop's order with 'order not found' and changes nothing", async () => {
    const buyer = await registerBuyer(t);
    const theirs = await createPaidOrder(t, buyer, shopB);
    const token = await merchantLogin(t, shopA);
    const res = await ship(token, theirs, undefined, en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Order not found');
    expect(await orderStatus(t, theirs.orderNumber)).toBe(ORDER_STATUS.paid);
    expect(await t.ctx.db.select().from(orderDeliveries).where(eq(orderDeliveries.orderNumber, theirs.orderNumber))).toHaveLength(0);
  });

  it('refuses packages that do not cover the order exactly, bad couriers and waybills, and unpaid orders', async () => {
    const buyer = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopA, { lines: 2, count: 2 });
    const token = await merchantLogin(t, shopA);
    const [a, b] = order.items as [TestOrder['items'][0], TestOrder['items'][0]];
    const cases: Array<[unknown, string]> = [
      [[{ dvyId: courierIds[0], dvyFlowId: waybill(), items: [{ orderItemId: a.id, count: 2 }] }], 'The packages do not match the order: every item of the order must be shipped in full'],
      [[{ dvyId: courierIds[0], dvyFlowId: waybill(), items: [{ orderItemId: a.id, count: 2 }, { orderItemId: b.id, count: 3 }] }], 'The packages do not match the order: every item of the order must be shipped in full'],
      [[{ dvyId: courierIds[0], dvyFlowId: waybill(), items: [{ orderItemId: a.id, count: 2 }, { orderItemId: b.id, count: 2 }, { orderItemId: 1, count: 1 }] }], 'The packages do not match the order: every item of the order must be shipped in full'],
      [[{ dvyId: 99999, dvyFlowId: waybill(), items: [{ orderItemId: a.id, count: 2 }, { orderItemId: b.id, count: 2 }] }], 'Choose a valid courier company'],
      [[{ dvyId: courierIds[0], dvyFlowId: 'x 1', items: [{ orderItemId: a.id, count: 2 }, { orderItemId: b.id, count: 2 }] }], 'Enter a valid waybill number (6-32 letters, digits or dashes)'],
      [[{ dvyId: courierIds[0], dvyFlowId: waybill(), items: [] }], 'Add at least one package with the items to ship'],
      [[], 'Add at least one package with the items to ship'],
      [[{ dvyId: courierIds[0], dvyFlowId: 'SAME000001', items: [{ orderItemId: a.id, count: 2 }] }, { dvyId: courierIds[0], dvyFlowId: 'same000001', items: [{ orderItemId: b.id, count: 2 }] }], 'The packages of one order need different waybill numbers'],
    ];
    for (const [packages, message] of cases) {
      const res = await ship(token, order, packages, en);
      expect(res.statusCode, JSON.stringify(packages)).toBe(400);
      expect(res.body).toBe(message);
    }
    expect(await orderStatus(t, order.orderNumber)).toBe(ORDER_STATUS.paid);

    const unpaid = await createPaidOrder(t, buyer, shopA, { status: ORDER_STATUS.unpaid });
    const res = await ship(token, unpaid, undefined, en);
    expect(res.body).toBe('Order status changed');
    const zh = await ship(token, unpaid);
    expect(zh.body).toBe('订单状态已发生改变');
  });

  it('ships exactly once when the same order is shipped in parallel', async () => {
    const buyer = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopA, { lines: 1, count: 1 });
    const token = await merchantLogin(t, shopA);
    const results = await Promise.all(Array.from({ length: 8 }, () => ship(token, order)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await t.ctx.db.select().from(orderDeliveries).where(eq(orderDeliveries.orderNumber, order.orderNumber))).toHaveLength(1);
  });
});

describe('courier sandbox and auto-receipt', () => {
  async function shipOne(faulty: boolean): Promise<{ buyer: Buyer; order: TestOrder; deliveryId: number }> {
    const buyer = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopA, { lines: 1, count: 1 });
    const token = await merchantLogin(t, shopA);
    const res = await ship(token, order, [{ dvyId: courierIds[0], dvyFlowId: waybill(faulty), items: [{ orderItemId: order.items[0]!.id, count: 1 }] }]);
    expect(res.statusCode, res.body).toBe(200);
    return { buyer, order, deliveryId: MerchantOrderDetailSchema.parse(res.json()).packages[0]!.orderDeliveryId };
  }

  async function track(buyer: Buyer, deliveryId: number, lang: 'zh' | 'en' = 'zh') {
    const res = await t.app.inject({ method: 'GET', url: `/p/myDelivery/deliveryOrder/${deliveryId}`, headers: { authorization: buyer.token, 'accept-language': lang } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { state: number; traces: Array<{ acceptTime: string; acceptStation: string; state: number }> };
  }

  it('moves a package step by step through collected, in transit, destination city and signed', async () => {
    const { buyer, deliveryId } = await shipOne(false);
    const states: number[] = [];
    let traces = 0;
    for (let step = 0; step < 10; step++) {
      t.advanceClock(3 * HOUR);
      await drainJobs(t);
      const now = await track(buyer, deliveryId);
      expect(now.traces.length).toBeGreaterThan(traces);
      traces = now.traces.length;
      states.push(now.state);
      if (now.state === LOGISTICS_STATE.signed) break;
    }
    expect(states[0]).toBe(LOGISTICS_STATE.received);
    expect(states).toContain(LOGISTICS_STATE.inTransit);
    expect(states).toContain(LOGISTICS_STATE.reachedCity);
    expect(states.at(-1)).toBe(LOGISTICS_STATE.signed);
    const final = await track(buyer, deliveryId);
    // Newest first; the route ends at the buyer's city.
    expect(final.traces[0]!.acceptStation).toMatch(/^【杭州市】您的快件已签收/);
    expect(final.traces.at(-1)!.acceptStation).toMatch(/已收取快件/);
    expect([...final.traces].map((x) => x.acceptTime).sort().reverse()).toEqual(final.traces.map((x) => x.acceptTime));
    // The sandbox's scans read in English on English pages, with romanized places and the courier's English name.
    const english = await track(buyer, deliveryId, 'en');
    expect(english.traces.map((x) => x.acceptTime)).toEqual(final.traces.map((x) => x.acceptTime));
    expect(english.traces[0]!.acceptStation).toMatch(/^\[Hangzhou\] Delivered and signed for by the recipient\. Thank you for choosing \S/);
    expect(english.traces.at(-1)!.acceptStation).toMatch(/^\[\w[\w ]*\] Picked up by .+; courier: Mr [A-Z][a-z]+$/);
    for (const trace of english.traces) expect(trace.acceptStation).not.toMatch(/\p{Script=Han}/u);
    // Nothing more happens after it was signed.
    t.advanceClock(24 * HOUR);
    await drainJobs(t);
    expect((await track(buyer, deliveryId)).traces).toHaveLength(final.traces.length);
  });

  it('ends a faulty waybill as a faulty package, catching up after a long pause', async () => {
    const { buyer, deliveryId } = await shipOne(true);
    t.advanceClock(48 * HOUR);
    await drainJobs(t);
    const now = await track(buyer, deliveryId);
    expect(now.state).toBe(LOGISTICS_STATE.faulty);
    expect(now.traces[0]!.acceptStation).toMatch(/破损/);
    expect(new Set(now.traces.map((x) => x.acceptStation)).size).toBe(now.traces.length);
    expect((await track(buyer, deliveryId, 'en')).traces[0]!.acceptStation).toMatch(/^\[Hangzhou\] The outer packaging was found damaged at the Hangzhou transit center/);
  });

  it('shows a real courier\'s scans as the courier sent them, in either language', async () => {
    const { buyer, deliveryId } = await shipOne(false);
    const sent = '【杭州市】快件已由杭州西湖营业部派件员揽收（真实快递公司原文）';
    await t.ctx.db.insert(deliveryTraces).values({ deliveryId, acceptTime: t.ctx.now(), acceptStation: sent, state: LOGISTICS_STATE.received });
    expect((await track(buyer, deliveryId, 'en')).traces.map((x) => x.acceptStation)).toEqual([sent]);
    expect((await track(buyer, deliveryId, 'zh')).traces.map((x) => x.acceptStation)).toEqual([sent]);
  });

  it('receives a shipped order automatically after ORDER_AUTO_RECEIPT_DAYS, and leaves a received one alone', async () => {
    const first = await shipOne(false);
    const second = await shipOne(false);
    await t.ctx.db.transaction((tx) => markReceived(tx, { orderNumber: second.order.orderNumber, userId: second.buyer.userId, now: t.ctx.now() }));
    t.advanceClock(14 * 24 * HOUR);
    await drainJobs(t);
    expect(await orderStatus(t, first.order.orderNumber)).toBe(ORDER_STATUS.shipped);
    t.advanceClock(1 * 24 * HOUR + 60_000);
    await drainJobs(t);
    expect(await orderStatus(t, first.order.orderNumber)).toBe(ORDER_STATUS.completed);
    expect(await orderStatus(t, second.order.orderNumber)).toBe(ORDER_STATUS.completed);
    const [job] = await t.ctx.db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.kind, AUTO_RECEIPT_JOB), eq(jobs.ref, second.order.orderNumber)));
    expect(job?.status).toBe(2);
  });
});
