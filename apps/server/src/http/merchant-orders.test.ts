// The merchant center's dashboard, order search and export, and voucher write-off (decision 028):
// every call with two shops, the audience matrix, and the write-off's one-winner rule.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantOrderSchema } from '@bazaar/shared/schemas/merchant';
import { DASHBOARD_DAYS, LOW_STOCK_THRESHOLD, MerchantDashboardSchema, VoucherWriteOffResultSchema } from '@bazaar/shared/schemas/merchant-orders';
import { categories, orderItems, orderVirtualCodes, orders, products, skus } from '../db/schema.ts';
import { issueVoucherCodes } from '../modules/order/vouchers.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { json, registerUser } from '../test/account-test-kit.ts';
import { createPaidOrder, merchantLogin, openShopIds, type Buyer, type TestOrder } from '../test/merchant-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { SHARED_INFRASTRUCTURE, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopA: number;
let shopB: number;
let tokenA: string;
let tokenB: string;
const en = { 'accept-language': 'en' };
const OrderPage = pageOf(MerchantOrderSchema);

/** Puts the app's clock at an instant (ISO, with its offset). */
function clockAt(iso: string) {
  t.resetClock();
  t.advanceClock(Date.parse(iso) - Date.now());
}

let buyerCounter = 0;
async function buyerNamed(nickName: string): Promise<Buyer> {
  const user = await registerUser(t, { nickName });
  const info = await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: user.token } });
  return { ...user, userId: info.json().userId as string };
}
const uniqueNick = (prefix: string) => `${prefix}${process.pid % 1000}${(buyerCounter += 1)}${Date.now() % 10000}`.slice(0, 15);

