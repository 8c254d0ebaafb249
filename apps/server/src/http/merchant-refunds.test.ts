// The merchant center's after-sales queue (decision 059) on the real database: the list with its
// counts, one request, accept (a refund only refunds; a return sends the return address), refuse
// with a reason, confirm the returned goods, the return address, the shop's log, another shop's
// requests refused as not found, a warehouse account's permissions, and three parallel accepts.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { MerchantRefundDecisionSchema, MerchantRefundDetailSchema, MerchantRefundPageSchema, RefundCountsSchema, ReturnAddressSchema } from '@bazaar/shared/schemas/refund';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { growthLogs, merchantAuditLogs, orderItems, products, refundHistories, refunds, skus, userWallets } from '../db/schema.ts';
import { countQueries } from '../db/query-count.ts';
import { cipherOf, json } from '../test/account-test-kit.ts';
import { merchantLogin, openShopIds, registerBuyer, type Buyer } from '../test/merchant-test-kit.ts';
import { apply, applyBody, call, expectRefused, info, refundOrder, uploadedVoucher, type RefundOrder } from '../test/refund-test-kit.ts';
import { eventually, gatewayRefunds, paidOrder } from '../test/refund-money-test-kit.ts';
import { topUpBalance, walletBalance } from '../test/payment-test-kit.ts';
import { orders } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { loadPeriods } from '../flows/refund-parts.ts';
import type { TestApp } from '../test/test-app.ts';


/** The courier of this id as GET /p/delivery/list names it in English: a waybill shows it so, whatever name the browser sent. */
async function courierNamed(user: { token: string }, id: number): Promise<string> {
  const list = (await call(t, user, 'GET', '/p/delivery/list')).json() as Array<{ dvyId: number; dvyName: string }>;
  return list.find((c) => c.dvyId === id)!.dvyName;
}
let t: TestApp;
let shopA: number;
let shopB: number;
let ownerA: { token: string };
let ownerB: { token: string };

beforeAll(async () => {
  t = await ensureSeeded();
  const ids = await openShopIds(t);
  shopA = ids[0]!;
  shopB = ids[1]!;
  ownerA = { token: await merchantLogin(t, shopA) };
  ownerB = { token: await merchantLogin(t, shopB) };
});

const refundRow = async (refundSn: string) => (await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn)))[0]!;
const shopLog = (shopId: number, refundSn: string) =>
  t.ctx.db.select().from(merchantAuditLogs).where(and(eq(merchantAuditLogs.shopId, shopId), eq(merchantAuditLogs.targetId, refundSn)));

async function requested(options: Parameters<typeof refundOrder>[3] & { returns?: boolean } = {}): Promise<{ buyer: Buyer; order: RefundOrder; refundSn: string }> {
  const buyer = await registerBuyer(t);
  const order = await refundOrder(t, buyer, shopA, { status: options.returns ? ORDER_STATUS.completed : ORDER_STATUS.paid, ...options });
  const refundSn = await apply(t, buyer, applyBody(order, options.returns ? { applyType: 2, isReceiver: 1 } : {}));
  return { buyer, order, refundSn };
}

const RETURN_ADDRESS = { receiverName: '售后部', receiverMobile: '13700001111', receiverAddr: '浙江省杭州市西湖区文三路 1 号' };

describe('the queue', () => {
  it('lists the shop\'s requests by tab with counts, and one request with its history', async () => {
    const { refundSn } = await requested();
    const res = await call(t, ownerA, 'GET', '/merchant/refunds?tab=toHandle');
    expect(res.statusCode, res.body).toBe(200);
    const page = MerchantRefundPageSchema.parse(res.json());
    expect(page.records.some((r) => r.refundSn === refundSn)).toBe(true);
    expect(page.records.every((r) => r.returnMoneySts === 1 && r.shopId === shopA)).toBe(true);
    expect(page.counts.applied).toBeGreaterThanOrEqual(1);
    expect(RefundCountsSchema.parse((await call(t, ownerA, 'GET', '/merchant/refunds/counts')).json()).applied).toBe(page.counts.applied);
    const byNumber = MerchantRefundPageSchema.parse((await call(t, ownerA, 'GET', `/merchant/refunds?keyword=${refundSn}`)).json());
    expect(byNumber.records.map((r) => r.refundSn)).toEqual([refundSn]);
    expectRefused(await call(t, ownerA, 'GET', '/merchant/refunds?keyword=abc', undefined, 'zh'), '请输入正确的退款编号或订单号');
    const detail = MerchantRefundDetailSchema.parse((await call(t, ownerA, 'GET', `/merchant/refunds/${refundSn}`)).json());
    expect(detail).toMatchObject({ refundSn, returnMoneySts: 1, canAccept: true, canRefuse: true, canReceive: false, deadlineAction: 'agree' });
    expect(detail.history.map((h) => h.action)).toEqual(['apply']);
  });

  it('narrows the queue to the days the requests were made (the mall\'s days)', async () => {
    const { refundSn } = await requested();
    const { applyTime } = MerchantRefundDetailSchema.parse((await call(t, ownerA, 'GET', `/merchant/refunds/${refundSn}`)).json());
    const day = applyTime.slice(0, 10);
    const shift = (days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const listed = async (query: string) => MerchantRefundPageSchema.parse((await call(t, ownerA, 'GET', `/merchant/refunds?keyword=${refundSn}&${query}`)).json()).records.map((r) => r.refundSn);
    expect(await listed(`dateFrom=${day}&dateTo=${day}`)).toEqual([refundSn]);
    expect(await listed(`dateFrom=${shift(-3)}`)).toEqual([refundSn]);
    expect(await listed(`dateTo=${shift(-1)}`)).toEqual([]);
    expect(await listed(`dateFrom=${shift(1)}`)).toEqual([]);
    expect((await call(t, ownerA, 'GET', '/merchant/refunds?dateFrom=2026-13-40')).statusCode).toBe(400);
  });

  it('another shop neither lists nor touches the request', async () => {
    const { refundSn } = await requested();
    const page = MerchantRefundPageSchema.parse((await call(t, ownerB, 'GET', `/merchant/refunds?keyword=${refundSn}`)).json());
    expect(page.total).toBe(0);
    expectRefused(await call(t, ownerB, 'GET', `/merchant/refunds/${refundSn}`), 'After-sales request not found', 404);
    expectRefused(await call(t, ownerB, 'PUT', `/merchant/refunds/${refundSn}/accept`, {}, 'zh'), '售后申请不存在', 404);
    expectRefused(await call(t, ownerB, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '不行' }), 'After-sales request not found', 404);
    expectRefused(await call(t, ownerB, 'PUT', `/merchant/refunds/${refundSn}/receive`, {}), 'After-sales request not found', 404);
    expect((await refundRow(refundSn)).returnMoneySts).toBe(1);
  });
});

