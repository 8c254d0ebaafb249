// The shopper's after-sales requests (decision 059) on the real database: what may be applied for,
// apply and its rules and messages (zh and en), the list and detail, withdraw, edit and resubmit,
// the waybill, the amount, the platform step-in, the order pages' fields, the deadlines with the
// app's clock, and 50 parallel applies for one item.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MyOrderWithRefundSchema, OrderDetailWithRefundSchema, RefundApplyInfoSchema, RefundPageSchema } from '@bazaar/shared/schemas/refund';
import { jobs, orders, refundNotices, refunds } from '../db/schema.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { drainJobs, merchantLogin, openShopIds, registerBuyer, type Buyer } from '../test/merchant-test-kit.ts';
import { apply, applyBody, call, expectRefused, info, refundOrder, uploadedVoucher, type RefundOrder } from '../test/refund-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await ensureSeeded();
  shopId = (await openShopIds(t))[0]!;
});
beforeEach(() => t.resetClock());

const refundRow = async (refundSn: string) => (await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn)))[0]!;
const orderRefundStatus = async (orderNumber: string) => (await t.ctx.db.select({ s: orders.refundStatus }).from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!.s;

async function setup(options: Parameters<typeof refundOrder>[3] = {}): Promise<{ buyer: Buyer; order: RefundOrder }> {
  const buyer = await registerBuyer(t);
  return { buyer, order: await refundOrder(t, buyer, shopId, options) };
}

describe('GET /p/orderRefund/applyInfo', () => {
  it('answers the item, its ceiling, the service types and the shopper\'s mobile; the whole order too', async () => {
    const { buyer, order } = await setup({ lines: 2, count: 2, price: 1_000, freight: 800 });
    const res = await call(t, buyer, 'GET', `/p/orderRefund/applyInfo?orderNumber=${order.orderNumber}&orderItemId=${order.items[0]!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const item = RefundApplyInfoSchema.parse(res.json());
    expect(item).toMatchObject({ refundType: 2, maxGoodsNum: 2, maxRefundAmount: 2_000, unitAmount: 1_000, isLastItem: false, freightAmount: 0, applyTypes: [1], isReceiver: 0, reasons: [0, 1, 2, 3, 4, 5, 6], applyDeadline: null });
    expect(item.items).toHaveLength(1);
    const whole = RefundApplyInfoSchema.parse((await call(t, buyer, 'GET', `/p/orderRefund/applyInfo?orderNumber=${order.orderNumber}`)).json());
    expect(whole).toMatchObject({ refundType: 1, orderItemId: 0, maxGoodsNum: 4, maxRefundAmount: 4_000, freightAmount: 800, isLastItem: true });
    expect(whole.items).toHaveLength(2);
  });

  it('offers a return once the goods left, and says until when after receipt', async () => {
    const { buyer, order } = await setup({ status: ORDER_STATUS.completed, receivedAgoMs: DAY });
    const res = await call(t, buyer, 'GET', `/p/orderRefund/applyInfo?orderNumber=${order.orderNumber}&orderItemId=${order.items[0]!.id}`);
    expect(RefundApplyInfoSchema.parse(res.json())).toMatchObject({ applyTypes: [1, 2], isReceiver: 1 });
    expect(res.json().applyDeadline).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('refuses another shopper\'s order as not found', async () => {
    const { order } = await setup();
    const other = await registerBuyer(t);
    expectRefused(await call(t, other, 'GET', `/p/orderRefund/applyInfo?orderNumber=${order.orderNumber}&orderItemId=${order.items[0]!.id}`, undefined, 'zh'), '订单不存在');
  });
});

describe('POST /p/orderRefund/apply', () => {
  it('makes a request: the list, the detail with its history and deadline, the order pages follow', async () => {
    const { buyer, order } = await setup({ lines: 2, count: 2, price: 1_000 });
    const photos = [await uploadedVoucher(t, buyer), await uploadedVoucher(t, buyer)];
    const refundSn = await apply(t, buyer, applyBody(order, { goodsNum: 2, refundAmount: 1_500, photoFiles: photos.join(',') as unknown as string[] }));
    const detail = await info(t, buyer, refundSn);
    expect(detail).toMatchObject({ returnMoneySts: 1, settleStatus: 0, goodsNum: 2, refundAmount: 1_500, maxRefundAmount: 2_000, applyType: 1, buyerReason: 2, buyerDesc: '包装破损', photoFiles: photos, deadlineAction: 'agree', canCancel: true, canEdit: true, canApplyPlatform: false, canSubmitExpress: false });
    expect(detail.history).toEqual([expect.objectContaining({ actor: 'buyer', action: 'apply', returnMoneySts: 1, refundAmount: 1_500 })]);
    expect(new Date(`${detail.deadline!.replace(' ', 'T')}+08:00`).getTime() - t.ctx.now().getTime()).toBeGreaterThan(7 * DAY - 5_000);
    expect(await orderRefundStatus(order.orderNumber)).toBe(1);

    const list = RefundPageSchema.parse((await call(t, buyer, 'GET', '/p/orderRefund/list?tab=processing')).json());
    expect(list.records.map((r) => r.refundSn)).toEqual([refundSn]);
    expect((await call(t, buyer, 'GET', '/p/orderRefund/list?tab=success')).json().total).toBe(0);

    const page = pageOf(MyOrderWithRefundSchema).parse((await call(t, buyer, 'GET', '/p/myOrder/myOrder?status=0')).json());
    const listed = page.records.find((o) => o.orderNumber === order.orderNumber)!;
    expect(listed).toMatchObject({ refundStatus: 1, canRefund: false });
    expect(listed.orderItemDtos[0]).toMatchObject({ canRefund: false, refundSn, returnMoneySts: 1 });
    expect(listed.orderItemDtos[1]).toMatchObject({ canRefund: true, canRefundAmount: 2_000, refundSn: null, returnMoneySts: null });
    const detailPage = OrderDetailWithRefundSchema.parse((await call(t, buyer, 'GET', `/p/myOrder/orderDetail?orderNumber=${order.orderNumber}`)).json());
    expect(detailPage.canRefund).toBe(false);
  });

  it('refuses what the rules do not allow, in both languages', async () => {
    const { buyer, order } = await setup({ lines: 2, count: 2, price: 1_000 });
    const refused = async (overrides: Parameters<typeof applyBody>[1], zh: string, en: string) => {
      expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, overrides), 'zh'), zh);
      expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, overrides), 'en'), en);
    };
    await refused({ goodsNum: 3 }, '退款数量须至少为1件，且不超过购买数量', 'The quantity must be at least 1 and no more than the number ordered');
    await refused({ goodsNum: 0 }, '退款数量须至少为1件，且不超过购买数量', 'The quantity must be at least 1 and no more than the number ordered');
    await refused({ refundAmount: 1_001 }, '退款金额不能超过最多可退金额 ¥10.00', 'The refund amount cannot exceed the maximum refundable ¥10.00');
    await refused({ buyerReason: 7 }, '请选择退款原因', 'Choose a reason for the refund');
    await refused({ buyerMobile: '1380013800' }, '手机号格式不正确', 'Malformed phone number');
    await refused({ buyerMobile: '' }, '请输入手机号', 'Enter a mobile number');
    await refused({ buyerDesc: 'x'.repeat(201) }, '退款说明最多200个字', 'The instructions can be at most 200 characters');
    await refused({ photoFiles: Array.from({ length: 6 }, (_, i) => `/uploads/${i}.png`) }, '最多上传5张凭证图片', 'Upload at most 5 voucher images');
    await refused({ photoFiles: ['https://evil.example/x.png'] }, '凭证图片地址不正确，请重新上传', 'The voucher image is invalid, please upload it again');
    await refused({ applyType: 2, isReceiver: 1 }, '尚未收到货物，只能申请仅退款', 'The goods have not been received: only a refund can be requested');
    await refused({ orderItemId: 999_999_999 }, '该商品不在此订单中', 'This item is not part of the order');
    await refused({ refundAmount: undefined as unknown as number }, '请输入退款金额', 'Enter the refund amount');
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, order.orderNumber))).toHaveLength(0);
  });

  it('refuses a refund of 0 fen while the item has money to give back, on apply, edit and the amount', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 2, price: 1_000 });
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { refundAmount: 0 }), 'zh'), '退款金额至少为 ¥0.01');
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { refundAmount: 0 })), 'The refund amount must be at least ¥0.01');
    const sn = await apply(t, buyer, applyBody(order, { refundAmount: 1 }));
    const { orderNumber: _o, refundType: _r, orderItemId: _i, ...fields } = applyBody(order, { refundAmount: 0 });
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn: sn, ...fields }), 'The refund amount must be at least ¥0.01');
    expectRefused(await call(t, buyer, 'PUT', '/p/orderRefund/updateRefundAmount', { refundSn: sn, refundAmount: 0 }, 'zh'), '退款金额至少为 ¥0.01');
    expect((await refundRow(sn)).refundAmount).toBe(1);
  });

  it('takes a request of 0 fen for an item paid wholly with points or coupons (the goods go back), and no more', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 2, price: 0, status: ORDER_STATUS.completed });
    const infoRes = await call(t, buyer, 'GET', `/p/orderRefund/applyInfo?orderNumber=${order.orderNumber}&orderItemId=${order.items[0]!.id}`);
    expect(infoRes.json()).toMatchObject({ maxRefundAmount: 0, maxGoodsNum: 2 });
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { applyType: 2, isReceiver: 1, refundAmount: 1 })), 'The refund amount cannot exceed the maximum refundable ¥0.00');
    const sn = await apply(t, buyer, applyBody(order, { applyType: 2, isReceiver: 1, refundAmount: 0 }));
    expect(await refundRow(sn)).toMatchObject({ refundAmount: 0, maxRefundAmount: 0, returnMoneySts: 1 });
  });

  it('refuses unpaid, cancelled, grouping and points orders and products that allow no refund', async () => {
    const cases: Array<[Parameters<typeof refundOrder>[3], string]> = [
      [{ status: ORDER_STATUS.unpaid }, 'The order is not paid, so no after-sales request can be made'],
      [{ status: ORDER_STATUS.cancelled }, 'The order is cancelled or still grouping, so no after-sales request can be made'],
      // A grouping order says why and until when (groupbuy.errors.refundWhileGrouping, issue 29).
      [{ status: ORDER_STATUS.grouping }, 'The order is still grouping: no after-sales request can be made until the team ends'],
      [{ orderType: ORDER_TYPE.points }, 'Points orders cannot be refunded'],
      [{ isRefund: 0 }, 'This product does not allow refunds'],
    ];
    for (const [options, message] of cases) {
      const { buyer, order } = await setup(options);
      expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order)), message);
    }
    const { buyer, order } = await setup({ orderType: ORDER_TYPE.points });
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order), 'zh'), '积分订单不支持退款');
  });

  it('allows a request on the 7th day after receipt and refuses it on the 8th', async () => {
    const seventh = await setup({ status: ORDER_STATUS.completed, receivedAgoMs: 7 * DAY - 60_000 });
    await apply(t, seventh.buyer, applyBody(seventh.order, { applyType: 2, isReceiver: 1 }));
    const eighth = await setup({ status: ORDER_STATUS.completed, receivedAgoMs: 7 * DAY + 60_000 });
    expectRefused(await call(t, eighth.buyer, 'POST', '/p/orderRefund/apply', applyBody(eighth.order)), 'The after-sales period has passed (7 days after receipt)');
    expectRefused(await call(t, eighth.buyer, 'POST', '/p/orderRefund/apply', applyBody(eighth.order), 'zh'), '已超过售后期限（确认收货后7天内）');
  });

  it('keeps one open request per item and no whole-order request beside an item one', async () => {
    const { buyer, order } = await setup({ lines: 2, count: 1, price: 1_000 });
    await apply(t, buyer, applyBody(order));
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order)), 'This item already has an after-sales request in progress');
    expectRefused(
      await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { refundType: 1, orderItemId: 0, goodsNum: 2, refundAmount: 100 }), 'zh'),
      '订单中有商品正在售后，暂不能整单退款',
    );
    const other = await setup({ lines: 2, count: 1, price: 1_000 });
    await apply(t, other.buyer, applyBody(other.order, { refundType: 1, orderItemId: 0, goodsNum: 2, refundAmount: 2_000 }));
    expectRefused(await call(t, other.buyer, 'POST', '/p/orderRefund/apply', applyBody(other.order, { orderItemId: other.order.items[1]!.id })), 'A whole-order request is in progress, so this item cannot be applied for separately');
  });

  it('refunds the shipping only with the last unrefunded item, after the shopper confirms it', async () => {
    const { buyer, order } = await setup({ lines: 2, count: 1, price: 1_000, freight: 600 });
    const [first, second] = order.items;
    await apply(t, buyer, applyBody(order, { orderItemId: first!.id, refundAmount: 1_000 }));
    // The second item is now the last one: its ceiling takes the shipping, once confirmed.
    const infoRes = await call(t, buyer, 'GET', `/p/orderRefund/applyInfo?orderNumber=${order.orderNumber}&orderItemId=${second!.id}`);
    expect(infoRes.json()).toMatchObject({ maxRefundAmount: 1_000, freightAmount: 600, isLastItem: true });
    expectRefused(
      await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { orderItemId: second!.id, refundAmount: 1_600 })),
      'This is the last unrefunded item of the order, so the shipping is refunded with it. Please confirm and submit again',
    );
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { orderItemId: second!.id, refundAmount: 1_601, freightConfirmed: true })), 'The refund amount cannot exceed the maximum refundable ¥16.00');
    const sn = await apply(t, buyer, applyBody(order, { orderItemId: second!.id, refundAmount: 1_600, freightConfirmed: true }));
    expect(await refundRow(sn)).toMatchObject({ refundAmount: 1_600, maxRefundAmount: 1_600, freightAmount: 600 });
  });

  it('the database holds the order\'s total whatever the code does', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 1, price: 1_000 });
    const sn = await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
    await expect(t.ctx.db.update(refunds).set({ refundAmount: 1_001, maxRefundAmount: 5_000 }).where(eq(refunds.refundSn, sn))).rejects.toThrow();
    await expect(t.ctx.db.update(refunds).set({ returnMoneySts: 4 }).where(eq(refunds.refundSn, sn))).rejects.toThrow();
  });

  it('two items of one order asked for in parallel never exceed its total (the trigger locks the order)', async () => {
    const { buyer, order } = await setup({ lines: 2, count: 1, price: 1_000 });
    const insert = (orderItemId: number) =>
      t.ctx.db.insert(refunds).values({ refundSn: nextSerialNumber(), orderNumber: order.orderNumber, orderItemId, userId: buyer.userId, shopId, refundType: 2, applyType: 1, goodsNum: 1, refundAmount: 1_500, maxRefundAmount: 1_500, buyerReason: 1 });
    const results = await Promise.allSettled(order.items.map((i) => insert(i.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const total = (await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, order.orderNumber))).reduce((n, r) => n + r.refundAmount, 0);
    expect(total).toBeLessThanOrEqual(order.actualTotal);
  });

  it('makes one request of 50 parallel applies for one item', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 1, price: 1_000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(400);
      expect(['This item already has an after-sales request in progress']).toContain(a.body);
    }
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, order.orderNumber))).toHaveLength(1);
  });
});

describe('withdraw, edit, amount, waybill and the platform', () => {
  it('withdraws a request in 1 only; the order leaves "applying"; another shopper\'s answers not found', async () => {
    const { buyer, order } = await setup();
    const sn = await apply(t, buyer, applyBody(order));
    const other = await registerBuyer(t);
    expectRefused(await call(t, other, 'PUT', '/p/orderRefund/cancel', sn), 'After-sales request not found');
    expectRefused(await call(t, other, 'GET', `/p/orderRefund/info?refundSn=${sn}`, undefined, 'zh'), '售后申请不存在');
    expect((await call(t, buyer, 'PUT', '/p/orderRefund/cancel', sn)).statusCode).toBe(200);
    expect(await refundRow(sn)).toMatchObject({ returnMoneySts: 6 });
    expect(await orderRefundStatus(order.orderNumber)).toBeNull();
    expectRefused(await call(t, buyer, 'PUT', '/p/orderRefund/cancel', { refundSn: sn }, 'zh'), '只有待商家处理的申请可以撤销');
    expect((await info(t, buyer, sn)).history.map((h) => h.action)).toEqual(['apply', 'cancel']);
    // A new request for the item may follow.
    await apply(t, buyer, applyBody(order));
  });

  it('withdrawing the last open request of an order another refund paid part of: the order shows partly refunded', async () => {
    const { buyer, order } = await setup({ lines: 2, count: 1, price: 1_000 });
    const owner = { token: await merchantLogin(t, shopId) };
    const paid = await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
    expect((await call(t, owner, 'PUT', `/merchant/refunds/${paid}/accept`, {})).statusCode).toBe(200);
    expect((await refundRow(paid)).returnMoneySts).toBe(5);
    const sn = await apply(t, buyer, applyBody(order, { orderItemId: order.items[1]!.id, refundAmount: 1_000 }));
    expect(await orderRefundStatus(order.orderNumber)).toBe(1);
    const res = await call(t, buyer, 'PUT', '/p/orderRefund/cancel', sn);
    expect(res.statusCode, res.body).toBe(200);
    expect(await refundRow(sn)).toMatchObject({ returnMoneySts: 6 });
    expect(await orderRefundStatus(order.orderNumber)).toBe(3);
  });

  it('edits a request in 1 and changes its amount, never above the ceiling', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 2, price: 1_000 });
    const sn = await apply(t, buyer, applyBody(order, { refundAmount: 500 }));
    const { orderNumber: _o, refundType: _r, orderItemId: _i, ...fields } = applyBody(order, { goodsNum: 2, refundAmount: 2_000, buyerReason: 5 });
    expect((await call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn: sn, ...fields })).statusCode).toBe(200);
    expect(await refundRow(sn)).toMatchObject({ goodsNum: 2, refundAmount: 2_000, buyerReason: 5, returnMoneySts: 1 });
    expectRefused(await call(t, buyer, 'PUT', '/p/orderRefund/updateRefundAmount', { refundSn: sn, refundAmount: 2_001 }), 'The refund amount cannot exceed the maximum refundable ¥20.00');
    expect((await call(t, buyer, 'PUT', '/p/orderRefund/updateRefundAmount', { refundSn: sn, refundAmount: 1_200 })).statusCode).toBe(200);
    expect((await refundRow(sn)).refundAmount).toBe(1_200);
    expect((await info(t, buyer, sn)).history.map((h) => h.action)).toEqual(['apply', 'edit', 'amount']);
  });

  it('refuses the waybill before the seller agreed, and asking the platform before a refusal', async () => {
    const { buyer, order } = await setup({ status: ORDER_STATUS.completed });
    const sn = await apply(t, buyer, applyBody(order, { applyType: 2, isReceiver: 1 }));
    const waybill = { refundSn: sn, expressId: 1, expressName: '顺丰速运', expressNo: 'SF1234567890', mobile: '13800138000', senderRemarks: '', imgs: [] };
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/submitExpress', waybill, 'zh'), '商家同意退货后才能填写退货物流');
    expectRefused(await call(t, buyer, 'PUT', '/p/orderRefund/reSubmitExpress', waybill), 'The waybill can only be changed before the seller receives the goods');
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/submitExpress', { ...waybill, expressNo: '' }), 'Enter the waybill number');
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn: sn, reason: '商家不处理' }), 'Only a request the seller refused can be brought to the platform');
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn: sn, reason: '' }, 'zh'), '请说明需要平台介入的原因');
  });
});

describe('deadlines', () => {
  it('the seller silent for 7 days: a refund only counts as agreed and is refunded; the seller was reminded 12 hours before', async () => {
    const { buyer, order } = await setup({ lines: 1, count: 1, price: 1_000 });
    const sn = await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
    t.advanceClock(7 * DAY - 12 * 3_600_000 + 1_000);
    await drainJobs(t);
    expect((await refundRow(sn)).returnMoneySts).toBe(1);
    const notices = await t.ctx.db.select().from(refundNotices).where(eq(refundNotices.refundSn, sn));
    expect(notices).toEqual([expect.objectContaining({ kind: 'sellerHandle', shopId, userId: null })]);
    t.advanceClock(12 * 3_600_000);
    await drainJobs(t);
    const row = await refundRow(sn);
    expect(row.returnMoneySts === 2 || row.returnMoneySts === 5).toBe(true);
    expect(row.settleStatus).toBeGreaterThanOrEqual(1);
    expect((await info(t, buyer, sn)).history.map((h) => h.action)).toContain('autoAgree');
    // Ran once: a second sweep changes nothing.
    await drainJobs(t);
    expect(await t.ctx.db.select().from(refundNotices).where(eq(refundNotices.refundSn, sn))).toHaveLength(1);
  });

  it('a return agreed by the deadline waits for the waybill; none in 7 days closes it', async () => {
    const { buyer, order } = await setup({ status: ORDER_STATUS.completed });
    const sn = await apply(t, buyer, applyBody(order, { applyType: 2, isReceiver: 1 }));
    t.advanceClock(7 * DAY + 1_000);
    await drainJobs(t);
    const accepted = await info(t, buyer, sn);
    expect(accepted).toMatchObject({ returnMoneySts: 2, deadlineAction: 'close', canSubmitExpress: true });
    expect(accepted.delivery?.receiverAddr).toBeTruthy();
    const sms = vi.spyOn(t.ctx.providers.sms, 'sendNotice');
    t.advanceClock(7 * DAY - 12 * 3_600_000 + 1_000);
    await drainJobs(t);
    expect(await t.ctx.db.select().from(refundNotices).where(eq(refundNotices.refundSn, sn))).toEqual([expect.objectContaining({ kind: 'buyerShip', userId: buyer.userId })]);
    // The SMS goes to the mobile the shopper gave, in Chinese, once.
    expect(sms.mock.calls.filter(([m]) => m.text.includes(sn))).toEqual([
      [{ mobile: '13800138000', kind: 'refund', text: expect.stringContaining(`售后申请 ${sn} 请在`), params: { refundSn: sn, deadline: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), action: '关闭，请在此前填写退货物流' } }],
    ]);
    sms.mockRestore();
    const notices = await call(t, buyer, 'GET', '/p/orderRefund/notices', undefined, 'zh');
    expect(notices.json()[0]).toMatchObject({ refundSn: sn, kind: 'buyerShip', title: '请尽快寄回退货商品' });
    t.advanceClock(12 * 3_600_000);
    await drainJobs(t);
    expect(await refundRow(sn)).toMatchObject({ returnMoneySts: -1 });
    expect(await orderRefundStatus(order.orderNumber)).toBeNull();
  });

  it('the seller not confirming the returned goods in 7 days: received and refunded', async () => {
    const { buyer, order } = await setup({ status: ORDER_STATUS.completed });
    const sn = await apply(t, buyer, applyBody(order, { applyType: 2, isReceiver: 1 }));
    t.advanceClock(7 * DAY + 1_000);
    await drainJobs(t);
    const waybill = { refundSn: sn, expressId: 1, expressName: '顺丰速运', expressNo: 'SF1234567890', mobile: '13800138000', senderRemarks: '已寄出', imgs: [] };
    expect((await call(t, buyer, 'POST', '/p/orderRefund/submitExpress', waybill)).statusCode).toBe(200);
    expect((await call(t, buyer, 'PUT', '/p/orderRefund/reSubmitExpress', { ...waybill, expressNo: 'SF0000000001' })).statusCode).toBe(200);
    const shipped = await info(t, buyer, sn);
    expect(shipped).toMatchObject({ returnMoneySts: 3, deadlineAction: 'receive', canEditExpress: true });
    // The courier named from its id in the reader's language (English here), not as the browser sent it.
    expect(shipped.delivery).toMatchObject({ dvyFlowId: 'SF0000000001', dvyName: 'SF Express', senderRemarks: '已寄出' });
    // The waybill is written beside the return address the acceptance wrote, which stays.
    expect(shipped.delivery?.receiverAddr).toBeTruthy();
    t.advanceClock(7 * DAY + 1_000);
    await drainJobs(t);
    const row = await refundRow(sn);
    expect(row.returnMoneySts === 4 || row.returnMoneySts === 5).toBe(true);
    expect(row.settleStatus).toBeGreaterThanOrEqual(1);
    expect((await info(t, buyer, sn)).history.map((h) => h.action)).toEqual(['apply', 'autoAgree', 'ship', 'reship', 'autoReceive']);
  });

  it('auto-receipt waits while a request is open', async () => {
    const { buyer, order } = await setup({ status: ORDER_STATUS.shipped });
    await apply(t, buyer, applyBody(order));
    await t.ctx.db.insert(jobs).values({ kind: 'order.autoReceipt', ref: order.orderNumber, runAt: t.ctx.now() }).onConflictDoUpdate({ target: [jobs.kind, jobs.ref], set: { runAt: t.ctx.now(), status: 0 } });
    await drainJobs(t);
    const [row] = await t.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(row!.status).toBe(ORDER_STATUS.shipped);
  });
});
