import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceLogs, jobs, payments, products } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { createContentService } from '../modules/content/service.ts';
import { CONFIG_KEYS } from '../modules/content/config-keys.ts';
import { authed, createShopper, createUnpaidOrders, ledgerSum, orderRow, topUpBalance, walletBalance } from '../test/payment-test-kit.ts';

let t: TestApp;

beforeAll(async () => {
  t = await ensureSeeded();
});

afterEach(() => t.resetClock());

const json = (token: string, body: unknown, lang: 'zh' | 'en' = 'zh') => ({
  headers: { ...authed(token, lang), 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});
const payInfo = (token: string, orderNumbers: string, lang: 'zh' | 'en' = 'zh') =>
  t.app.inject({ method: 'GET', url: `/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${orderNumbers}`, headers: authed(token, lang) });
const pay = (token: string, body: unknown, lang: 'zh' | 'en' = 'zh') => t.app.inject({ method: 'POST', url: '/p/order/pay', ...json(token, body, lang) });
const soldOf = async (productId: number) => (await t.ctx.db.select({ n: products.soldNum }).from(products).where(eq(products.id, productId)))[0]!.n;

describe('GET /p/order/getOrderPayInfoByOrderNumber', () => {
  it('answers the amount, the products, the address and the end time of the caller’s unpaid orders', async () => {
    const u = await createShopper(t);
    const [a, b] = await createUnpaidOrders(t, u.userId, [{ price: 1_990 }, { price: 2_990, count: 2, freight: 1_000 }]);
    const numbers = `${a!.orderNumber},${b!.orderNumber}`;
    const res = await payInfo(u.token, numbers, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ orderNumbers: numbers, receiver: '张三', mobile: '13800138000', userAddr: 'Zhejiang Hangzhou Xihu District 文三路 100 号', status: 1, totalFee: 1_990 + 2 * 2_990 + 1_000, totalScore: 0 });
    // The region is named in the page's language; the street stays as the shopper wrote it.
    expect((await payInfo(u.token, numbers, 'zh')).json().userAddr).toBe('浙江省 杭州市 西湖区 文三路 100 号');
    expect(body.prodNameList).toEqual([`Test product ${a!.orderNumber.slice(-6)}`, `Test product ${b!.orderNumber.slice(-6)}`]);
    const created = (await orderRow(t, a!.orderNumber)).createdAt.getTime();
    expect(Date.parse(`${body.endTime.replace(' ', 'T')}+08:00`)).toBe(Math.floor((created + 30 * 60_000) / 1000) * 1000);
  });

  it('refuses another user’s orders, unknown or malformed numbers, and visitors', async () => {
    const owner = await createShopper(t);
    const other = await createShopper(t);
    const [order] = await createUnpaidOrders(t, owner.userId, [{}]);
    const res = await payInfo(other.token, order!.orderNumber, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The order does not exist');
    expect((await payInfo(other.token, 'abc')).body).toBe('订单不存在');
    expect((await t.app.inject({ method: 'GET', url: `/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${order!.orderNumber}` })).statusCode).toBe(401);
  });

  it('says "order has expired" after the unpaid timeout and "order status changed" once it moved', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{}]);
    t.advanceClock(30 * 60_000 + 1_000);
    const expired = await payInfo(u.token, order!.orderNumber, 'en');
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toBe('The order has expired, please place a new order');
    expect((await pay(u.token, { orderNumbers: order!.orderNumber, payType: 9 })).body).toBe('订单已过期，请重新下单');
    t.resetClock();
    await topUpBalance(t, u.userId, 10_000);
    expect((await pay(u.token, { orderNumbers: order!.orderNumber, payType: 9 })).statusCode).toBe(200);
    const again = await payInfo(u.token, order!.orderNumber);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('订单状态已发生变化');
  });
});