describe('accept, refuse, receive', () => {
  it('accepts a refund only: decided with settle 1 and paid back, written to the history and the shop\'s log', async () => {
    const { buyer, refundSn } = await requested();
    const res = await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    const row = await refundRow(refundSn);
    expect([2, 5]).toContain(row.returnMoneySts);
    expect(row.settleStatus).toBeGreaterThanOrEqual(1);
    // The answer is where the request stands: paid back by balance inside the call.
    expect(MerchantRefundDecisionSchema.parse(res.json())).toEqual({ refundSn, returnMoneySts: row.returnMoneySts, settleStatus: row.settleStatus });
    expect((await info(t, buyer, refundSn)).history.map((h) => h.action)).toEqual(['apply', 'accept']);
    expect(await shopLog(shopA, refundSn)).toEqual([expect.objectContaining({ action: 'refund.accept', targetType: 'refund' })]);
    expectRefused(await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/accept`, {}), 'Only a pending request can be accepted');
  });

  it('refuses with a reason the shopper sees; the shopper resubmits, or asks the platform', async () => {
    const { buyer, order, refundSn } = await requested();
    expectRefused(await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '  ' }, 'zh'), '请填写拒绝原因');
    expectRefused(await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: 'x'.repeat(201) }), 'The reason can be at most 200 characters');
    const res = await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '商品已影响二次销售' });
    expect(res.statusCode, res.body).toBe(200);
    expect(MerchantRefundDecisionSchema.parse(res.json())).toEqual({ refundSn, returnMoneySts: 7, settleStatus: 0 });
    const seen = MerchantRefundDetailSchema.parse((await call(t, ownerA, 'GET', `/merchant/refunds/${refundSn}`)).json());
    expect(seen).toMatchObject({ returnMoneySts: 7, sellerMsg: '商品已影响二次销售', canAccept: false });
    const refused = await info(t, buyer, refundSn);
    expect(refused).toMatchObject({ returnMoneySts: 7, sellerMsg: '商品已影响二次销售', canEdit: true, canApplyPlatform: true, canCancel: false, deadline: null });
    expect(await shopLog(shopA, refundSn)).toEqual([expect.objectContaining({ action: 'refund.refuse' })]);
    // Resubmitted: back to 1 with a new handling deadline.
    const { orderNumber: _o, refundType: _r, orderItemId: _i, ...fields } = applyBody(order, { buyerDesc: '补充了照片', photoFiles: [await uploadedVoucher(t, buyer)] });
    expect((await call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn, ...fields })).statusCode).toBe(200);
    expect(await info(t, buyer, refundSn)).toMatchObject({ returnMoneySts: 1, deadlineAction: 'agree', buyerDesc: '补充了照片' });
    // Refused again, then brought to the platform (once).
    await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '仍不同意' });
    expect((await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn, reason: '商品确有质量问题' })).statusCode).toBe(200);
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn, reason: '再次申请' }, 'zh'), '已申请平台介入，请耐心等待处理');
    expect(await info(t, buyer, refundSn)).toMatchObject({ platformStatus: 1, canEdit: false, canApplyPlatform: false });
    expect((await info(t, buyer, refundSn)).history.map((h) => h.action)).toEqual(['apply', 'refuse', 'edit', 'refuse', 'applyPlatform']);
  });

  it('a return: the return address goes with the acceptance; the waybill; receipt refunds', async () => {
    const bad = await call(t, ownerA, 'PUT', '/merchant/refunds/return-address', { ...RETURN_ADDRESS, receiverMobile: '12' }, 'zh');
    expectRefused(bad, '收件电话格式不正确');
    expectRefused(await call(t, ownerA, 'PUT', '/merchant/refunds/return-address', { ...RETURN_ADDRESS, receiverAddr: '短' }), 'Enter the full return address (at least 5 characters)');
    const saved = await call(t, ownerA, 'PUT', '/merchant/refunds/return-address', RETURN_ADDRESS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ReturnAddressSchema.parse((await call(t, ownerA, 'GET', '/merchant/refunds/return-address')).json())).toEqual(RETURN_ADDRESS);

    const { buyer, refundSn } = await requested({ returns: true });
    expect(MerchantRefundDecisionSchema.parse((await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/accept`, {})).json())).toEqual({ refundSn, returnMoneySts: 2, settleStatus: 0 });
    const accepted = MerchantRefundDetailSchema.parse((await call(t, ownerA, 'GET', `/merchant/refunds/${refundSn}`)).json());
    expect(accepted).toMatchObject({ returnMoneySts: 2, settleStatus: 0, deadlineAction: 'close' });
    expect(accepted.delivery).toMatchObject(RETURN_ADDRESS);
    expectRefused(await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/receive`, {}, 'zh'), '买家寄回商品后才能确认收货');
    const photo = await uploadedVoucher(t, buyer);
    const waybill = { refundSn, expressId: 2, expressName: '中通快递', expressNo: 'ZT998877665', mobile: '13800138000', imgs: [photo] };
    expect((await call(t, buyer, 'POST', '/p/orderRefund/submitExpress', waybill)).statusCode).toBe(200);
    const shipped = MerchantRefundDetailSchema.parse((await call(t, ownerA, 'GET', `/merchant/refunds/${refundSn}`)).json());
    expect(shipped).toMatchObject({ returnMoneySts: 3, canReceive: true, canRefuse: true });
    expect(shipped.delivery).toMatchObject({ dvyFlowId: 'ZT998877665', dvyName: await courierNamed(buyer, 2), imgs: [photo], ...RETURN_ADDRESS });
    const received = await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/receive`, {});
    expect(received.statusCode, received.body).toBe(200);
    const row = await refundRow(refundSn);
    expect([4, 5]).toContain(row.returnMoneySts);
    expect(row.settleStatus).toBeGreaterThanOrEqual(1);
    expect((await shopLog(shopA, refundSn)).map((l) => l.action).sort()).toEqual(['refund.accept', 'refund.receive']);
  });

  it('after the seller accepts a return only the waybill changes: not the amount, the pieces or the type', async () => {
    const { buyer, order, refundSn } = await requested({ returns: true, lines: 1, count: 2, price: 1_000 });
    expect((await refundRow(refundSn)).refundAmount).toBe(1_000);
    expect((await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/accept`, {})).statusCode).toBe(200);
    expect(await info(t, buyer, refundSn)).toMatchObject({ returnMoneySts: 2, canUpdateAmount: false, canEdit: false, canSubmitExpress: true });
    expectRefused(await call(t, buyer, 'PUT', '/p/orderRefund/updateRefundAmount', { refundSn, refundAmount: 2_000 }), 'The refund amount cannot be changed in the current state');
    expectRefused(await call(t, buyer, 'PUT', '/p/orderRefund/updateRefundAmount', { refundSn, refundAmount: 500 }, 'zh'), '当前状态不能修改退款金额');
    const { orderNumber: _o, refundType: _r, orderItemId: _i, ...fields } = applyBody(order, { applyType: 2, isReceiver: 1, goodsNum: 2, refundAmount: 2_000 });
    expectRefused(await call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn, ...fields }), 'The request cannot be edited in its current state');
    const waybill = { refundSn, expressId: 2, expressName: '中通快递', expressNo: 'ZT112233445', mobile: '13800138000', imgs: [] };
    expect((await call(t, buyer, 'POST', '/p/orderRefund/submitExpress', waybill)).statusCode).toBe(200);
    expectRefused(await call(t, buyer, 'PUT', '/p/orderRefund/updateRefundAmount', { refundSn, refundAmount: 2_000 }), 'The refund amount cannot be changed in the current state');
    expect((await call(t, buyer, 'PUT', '/p/orderRefund/reSubmitExpress', { ...waybill, expressNo: 'ZT556677889' })).statusCode).toBe(200);
    expect(await refundRow(refundSn)).toMatchObject({ returnMoneySts: 3, refundAmount: 1_000, goodsNum: 1, applyType: 2 });
    expect((await info(t, buyer, refundSn)).history.map((h) => h.action)).toEqual(['apply', 'accept', 'ship', 'reship']);
  });

  it('a refused request is edited and resubmitted within its ceiling', async () => {
    const { buyer, order, refundSn } = await requested({ lines: 1, count: 2, price: 1_000 });
    expect((await call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '请补充凭证' })).statusCode).toBe(200);
    expectRefused(await call(t, buyer, 'PUT', '/p/orderRefund/updateRefundAmount', { refundSn, refundAmount: 1_500 }), 'The refund amount cannot be changed in the current state');
    const edit = (overrides: Parameters<typeof applyBody>[1]) => {
      const { orderNumber: _o, refundType: _r, orderItemId: _i, ...fields } = applyBody(order, overrides);
      return call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn, ...fields });
    };
    expectRefused(await edit({ goodsNum: 2, refundAmount: 2_001 }), 'The refund amount cannot exceed the maximum refundable ¥20.00');
    expect((await edit({ goodsNum: 2, refundAmount: 2_000 })).statusCode).toBe(200);
    expect(await refundRow(refundSn)).toMatchObject({ returnMoneySts: 1, goodsNum: 2, refundAmount: 2_000 });
  });

  it('three pages pressing accept at once decide it once', async () => {
    const { refundSn } = await requested();
    const answers = await Promise.all([0, 1, 2].map(() => call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/accept`, {})));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.body).toBe('Only a pending request can be accepted');
    const history = await t.ctx.db.select().from(refundHistories).where(eq(refundHistories.refundSn, refundSn));
    expect(history.filter((h) => h.action === 'accept')).toHaveLength(1);
    expect(await shopLog(shopA, refundSn)).toHaveLength(1);
  });

  it('a warehouse account sees return requests only, without the shopper\'s words, and may confirm receipt but not accept or refuse', async () => {
    const username = `wh-${Date.now().toString(36)}${process.pid % 1000}`;
    const made = await call(t, ownerA, 'POST', '/merchant/staff', { username, displayName: 'Warehouse', role: 'warehouse', password: cipherOf(t, 'staff1234') });
    expect(made.statusCode, made.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username, password: cipherOf(t, 'staff1234') }) });
    const warehouse = { token: MerchantTokenSchema.parse(login.json()).accessToken };
    const { refundSn } = await requested();
    // A refund only is not the warehouse's: not in its list or counts, and its detail is "not found".
    expectRefused(await call(t, warehouse, 'GET', `/merchant/refunds/${refundSn}`), 'After-sales request not found', 404);
    expectRefused(await call(t, warehouse, 'PUT', `/merchant/refunds/${refundSn}/receive`, {}, 'zh'), '售后申请不存在', 404);
    const listed = MerchantRefundPageSchema.parse((await call(t, warehouse, 'GET', '/merchant/refunds?size=100')).json());
    expect(listed.records.every((r) => r.applyType === 2)).toBe(true);
    expect(listed.records.some((r) => r.refundSn === refundSn)).toBe(false);
    expect(MerchantRefundPageSchema.parse((await call(t, warehouse, 'GET', `/merchant/refunds?keyword=${refundSn}`)).json()).total).toBe(0);
    expect(MerchantRefundPageSchema.parse((await call(t, warehouse, 'GET', '/merchant/refunds?applyType=1')).json()).total).toBe(0);
    const [returnsOnly] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(refunds).where(and(eq(refunds.shopId, shopA), eq(refunds.applyType, 2), eq(refunds.returnMoneySts, 1)));
    expect(RefundCountsSchema.parse((await call(t, warehouse, 'GET', '/merchant/refunds/counts')).json()).applied).toBe(returnsOnly!.n);
    expect(listed.counts.applied).toBe(returnsOnly!.n);
    const notices = (await call(t, warehouse, 'GET', '/merchant/refunds/notices')).json() as Array<{ kind: string }>;
    expect(notices.every((n) => n.kind === 'sellerReceive')).toBe(true);

    // A return: what receiving needs, without the shopper's words, phone and photos.
    const ret = await requested({ returns: true });
    expect((await call(t, ownerA, 'PUT', `/merchant/refunds/${ret.refundSn}/accept`, {})).statusCode).toBe(200);
    const seen = MerchantRefundDetailSchema.parse((await call(t, warehouse, 'GET', `/merchant/refunds/${ret.refundSn}`)).json());
    expect(seen).toMatchObject({ applyType: 2, returnMoneySts: 2, buyerDesc: '', buyerMobile: null, photoFiles: [], canAccept: false, canRefuse: false });
    expect(seen.delivery?.receiverAddr).toBeTruthy();
    expect(seen.history.find((h) => h.action === 'apply')?.note).toBeNull();
    expect(MerchantRefundDetailSchema.parse((await call(t, ownerA, 'GET', `/merchant/refunds/${ret.refundSn}`)).json()).buyerDesc).toBe('包装破损');
    expect(MerchantRefundPageSchema.parse((await call(t, warehouse, 'GET', `/merchant/refunds?keyword=${ret.refundSn}`)).json()).records.map((r) => r.refundSn)).toEqual([ret.refundSn]);
    const waybill = { refundSn: ret.refundSn, expressId: 2, expressName: '中通快递', expressNo: 'ZT123123123', mobile: '13800138000', imgs: [] };
    expect((await call(t, ret.buyer, 'POST', '/p/orderRefund/submitExpress', waybill)).statusCode).toBe(200);
    const received = await call(t, warehouse, 'PUT', `/merchant/refunds/${ret.refundSn}/receive`, {});
    expect(received.statusCode, received.body).toBe(200);
    expect(MerchantRefundDecisionSchema.parse(received.json())).toEqual({ refundSn: ret.refundSn, returnMoneySts: 5, settleStatus: 2 });
    expect(MerchantRefundDetailSchema.parse((await call(t, warehouse, 'GET', `/merchant/refunds/${ret.refundSn}`)).json())).toMatchObject({ buyerMobile: null, canRefuse: false, returnMoneySts: 5 });
    // Another shop's warehouse sees nothing of shop A (shop isolation stays).
    expectRefused(await call(t, ownerB, 'GET', `/merchant/refunds/${ret.refundSn}`), 'After-sales request not found', 404);

    expect((await call(t, warehouse, 'PUT', `/merchant/refunds/${refundSn}/accept`, {})).statusCode).toBe(403);
    expect((await call(t, warehouse, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: 'no' })).statusCode).toBe(403);
    expect((await call(t, warehouse, 'PUT', '/merchant/refunds/return-address', RETURN_ADDRESS)).statusCode).toBe(403);
    expect((await refundRow(refundSn)).returnMoneySts).toBe(1);
  });

  it('the shipping comes back with the last item only: item by item, the order is refunded in full with its shipping and closes', async () => {
    const { buyer, order } = await (async () => {
      const b = await registerBuyer(t);
      return { buyer: b, order: await refundOrder(t, b, shopA, { lines: 2, count: 1, price: 1_000, freight: 600 }) };
    })();
    const before = await walletBalance(t, buyer.userId);
    const [first, second] = order.items;
    const one = await apply(t, buyer, applyBody(order, { orderItemId: first!.id, refundAmount: 1_000 }));
    expect(await refundRow(one)).toMatchObject({ freightAmount: 0, maxRefundAmount: 1_000 });
    expect((await call(t, ownerA, 'PUT', `/merchant/refunds/${one}/accept`, {})).statusCode).toBe(200);
    expect(await walletBalance(t, buyer.userId)).toBe(before + 1_000);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]).toMatchObject({ status: 2, refundStatus: 3 });
    // The last item: without the confirmation it is refused; with it, its ceiling takes the shipping.
    expectRefused(
      await call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { orderItemId: second!.id, refundAmount: 1_600 }), 'zh'),
      '这是订单中最后一件未退款的商品，运费将一并退还，请确认后再提交',
    );
    const last = await apply(t, buyer, applyBody(order, { orderItemId: second!.id, refundAmount: 1_600, freightConfirmed: true }));
    expect(await refundRow(last)).toMatchObject({ freightAmount: 600, maxRefundAmount: 1_600 });
    expect((await call(t, ownerA, 'PUT', `/merchant/refunds/${last}/accept`, {})).statusCode).toBe(200);
    expect(await walletBalance(t, buyer.userId)).toBe(before + order.actualTotal);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]).toMatchObject({ status: 6, closeType: 2, refundStatus: 2 });
  });

  /** The shopper asks a refund only of the whole order, for all of it. */
  const applyWholeOrder = (order: Awaited<ReturnType<typeof paidOrder>>) =>
    apply(t, order.shopper, {
      orderNumber: order.orderNumber,
      refundType: 1,
      orderItemId: 0,
      goodsNum: 1,
      applyType: 1,
      isReceiver: 0,
      buyerReason: 1,
      buyerMobile: '13800138000',
      photoFiles: [],
      refundAmount: order.amount,
    });

  it('the whole way on a balance-paid order: the accepted refund only comes back to the balance once and the order closes', async () => {
    const order = await paidOrder(t, PAY_TYPE.balance, { price: 2_500 });
    const merchant = { token: await merchantLogin(t, order.shopId) };
    const before = await walletBalance(t, order.shopper.userId);
    const refundSn = await applyWholeOrder(order);
    const accepted = await call(t, merchant, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await refundRow(refundSn)).toMatchObject({ returnMoneySts: 5, settleStatus: 2 });
    expect(await walletBalance(t, order.shopper.userId)).toBe(before + order.amount);
    const [closed] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(closed).toMatchObject({ status: 6, closeType: 2, refundStatus: 2 });
    expectRefused(await call(t, merchant, 'PUT', `/merchant/refunds/${refundSn}/accept`, {}), 'Only a pending request can be accepted');
    expect(await walletBalance(t, order.shopper.userId)).toBe(before + order.amount);
    expect((await info(t, order.shopper, refundSn)).returnMoneySts).toBe(5);
  });

  it('a WeChat-paid order: the decision commits first, the gateway refunds once after it, nothing goes to the balance', async () => {
    const order = await paidOrder(t, PAY_TYPE.wechat, { price: 3_100 });
    const merchant = { token: await merchantLogin(t, order.shopId) };
    const before = await walletBalance(t, order.shopper.userId);
    const refundSn = await applyWholeOrder(order);
    const accepted = await call(t, merchant, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Sent to the gateway after the decision committed: refunding until WeChat's notification lands.
    expect(MerchantRefundDecisionSchema.parse(accepted.json())).toMatchObject({ refundSn, returnMoneySts: 2, settleStatus: 1 });
    await eventually(async () => (await refundRow(refundSn)).settleStatus === 2);
    expect(await refundRow(refundSn)).toMatchObject({ returnMoneySts: 5, settleStatus: 2 });
    expect(await gatewayRefunds(t, PAY_TYPE.wechat, order.payNo)).toHaveLength(1);
    expect(await walletBalance(t, order.shopper.userId)).toBe(before);
    expect(await shopLog(order.shopId, refundSn)).toHaveLength(1);
    const [closed] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(closed).toMatchObject({ status: 6, closeType: 2, refundStatus: 2 });
  });
});

