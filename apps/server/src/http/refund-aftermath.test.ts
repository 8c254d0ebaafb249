// What a refund leaves behind (QA report qa1-aftersales, 2026-12-08), on the real database with the
// app's clock: a wholly refunded order closes whatever it had reached (decisions 059/060), invoices
// follow the refunded money (decision 061), an order with an open request cannot be deleted, and the
// apply and waybill calls refuse data that does not fit the order.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { OrderInvoiceSchema } from '@bazaar/shared/schemas/invoice';
import { jobs, orders, refunds, scoreLogs } from '../db/schema.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { POINTS_IO, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import { JOB_STATUS } from '../lib/jobs.ts';
import { AUTO_RECEIPT_JOB, scheduleAutoReceipt } from '../modules/order/lifecycle.ts';
import { drainJobs, registerBuyer } from '../test/merchant-test-kit.ts';
import { apply, applyBody, call, expectRefused, info, refundOrder, seededShopOwner, uploadedVoucher } from '../test/refund-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;
let owner: { token: string };

beforeAll(async () => {
  ({ t, shopId, owner } = await seededShopOwner());
});
beforeEach(() => t.resetClock());

const orderRow = async (orderNumber: string) => (await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;

describe('a wholly refunded order closes', () => {
  it('shipped: closes on the refund (6, closeType 2); receipt, auto-receipt and an invoice are refused', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 1, price: 3_890, freight: 800, status: ORDER_STATUS.shipped });
    const { dvyTime } = await orderRow(order.orderNumber);
    await t.ctx.db.transaction((tx) => scheduleAutoReceipt(t.ctx, tx, order.orderNumber, dvyTime!));
    const refundSn = await apply(t, buyer, applyBody(order, { refundType: 1, orderItemId: 0, refundAmount: order.actualTotal, freightConfirmed: true }));
    const accepted = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);

    const closed = await orderRow(order.orderNumber);
    expect(closed).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
    expect(closed.cancelTime).not.toBeNull();
    expectRefused(await call(t, buyer, 'PUT', `/p/myOrder/receipt/${order.orderNumber}`, undefined, 'zh'), '订单状态已改变');
    // The auto-receipt job's time comes: nothing moves.
    const job = (await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, AUTO_RECEIPT_JOB), eq(jobs.ref, order.orderNumber))))[0]!;
    t.advanceClock(job.runAt.getTime() + 1_000 - t.ctx.now().getTime());
    await drainJobs(t);
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.cancelled, finallyTime: null });
    expect((await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, AUTO_RECEIPT_JOB), eq(jobs.ref, order.orderNumber))))[0]!.status).toBe(JOB_STATUS.done);
    expectRefused(await call(t, buyer, 'POST', '/p/orderInvoice', { orderNumber: order.orderNumber, headerType: 2, headerName: '张三' }, 'zh'), '订单已全额退款，不能申请发票');
    // Not awaiting receipt any more.
    const list = await call(t, buyer, 'GET', '/p/myOrder/myOrder?status=3&current=1&size=50');
    expect(JSON.stringify(list.json())).not.toContain(order.orderNumber);
  });

  it('received, refunded in two parts: the last part closes it', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 2, count: 1, price: 1_000, freight: 0, status: ORDER_STATUS.completed });
    for (const [i, item] of order.items.entries()) {
      const refundSn = await apply(t, buyer, applyBody(order, { orderItemId: item.id, applyType: 1, isReceiver: 1, refundAmount: item.actualTotal, freightConfirmed: i === 1 }));
      const accepted = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await orderRow(order.orderNumber)).toMatchObject(i === 0 ? { status: ORDER_STATUS.completed, refundStatus: 3 } : { status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
    }
  });
});

