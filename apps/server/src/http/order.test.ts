import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MyOrderSchema, OrderDetailSchema } from '@bazaar/shared/schemas/order';
import { jobHandlers } from '../jobs.ts';
import { countQueries } from '../db/query-count.ts';
import { jobs, orderItems, orders, orderVirtualCodes } from '../db/schema.ts';
import { runDueJobs } from '../lib/jobs.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import type { RegisteredUser } from '../test/account-test-kit.ts';
import { as, createProductIn, openShops, placeOrder, shopperWithAddress, skuStock, type OpenShop } from '../test/order-test-kit.ts';
import { markOrdersPaid, markShipped } from '../modules/order/transitions.ts';
import { loadPeriods } from '../flows/refund-parts.ts';

let t: TestApp;
let shopA: OpenShop;
let shopB: OpenShop;
const en = { 'accept-language': 'en' };
const MyOrderPage = pageOf(MyOrderSchema);

beforeAll(async () => {
  t = await ensureSeeded();
  const open = await openShops(t);
  shopA = open[0]!;
  shopB = open[1]!;
});

async function list(user: RegisteredUser, query = '', lang: 'zh' | 'en' = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/p/myOrder/myOrder${query}`, headers: as(user, { 'accept-language': lang }) });
  expect(res.statusCode, res.body).toBe(200);
  return MyOrderPage.parse(res.json());
}

async function detail(user: RegisteredUser, orderNumber: string) {
  const res = await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${orderNumber}`, headers: as(user, en) });
  expect(res.statusCode, res.body).toBe(200);
  return OrderDetailSchema.parse(res.json());
}

/** Moves an order as payment (part E) and shipping (part F) will, through the shared transitions. */
async function pay(orderNumber: string) {
  const [o] = await t.ctx.db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderNumber, orderNumber));
  await t.ctx.db.transaction((tx) => markOrdersPaid(tx, { userId: o!.userId, orderNumbers: [orderNumber], payNo: '1000000000000000001', payType: 9, paidAt: t.ctx.now() }));
}
async function ship(orderNumber: string) {
  const [o] = await t.ctx.db.select({ shopId: orders.shopId }).from(orders).where(eq(orders.orderNumber, orderNumber));
  await t.ctx.db.transaction((tx) => markShipped(tx, { orderNumber, shopId: o!.shopId, now: t.ctx.now() }));
}
const put = (user: RegisteredUser, url: string) => t.app.inject({ method: 'PUT', url, headers: as(user, en) });
const del = (user: RegisteredUser, url: string) => t.app.inject({ method: 'DELETE', url, headers: as(user, en) });