const get = (url: string, token: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { authorization: token, ...headers } });
const dashboard = async (token: string, headers: Record<string, string> = {}) => {
  const res = await get('/merchant/dashboard', token, headers);
  expect(res.statusCode, res.body).toBe(200);
  return MerchantDashboardSchema.parse(res.json());
};
const search = async (token: string, query: Record<string, string | number>) => {
  const res = await get(`/merchant/order/page?${new URLSearchParams({ size: '100', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return OrderPage.parse(res.json()).records.map((o) => o.orderNumber);
};
const writeOff = (token: string, code: string, headers: Record<string, string> = en) =>
  t.app.inject({ method: 'POST', url: '/merchant/voucher/write-off', ...json({ code }, { headers: { authorization: token, ...headers } }) });

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = (await openShopIds(t)) as [number, number];
  [tokenA, tokenB] = [await merchantLogin(t, shopA), await merchantLogin(t, shopB)];
});

afterEach(() => t.resetClock());

describe('the audience matrix', () => {
  const calls = [
    { method: 'GET' as const, url: '/merchant/dashboard' },
    { method: 'GET' as const, url: '/merchant/order/export' },
    { method: 'POST' as const, url: '/merchant/voucher/write-off', body: { code: 'ABCDEFGHJKLM' } },
  ];

  it('refuses no token, a shopper token and a staff token on every merchant call', async () => {
    const shopper = await buyerNamed(uniqueNick('aud'));
    const staff = await adminToken(t);
    for (const call of calls) {
      for (const authorization of [undefined, shopper.token, staff]) {
        const res = await t.app.inject({ method: call.method, url: call.url, ...json(call.body ?? {}, { headers: { ...en, ...(authorization ? { authorization } : {}) } }) });
        expect(res.statusCode, `${call.url} ${res.body}`).toBe(401);
        expect(res.body).toBe('Please log in with the merchant account');
      }
    }
  });

  it("refuses a merchant token on the shopper's and the staff's calls", async () => {
    expect((await get('/p/myOrder/myOrder?current=1&size=10', tokenA)).statusCode).toBe(401);
    expect((await get('/admin/me', tokenA)).statusCode).toBe(401);
  });
});

describe('GET /merchant/dashboard', () => {
  it("counts the shop's paid orders and sales by the mall's day and month, with 30 days of chart and zero days", async () => {
    const buyer = await buyerNamed(uniqueNick('dash'));
    // Mall time (GMT+8) Y-08-03, in a year of its own (a PostgreSQL test database outlives the run);
    // 00:30 there is still 2 August in UTC.
    const y = 2040 + Math.floor(Math.random() * 240); // before 2286, while epoch milliseconds have 13 digits
    const paidAt = async (iso: string, shopId = shopA, status: number = ORDER_STATUS.paid) => {
      clockAt(iso);
      const order = await createPaidOrder(t, buyer, shopId, { lines: 1, count: 1, status });
      const [row] = await t.ctx.db.select({ total: orders.actualTotal }).from(orders).where(eq(orders.orderNumber, order.orderNumber));
      return { ...order, total: row!.total };
    };
    const today1 = await paidAt(`${y}-08-03T00:30:00+08:00`);
    const today2 = await paidAt(`${y}-08-03T09:40:00+08:00`);
    const lateYesterday = await paidAt(`${y}-08-02T23:30:00+08:00`);
    const lastMonth = await paidAt(`${y}-07-31T12:00:00+08:00`);
    await paidAt(`${y}-07-04T12:00:00+08:00`); // 30 days back: outside the chart
    await paidAt(`${y}-08-03T08:00:00+08:00`, shopA, ORDER_STATUS.unpaid); // not paid
    const other = await paidAt(`${y}-08-03T08:00:00+08:00`, shopB);
    // Sums beyond 32 bits stay exact.
    await t.ctx.db.update(orders).set({ actualTotal: 2_500_000_000 }).where(eq(orders.orderNumber, today2.orderNumber));
    today2.total = 2_500_000_000;
    await t.ctx.db.update(orders).set({ actualTotal: 2_000_000_001 }).where(eq(orders.orderNumber, lateYesterday.orderNumber));
    lateYesterday.total = 2_000_000_001;

    clockAt(`${y}-08-03T10:00:00+08:00`);
    // Sessions started at the moved clock (the suite's tokens would have expired by then).
    const [laterA, laterB] = [await merchantLogin(t, shopA), await merchantLogin(t, shopB)];
    const a = await dashboard(laterA);
    expect(a.today).toBe(`${y}-08-03`);
    expect(a.todayPaid).toEqual({ orders: 2, sales: today1.total + today2.total });
    expect(a.monthPaid).toEqual({ orders: 3, sales: today1.total + today2.total + lateYesterday.total });
    expect(a.days).toHaveLength(DASHBOARD_DAYS);
    expect(a.days[0]!.date).toBe(`${y}-07-05`);
    expect(a.days.at(-1)).toEqual({ date: `${y}-08-03`, orders: 2, sales: today1.total + today2.total });
    expect(a.days.at(-2)).toEqual({ date: `${y}-08-02`, orders: 1, sales: lateYesterday.total });
    expect(a.days.find((d) => d.date === `${y}-07-31`)).toEqual({ date: `${y}-07-31`, orders: 1, sales: lastMonth.total });
    expect(a.days.find((d) => d.date === `${y}-08-01`)).toEqual({ date: `${y}-08-01`, orders: 0, sales: 0 });
    expect(a.days.reduce((n, d) => n + d.orders, 0)).toBe(4);

    const b = await dashboard(laterB);
    expect(b.todayPaid).toEqual({ orders: 1, sales: other.total });
    expect(b.monthPaid.orders).toBe(1);
  });

  it("counts the shop's orders to ship and its low-stock SKUs, not another shop's", async () => {
    const before = await dashboard(tokenA);
    const beforeB = await dashboard(tokenB);
    const buyer = await buyerNamed(uniqueNick('ship'));
    await createPaidOrder(t, buyer, shopA, { lines: 1, count: 1 });
    const [category] = await t.ctx.db.select({ id: categories.id }).from(categories).limit(1);
    const product = async (status: number) => {
      const [p] = await t.ctx.db
        .insert(products)
        .values({ shopId: shopA, categoryId: category!.id, nameZh: '库存预警测试', nameEn: 'Low stock test', pic: '/x.png', price: 100, oriPrice: 100, status })
        .returning({ id: products.id });
      return p!.id;
    };
    const listed = await product(0);
    const deleted = await product(-1);
    await t.ctx.db.insert(skus).values([
      { productId: listed, nameZh: '零', price: 100, oriPrice: 100, stocks: 0 },
      { productId: listed, nameZh: '三', price: 100, oriPrice: 100, stocks: 3 },
      { productId: listed, nameZh: '十', price: 100, oriPrice: 100, stocks: LOW_STOCK_THRESHOLD },
      { productId: listed, nameZh: '十一', price: 100, oriPrice: 100, stocks: LOW_STOCK_THRESHOLD + 1 },
      { productId: listed, nameZh: '不限', price: 100, oriPrice: 100, stocks: -1 },
      { productId: listed, nameZh: '停用', price: 100, oriPrice: 100, stocks: 1, status: 0 },
      { productId: deleted, nameZh: '已删', price: 100, oriPrice: 100, stocks: 1 },
    ]);
    try {
      const after = await dashboard(tokenA, en);
      expect(after.toShip).toBe(before.toShip + 1);
      expect(after.lowStock.threshold).toBe(LOW_STOCK_THRESHOLD);
      expect(after.lowStock.count).toBe(before.lowStock.count + 3);
      expect(after.lowStock.skus.every((s) => s.stocks >= 0 && s.stocks <= LOW_STOCK_THRESHOLD)).toBe(true);
      expect(after.lowStock.skus.map((s) => s.stocks)).toEqual([...after.lowStock.skus.map((s) => s.stocks)].sort((x, y) => x - y));
      const zero = after.lowStock.skus.find((s) => s.prodId === listed && s.stocks === 0);
      if (after.lowStock.skus[0]!.stocks === 0 && after.lowStock.count <= after.lowStock.skus.length) expect(zero?.prodName).toBe('Low stock test');
      const afterB = await dashboard(tokenB);
      expect([afterB.toShip, afterB.lowStock.count]).toEqual([beforeB.toShip, beforeB.lowStock.count]);
    } finally {
      await t.ctx.db.delete(products).where(inArray(products.id, [listed, deleted]));
    }
  });
});

describe('GET /merchant/order/page: search', () => {
  it('finds orders by product name (Chinese or English), buyer nickname or mobile, and placing day, only in the shop', async () => {
    const nick = uniqueNick('找买家');
    const buyer = await buyerNamed(nick);
    const other = await buyerNamed(uniqueNick('别人'));
    clockAt('2030-06-10T23:30:00+08:00');
    const early = await createPaidOrder(t, buyer, shopA, { lines: 1 });
    clockAt('2030-06-11T00:30:00+08:00');
    const late = await createPaidOrder(t, buyer, shopA, { lines: 1, status: ORDER_STATUS.unpaid });
    const notBuyers = await createPaidOrder(t, other, shopA, { lines: 1 });
    const theirs = await createPaidOrder(t, buyer, shopB, { lines: 1 });
    t.resetClock();

    const [line] = await t.ctx.db.select({ zh: orderItems.prodNameZh, en: orderItems.prodNameEn }).from(orderItems).where(eq(orderItems.orderNumber, early.orderNumber));
    const mine = [early.orderNumber, late.orderNumber, notBuyers.orderNumber];

    expect(await search(tokenA, { buyer: nick })).toEqual([late.orderNumber, early.orderNumber]);
    expect(await search(tokenA, { buyer: nick.slice(0, 6).toUpperCase() })).toEqual(expect.arrayContaining([late.orderNumber, early.orderNumber]));
    expect(await search(tokenA, { buyer: buyer.mobile.slice(3) })).toEqual([late.orderNumber, early.orderNumber]);
    expect(await search(tokenA, { buyer: nick, status: ORDER_STATUS.paid })).toEqual([early.orderNumber]);
    expect(await search(tokenB, { buyer: nick })).toEqual([theirs.orderNumber]);

    const byDay = await search(tokenA, { dateFrom: '2030-06-11', dateTo: '2030-06-11' });
    expect(byDay).toEqual(expect.arrayContaining([late.orderNumber, notBuyers.orderNumber]));
    expect(byDay).not.toContain(early.orderNumber);
    expect(await search(tokenA, { dateFrom: '2030-06-10', dateTo: '2030-06-10', buyer: nick })).toEqual([early.orderNumber]);
    expect(await search(tokenA, { dateTo: '2030-06-10', buyer: nick })).toEqual([early.orderNumber]);
    expect(await search(tokenA, { dateFrom: '2030-06-11', buyer: nick })).toEqual([late.orderNumber]);

    const zhPart = [...line!.zh].slice(0, 2).join('');
    const byZh = await search(tokenA, { prodName: zhPart, dateFrom: '2030-06-10', dateTo: '2030-06-11' });
    expect(byZh).toEqual(expect.arrayContaining(mine));
    if (line!.en) expect(await search(tokenA, { prodName: line!.en.slice(0, 6).toLowerCase(), dateFrom: '2030-06-10', dateTo: '2030-06-11' })).toEqual(expect.arrayContaining(mine));
    expect(await search(tokenA, { prodName: '%', buyer: nick })).toEqual([]);
    expect(await search(tokenB, { prodName: zhPart, dateFrom: '2030-06-10', dateTo: '2030-06-11' })).not.toEqual(expect.arrayContaining([early.orderNumber]));
    expect(await search(tokenA, { orderNumber: early.orderNumber.slice(-10), buyer: nick })).toEqual([early.orderNumber]);

    const page = OrderPage.parse((await get(`/merchant/order/page?buyer=${encodeURIComponent(nick)}`, tokenA)).json());
    expect(page.records[0]!.buyerName).toBe(nick);
  });

  it('says what is wrong with a search', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ dateFrom: '2030-13-01' }, 'Enter a valid date (year-month-day)'],
      [{ dateTo: '2030-02-30' }, 'Enter a valid date (year-month-day)'],
      [{ dateFrom: 'yesterday' }, 'Enter a valid date (year-month-day)'],
      [{ dateFrom: '2030-06-12', dateTo: '2030-06-11' }, 'The start date cannot be after the end date'],
      [{ prodName: 'x'.repeat(31) }, 'The product name can have at most 30 characters'],
      [{ buyer: 'x'.repeat(31) }, "The buyer's nickname or mobile can have at most 30 characters"],
      [{ buyer: 'a\u0000b' }, 'The request is invalid'],
      [{ orderNumber: '12a' }, 'Enter digits of an order number'],
    ];
    for (const [query, message] of cases) {
      for (const url of ['/merchant/order/page', '/merchant/order/export']) {
        const res = await get(`${url}?${new URLSearchParams(query)}`, tokenA, en);
        expect([res.statusCode, res.body], `${url} ${JSON.stringify(query)}`).toEqual([400, message]);
      }
    }
    const zh = await get('/merchant/order/page?dateFrom=2030-06-12&dateTo=2030-06-11', tokenA);
    expect(zh.body).toBe('开始日期不能晚于结束日期');
  });
});

describe('GET /merchant/order/export', () => {
  it("streams the filtered orders of the shop as CSV with a BOM, Chinese headers and text-safe cells", async () => {
    const nick = uniqueNick('导出');
    const buyer = await buyerNamed(nick);
    const a1 = await createPaidOrder(t, buyer, shopA, { lines: 2, count: 3 });
    const a2 = await createPaidOrder(t, buyer, shopA, { lines: 1 });
    const b1 = await createPaidOrder(t, buyer, shopB, { lines: 1 });
    await t.ctx.db.update(orders).set({ remarks: '=HYPERLINK("http://evil.example","点我")' }).where(eq(orders.orderNumber, a2.orderNumber));
    const [row] = await t.ctx.db.select({ total: orders.actualTotal }).from(orders).where(eq(orders.orderNumber, a1.orderNumber));

    const res = await get(`/merchant/order/export?buyer=${encodeURIComponent(nick)}`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="orders-${shopA}-\\d{14}\\.csv"$`));
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('订单号,下单时间,付款时间,订单状态,买家,商品,件数,商品总额（元）,运费（元）,优惠（元）,实付金额（元）,收货人,联系电话,收货地址,买家留言');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${a2.orderNumber}\t`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""点我"")"`);
    expect(lines[2]).toContain(`${a1.orderNumber}\t`);
    expect(lines[2]).toContain(',待发货,');
    expect(lines[2]).toContain(`,6,`);
    expect(lines[2]).toContain(`,${Math.trunc(row!.total / 100)}.${String(row!.total % 100).padStart(2, '0')},`);
    expect(lines[2]).toContain('浙江省杭州市西湖区文三路 90 号');
    expect(lines.join('\n')).not.toContain(b1.orderNumber);

    const inEn = await get(`/merchant/order/export?buyer=${encodeURIComponent(nick)}&status=2`, tokenB, en);
    const enLines = inEn.rawPayload.subarray(3).toString('utf8').trim().split('\n');
    expect(enLines[0]!.startsWith('Order number,Placed at,Paid at,Status,Buyer')).toBe(true);
    expect(enLines.slice(1).map((l) => l.split('\t')[0])).toEqual([b1.orderNumber]);
  });

  it('reads the orders in batches, so an export of more than one batch has every order once', async () => {
    const nick = uniqueNick('批量');
    const buyer = await buyerNamed(nick);
    const numbers: string[] = [];
    for (let i = 0; i < 205; i++) {
      // Same millisecond for neighbours: the batches continue by (time, number), not by time alone.
      if (i % 3 === 0) t.advanceClock(1);
      numbers.push((await createPaidOrder(t, buyer, shopA, { lines: 1, count: 1 })).orderNumber);
    }
    const res = await get(`/merchant/order/export?buyer=${encodeURIComponent(nick)}`, tokenA);
    const exported = res.rawPayload.subarray(3).toString('utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0]);
    expect(exported).toHaveLength(205);
    expect(new Set(exported)).toEqual(new Set(numbers));
  });

  it('refuses an unknown format', async () => {
    const res = await get('/merchant/order/export?format=pdf', tokenA, en);
    expect([res.statusCode, res.body]).toEqual([400, 'Unknown export format']);
  });
});