describe('a wholly refunded order closes when its last open request ends without money', () => {
  it('a 0 fen request withdrawn after the money was all refunded: the order closes', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 1, price: 1_000, status: ORDER_STATUS.completed });
    const item = order.items[0]!;
    const row = { orderNumber: order.orderNumber, orderItemId: item.id, userId: buyer.userId, shopId, refundType: 2, applyType: 1, isReceiver: 1, goodsNum: 1, maxRefundAmount: 1_000, buyerReason: 1 };
    await t.ctx.db.insert(refunds).values({ ...row, refundSn: nextSerialNumber(), refundAmount: 1_000, returnMoneySts: 5, settleStatus: 2 });
    const open = nextSerialNumber();
    await t.ctx.db.insert(refunds).values({ ...row, refundSn: open, refundAmount: 0, returnMoneySts: 1, settleStatus: 0 });
    await t.ctx.db.update(orders).set({ refundStatus: 1 }).where(eq(orders.orderNumber, order.orderNumber));
    const withdrawn = await call(t, buyer, 'PUT', '/p/orderRefund/cancel', { refundSn: open });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await orderRow(order.orderNumber)).toMatchObject({ refundStatus: 2, status: ORDER_STATUS.cancelled, closeType: 2 });
  });
});

describe('an invoice is for what was paid less what was refunded', () => {
  const ask = async (buyer: { token: string }, orderNumber: string) => {
    const res = await call(t, buyer, 'POST', '/p/orderInvoice', { orderNumber, headerType: 2, headerName: '张三' });
    expect(res.statusCode, res.body).toBe(200);
    return OrderInvoiceSchema.parse(res.json()).orderInvoiceId;
  };
  const detail = async (buyer: { token: string }, id: number, lang: 'zh' | 'en' = 'en') => OrderInvoiceSchema.parse((await call(t, buyer, 'GET', `/p/orderInvoice/info/${id}`, undefined, lang)).json());
  const everywhere = async (buyer: { token: string }, id: number) => {
    const mine = (await call(t, buyer, 'GET', '/p/orderInvoice/page?current=1&size=50')).json() as { records: Array<{ orderInvoiceId: number; amount: number }> };
    const shop = (await call(t, owner, 'GET', '/merchant/invoices?current=1&size=50')).json() as { records: Array<{ orderInvoiceId: number; amount: number }> };
    return [(await detail(buyer, id)).amount, mine.records.find((r) => r.orderInvoiceId === id)?.amount, shop.records.find((r) => r.orderInvoiceId === id)?.amount];
  };
  const refundItem = async (buyer: { token: string }, order: Awaited<ReturnType<typeof refundOrder>>, index: number) => {
    const item = order.items[index]!;
    const refundSn = await apply(t, buyer, applyBody(order, { orderItemId: item.id, refundAmount: item.actualTotal }));
    const accepted = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
  };

  it('asked after a part refund: the net amount in the list, the detail and the shop queue', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 2, count: 1, price: 1_990, freight: 800 });
    await refundItem(buyer, order, 0);
    const id = await ask(buyer, order.orderNumber);
    expect(await everywhere(buyer, id)).toEqual(Array(3).fill(order.actualTotal - order.items[0]!.actualTotal));
  });

  it('a part refund landing while it is applying lowers it; one landing after the shop refused it too', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 3, count: 1, price: 1_000, freight: 0 });
    const id = await ask(buyer, order.orderNumber);
    expect(await everywhere(buyer, id)).toEqual(Array(3).fill(3_000));
    await refundItem(buyer, order, 0);
    expect(await everywhere(buyer, id)).toEqual(Array(3).fill(2_000));
    const failed = await call(t, owner, 'PUT', `/merchant/invoices/${id}/fail`, { failReason: '抬头有误' });
    expect(failed.statusCode, failed.body).toBe(200);
    await refundItem(buyer, order, 1);
    expect((await detail(buyer, id)).amount).toBe(1_000);
    // Refused by the shop, not ended by the mall: a corrected header may be sent.
    expect((await detail(buyer, id)).endReason).toBeNull();
  });

  it('ended because the order was refunded in full: the detail says so, and a corrected header is refused', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 1, price: 1_000, freight: 0 });
    const id = await ask(buyer, order.orderNumber);
    await refundItem(buyer, order, 0);
    expect(await detail(buyer, id, 'zh')).toMatchObject({ invoiceState: 3, failReason: '订单已全额退款', endReason: 'refunded' });
    const again = await call(t, buyer, 'PUT', '/p/orderInvoice', { orderInvoiceId: id, headerType: 2, headerName: '李四' }, 'zh');
    expectRefused(again, '订单已全额退款，不能申请发票');
  });

  it('refused by the shop, then the order refunded in full: the detail names the refund', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 1, price: 1_000, freight: 0 });
    const id = await ask(buyer, order.orderNumber);
    expect((await call(t, owner, 'PUT', `/merchant/invoices/${id}/fail`, { failReason: '抬头有误' })).statusCode).toBe(200);
    await refundItem(buyer, order, 0);
    expect(await detail(buyer, id)).toMatchObject({ invoiceState: 3, failReason: '抬头有误', endReason: 'refunded' });
  });
});