describe('POST /p/order/pay with the balance (payType 9)', () => {
  it('debits exactly once, writes the ledger, pays the orders and ends their auto-cancel jobs', async () => {
    const u = await createShopper(t);
    await topUpBalance(t, u.userId, 50_000);
    const made = await createUnpaidOrders(t, u.userId, [{ price: 1_990 }, { price: 2_990, count: 2, freight: 1_000 }]);
    const total = made.reduce((s, o) => s + o.amount, 0);
    const soldBefore = await Promise.all(made.map((o) => soldOf(o.productId)));
    const res = await pay(u.token, { orderNumbers: made.map((o) => o.orderNumber).join(','), payType: 9, returnUrl: '/payment/result' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('');
    expect(await walletBalance(t, u.userId)).toBe(50_000 - total);
    expect(await ledgerSum(t, u.userId)).toBe(50_000 - total);
    const ledger = await t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.userId, u.userId), eq(balanceLogs.type, 3)));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ changeBalance: total, ioType: 0, isPayed: true });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.payNo, ledger[0]!.payNo!));
    expect(payment).toMatchObject({ userId: u.userId, payType: 9, payEntry: 0, status: 1, amount: total });
    for (const [i, o] of made.entries()) {
      expect(await orderRow(t, o.orderNumber)).toMatchObject({ status: 2, isPayed: true, payType: 9, payNo: payment!.payNo });
      expect(await soldOf(o.productId)).toBe(soldBefore[i]! + o.count);
      const [job] = await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, 'order.autoCancel'), eq(jobs.ref, o.orderNumber)));
      expect(job!.status).toBe(4);
    }
    const paid = await t.app.inject({ method: 'GET', url: `/p/order/isPay/0/${payment!.payNo}`, headers: authed(u.token) });
    expect(paid.json()).toBe(true);
    const byOrders = await t.app.inject({ method: 'GET', url: `/p/order/isPay/0/${made.map((o) => o.orderNumber).join(',')}`, headers: authed(u.token) });
    expect(byOrders.json()).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/p/userBalance/getBalanceInfo', headers: authed(u.token) })).json()).toBe(50_000 - total);
  });

  it('answers "insufficient balance" with the current balance and changes nothing', async () => {
    const u = await createShopper(t);
    await topUpBalance(t, u.userId, 505);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 1_990 }]);
    const zh = await pay(u.token, { orderNumbers: order!.orderNumber, payType: 9 });
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toBe('余额不足，当前余额：5.05 元');
    expect((await pay(u.token, { orderNumbers: order!.orderNumber, payType: 9 }, 'en')).body).toBe('Insufficient balance (current balance: ¥5.05)');
    const none = await createShopper(t);
    const [theirs] = await createUnpaidOrders(t, none.userId, [{}]);
    expect((await pay(none.token, { orderNumbers: theirs!.orderNumber, payType: 9 }, 'en')).body).toBe('Insufficient balance (current balance: ¥0.00)');
    expect(await walletBalance(t, u.userId)).toBe(505);
    expect(await ledgerSum(t, u.userId)).toBe(505);
    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 1, isPayed: false });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, u.userId))).toHaveLength(0);
  });

  it('debits once when the same orders are paid many times at once', async () => {
    const u = await createShopper(t);
    await topUpBalance(t, u.userId, 100_000);
    const made = await createUnpaidOrders(t, u.userId, [{ price: 3_000 }, { price: 4_000 }]);
    const numbers = made.map((o) => o.orderNumber).join(',');
    const results = await Promise.all(Array.from({ length: 10 }, () => pay(u.token, { orderNumbers: numbers, payType: 9 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.body).toBe('订单状态已发生变化');
    expect(await walletBalance(t, u.userId)).toBe(100_000 - 7_000);
    expect(await ledgerSum(t, u.userId)).toBe(100_000 - 7_000);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, u.userId))).toHaveLength(1);
  });

  it('refuses a method the pay switch disables', async () => {
    const u = await createShopper(t);
    await topUpBalance(t, u.userId, 10_000);
    const [order] = await createUnpaidOrders(t, u.userId, [{}]);
    const content = createContentService(t.ctx);
    const on = await content.paySwitch();
    await content.setConfig(CONFIG_KEYS.paySwitch, { ...on, balancePaySwitch: false, wxPaySwitch: false });
    try {
      const res = await pay(u.token, { orderNumbers: order!.orderNumber, payType: 9 }, 'en');
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('This payment method is not available');
      expect((await pay(u.token, { orderNumbers: order!.orderNumber, payType: 3 })).body).toBe('该支付方式暂未开放');
      expect((await pay(u.token, { orderNumbers: order!.orderNumber, payType: 2 })).statusCode).toBe(200);
    } finally {
      await content.setConfig(CONFIG_KEYS.paySwitch, on);
    }
    expect(await walletBalance(t, u.userId)).toBe(10_000);
  });

  it('answers a clear 400 to bad input', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{}]);
    expect((await pay(u.token, { orderNumbers: order!.orderNumber, payType: 5 }, 'en')).body).toBe('Please choose a payment method');
    expect((await pay(u.token, { orderNumbers: '12,x', payType: 9 }, 'en')).body).toBe('The order does not exist');
    expect((await pay(u.token, { orderNumbers: order!.orderNumber, payType: 2, returnUrl: 'https://evil.example/steal' }, 'en')).body).toBe('The return address is not valid');
    expect((await pay(u.token, { orderNumbers: order!.orderNumber, payType: 2, returnUrl: '//evil.example/steal' }, 'en')).body).toBe('The return address is not valid');
    const badJson = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: { ...authed(u.token), 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.statusCode).toBe(400);
  });
});

describe('authorization of every payment endpoint', () => {
  it('refuses another user’s orders and payments and changes nothing', async () => {
    const owner = await createShopper(t);
    const other = await createShopper(t);
    await topUpBalance(t, other.userId, 100_000);
    const [order] = await createUnpaidOrders(t, owner.userId, [{ price: 2_000 }]);
    const wechat = await pay(owner.token, { orderNumbers: order!.orderNumber, payType: 3 });
    expect(wechat.statusCode, wechat.body).toBe(200);
    const { payNo } = wechat.json();

    for (const payType of [2, 3, 9]) {
      const res = await pay(other.token, { orderNumbers: order!.orderNumber, payType }, 'en');
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('The order does not exist');
    }
    expect((await payInfo(other.token, order!.orderNumber)).statusCode).toBe(400);
    for (const url of [`/p/order/isPay/0/${payNo}`, `/p/order/isPay/0/${order!.orderNumber}`, `/p/order/getPayInfoByPayNo?payNo=${payNo}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: authed(other.token, 'en') });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toBe('The payment does not exist');
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/p/userBalance/getBalanceInfo' })).statusCode).toBe(401);
    expect(await walletBalance(t, other.userId)).toBe(100_000);
    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 1, isPayed: false });
    // The owner still sees its own.
    const mine = await t.app.inject({ method: 'GET', url: `/p/order/getPayInfoByPayNo?payNo=${payNo}`, headers: authed(owner.token) });
    expect(mine.json()).toMatchObject({ payNo, payType: 3, status: 0, totalFee: 2_000, orderNumbers: order!.orderNumber });
    expect((await t.app.inject({ method: 'GET', url: `/p/order/isPay/0/${payNo}`, headers: authed(owner.token) })).json()).toBe(false);
  });
});
