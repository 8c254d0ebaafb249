// Platform staff's orders (issue 25, decision 058): every shop's orders with the merchant center's
// filters plus shop, kind and shopper; the detail with amounts, payments, packages and history;
// read-only, mobiles masked, refusals in both languages, orders.read required.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRoleKey } from '@bazaar/shared/constants/permissions';
import { AdminOrderDetailSchema, AdminOrderSchema } from '@bazaar/shared/schemas/admin-orders';
import { pageOf } from '@bazaar/shared/schemas/common';
import { DeliveryCompanySchema } from '@bazaar/shared/schemas/logistics';
import { orders } from '../db/schema.ts';
import { createAdmin } from '../modules/admin/service.ts';
import { json, uniqueUserName } from '../test/account-test-kit.ts';
import { adminLogin, TEST_ADMIN_PASSWORD } from '../test/admin-test-kit.ts';
import { createPaidOrder, merchantLogin, openShopIds, registerBuyer, type Buyer } from '../test/merchant-test-kit.ts';
import { authed, createUnpaidOrders, topUpBalance } from '../test/payment-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { bearer } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let service: string;
let shopA: number;
let shopB: number;
let buyer: Buyer;
let other: Buyer;
const placed = { paidA: '', unpaidB: '', otherA: '' };

async function roleToken(role: AdminRoleKey): Promise<string> {
  const username = uniqueUserName('ord');
  await createAdmin(t.ctx, username, TEST_ADMIN_PASSWORD, role);
  const res = await adminLogin(t, username);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().accessToken as string;
}