describe('deleting an order with an open after-sales request', () => {
  const remove = (buyer: { token: string }, orderNumber: string) => t.app.inject({ method: 'DELETE', url: `/p/myOrder/${orderNumber}`, headers: { authorization: buyer.token, 'accept-language': 'zh' } });
  const detail = (buyer: { token: string }, orderNumber: string) => call(t, buyer, 'GET', `/p/myOrder/orderDetail?orderNumber=${orderNumber}`, undefined, 'zh');

  it('is refused while the request is open; once it ended the order goes, and its detail stays readable to its owner from the request', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.completed });
    const refundSn = await apply(t, buyer, applyBody(order, { applyType: 1, isReceiver: 1 }));
    expectRefused(await remove(buyer, order.orderNumber), '该订单有进行中的售后申请，暂不能删除');
    expect((await orderRow(order.orderNumber)).deleteStatus).toBe(0);
    expect((await call(t, buyer, 'PUT', '/p/orderRefund/cancel', { refundSn })).statusCode).toBe(200);
    expect((await remove(buyer, order.orderNumber)).statusCode).toBe(200);
    // Gone from the list, but /return-detail's "view order" still opens it, read-only.
    const list = await call(t, buyer, 'GET', '/p/myOrder/myOrder?status=0&current=1&size=50');
    expect(JSON.stringify(list.json())).not.toContain(order.orderNumber);
    const shown = await detail(buyer, order.orderNumber);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ orderNumber: order.orderNumber, deleted: true });
    // Not to another shopper; and a deleted order without requests stays gone.
    expectRefused(await detail(await registerBuyer(t), order.orderNumber), '订单不存在');
    const plain = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.completed });
    expect((await remove(buyer, plain.orderNumber)).statusCode).toBe(200);
    expectRefused(await detail(buyer, plain.orderNumber), '订单不存在');
    // No new request for a deleted order (the database refuses it too: migration 0044).
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { applyType: 1, isReceiver: 1 }), 'en'), 'Order not found');
  });
});

describe('the apply call refuses data that does not fit the order', () => {
  it('a whole-order request naming an item; its pieces are every piece left, whatever goodsNum says', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 3, price: 1_000 });
    const whole = { refundType: 1, refundAmount: order.actualTotal, freightConfirmed: true } as const;
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { ...whole, orderItemId: order.items[0]!.id, goodsNum: 1 }), 'zh'), '整单退款不能指定单个商品，请改为单个商品退款或去掉商品');
    const refundSn = await apply(t, buyer, applyBody(order, { ...whole, orderItemId: 0, goodsNum: 1 }));
    expect(await info(t, buyer, refundSn)).toMatchObject({ goodsNum: 3, orderItemId: 0 });
  });

  it('goods received on an order not shipped', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.paid });
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { applyType: 1, isReceiver: 1 }), 'zh'), '订单尚未发货，货物状态只能选择未收到货');
    const refundSn = await apply(t, buyer, applyBody(order, { applyType: 1, isReceiver: 0 }));
    const { orderNumber: _o, refundType: _r, orderItemId: _i, ...fields } = applyBody(order, { isReceiver: 1 });
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn, ...fields }), 'The order has not been shipped yet: the goods cannot have been received');
  });

  it('voucher pictures that are not the shopper\'s own uploads', async () => {
    const buyer = await registerBuyer(t);
    const other = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.paid });
    const refused = (photoFiles: string[]) => call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { photoFiles }), 'zh');
    expectRefused(await refused(['/uploads/images/nonexist.png']), '凭证图片地址不正确，请重新上传');
    expectRefused(await refused([await uploadedVoucher(t, other)]), '凭证图片地址不正确，请重新上传');
    const mine = await uploadedVoucher(t, buyer);
    const refundSn = await apply(t, buyer, applyBody(order, { photoFiles: [mine] }));
    expect((await info(t, buyer, refundSn)).photoFiles).toEqual([mine]);
  });
});

