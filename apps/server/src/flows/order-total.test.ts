// Money sums (issue 8): a checkout above the stated maximum is refused at confirm with a clear
// message, and the columns that hold sums are bigint, so totals past 2^31 fen are kept exactly.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TOTAL_MAX_FEN } from '@bazaar/shared/constants/limits';
import { OrderDetailSchema } from '@bazaar/shared/schemas/order';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json } from '../test/account-test-kit.ts';
import { confirmRequest, createProductIn, openShops, placeOrder, shopperWithAddress } from '../test/order-test-kit.ts';
import { authed, createShopper, createUnpaidOrders, orderRow, topUpBalance, walletBalance } from '../test/payment-test-kit.ts';

let t: TestApp;
let shopId: number;

beforeAll(async () => {
  t = await ensureSeeded();
  shopId = (await openShops(t)).find((s) => s.freight === 0)!.id;
});

describe('the checkout total', () => {
  it('refuses a checkout above the maximum at confirm, in the reader’s language', async () => {
    const user = await shopperWithAddress(t);
    // The reported attack: 3,872 pieces worth about 32.7 million yuan in all.
    const product = await createProductIn(t, shopId, { price: 844_500, stocks: 10_000 });
    const orderItem = { prodId: product.prodId, skuId: product.skuId, shopId, prodCount: 3_872 };
    const en = await confirmRequest(t, user, { addrId: 0, orderItem, uuid: randomUUID() });
    expect(en.statusCode).toBe(400);
    expect(en.body).toBe('One order cannot come to more than ¥10,000,000; please buy fewer items');
    const zh = await confirmRequest(t, user, { addrId: 0, orderItem, uuid: randomUUID() }, 'zh');
    expect(zh.body).toBe('单次下单金额不能超过¥10,000,000，请减少购买数量');
  });

  it('places a checkout of exactly the maximum, and one fen more is refused', async () => {
    const user = await shopperWithAddress(t);
    const product = await createProductIn(t, shopId, { price: ORDER_TOTAL_MAX_FEN / 10, stocks: 100 });
    const [orderNumber] = await placeOrder(t, user, { product, count: 10 });
    expect((await orderRow(t, orderNumber!)).actualTotal).toBe(ORDER_TOTAL_MAX_FEN);

    const dearer = await createProductIn(t, shopId, { price: ORDER_TOTAL_MAX_FEN / 10 + 1, stocks: 100 });
    const res = await confirmRequest(t, user, { addrId: 0, orderItem: { prodId: dearer.prodId, skuId: dearer.skuId, shopId, prodCount: 10 }, uuid: randomUUID() });
    expect(res.statusCode).toBe(400);
  });
});

describe('sums past 2^31 fen', () => {
  it('keeps an order, its payment and the balance debit of 4 billion fen exactly', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 2_000_000_000, count: 2 }]);
    expect(order!.amount).toBeGreaterThan(2 ** 31);
    await topUpBalance(t, u.userId, 5_000_000_000);

    const pay = await t.app.inject({ method: 'POST', url: '/p/order/pay', ...json({ orderNumbers: order!.orderNumber, payType: 9 }, { headers: authed(u.token) }) });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(await walletBalance(t, u.userId)).toBe(1_000_000_000);

    const detail = await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${order!.orderNumber}`, headers: authed(u.token) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(OrderDetailSchema.parse(detail.json())).toMatchObject({ total: 4_000_000_000, actualTotal: 4_000_000_000, payAmount: 4_000_000_000, isPayed: true });
    const list = await t.app.inject({ method: 'GET', url: '/p/myOrder/myOrder?status=0', headers: authed(u.token) });
    expect(list.json().records[0]).toMatchObject({ orderNumber: order!.orderNumber, actualTotal: 4_000_000_000 });
  });
});
