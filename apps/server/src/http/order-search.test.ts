// GET /p/myOrder/myOrderSearch (reference 2.6, issue 25): the order list's page searched by status,
// product name (orderName), order number, time span (orderTimeStatus 0 all, 1 the last 7 days,
// 2 the last 3 months, 3 older; at their exact edges with the injected clock), type and mold;
// paging, only the reader's own orders, and refusals in both languages.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MyOrderSchema, MyOrderSearchQuerySchema } from '@bazaar/shared/schemas/order';
import { orders } from '../db/schema.ts';
import { searchOrderPage } from '../flows/my-orders.ts';
import { monthsBefore } from '../modules/order/service.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { authed, createShopper, createUnpaidOrders, type TestOrder, type TestShopper } from '../test/payment-test-kit.ts';

let t: TestApp;
const MyOrderPage = pageOf(MyOrderSchema);
const DAY = 86_400_000;

beforeAll(async () => {
  t = await ensureSeeded();
});

async function search(user: TestShopper, query: string, lang: 'zh' | 'en' = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/p/myOrder/myOrderSearch?${query}`, headers: authed(user.token, lang) });
  expect(res.statusCode, res.body).toBe(200);
  return MyOrderPage.parse(res.json());
}

const numbers = (page: { records: Array<{ orderNumber: string }> }) => page.records.map((r) => r.orderNumber).sort();
const sorted = (list: TestOrder[]) => list.map((o) => o.orderNumber).sort();

describe('GET /p/myOrder/myOrderSearch', () => {
  it('searches by product name, order number, status, type and mold, with paging, only my orders', async () => {
    const me = await createShopper(t);
    const other = await createShopper(t);
    const mine = await createUnpaidOrders(t, me.userId, [{}, {}, {}, {}, {}]);
    const [theirs] = await createUnpaidOrders(t, other.userId, [{}]);
    const [points, virtual, paid] = mine as [TestOrder, TestOrder, TestOrder, TestOrder, TestOrder];
    await t.ctx.db.update(orders).set({ orderType: 3 }).where(eq(orders.orderNumber, points.orderNumber));
    await t.ctx.db.update(orders).set({ orderMold: 1 }).where(eq(orders.orderNumber, virtual.orderNumber));
    await t.ctx.db.update(orders).set({ status: 2 }).where(eq(orders.orderNumber, paid.orderNumber));

    // No filter: the list's page shape, all mine, newest first; paging by size.
    const all = await search(me, 'size=2');
    expect(all).toMatchObject({ total: 5, size: 2, current: 1, pages: 3 });
    expect(all.records).toHaveLength(2);
    const third = await search(me, 'size=2&current=3');
    expect(third.records).toHaveLength(1);
    const everyPage = [...all.records, ...(await search(me, 'size=2&current=2')).records, ...third.records].map((r) => r.orderNumber).sort();
    expect(everyPage).toEqual(sorted(mine));

    // orderName is the product's name (a part of it), matched literally.
    const [row] = await t.ctx.db.select({ prodName: orders.prodName }).from(orders).where(eq(orders.orderNumber, virtual.orderNumber));
    expect(numbers(await search(me, `orderName=${encodeURIComponent(row!.prodName.slice(1, -1))}`))).toEqual([virtual.orderNumber]);
    expect((await search(me, 'orderName=%25')).total).toBe(0);
    // orderNumber: mine only; another shopper's is not found.
    expect(numbers(await search(me, `orderNumber=${paid.orderNumber}`))).toEqual([paid.orderNumber]);
    expect((await search(me, `orderNumber=${theirs!.orderNumber}`)).total).toBe(0);
    // status uses the list's tabs: 1 unpaid, 2 paid.
    expect(numbers(await search(me, 'status=2'))).toEqual([paid.orderNumber]);
    expect((await search(me, 'status=1')).total).toBe(4);
    // orderType and orderMold.
    expect(numbers(await search(me, 'orderType=3'))).toEqual([points.orderNumber]);
    expect((await search(me, 'orderType=0')).total).toBe(4);
    expect(numbers(await search(me, 'orderMold=1'))).toEqual([virtual.orderNumber]);
    expect(numbers(await search(me, `orderMold=0&orderType=0&status=1`))).toEqual(sorted(mine.filter((o) => o !== points && o !== virtual && o !== paid)));
    // Names in the reader's language, as the list has them.
    const [paidRow] = await t.ctx.db.select({ prodName: orders.prodName }).from(orders).where(eq(orders.orderNumber, paid.orderNumber));
    expect((await search(me, `orderNumber=${paid.orderNumber}`, 'zh')).records[0]!.orderItemDtos[0]!.prodName).toBe(paidRow!.prodName);
    expect((await search(me, `orderNumber=${paid.orderNumber}`, 'en')).records[0]!.orderItemDtos[0]!.prodName).toMatch(/^Test product /);
  });

  it('refuses bad filters with 400 in both languages, and a visitor with 401', async () => {
    const me = await createShopper(t);
    const cases: Array<[string, string, string]> = [
      ['orderTimeStatus=4', '请求参数不正确', 'The request is invalid'],
      ['orderTimeStatus=x', '请求参数不正确', 'The request is invalid'],
      ['orderType=4', '请求参数不正确', 'The request is invalid'],
      ['orderMold=2', '请求参数不正确', 'The request is invalid'],
      ['status=9', '请求参数不正确', 'The request is invalid'],
      ['size=101', '', ''],
      ['orderNumber=12ab', '', ''],
    ];
    for (const [query, zh, en] of cases) {
      const zhRes = await t.app.inject({ method: 'GET', url: `/p/myOrder/myOrderSearch?${query}`, headers: authed(me.token, 'zh') });
      const enRes = await t.app.inject({ method: 'GET', url: `/p/myOrder/myOrderSearch?${query}`, headers: authed(me.token, 'en') });
      expect(zhRes.statusCode, query).toBe(400);
      expect(enRes.statusCode, query).toBe(400);
      if (zh) expect(zhRes.body).toBe(zh);
      if (en) expect(enRes.body).toBe(en);
      expect(zhRes.body).not.toBe(enRes.body);
    }
    expect((await t.app.inject({ method: 'GET', url: '/p/myOrder/myOrderSearch' })).statusCode).toBe(401);
  });

  it('orderTimeStatus counts back from the injected clock: 7 days and 3 calendar months, their first instant included', async () => {
    const me = await createShopper(t);
    // A fixed now a year back (GMT+8 31 May, 10:00): three months back is the last day of February, 10:00.
    const year = new Date().getUTCFullYear() - 1;
    const now = new Date(Date.UTC(year, 4, 31, 2));
    const threeMonths = monthsBefore(now, 3);
    expect(threeMonths.toISOString()).toBe(new Date(Date.UTC(year, 1, new Date(Date.UTC(year, 2, 0)).getUTCDate(), 2)).toISOString());
    expect(monthsBefore(new Date('2026-03-15T16:30:00.000Z'), 3).toISOString()).toBe('2025-12-15T16:30:00.000Z');
    const made = await createUnpaidOrders(t, me.userId, [{}, {}, {}, {}, {}, {}]);
    const at = [
      now.getTime() - 1_000, // a second ago
      now.getTime() - 7 * DAY, // exactly 7 days ago: in the last 7 days
      now.getTime() - 7 * DAY - 1, // a millisecond earlier: not
      threeMonths.getTime(), // exactly 3 months ago: in the last 3 months
      threeMonths.getTime() - 1, // a millisecond earlier: older
      now.getTime() - 400 * DAY, // long ago
    ];
    await Promise.all(made.map((o, i) => t.ctx.db.update(orders).set({ createdAt: new Date(at[i]!) }).where(eq(orders.orderNumber, o.orderNumber))));
    const [recent, weekEdge, pastWeek, monthsEdge, pastMonths, old] = made.map((o) => o.orderNumber) as [string, string, string, string, string, string];

    const clock = { ...t.ctx, now: () => now };
    const spanOf = async (orderTimeStatus: number) => {
      const query = MyOrderSearchQuerySchema.parse({ orderTimeStatus, size: 50 });
      return (await searchOrderPage(clock, me.userId, query, 'en')).records.map((r) => r.orderNumber).sort();
    };
    expect(await spanOf(0)).toEqual([recent, weekEdge, pastWeek, monthsEdge, pastMonths, old].sort());
    expect(await spanOf(1)).toEqual([recent, weekEdge].sort());
    expect(await spanOf(2)).toEqual([recent, weekEdge, pastWeek, monthsEdge].sort());
    expect(await spanOf(3)).toEqual([pastMonths, old].sort());
    // A millisecond later every edge moves by one.
    const later = { ...t.ctx, now: () => new Date(now.getTime() + 1) };
    const laterSpan = async (orderTimeStatus: number) =>
      (await searchOrderPage(later, me.userId, MyOrderSearchQuerySchema.parse({ orderTimeStatus, size: 50 }), 'en')).records.map((r) => r.orderNumber).sort();
    expect(await laterSpan(1)).toEqual([recent]);
    expect(await laterSpan(3)).toEqual([monthsEdge, pastMonths, old].sort());
    // Through HTTP with the app's clock: the orders of last year are older than 3 months.
    const older = await search(me, 'orderTimeStatus=3&size=50');
    expect(numbers(older)).toEqual(made.map((o) => o.orderNumber).sort());
    expect((await search(me, 'orderTimeStatus=1')).total).toBe(0);
  });
});