describe('the return waybill names a courier of the list', () => {
  it('refuses an unknown courier id; stores the id and names it in each reader\'s language, whatever the browser sent', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.completed });
    const refundSn = await apply(t, buyer, applyBody(order, { applyType: 2, isReceiver: 1 }));
    expect((await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, {})).statusCode).toBe(200);
    const couriers = (await call(t, buyer, 'GET', '/p/delivery/list', undefined, 'en')).json() as Array<{ dvyId: number; dvyName: string }>;
    const couriersZh = (await call(t, buyer, 'GET', '/p/delivery/list', undefined, 'zh')).json() as Array<{ dvyId: number; dvyName: string }>;
    const [first, second] = [couriers[0]!, couriers[1]!];
    const waybill = { refundSn, expressId: 999_999, expressName: 'x', expressNo: 'SF1234567890', mobile: '13800138000', imgs: [] };
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/submitExpress', waybill, 'zh'), '请从列表中选择物流公司');
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/submitExpress', { ...waybill, expressId: first.dvyId, imgs: ['/uploads/images/nonexist.png'] }), 'The voucher image is invalid, please upload it again');
    // Sent from the English page, with its English name.
    expect((await call(t, buyer, 'POST', '/p/orderRefund/submitExpress', { ...waybill, expressId: first.dvyId, expressName: first.dvyName }, 'en')).statusCode).toBe(200);
    const zh = await info(t, buyer, refundSn, 'zh');
    expect(zh.delivery).toMatchObject({ dvyId: first.dvyId, dvyName: couriersZh[0]!.dvyName });
    expect(zh.history.find((h) => h.action === 'ship')!.note).toBe(`${couriersZh[0]!.dvyName} SF1234567890`);
    // Changed from the Chinese page: the English reader sees English names, in the detail and the history.
    expect((await call(t, buyer, 'PUT', '/p/orderRefund/reSubmitExpress', { ...waybill, expressId: second.dvyId, expressName: couriersZh[1]!.dvyName, expressNo: 'ZT5566778899' }, 'zh')).statusCode).toBe(200);
    const en = await info(t, buyer, refundSn, 'en');
    expect(en.delivery).toMatchObject({ dvyId: second.dvyId, dvyName: second.dvyName });
    expect(en.history.find((h) => h.action === 'ship')!.note).toBe(`${first.dvyName} SF1234567890`);
    expect(en.history.find((h) => h.action === 'reship')!.note).toBe(`${second.dvyName} ZT5566778899`);
    const merchant = (await call(t, owner, 'GET', `/merchant/refunds/${refundSn}`, undefined, 'zh')).json() as { delivery: { dvyName: string } };
    expect(merchant.delivery.dvyName).toBe(couriersZh[1]!.dvyName);
  });
});

describe('points earned at a receipt after a part refund', () => {
  it('the refunded share goes back weighed against the goods, not the shipping', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 3, price: 10_000, freight: 800, status: ORDER_STATUS.shipped });
    const refundSn = await apply(t, buyer, applyBody(order, { applyType: 1, isReceiver: 0, goodsNum: 1, refundAmount: 10_000 }));
    expect((await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, {})).statusCode).toBe(200);
    expect((await call(t, buyer, 'PUT', `/p/myOrder/receipt/${order.orderNumber}`)).statusCode).toBe(200);
    const logs = await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, buyer.userId), eq(scoreLogs.bizId, order.orderNumber)));
    const earned = logs.filter((l) => l.ioType === POINTS_IO.in && l.source !== POINTS_SOURCE.refundReturn).reduce((n, l) => n + l.score, 0);
    const taken = logs.filter((l) => l.ioType === POINTS_IO.out && l.source === POINTS_SOURCE.refundReturn).reduce((n, l) => n + l.score, 0);
    expect(earned).toBeGreaterThanOrEqual(3);
    expect(taken).toBe(Math.floor(earned / 3));
  });
});