const get = (token: string, url: string, lang: 'zh' | 'en' = 'en') => t.app.inject({ method: 'GET', url, headers: bearer(token, lang) });
const Page = pageOf(AdminOrderSchema);
async function list(query: string) {
  const res = await get(service, `/admin/orders?${query.includes('size=') ? '' : 'size=100&'}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return Page.parse(res.json());
}
const numbers = async (query: string) => (await list(query)).records.map((r) => r.orderNumber);

beforeAll(async () => {
  t = await ensureSeeded();
  service = await roleToken('service');
  [shopA, shopB] = (await openShopIds(t)) as [number, number];
  [buyer, other] = await Promise.all([registerBuyer(t), registerBuyer(t)]);
  placed.paidA = (await createPaidOrder(t, buyer, shopA, { lines: 1, count: 1 })).orderNumber;
  placed.unpaidB = (await createPaidOrder(t, buyer, shopB, { lines: 1, count: 1, status: 1 })).orderNumber;
  placed.otherA = (await createPaidOrder(t, other, shopA, { lines: 1, count: 1 })).orderNumber;
  await t.ctx.db.update(orders).set({ orderType: 3 }).where(eq(orders.orderNumber, placed.otherA));
});

describe('GET /admin/orders', () => {
  it("lists every shop's orders with the shop, the shopper and masked mobiles; filters each; pages", async () => {
    const mine = await list(`buyer=${buyer.userId}`);
    expect(mine.records.map((r) => r.orderNumber).sort()).toEqual([placed.paidA, placed.unpaidB].sort());
    const row = mine.records.find((r) => r.orderNumber === placed.paidA)!;
    expect(row).toMatchObject({ shopId: shopA, userId: buyer.userId, status: 2, orderType: 0, buyerName: buyer.nickName });
    expect(row.shopName).not.toBe('');
    expect(row.buyerMobile).toBe(`${buyer.mobile.slice(0, 3)}****${buyer.mobile.slice(7)}`);
    expect(row.address?.mobile).toBe('139****5678');
    expect(row.items).toHaveLength(1);

    expect(await numbers(`buyer=${buyer.userId}&shopId=${shopB}`)).toEqual([placed.unpaidB]);
    expect(await numbers(`buyer=${buyer.userId}&status=2`)).toEqual([placed.paidA]);
    expect(await numbers(`shopId=${shopA}&orderType=3&buyer=${other.userId}`)).toEqual([placed.otherA]);
    expect(await numbers(`buyer=${other.userId}&orderType=0`)).toEqual([]);
    expect(await numbers(`orderNumber=${placed.unpaidB}`)).toEqual([placed.unpaidB]);
    expect(await numbers(`buyer=${buyer.mobile}`)).toEqual(expect.arrayContaining([placed.paidA, placed.unpaidB]));
    expect((await numbers(`buyer=${buyer.mobile}`)).includes(placed.otherA)).toBe(false);
    const today = new Date(t.ctx.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await numbers(`buyer=${buyer.userId}&dateFrom=${today}&dateTo=${today}`)).toHaveLength(2);
    expect(await numbers(`buyer=${buyer.userId}&dateTo=2000-01-01`)).toEqual([]);
    // Every shop by default: both shops' orders are in the unfiltered list.
    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(new Set(all.records.map((r) => r.shopId)).size).toBeGreaterThan(1);

    const first = await list(`buyer=${buyer.userId}&size=1&current=1`);
    const second = await list(`buyer=${buyer.userId}&size=1&current=2`);
    expect(first).toMatchObject({ total: 2, pages: 2, size: 1, current: 1 });
    expect([...first.records, ...second.records].map((r) => r.orderNumber).sort()).toEqual([placed.paidA, placed.unpaidB].sort());
  });

  it('refuses bad filters in both languages', async () => {
    const cases: Array<[string, string, string]> = [
      ['shopId=x', '店铺编号不正确', 'The shop id is invalid'],
      ['orderType=7', '订单类型不正确', 'The order kind is invalid'],
      ['dateFrom=2026-02-30', '', ''],
      ['dateFrom=2026-03-02&dateTo=2026-03-01', '', ''],
      ['status=4', '', ''],
      ['size=1000', '', ''],
    ];
    for (const [query, zh, en] of cases) {
      const zhRes = await get(service, `/admin/orders?${query}`, 'zh');
      const enRes = await get(service, `/admin/orders?${query}`, 'en');
      expect(zhRes.statusCode, query).toBe(400);
      expect(enRes.statusCode, query).toBe(400);
      expect(zhRes.body).not.toBe(enRes.body);
      if (zh) expect(zhRes.body).toBe(zh);
      if (en) expect(enRes.body).toBe(en);
    }
  });
});

describe('GET /admin/orders/:orderNumber', () => {
  it('answers the order with its amounts, payment, packages and history', async () => {
    // Paid from the balance through the shopper's call, then shipped by the shop.
    const [order] = await createUnpaidOrders(t, buyer.userId, [{ price: 2_500, count: 2, freight: 600 }]);
    await topUpBalance(t, buyer.userId, 10_000);
    const pay = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: { ...authed(buyer.token), 'content-type': 'application/json' }, payload: JSON.stringify({ orderNumbers: order!.orderNumber, payType: 9 }) });
    expect(pay.statusCode, pay.body).toBe(200);
    const [shopRow] = await t.ctx.db.select({ shopId: orders.shopId }).from(orders).where(eq(orders.orderNumber, order!.orderNumber));
    const companies = DeliveryCompanySchema.array().parse((await t.app.inject({ method: 'GET', url: '/p/delivery/list', headers: { authorization: buyer.token } })).json());
    const detailBefore = AdminOrderDetailSchema.parse((await get(service, `/admin/orders/${order!.orderNumber}`)).json());
    const waybill = `YT${Date.now().toString(36).toUpperCase()}${process.pid % 1000}`;
    const merchant = await merchantLogin(t, shopRow!.shopId);
    const shipped = await t.app.inject({
      method: 'POST',
      url: '/merchant/order/delivery',
      ...json({ orderNumber: order!.orderNumber, packages: [{ dvyId: companies[0]!.dvyId, dvyFlowId: waybill, items: detailBefore.items.map((i) => ({ orderItemId: i.orderItemId, count: i.prodCount })) }] }, { headers: { authorization: merchant } }),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const res = await get(service, `/admin/orders/${order!.orderNumber}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = AdminOrderDetailSchema.parse(res.json());
    expect(detail).toMatchObject({ orderNumber: order!.orderNumber, status: 3, total: 5_000, freight: 600, actualTotal: 5_600, payType: 9, userId: buyer.userId });
    expect(detail.payments).toEqual([expect.objectContaining({ payType: 9, amount: 5_600, status: 1, refunds: [] })]);
    expect(detail.payments[0]!.paidTime).not.toBeNull();
    expect(detail.packages).toEqual([expect.objectContaining({ dvyFlowId: waybill, items: [expect.objectContaining({ count: 2 })] })]);
    expect(detail.history.map((h) => h.event)).toEqual(['placed', 'paid', 'shipped']);
    expect(detail.address?.mobile).toBe('138****8000');
    expect((await get(service, `/admin/orders/${order!.orderNumber}`, 'zh')).json()).toMatchObject({ shopName: expect.any(String) });
  });

  it('answers 404 for an unknown number and 400 for one that is no number, in both languages; needs orders.read', async () => {
    for (const [lang, text] of [['zh', '该订单不存在'], ['en', 'This order does not exist']] as const) {
      const missing = await get(service, '/admin/orders/1234567890123456789', lang);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe(text);
      const bad = await get(service, '/admin/orders/abc', lang);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toBe(text);
    }
    const operations = await roleToken('operations');
    expect((await get(operations, '/admin/orders')).statusCode).toBe(403);
    expect((await get(operations, `/admin/orders/${placed.paidA}`)).statusCode).toBe(403);
    expect((await get(await roleToken('finance'), `/admin/orders/${placed.paidA}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/admin/orders' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/orders', headers: { authorization: buyer.token } })).statusCode).toBe(401);
  });
});
