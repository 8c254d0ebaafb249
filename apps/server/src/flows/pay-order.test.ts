import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderDetailSchema } from '@bazaar/shared/schemas/order';
import { jobs, orderVirtualCodes, payments } from '../db/schema.ts';
import { countQueries } from '../db/query-count.ts';
import { JOB_STATUS } from '../lib/jobs.ts';
import { AUTO_CANCEL_JOB } from '../modules/order/lifecycle.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { createProductIn, openShops, placeOrder, shopperWithAddress, userIdOf } from '../test/order-test-kit.ts';
import { authed, orderRow, topUpBalance } from '../test/payment-test-kit.ts';
import { newVoucherCode } from '../modules/order/vouchers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});

const DAY_MS = 86_400_000;

describe('pay-order flow: virtual goods', () => {
  it('a paid virtual order gets one voucher code per piece and awaits receipt; a physical one waits for shipping', async () => {
    const [shop] = await openShops(t);
    const user = await shopperWithAddress(t);
    const userId = await userIdOf(t, user);
    const ebook = await createProductIn(t, shop!.id, { price: 1_500, mold: 1, stocks: -1 });
    const parcel = await createProductIn(t, shop!.id, { price: 2_000 });
    const [virtualOrder] = await placeOrder(t, user, { product: ebook, count: 3 });
    const [physicalOrder] = await placeOrder(t, user, { product: parcel });
    await topUpBalance(t, userId, 10_000);
    const paid = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: authed(user.token), payload: { orderNumbers: `${virtualOrder},${physicalOrder}`, payType: 9 } });
    expect(paid.statusCode, paid.body).toBe(200);

    const virtualRow = await orderRow(t, virtualOrder!);
    expect(virtualRow).toMatchObject({ status: 3, isPayed: true });
    expect(virtualRow.dvyTime!.getTime()).toBe(virtualRow.payTime!.getTime());
    expect(await orderRow(t, physicalOrder!)).toMatchObject({ status: 2, dvyTime: null });

    const codes = await t.ctx.db.select().from(orderVirtualCodes).where(eq(orderVirtualCodes.orderNumber, virtualOrder!));
    expect(codes).toHaveLength(3);
    expect(new Set(codes.map((c) => c.code)).size).toBe(3);
    for (const c of codes) expect(c).toMatchObject({ status: 0, orderItemId: expect.any(Number) });
    expect(await t.ctx.db.select().from(orderVirtualCodes).where(eq(orderVirtualCodes.orderNumber, physicalOrder!))).toEqual([]);

    const [receipt] = await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, 'order.autoReceipt'), eq(jobs.ref, virtualOrder!)));
    expect(receipt!.runAt.getTime() - virtualRow.payTime!.getTime()).toBe(t.ctx.env.ORDER_AUTO_RECEIPT_DAYS * DAY_MS);

    // The buyer sees the codes on the order detail, and can confirm receipt.
    const detail = await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${virtualOrder}`, headers: authed(user.token) });
    expect(detail.statusCode, detail.body).toBe(200);
    const parsed = OrderDetailSchema.parse(detail.json());
    expect(parsed.virtualInfoList.map((v) => v.code).sort()).toEqual(codes.map((c) => c.code).sort());
    const received = await t.app.inject({ method: 'PUT', url: `/p/myOrder/receipt/${virtualOrder}`, headers: authed(user.token) });
    expect(received.statusCode, received.body).toBe(200);
    expect((await orderRow(t, virtualOrder!)).status).toBe(5);
  });

  it('voucher codes are 12 characters of an unambiguous alphabet, drawn at random', () => {
    const codes = Array.from({ length: 2_000 }, () => newVoucherCode());
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('pay-order flow: the settlement\'s independent writes in one statement', () => {
  it('a balance payment ends the orders\' auto-cancel jobs, closes their other open attempts and uses their coupons with one statement (decision 060, sixth pass)', async () => {
    const [shop] = await openShops(t);
    const user = await shopperWithAddress(t);
    const userId = await userIdOf(t, user);
    const parcel = await createProductIn(t, shop!.id, { price: 2_000 });
    const [first] = await placeOrder(t, user, { product: parcel });
    const [second] = await placeOrder(t, user, { product: parcel });
    const numbers = `${first},${second}`;
    // An open WeChat attempt for the same orders: paying by balance must close it.
    const wechat = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: authed(user.token), payload: { orderNumbers: numbers, payType: 3 } });
    expect(wechat.statusCode, wechat.body).toBe(200);
    const { payNo: qrPayNo } = wechat.json() as { payNo: string };
    const autoCancel = () => t.ctx.db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.kind, AUTO_CANCEL_JOB), inArray(jobs.ref, [first!, second!])));
    expect((await autoCancel()).map((j) => j.status)).toEqual([JOB_STATUS.pending, JOB_STATUS.pending]);
    await topUpBalance(t, userId, 10_000);
    const { result: paid, queries } = await countQueries(() => t.app.inject({ method: 'POST', url: '/p/order/pay', headers: authed(user.token), payload: { orderNumbers: numbers, payType: 9 } }));
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await autoCancel()).map((j) => j.status)).toEqual([JOB_STATUS.cancelled, JOB_STATUS.cancelled]);
    const [qr] = await t.ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.payNo, qrPayNo));
    expect(qr!.status).toBe(2);
    for (const n of [first!, second!]) expect(await orderRow(t, n)).toMatchObject({ status: 2, isPayed: true });
    const together = queries.filter((q) => q.includes('"coupon_use_records"') || q.includes('update "jobs"') || q.includes('update payments set status = 2'));
    expect(together, queries.join('\n')).toHaveLength(1);
    for (const write of ['update "coupon_use_records"', 'update "user_coupons"', 'update "jobs"', 'update payments set status = 2']) expect(together[0]).toContain(write);
  });
});