/**
 * The goods coming back on sale have their SKUs and products locked by a statement of their own
 * before `money` (the statement that credits the wallet): the lock order of payment and cancel.
 */
function expectStockLockedBefore(sent: string[], money: string): void {
  const lock = sent.findIndex((q) => q.includes('with locked_skus as'));
  expect(lock, sent.join('\n')).toBeGreaterThanOrEqual(0);
  expect(lock).toBeLessThan(sent.indexOf(money));
}

/** The statements a call sends, without begin and commit (PGlite's transactions do not report them). */
async function statementsOf(work: () => Promise<{ statusCode: number; body: string }>): Promise<string[]> {
  const { result, queries } = await countQueries(work);
  expect(result.statusCode, result.body).toBe(200);
  return queries.filter((q) => !/^\s*(begin|commit|rollback)\b/i.test(q));
}

describe('statements per call (the after-sales bench, docs/benchmarks.md)', () => {
  // Budgets for an order without points or coupons, paid by balance. With begin and commit, on
  // PostgreSQL: accept of a refund only 41 at first, 24 after the first cut (two transactions), 12
  // (one), 10 (the settle step's last writes in one statement, the ledger row with the credit), 9
  // (the ledger row and the credit with the settle mark, in a decision's transaction), 7 (the
  // merchant's account read with its token; the order locked by the decision's own statement);
  // of a return 21, 14, 10, 8, 5 (the return address and the new step's jobs in the decision's
  // statement; the account with its token; no transaction around its one write), 4 (the periods
  // kept in memory); the waybill 12, 10, 10, 3 (one statement, no transaction), 2 (the periods),
  // 1 (the shopper's session kept by the instance, decision 068);
  // receive 40, 23, 12, 9, 8, 6. Then the merchant's session kept by the instance too (decision 068's
  // merchant amendment): accept of a refund only 6, of a return 3, receive 5; then accept decides a
  // refund only without reading the request first (decision 060's seventh pass): 5, of a return 6
  // (the guess's transaction, which moves nothing, before the read and the decision). Then goods
  // coming back on sale (a refund only before shipment, a return received) lock their SKUs and
  // products before the wallet, as payment and cancel take them (decision 060, 2026-12-07): accept
  // of a refund only 6, receive 6.
  it('accept and receive decide and pay back in one transaction, reading the request once and the order\'s requests with the settle mark', async () => {
    await call(t, ownerA, 'PUT', '/merchant/refunds/return-address', RETURN_ADDRESS);
    const { refundSn } = await requested();
    const accept = await statementsOf(() => call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/accept`, {}));
    expect(accept.length, accept.join('\n')).toBeLessThanOrEqual(4);
    // Once each: the decision (with its history row, the old step's
    // jobs, the shop's log and the order locked with its lines), the goods' stock rows locked, and the
    // settle mark (with the order's requests); nothing after the money. The session (the token with the merchant's account and
    // role) was read when the instance first saw the token (the return address above): cached since.
    expect(accept.filter((q) => q.includes('"merchant_accounts"') || q.includes('"auth_tokens"'))).toEqual([]);
    // The request is not read before the decision: the move is conditional on a refund only in 1 of the shop.
    expect(accept.filter((q) => /^select .* from "refunds" where "refunds"\."refund_sn" = \$1$/.test(q))).toHaveLength(0);
    expect(accept.filter((q) => q.includes('update "refunds"'))).toHaveLength(2);
    expect(accept.filter((q) => q.includes('insert into "refund_histories"'))).toHaveLength(1);
    const decision = accept.find((q) => q.startsWith('with "moved" as (update "refunds"') && q.includes('"handle_time"'));
    expect(decision).toContain('insert into "merchant_audit_logs"');
    expect(decision).toContain('update "jobs"');
    expect(accept.filter((q) => q.includes('for update of "orders"'))).toEqual([decision]);
    // The money (the ledger row, the balance credit and its record) goes with the settle mark's own statement.
    const paid = accept.filter((q) => q.includes('"balance_logs"'));
    expect(paid).toHaveLength(1);
    expectStockLockedBefore(accept, paid[0]!);
    for (const write of ['update "refunds"', 'insert into "refund_payments"', 'insert into "user_wallets"']) expect(paid[0]).toContain(write);
    expect(accept.some((q) => q.includes('select "username" from "merchant_accounts"'))).toBe(false);
    // The order's refund state is in the one statement the settle step ends with (with the stock, the coupons, the invoice).
    expect(accept.at(-1)).toContain('update "orders" set');
    expect(accept.filter((q) => q.includes('update "orders" set') || q.includes('update skus') || q.includes('"order_invoices"'))).toHaveLength(1);
    expect((await refundRow(refundSn)).returnMoneySts).toBe(5);

    const ret = await requested({ returns: true });
    // The periods are kept in memory (read once per instance until staff change them).
    await loadPeriods(t.ctx);
    const { result: acceptedReturn, queries: acceptReturnSent } = await countQueries(() => call(t, ownerA, 'PUT', `/merchant/refunds/${ret.refundSn}/accept`, {}));
    expect(acceptedReturn.statusCode, acceptedReturn.body).toBe(200);
    // First the guess (a refund only) in its transaction, which moves nothing and locks no order; then,
    // no money decided, the request read and the decision in one statement without a transaction.
    // (PGlite's transactions do not report begin and commit: on PostgreSQL they are the guess's two.)
    expect(acceptReturnSent.filter((q) => /^\s*(begin|commit|rollback)\b/i.test(q)).length).toBeLessThanOrEqual(2);
    const acceptReturn = acceptReturnSent.filter((q) => !/^\s*(begin|commit|rollback)\b/i.test(q));
    expect(acceptReturn.length, acceptReturn.join('\n')).toBeLessThanOrEqual(4);
    expect(acceptReturn.filter((q) => q.includes('"orders"'))).toEqual([acceptReturn[0]]);
    expect(acceptReturn.some((q) => q.includes('"aftersale_settings"'))).toBe(false);
    // The return address and the new step's jobs go with the decision's own statement: no write after it.
    expect(acceptReturn.at(-1)).toMatch(/^with "moved" as \(update "refunds"/);
    expect(acceptReturn.at(-1)).toContain('insert into "refund_deliveries"');
    expect(acceptReturn.at(-1)).toContain('insert into "jobs"');
    const waybill = { refundSn: ret.refundSn, expressId: 2, expressName: '中通快递', expressNo: 'ZT445566778', mobile: '13800138000', imgs: [] };
    const shipped = await statementsOf(() => call(t, ret.buyer, 'POST', '/p/orderRefund/submitExpress', waybill));
    expect(shipped.length, shipped.join('\n')).toBeLessThanOrEqual(1);
    expect(shipped.some((q) => q.includes('"auth_tokens"')), 'the session kept since apply').toBe(false);
    expect(shipped.some((q) => q.includes('"aftersale_settings"'))).toBe(false);
    // One write, no transaction: the move, its history row, the waybill (without reading the parcel), the old step's jobs and the new one's.
    expect(shipped.filter((q) => q.includes('refund_deliveries'))).toHaveLength(1);
    const ship = shipped.at(-1)!;
    for (const write of ['with "moved" as (update "refunds"', 'insert into "refund_histories"', 'insert into "refund_deliveries"', 'update "jobs"', 'insert into "jobs"']) expect(ship).toContain(write);
    const received = await statementsOf(() => call(t, ownerA, 'PUT', `/merchant/refunds/${ret.refundSn}/receive`, {}));
    expect(received.length, received.join('\n')).toBeLessThanOrEqual(4);
    expectStockLockedBefore(received, received.find((q) => q.includes('"balance_logs"'))!);
    expect(received.some((q) => q.includes('"auth_tokens"')), 'the merchant\'s session kept since the return address').toBe(false);
    expect(received.filter((q) => q.includes('for update of "orders"'))).toHaveLength(1);
    expect(received.find((q) => q.includes('for update of "orders"'))).toMatch(/^with "moved" as \(update "refunds"/);
    expect((await refundRow(ret.refundSn)).returnMoneySts).toBe(5);
  });

  it('receive of a return the shopper received (points and growth earned at receipt): the bench\'s round, taken back in two statements and the growth with the last writes', async () => {
    // The bench's return round through the API: bought, paid by balance, shipped, received, returned.
    // With begin and commit on PostgreSQL: 21 (the points taken back in 4 statements, the growth in 4,
    // the ledger row, the credit, the coupons, the invoice, the stock and the order one each), 11, 10
    // (the ledger row and the credit go with the settle mark), 8 (the merchant's account with its
    // token, the order locked by the decision's statement), 7 (the points held read with the
    // settle mark, the wallet row locked by the credit in it), 6 (the points spent with the
    // growth, one write of the wallet, in the settle step's last statement), 5 now (the merchant's
    // session kept by the instance since accept, decision 068's merchant amendment), 6 (the goods'
    // SKUs and products locked before the wallet, decision 060's lock order).
    const buyer = await registerBuyer(t);
    await topUpBalance(t, buyer.userId, 1_000_000);
    expect((await call(t, buyer, 'POST', '/p/address/addAddr', { receiver: '买家', mobile: '13912345678', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 90 号', commonAddr: true })).statusCode).toBe(200);
    const [courier] = (await call(t, buyer, 'GET', '/p/delivery/list')).json() as Array<{ dvyId: number; dvyName: string }>;
    const [pick] = await t.ctx.db
      .select({ prodId: products.id, skuId: skus.id })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(and(eq(products.shopId, shopA), eq(products.status, 1), eq(products.mold, 0), eq(products.prodType, 0), eq(skus.status, 1)))
      .orderBy(asc(skus.id))
      .limit(1);
    const uuid = randomUUID();
    const ok = async (user: { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const res = await call(t, user, method, url, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.body ? res.json() : undefined;
    };
    const confirmed = await ok(buyer, 'POST', '/p/order/confirm', { addrId: 0, uuid, orderItem: { prodId: pick!.prodId, skuId: pick!.skuId, prodCount: 1 } });
    const { orderNumbers: orderNumber } = await ok(buyer, 'POST', '/p/order/submit', { uuid, orderShopParams: confirmed.shopCartOrders.map((o: { shopId: number }) => ({ shopId: o.shopId, remarks: '' })) });
    await ok(buyer, 'POST', '/p/order/pay', { orderNumbers: orderNumber, payType: PAY_TYPE.balance });
    const shipped = await ok(ownerA, 'GET', `/merchant/order/info/${orderNumber}`);
    await ok(ownerA, 'POST', '/merchant/order/delivery', { orderNumber, packages: [{ dvyId: courier!.dvyId, dvyFlowId: `SF${uuid.slice(0, 8)}`, items: shipped.items.map((i: { orderItemId: number; prodCount: number }) => ({ orderItemId: i.orderItemId, count: i.prodCount })) }] });
    await ok(buyer, 'PUT', `/p/myOrder/receipt/${orderNumber}`, {});
    const [line] = await t.ctx.db.select({ id: orderItems.id, actualTotal: orderItems.actualTotal, gainScore: orderItems.gainScore }).from(orderItems).where(eq(orderItems.orderNumber, orderNumber));
    const applyInfo = await ok(buyer, 'GET', `/p/orderRefund/applyInfo?orderNumber=${orderNumber}&orderItemId=${line!.id}`);
    const refundSn = String(
      await ok(buyer, 'POST', '/p/orderRefund/apply', { orderNumber, refundType: 2, orderItemId: line!.id, goodsNum: 1, applyType: 2, isReceiver: 1, buyerReason: 5, buyerDesc: '壶底漏水', buyerMobile: '13800000001', photoFiles: [], refundAmount: applyInfo.maxRefundAmount + (applyInfo.isLastItem ? applyInfo.freightAmount : 0), freightConfirmed: applyInfo.isLastItem }),
    );
    await ok(ownerA, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
    await ok(buyer, 'POST', '/p/orderRefund/submitExpress', { refundSn, expressId: courier!.dvyId, expressName: courier!.dvyName, expressNo: 'YT1234567890', mobile: '13800000001', senderRemarks: '', imgs: [] });
    const [earned] = await t.ctx.db.select({ score: userWallets.score, growth: userWallets.growth }).from(userWallets).where(eq(userWallets.userId, buyer.userId));
    const received = await statementsOf(() => call(t, ownerA, 'PUT', `/merchant/refunds/${refundSn}/receive`, {}));
    expect(received.length, received.join('\n')).toBeLessThanOrEqual(4);
    expect(received.filter((q) => q.includes('"growth_logs"'))).toHaveLength(1);
    // The points: what earlier refunds took back and the wallet's points are read by the settle
    // mark's statement (from the credit's returning, which holds the wallet row); the spend is one
    // write of the wallet with the growth, in the statement the settle step ends with.
    const mark = received.find((q) => q.includes('insert into "balance_logs"'));
    expect(mark).toMatch(/^with "moved" as \(update "refunds"/);
    expect(line!.gainScore, "the bench's line earns points, so the take-back is exercised").toBeGreaterThan(0);
    expect(mark).toContain('"score_logs"');
    expect(received.filter((q) => /^\s*select score\b/.test(q))).toHaveLength(0);
    expect(received.filter((q) => q.includes('score_logs'))).toHaveLength(2);
    const last = received.at(-1)!;
    expect(last).toContain('"growth_logs"');
    expect(last).toContain('update "orders" set');
    expect(last).toContain('insert into score_logs');
    expect(last.match(/update "?user_wallets"? set/g)).toHaveLength(1);
    expect((await refundRow(refundSn)).returnMoneySts).toBe(5);
    // What the receipt gave is taken back, once: the points and the growth.
    const [after] = await t.ctx.db.select({ score: userWallets.score, growth: userWallets.growth }).from(userWallets).where(eq(userWallets.userId, buyer.userId));
    expect(after!.score).toBe(earned!.score - line!.gainScore);
    const growth = await t.ctx.db.select({ source: growthLogs.source, growth: growthLogs.growth }).from(growthLogs).where(eq(growthLogs.bizId, orderNumber));
    const sumOf = (source: number) => growth.filter((g) => g.source === source).reduce((n, g) => n + g.growth, 0);
    expect(sumOf(2)).toBe(sumOf(1));
    expect(after!.growth).toBe(Math.max(0, earned!.growth - sumOf(2)));
  });

  it('apply reads the order, its lines, its requests and the periods in one statement and writes the request with its history row, deadline jobs and the order\'s refund state in one statement, without a transaction', async () => {
    // With begin and commit on PostgreSQL: 11 at first, 9, 6 (the order's refund state in the
    // request's statement, so no transaction), 3 (the four reads one statement), 2 now (the
    // session kept by the instance).
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopA, { status: ORDER_STATUS.paid });
    // applyInfo: the session, the same one read (beside the shopper's mobile), the shop's name: 7 before, 4.
    // The session is kept by the instance (decision 068): the first call of a token verifies it
    // (the statement, the mark, the statement again), later ones send no token statement.
    const applyInfoUrl = `/p/orderRefund/applyInfo?orderNumber=${order.orderNumber}&orderItemId=${order.items[0]!.id}`;
    const first = await statementsOf(() => call(t, buyer, 'GET', applyInfoUrl));
    expect(first.filter((q) => q.includes('from "auth_tokens"'))).toHaveLength(2);
    const info = await statementsOf(() => call(t, buyer, 'GET', applyInfoUrl));
    expect(info.some((q) => q.includes('"auth_tokens"')), info.join('\n')).toBe(false);
    expect(info.length, info.join('\n')).toBeLessThanOrEqual(3);
    const { queries } = await countQueries(() => call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order)));
    expect(queries.filter((q) => /^\s*(begin|commit|rollback)\b/i.test(q))).toHaveLength(0);
    const applied = await statementsOf(() => call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { orderItemId: order.items[1]!.id })));
    expect(applied.length, applied.join('\n')).toBeLessThanOrEqual(2);
    expect(applied.some((q) => q.includes('"auth_tokens"'))).toBe(false);
    const read = applied.filter((q) => q.includes('from "aftersale_settings"'));
    expect(read).toHaveLength(1);
    for (const table of ['from "orders"', 'from "order_items"', 'from "refunds"']) expect(read[0]).toContain(table);
    const written = applied.filter((q) => q.startsWith('with "added" as (insert into "refunds"'));
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('insert into "refund_histories"');
    expect(written[0]).toContain('insert into "jobs"');
    expect(written[0]).toContain('update "orders" set');
    expect(applied.filter((q) => q.startsWith('insert into "refund_histories"') || q.startsWith('insert into "jobs"') || q.startsWith('update "orders"'))).toHaveLength(0);
    expect((await t.ctx.db.select({ refundStatus: orders.refundStatus }).from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]?.refundStatus).toBe(1);
  });
});