describe('GET /p/myOrder/myOrder', () => {
  it('lists the user’s orders newest first with items, filters by tab, searches and pages', async () => {
    const user = await shopperWithAddress(t);
    const tea = await createProductIn(t, shopA.id, { price: 1_200 });
    const cup = await createProductIn(t, shopB.id, { price: 3_400 });
    const [unpaid] = await placeOrder(t, user, { product: tea, count: 2 });
    const [toShip] = await placeOrder(t, user, { product: cup });
    const [toReceive] = await placeOrder(t, user, { product: tea });
    const [done] = await placeOrder(t, user, { product: cup });
    const [cancelled] = await placeOrder(t, user, { product: cup });
    for (const n of [toShip, toReceive, done]) await pay(n!);
    for (const n of [toReceive, done]) await ship(n!);
    expect((await put(user, `/p/myOrder/receipt/${done}`)).statusCode).toBe(200);
    expect((await put(user, `/p/myOrder/cancel/${cancelled}`)).statusCode).toBe(200);

    const all = await list(user);
    expect(all.total).toBe(5);
    expect(all.records.map((r) => r.orderNumber)).toEqual([cancelled, done, toReceive, toShip, unpaid]);
    const first = all.records.find((r) => r.orderNumber === unpaid)!;
    expect(first).toMatchObject({ status: 1, actualTotal: 2_400 + (2_400 >= (shopA.freeFreightFrom ?? Infinity) ? 0 : shopA.freight), productNums: 2 });
    expect(first.endTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(first.orderItemDtos).toMatchObject([{ prodId: tea.prodId, prodName: tea.nameEn, skuName: 'Red', prodCount: 2, price: 1_200, commSts: 0 }]);
    expect(all.records.find((r) => r.orderNumber === toShip)!.endTime).toBeNull();

    const tab = async (status: number) => (await list(user, `?status=${status}`)).records.map((r) => r.orderNumber);
    expect(await tab(1)).toEqual([unpaid]);
    expect(await tab(2)).toEqual([toShip]);
    expect(await tab(3)).toEqual([toReceive]);
    expect(await tab(4)).toEqual([done]);
    expect(await tab(5)).toEqual([done]);
    await t.ctx.db.update(orderItems).set({ commSts: 1 }).where(eq(orderItems.orderNumber, done!));
    expect(await tab(4)).toEqual([]);

    expect((await list(user, `?orderNumber=${toShip}`)).records.map((r) => r.orderNumber)).toEqual([toShip]);
    expect((await list(user, `?prodName=${encodeURIComponent(tea.nameZh.slice(2))}`)).records.map((r) => r.orderNumber)).toEqual([toReceive, unpaid]);
    expect((await list(user, `?prodName=${encodeURIComponent(cup.nameEn.toUpperCase())}`)).total).toBe(3);
    expect((await list(user, '?prodName=%25')).total).toBe(0);
    expect((await list(user, '', 'zh')).records[0]!.orderItemDtos[0]!.prodName).toBe(cup.nameZh);

    const page2 = await list(user, '?size=2&current=2');
    expect(page2).toMatchObject({ total: 5, pages: 3, current: 2, size: 2 });
    expect(page2.records.map((r) => r.orderNumber)).toEqual([toReceive, toShip]);
    const past = await list(user, '?size=2&current=9');
    expect(past).toMatchObject({ total: 5, records: [] });

    // Deleted orders are hidden.
    expect((await del(user, `/p/myOrder/${cancelled}`)).statusCode).toBe(200);
    expect((await list(user)).total).toBe(4);
  });

  it('refuses bad filters with a clear message', async () => {
    const user = await shopperWithAddress(t);
    for (const q of ['?status=9', '?current=0', '?size=1000', '?orderNumber=abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/p/myOrder/myOrder${q}`, headers: as(user, en) });
      expect(res.statusCode, q).toBe(400);
      expect(res.body.length).toBeGreaterThan(0);
    }
  });

  it('reads a page and its items in two queries besides the token check, however many orders', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shopA.id);
    for (let i = 0; i < 4; i++) await placeOrder(t, user, { product: p });
    const { result, queries } = await countQueries(() => t.app.inject({ method: 'GET', url: '/p/myOrder/myOrder', headers: as(user) }));
    expect(result.statusCode).toBe(200);
    // Unpaid orders: nothing to apply for, so the after-sales fields cost no read.
    expect(queries).toHaveLength(3);
  });

  it('adds three reads for the after-sales fields of paid orders, the same for one order as for four', async () => {
    const user = await shopperWithAddress(t);
    // The orders, their lines and their requests; the after-sales periods are kept in memory (decision 060).
    await loadPeriods(t.ctx);
    const p = await createProductIn(t, shopA.id);
    const [first] = await placeOrder(t, user, { product: p });
    await pay(first!);
    const one = await countQueries(() => t.app.inject({ method: 'GET', url: '/p/myOrder/myOrder', headers: as(user) }));
    for (let i = 0; i < 3; i++) {
      const [n] = await placeOrder(t, user, { product: p });
      await pay(n!);
    }
    const four = await countQueries(() => t.app.inject({ method: 'GET', url: '/p/myOrder/myOrder', headers: as(user) }));
    expect(one.result.json().records).toHaveLength(1);
    expect(four.result.json().records).toHaveLength(4);
    expect(one.queries).toHaveLength(3 + 3);
    expect(four.queries).toHaveLength(3 + 3);
  });
});