describe('POST /merchant/voucher/write-off', () => {
  async function virtualOrder(shopId: number, status: number = ORDER_STATUS.shipped): Promise<TestOrder & { codes: string[] }> {
    const buyer = await buyerNamed(uniqueNick('券'));
    const order = await createPaidOrder(t, buyer, shopId, { lines: 1, count: 3, status });
    await t.ctx.db.update(orders).set({ orderMold: 1, dvyType: 3 }).where(eq(orders.orderNumber, order.orderNumber));
    await t.ctx.db.transaction((tx) => issueVoucherCodes(tx, [order.orderNumber], t.ctx.now()));
    const codes = await t.ctx.db.select({ code: orderVirtualCodes.code }).from(orderVirtualCodes).where(eq(orderVirtualCodes.orderNumber, order.orderNumber)).orderBy(asc(orderVirtualCodes.id));
    return { ...order, codes: codes.map((c) => c.code) };
  }
  const codeRow = async (code: string) => (await t.ctx.db.select().from(orderVirtualCodes).where(eq(orderVirtualCodes.code, code)))[0]!;

  it('writes off a code of the shop once, typed in any case with spaces, and says when it was used', async () => {
    const order = await virtualOrder(shopA);
    clockAt('2030-07-01T15:20:00+08:00');
    const tokenA = await merchantLogin(t, shopA);
    const typed = `${order.codes[0]!.slice(0, 4).toLowerCase()} ${order.codes[0]!.slice(4, 8)}-${order.codes[0]!.slice(8)}`;
    const res = await writeOff(tokenA, typed);
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await t.ctx.db.select({ en: orderItems.prodNameEn, zh: orderItems.prodNameZh }).from(orderItems).where(eq(orderItems.orderNumber, order.orderNumber));
    expect(VoucherWriteOffResultSchema.parse(res.json())).toMatchObject({ code: order.codes[0], orderNumber: order.orderNumber, prodName: line!.en ?? line!.zh, usedAt: '2030-07-01 15:20:00', remaining: 2 });
    expect(await codeRow(order.codes[0]!)).toMatchObject({ status: 1 });

    const again = await writeOff(tokenA, order.codes[0]!);
    expect([again.statusCode, again.body]).toEqual([400, 'This voucher code was already redeemed at 2030-07-01 15:20:00 and cannot be used again']);
    const againZh = await writeOff(tokenA, order.codes[0]!, {});
    expect(againZh.body).toBe('该券码已于 2030-07-01 15:20:00 核销，不能重复使用');
    expect((await writeOff(tokenA, order.codes[1]!)).json().remaining).toBe(1);
  });

  it("refuses another shop's code without touching it, an unknown code, a malformed one, an expired one and an order that cannot be redeemed", async () => {
    const order = await virtualOrder(shopA);
    const theirs = await writeOff(tokenB, order.codes[0]!);
    expect([theirs.statusCode, theirs.body]).toEqual([400, 'This voucher code belongs to another shop and cannot be redeemed here']);
    expect((await writeOff(tokenB, order.codes[0]!, {})).body).toBe('该券码不属于本店，无法核销');
    expect(await codeRow(order.codes[0]!)).toMatchObject({ status: 0, usedAt: null });

    expect((await writeOff(tokenA, 'ZZZZZZZZZZZZ')).body).toBe('Voucher code not found; check it and try again');
    expect((await writeOff(tokenA, 'ZZZZZZZZZZZZ', {})).body).toBe('券码不存在，请核对后重新输入');
    for (const bad of ['', 'ab!', 'x'.repeat(65), '\u0000ABCDEFG']) {
      const res = await writeOff(tokenA, bad);
      expect([res.statusCode, res.body], bad).toEqual([400, bad.startsWith('\u0000') ? 'The request is invalid' : 'Enter a valid voucher code']);
    }
    const notString = await t.app.inject({ method: 'POST', url: '/merchant/voucher/write-off', ...json({ code: 12 }, { headers: { authorization: tokenA, ...en } }) });
    expect([notString.statusCode, notString.body]).toEqual([400, 'Enter a valid voucher code']);

    await t.ctx.db.update(orderVirtualCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orderVirtualCodes.code, order.codes[1]!));
    expect((await writeOff(tokenA, order.codes[1]!)).body).toBe('This voucher code has expired and cannot be redeemed');

    const cancelled = await virtualOrder(shopA);
    await t.ctx.db.update(orders).set({ status: ORDER_STATUS.cancelled }).where(eq(orders.orderNumber, cancelled.orderNumber));
    expect((await writeOff(tokenA, cancelled.codes[0]!)).body).toBe('The order cannot be redeemed in its current status');
    expect(await codeRow(cancelled.codes[0]!)).toMatchObject({ status: 0 });

    const completed = await virtualOrder(shopA, ORDER_STATUS.completed);
    expect((await writeOff(tokenA, completed.codes[0]!)).statusCode).toBe(200);
  });

  it(`lets exactly one of 50 parallel write-offs of a code succeed${SHARED_INFRASTRUCTURE ? ' (PostgreSQL)' : ''}`, async () => {
    const order = await virtualOrder(shopA);
    const results = await Promise.all(Array.from({ length: 50 }, () => writeOff(tokenA, order.codes[2]!)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(49);
    expect(refused.every((r) => r.statusCode === 400 && r.body.startsWith('This voucher code was already redeemed at '))).toBe(true);
    const rows = await t.ctx.db.select({ status: orderVirtualCodes.status }).from(orderVirtualCodes).where(and(eq(orderVirtualCodes.orderNumber, order.orderNumber), eq(orderVirtualCodes.status, 1)));
    expect(rows).toHaveLength(1);
  });
});