describe('GET /p/myOrder/orderDetail and getOrderStatus', () => {
  it('shows status, times, address copy, items, fees and remarks', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shopB.id, { price: 1_000 });
    const [n] = await placeOrder(t, user, { product: p, count: 3 }, { [shopB.id]: 'Leave it at the door' });
    const unpaid = await detail(user, n!);
    const freight = 3_000 >= (shopB.freeFreightFrom ?? Infinity) ? 0 : shopB.freight;
    expect(unpaid).toMatchObject({
      orderNumber: n,
      status: 1,
      dvyType: 1,
      total: 3_000,
      transfee: freight,
      reduceAmount: 0,
      actualTotal: 3_000 + freight,
      payAmount: 0,
      isPayed: false,
      remarks: 'Leave it at the door',
      payTime: null,
      // English pages name the region in English; the copy itself keeps the Chinese names.
      userAddrDto: { receiver: '张三', province: 'Zhejiang', city: 'Hangzhou', area: 'Xihu District', addr: '文三路 90 号' },
      virtualInfoList: [],
    });
    const created = new Date(`${unpaid.createTime.replace(' ', 'T')}+08:00`).getTime();
    const end = new Date(`${unpaid.endTime!.replace(' ', 'T')}+08:00`).getTime();
    expect(end - created).toBe(t.ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000);
    expect(unpaid.orderItemDtos).toHaveLength(1);

    await pay(n!);
    const inChinese = await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${n}`, headers: as(user, { 'accept-language': 'zh' }) });
    expect(inChinese.json().userAddrDto).toMatchObject({ province: '浙江省', city: '杭州市', area: '西湖区' });
    const paid = await detail(user, n!);
    expect(paid).toMatchObject({ status: 2, isPayed: true, payAmount: 3_000 + freight, payType: 9, endTime: null });
    expect(paid.payTime).not.toBeNull();

    const status = await t.app.inject({ method: 'GET', url: `/p/myOrder/getOrderStatus?orderNumber=${n}`, headers: as(user) });
    expect(status.json()).toEqual({ status: 2, refundStatus: null, orderMold: 0 });
  });

  it('lists voucher codes of virtual goods', async () => {
    const user = await shopperWithAddress(t);
    const card = await createProductIn(t, shopA.id, { mold: 1, stocks: -1 });
    const [n] = await placeOrder(t, user, { product: card });
    await t.ctx.db.insert(orderVirtualCodes).values({ orderNumber: n!, code: `VC${n}`, status: 0 });
    const d = await detail(user, n!);
    expect(d).toMatchObject({ orderMold: 1, dvyType: 3, userAddrDto: null, virtualInfoList: [{ code: `VC${n}`, status: 0, expiresTime: null }] });
  });
});

describe('cancel, receipt and delete', () => {
  it('cancels an unpaid order, releases its stock and its timeout job, once', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shopA.id, { stocks: 10 });
    const [n] = await placeOrder(t, user, { product: p, count: 4 });
    expect(await skuStock(t, p.skuId)).toBe(6);
    expect((await put(user, `/p/myOrder/cancel/${n}`)).statusCode).toBe(200);
    expect(await skuStock(t, p.skuId)).toBe(10);
    const d = await detail(user, n!);
    expect(d).toMatchObject({ status: 6, closeType: 4 });
    expect(d.cancelTime).not.toBeNull();
    const [job] = await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, 'order.autoCancel'), eq(jobs.ref, n!)));
    expect(job!.status).toBe(4);
    const again = await put(user, `/p/myOrder/cancel/${n}`);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('The order status has changed');
    expect(await skuStock(t, p.skuId)).toBe(10);
  });

  it('parallel cancels release the stock once', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shopA.id, { stocks: 10 });
    const [n] = await placeOrder(t, user, { product: p, count: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, () => put(user, `/p/myOrder/cancel/${n}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await skuStock(t, p.skuId)).toBe(10);
  });

  it('refuses to cancel a paid order', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shopA.id);
    const [n] = await placeOrder(t, user, { product: p });
    await pay(n!);
    const res = await t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${n}`, headers: as(user) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('订单状态已改变');
  });

  it('confirms receipt of a shipped order only', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shopA.id);
    const [n] = await placeOrder(t, user, { product: p });
    expect((await put(user, `/p/myOrder/receipt/${n}`)).body).toBe('The order status has changed');
    await pay(n!);
    await ship(n!);
    expect((await put(user, `/p/myOrder/receipt/${n}`)).statusCode).toBe(200);
    const d = await detail(user, n!);
    expect(d.status).toBe(5);
    expect(d.finallyTime).not.toBeNull();
    expect((await put(user, `/p/myOrder/receipt/${n}`)).body).toBe('The order status has changed');
  });

  it('deletes only finished or cancelled orders', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shopA.id);
    const [n] = await placeOrder(t, user, { product: p });
    const early = await del(user, `/p/myOrder/${n}`);
    expect(early.statusCode).toBe(400);
    expect(early.body).toBe('The order status has changed');
    await put(user, `/p/myOrder/cancel/${n}`);
    expect((await del(user, `/p/myOrder/${n}`)).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${n}`, headers: as(user, en) });
    expect(gone.statusCode).toBe(400);
    expect(gone.body).toBe('The order does not exist');
    expect((await del(user, `/p/myOrder/${n}`)).body).toBe('The order does not exist');
  });
});

describe('the unpaid timeout', () => {
  it('cancels an order still unpaid after the timeout and releases its stock; a paid one is left alone', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shopA.id, { stocks: 10 });
    const [lapsed] = await placeOrder(t, user, { product: p, count: 2 });
    const [paid] = await placeOrder(t, user, { product: p, count: 3 });
    await pay(paid!);
    expect(await skuStock(t, p.skuId)).toBe(5);
    const handlers = jobHandlers(t.ctx);
    t.advanceClock((t.ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES - 1) * 60_000);
    try {
      await runDueJobs(t.ctx.db, handlers, t.ctx.now());
      expect((await detail(user, lapsed!)).status).toBe(1);
      t.advanceClock(2 * 60_000);
      // Other tests' jobs may be due too; sweep until these are done.
      while ((await runDueJobs(t.ctx.db, handlers, t.ctx.now())) > 0);
    } finally {
      t.resetClock();
    }
    expect(await detail(user, lapsed!)).toMatchObject({ status: 6, closeType: 1 });
    expect((await detail(user, paid!)).status).toBe(2);
    expect(await skuStock(t, p.skuId)).toBe(7);
  });
});

describe('one shopper never reaches another shopper’s orders', () => {
  it('refuses every order call with another user’s order number and changes nothing', async () => {
    const owner = await shopperWithAddress(t);
    const other = await shopperWithAddress(t);
    const p = await createProductIn(t, shopA.id, { stocks: 10 });
    const [unpaid] = await placeOrder(t, owner, { product: p });
    const [shipped] = await placeOrder(t, owner, { product: p });
    const [cancelled] = await placeOrder(t, owner, { product: p });
    await pay(shipped!);
    await ship(shipped!);
    await put(owner, `/p/myOrder/cancel/${cancelled}`);
    const before = await t.ctx.db.select().from(orders).where(eq(orders.userId, (await t.ctx.db.select({ u: orders.userId }).from(orders).where(eq(orders.orderNumber, unpaid!)))[0]!.u));

    const attempts = [
      t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${unpaid}`, headers: as(other, en) }),
      t.app.inject({ method: 'GET', url: `/p/myOrder/getOrderStatus?orderNumber=${unpaid}`, headers: as(other, en) }),
      put(other, `/p/myOrder/cancel/${unpaid}`),
      put(other, `/p/myOrder/receipt/${shipped}`),
      del(other, `/p/myOrder/${cancelled}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('The order does not exist');
    }
    expect((await list(other, `?orderNumber=${unpaid}`)).total).toBe(0);
    const after = await t.ctx.db.select().from(orders).where(eq(orders.userId, before[0]!.userId));
    expect(after).toEqual(before);
    expect(await skuStock(t, p.skuId)).toBe(8);
  });

  it('needs a token for every call', async () => {
    for (const [method, url] of [
      ['GET', '/p/myOrder/myOrder'],
      ['GET', '/p/myOrder/orderDetail?orderNumber=1'],
      ['GET', '/p/myOrder/getOrderStatus?orderNumber=1'],
      ['PUT', '/p/myOrder/cancel/1'],
      ['PUT', '/p/myOrder/receipt/1'],
      ['DELETE', '/p/myOrder/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
