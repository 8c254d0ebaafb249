// After-sales behaviour the other tests left out (decisions 059, 060), on the real database with the
// app's clock: the deadlines a resubmission and a platform decision set (the request's and its
// jobs'), the return address an acceptance names (and the shop's default) as the shopper sees it,
// an order's auto-receipt once the request that held it ends, and a WeChat refund notification that
// is not a success.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BALANCE_LOG_TYPE } from '@bazaar/shared/constants/balance';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { POINTS_SOURCE } from '@bazaar/shared/constants/points';
import { REFUND_SETTLE_STATUS, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import { AdminRefundDetailSchema, MerchantRefundDecisionSchema, ReturnAddressSchema, type ReturnAddress } from '@bazaar/shared/schemas/refund';
import { balanceLogs, jobs, merchantAuditLogs, orders, paymentNotifications, refundNotices, refundPayments, scoreLogs, shopReturnAddresses } from '../db/schema.ts';
import { AUTO_RECEIPT_WAIT_JOB } from '../flows/receive-order.ts';
import { loadPeriods } from '../flows/refund-parts.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { JOB_STATUS } from '../lib/jobs.ts';
import { findReturnAddress } from '../modules/aftersale/repository.ts';
import { AUTO_RECEIPT_JOB, scheduleAutoReceipt } from '../modules/order/lifecycle.ts';
import type { PaymentProvider } from '../providers/payment/payment-provider.ts';
import { loadSandboxKeys, type SandboxKeys } from '../providers/payment/sandbox-keys.ts';
import { encryptWechatResource, signWechat } from '../providers/payment/wechat-pay-crypto.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { drainJobs, merchantLogin, registerBuyer, type Buyer } from '../test/merchant-test-kit.ts';
import { walletBalance } from '../test/payment-test-kit.ts';
import { eventually, gatewayRefunds, paidOrder, refundRow, stockOf } from '../test/refund-money-test-kit.ts';
import { apply, applyBody, call, expectRefused, info, refundOrder, seededShopOwner, type RefundOrder } from '../test/refund-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

const SECOND = 1_000;
const HOUR = 3_600_000;

let t: TestApp;
let shopId: number;
let owner: { token: string };
let keys: SandboxKeys;

beforeAll(async () => {
  ({ t, shopId, owner } = await seededShopOwner());
  keys = await loadSandboxKeys(t.ctx.db);
});
beforeEach(() => t.resetClock());

/**
 * A call of the shop owner once the app's clock moved (the session from before has expired): logged
 * in at that clock and out again, so a session dated ahead never outranks the shared account's later
 * logins (the newest LIVE_SESSIONS_MAX stay live).
 */
async function asOwnerNow(method: 'GET' | 'PUT', url: string, body?: unknown) {
  const owner = { token: await merchantLogin(t, shopId) };
  try {
    return await call(t, owner, method, url, body);
  } finally {
    await t.app.inject({ method: 'POST', url: '/merchant/logout', headers: { authorization: owner.token } });
  }
}

/** A staff member's call, logged in at the app's clock. */
async function admin(method: 'GET' | 'PUT', url: string, body?: unknown) {
  const headers = { authorization: `Bearer ${await adminToken(t, 'super')}`, 'accept-language': 'en' };
  return body === undefined ? t.app.inject({ method, url, headers }) : t.app.inject({ method, url, ...json(body, { headers }) });
}

/** Moves the app's clock to `at` plus `ms`. */
function clockTo(at: Date, ms = 0): void {
  t.advanceClock(at.getTime() + ms - t.ctx.now().getTime());
}

/** The jobs of one request (its steps' deadlines and reminders), by kind. */
const stepJobs = (refundSn: string) =>
  t.ctx.db.select({ kind: jobs.kind, runAt: jobs.runAt, status: jobs.status }).from(jobs).where(eq(jobs.ref, refundSn)).orderBy(asc(jobs.kind));

const noticesOf = (refundSn: string) => t.ctx.db.select().from(refundNotices).where(eq(refundNotices.refundSn, refundSn)).orderBy(asc(refundNotices.id));

const orderRow = async (orderNumber: string) => (await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;

/** The fields of update_refund from an apply body. */
function editFields(order: RefundOrder, overrides: Parameters<typeof applyBody>[1] = {}) {
  const { orderNumber: _o, refundType: _r, orderItemId: _i, ...fields } = applyBody(order, overrides);
  return fields;
}

/** Runs `work` and answers the app's clock before and after it: a time it took lies between them. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; before: number; after: number }> {
  const before = t.ctx.now().getTime();
  const result = await work();
  return { result, before, after: t.ctx.now().getTime() };
}

describe('the deadline after a resubmission', () => {
  it('a refused request resubmitted gets a new handling deadline counted from the resubmission, its two jobs armed again; it is reminded and agreed by that deadline only', async () => {
    const periods = await loadPeriods(t.ctx);
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 2, price: 1_000 });
    const refundSn = await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
    const first = (await refundRow(t, refundSn)).deadline!;

    // The first deadline's reminder goes out, then the seller refuses: its deadline job is cancelled.
    clockTo(first, -periods.reminderMs + SECOND);
    await drainJobs(t);
    expect(await noticesOf(refundSn)).toEqual([expect.objectContaining({ kind: 'sellerHandle', shopId, userId: null, deadline: first })]);
    expect((await asOwnerNow('PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '请补充照片' })).statusCode).toBe(200);
    expect(await stepJobs(refundSn)).toEqual([
      { kind: 'refund.remindHandle', runAt: new Date(first.getTime() - periods.reminderMs), status: JOB_STATUS.done },
      { kind: 'refund.sellerHandle', runAt: first, status: JOB_STATUS.cancelled },
    ]);
    // Past the first deadline, refused: nothing is agreed.
    clockTo(first, HOUR);
    await drainJobs(t);
    expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.refused, settleStatus: REFUND_SETTLE_STATUS.none, deadline: null });

    const { result: resubmitted, before, after } = await timed(() => call(t, buyer, 'POST', '/p/orderRefund/update_refund', { refundSn, ...editFields(order, { goodsNum: 2, refundAmount: 2_000, buyerDesc: '补充了照片' }) }));
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const second = (await refundRow(t, refundSn)).deadline!;
    expect(second.getTime()).toBeGreaterThanOrEqual(before + periods.sellerHandleMs);
    expect(second.getTime()).toBeLessThanOrEqual(after + periods.sellerHandleMs);
    expect(await info(t, buyer, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.applied, deadline: formatApiTime(second), deadlineAction: 'agree', canCancel: true });
    // The same two rows, back to pending at the new times (the reminder had run, the deadline was cancelled).
    expect(await stepJobs(refundSn)).toEqual([
      { kind: 'refund.remindHandle', runAt: new Date(second.getTime() - periods.reminderMs), status: JOB_STATUS.pending },
      { kind: 'refund.sellerHandle', runAt: second, status: JOB_STATUS.pending },
    ]);

    // Reminded again, once, for the new deadline, and not before its time.
    clockTo(second, -periods.reminderMs - 60 * SECOND);
    await drainJobs(t);
    expect(await noticesOf(refundSn)).toHaveLength(1);
    clockTo(second, -periods.reminderMs + 60 * SECOND);
    await drainJobs(t);
    expect((await noticesOf(refundSn)).map((n) => ({ kind: n.kind, shopId: n.shopId, deadline: n.deadline }))).toEqual([
      { kind: 'sellerHandle', shopId, deadline: first },
      { kind: 'sellerHandle', shopId, deadline: second },
    ]);

    // Just before the new deadline it still waits for the seller; at it, it counts as agreed and is paid back.
    const balanceBefore = await walletBalance(t, buyer.userId);
    clockTo(second, -60 * SECOND);
    await drainJobs(t);
    expect((await refundRow(t, refundSn)).returnMoneySts).toBe(REFUND_STATUS.applied);
    clockTo(second, SECOND);
    await drainJobs(t);
    expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.success, settleStatus: REFUND_SETTLE_STATUS.refunded, refundAmount: 2_000, deadline: null });
    expect(await walletBalance(t, buyer.userId)).toBe(balanceBefore + 2_000);
    expect((await info(t, buyer, refundSn)).history.map((h) => h.action)).toEqual(['apply', 'refuse', 'edit', 'autoAgree']);
    expect((await stepJobs(refundSn)).map((j) => j.status)).toEqual([JOB_STATUS.done, JOB_STATUS.done]);
  });
});

describe('the deadline after a platform decision', () => {
  it('a return refused before the goods left and refunded by the platform waits for the waybill against a shipping deadline counted from the decision; the shopper is reminded; at it the return closes', async () => {
    const periods = await loadPeriods(t.ctx);
    const address = ReturnAddressSchema.parse((await call(t, owner, 'GET', '/merchant/refunds/return-address')).json());
    expect(address.receiverAddr).not.toBe('');
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.completed });
    const refundSn = await apply(t, buyer, applyBody(order, { applyType: 2, isReceiver: 1 }));
    expect((await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '不支持退货' })).statusCode).toBe(200);
    expect((await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn, reason: '商品与描述不符' })).statusCode).toBe(200);
    expect((await orderRow(order.orderNumber)).refundStatus).toBeNull();

    // Staff decide two days later: the shopper's week to ship starts then.
    t.advanceClock(2 * 24 * HOUR);
    const { result: decided, before, after } = await timed(() => admin('PUT', `/admin/refunds/${refundSn}/decide`, { action: 'refund', reason: '支持退货' }));
    expect(decided.statusCode, decided.body).toBe(200);
    expect(AdminRefundDetailSchema.parse(decided.json())).toMatchObject({ returnMoneySts: REFUND_STATUS.accepted, settleStatus: REFUND_SETTLE_STATUS.none, platformStatus: 2 });
    const deadline = (await refundRow(t, refundSn)).deadline!;
    expect(deadline.getTime()).toBeGreaterThanOrEqual(before + periods.buyerShipMs);
    expect(deadline.getTime()).toBeLessThanOrEqual(after + periods.buyerShipMs);
    const seen = await info(t, buyer, refundSn);
    expect(seen).toMatchObject({ returnMoneySts: REFUND_STATUS.accepted, deadline: formatApiTime(deadline), deadlineAction: 'close', canSubmitExpress: true });
    expect(seen.delivery).toMatchObject(address);
    expect((await orderRow(order.orderNumber)).refundStatus).toBe(1);
    // The handling step's jobs ended with the refusal; the shipping step's are booked.
    expect((await stepJobs(refundSn)).map(({ kind, runAt, status }) => ({ kind, runAt: runAt.getTime(), status }))).toEqual([
      { kind: 'refund.buyerShip', runAt: deadline.getTime(), status: JOB_STATUS.pending },
      { kind: 'refund.remindHandle', runAt: expect.any(Number), status: JOB_STATUS.cancelled },
      { kind: 'refund.remindShip', runAt: deadline.getTime() - periods.reminderMs, status: JOB_STATUS.pending },
      { kind: 'refund.sellerHandle', runAt: expect.any(Number), status: JOB_STATUS.cancelled },
    ]);

    clockTo(deadline, -periods.reminderMs + SECOND);
    await drainJobs(t);
    expect(await noticesOf(refundSn)).toEqual([expect.objectContaining({ kind: 'buyerShip', userId: buyer.userId, shopId: null, deadline })]);
    clockTo(deadline, -60 * SECOND);
    await drainJobs(t);
    expect((await refundRow(t, refundSn)).returnMoneySts).toBe(REFUND_STATUS.accepted);
    clockTo(deadline, SECOND);
    await drainJobs(t);
    const closed = await refundRow(t, refundSn);
    expect(closed).toMatchObject({ returnMoneySts: REFUND_STATUS.closed, settleStatus: REFUND_SETTLE_STATUS.none, deadline: null });
    expect(closed.closeTime).not.toBeNull();
    expect((await info(t, buyer, refundSn)).history.map((h) => h.action)).toEqual(['apply', 'refuse', 'applyPlatform', 'platformRefund', 'autoClose']);
    expect((await orderRow(order.orderNumber)).refundStatus).toBeNull();
  });
});

describe('the return address an acceptance names', () => {
  const DEFAULT: ReturnAddress = { receiverName: '售后部', receiverMobile: '13700001111', receiverAddr: '浙江省杭州市西湖区文三路 1 号' };
  const OTHER: ReturnAddress = { receiverName: '二号仓 王五', receiverMobile: '0571-88886666', receiverAddr: '浙江省杭州市余杭区仓前街道 88 号 3 号库' };
  const SAVED: ReturnAddress = { receiverName: '退货组 赵六', receiverMobile: '13911112222', receiverAddr: '上海市浦东新区张江路 100 号' };
  let original: ReturnAddress | undefined;

  beforeAll(async () => {
    original = await findReturnAddress(t.ctx.db, shopId);
  });
  // The shop's default is shared with other files: put it back as it was.
  afterAll(async () => {
    if (original) await call(t, owner, 'PUT', '/merchant/refunds/return-address', original);
    else await t.ctx.db.delete(shopReturnAddresses).where(eq(shopReturnAddresses.shopId, shopId));
  });

  async function returnRequest(): Promise<{ buyer: Buyer; refundSn: string }> {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.completed });
    return { buyer, refundSn: await apply(t, buyer, applyBody(order, { applyType: 2, isReceiver: 1 })) };
  }

  const addressSeen = async (buyer: Buyer, refundSn: string) => {
    const delivery = (await info(t, buyer, refundSn)).delivery;
    return delivery && { receiverName: delivery.receiverName, receiverMobile: delivery.receiverMobile, receiverAddr: delivery.receiverAddr };
  };

  const accept = (refundSn: string, body: unknown, lang: 'zh' | 'en' = 'en') => call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, body, lang);

  it('the shopper sees exactly the address the acceptance named, not the default; saved as the default it goes to the next returns, and an accepted return keeps its own', async () => {
    expect((await call(t, owner, 'PUT', '/merchant/refunds/return-address', DEFAULT)).statusCode).toBe(200);

    const one = await returnRequest();
    const accepted = await accept(one.refundSn, { returnAddress: OTHER });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(MerchantRefundDecisionSchema.parse(accepted.json())).toEqual({ refundSn: one.refundSn, returnMoneySts: REFUND_STATUS.accepted, settleStatus: REFUND_SETTLE_STATUS.none });
    expect(await addressSeen(one.buyer, one.refundSn)).toEqual(OTHER);
    expect((await info(t, one.buyer, one.refundSn)).history.at(-1)).toMatchObject({ action: 'accept', note: `${OTHER.receiverName} ${OTHER.receiverMobile} ${OTHER.receiverAddr}` });
    // Named for this return only: the shop's default stays.
    expect(ReturnAddressSchema.parse((await call(t, owner, 'GET', '/merchant/refunds/return-address')).json())).toEqual(DEFAULT);

    // "Also make it the shop's default": the console saves it, then accepts with it.
    const two = await returnRequest();
    const saved = await call(t, owner, 'PUT', '/merchant/refunds/return-address', SAVED);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ReturnAddressSchema.parse(saved.json())).toEqual(SAVED);
    expect((await accept(two.refundSn, { returnAddress: SAVED })).statusCode).toBe(200);
    expect(await addressSeen(two.buyer, two.refundSn)).toEqual(SAVED);
    expect(ReturnAddressSchema.parse((await call(t, owner, 'GET', '/merchant/refunds/return-address')).json())).toEqual(SAVED);
    const log = await t.ctx.db
      .select()
      .from(merchantAuditLogs)
      .where(and(eq(merchantAuditLogs.shopId, shopId), eq(merchantAuditLogs.action, 'refund.returnAddress')))
      .orderBy(asc(merchantAuditLogs.id));
    expect(log.at(-1)).toMatchObject({ before: DEFAULT, after: SAVED });

    // The next return accepted without naming one goes to the saved default; the first keeps its own.
    const three = await returnRequest();
    expect((await accept(three.refundSn, {})).statusCode).toBe(200);
    expect(await addressSeen(three.buyer, three.refundSn)).toEqual(SAVED);
    expect(await addressSeen(one.buyer, one.refundSn)).toEqual(OTHER);
  });

  it('a bad address is refused in the reader\'s language, on accept and as the default; the request stays waiting and the default unchanged', async () => {
    expect((await call(t, owner, 'PUT', '/merchant/refunds/return-address', DEFAULT)).statusCode).toBe(200);
    const { buyer, refundSn } = await returnRequest();
    const refusals: Array<[Partial<ReturnAddress>, string, string]> = [
      [{ receiverMobile: '12' }, '收件电话格式不正确', 'The recipient phone is malformed'],
      [{ receiverAddr: '短' }, '请输入详细退货地址（至少5个字）', 'Enter the full return address (at least 5 characters)'],
      [{ receiverName: '  ' }, '请输入收件人', 'Enter the recipient'],
      [{ receiverAddr: '地'.repeat(256) }, '退货地址最多255个字', 'The return address can be at most 255 characters'],
    ];
    for (const [bad, zh, en] of refusals) {
      const address = { ...OTHER, ...bad };
      expectRefused(await accept(refundSn, { returnAddress: address }, 'zh'), zh);
      expectRefused(await accept(refundSn, { returnAddress: address }, 'en'), en);
      expectRefused(await call(t, owner, 'PUT', '/merchant/refunds/return-address', address, 'zh'), zh);
      expectRefused(await call(t, owner, 'PUT', '/merchant/refunds/return-address', address, 'en'), en);
    }
    const seen = await info(t, buyer, refundSn);
    expect(seen).toMatchObject({ returnMoneySts: REFUND_STATUS.applied, delivery: null });
    expect(seen.history.map((h) => h.action)).toEqual(['apply']);
    expect(ReturnAddressSchema.parse((await call(t, owner, 'GET', '/merchant/refunds/return-address')).json())).toEqual(DEFAULT);
    // A good one is then taken.
    expect((await accept(refundSn, { returnAddress: OTHER })).statusCode).toBe(200);
    expect(await addressSeen(buyer, refundSn)).toEqual(OTHER);
  });
});

describe('auto-receipt after the request that held it ends', () => {
  const ends: Array<[string, number, (buyer: Buyer, refundSn: string) => Promise<{ statusCode: number; body: string }>]> = [
    ['withdrawn by the shopper', REFUND_STATUS.withdrawn, (buyer, refundSn) => call(t, buyer, 'PUT', '/p/orderRefund/cancel', { refundSn })],
    ['refused by the seller', REFUND_STATUS.refused, (_buyer, refundSn) => asOwnerNow('PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '已发货，请收货后再申请' })],
    ['refunded in part', REFUND_STATUS.success, (_buyer, refundSn) => asOwnerNow('PUT', `/merchant/refunds/${refundSn}/accept`, {})],
  ];

  it.each(ends)('held while the request is open, the shipped order is received at the next look once it is %s', async (_name, endsIn, end) => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.shipped });
    const { dvyTime } = await orderRow(order.orderNumber);
    await t.ctx.db.transaction((tx) => scheduleAutoReceipt(t.ctx, tx, order.orderNumber, dvyTime!));
    const refundSn = await apply(t, buyer, applyBody(order));
    const receiptJob = async (kind: string) => (await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.ref, order.orderNumber))))[0];
    const receiptAt = (await receiptJob(AUTO_RECEIPT_JOB))!.runAt;

    // Its time comes with the request open: the order waits, and looks again 12 hours later.
    clockTo(receiptAt, SECOND);
    const first = await timed(() => drainJobs(t));
    expect((await orderRow(order.orderNumber)).status).toBe(ORDER_STATUS.shipped);
    const wait = (await receiptJob(AUTO_RECEIPT_WAIT_JOB))!;
    expect(wait.status).toBe(JOB_STATUS.pending);
    expect(wait.runAt.getTime()).toBeGreaterThanOrEqual(first.before + 12 * HOUR);
    expect(wait.runAt.getTime()).toBeLessThanOrEqual(first.after + 12 * HOUR);
    // Still open then: the wait hands it back to auto-receipt, 12 hours on.
    clockTo(wait.runAt, SECOND);
    const second = await timed(() => drainJobs(t));
    expect((await orderRow(order.orderNumber)).status).toBe(ORDER_STATUS.shipped);
    const again = (await receiptJob(AUTO_RECEIPT_JOB))!;
    expect(again.status).toBe(JOB_STATUS.pending);
    expect(again.runAt.getTime()).toBeGreaterThanOrEqual(second.before + 12 * HOUR);
    expect(again.runAt.getTime()).toBeLessThanOrEqual(second.after + 12 * HOUR);

    const ended = await end(buyer, refundSn);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await refundRow(t, refundSn)).returnMoneySts).toBe(endsIn);

    // At the next look nothing is open: the order is received.
    clockTo(again.runAt, SECOND);
    await drainJobs(t);
    const received = await orderRow(order.orderNumber);
    expect(received.status).toBe(ORDER_STATUS.completed);
    expect(received.finallyTime).not.toBeNull();
    expect((await receiptJob(AUTO_RECEIPT_JOB))!.status).toBe(JOB_STATUS.done);
    // Received once: the wait row does not come back.
    expect((await receiptJob(AUTO_RECEIPT_WAIT_JOB))!.status).toBe(JOB_STATUS.done);
  });
});

describe('a WeChat refund notification that is not a success', () => {
  /** A signed refund notification as WeChat Pay v3 sends it. */
  function wechatRefundNotice(refundNo: string, payNo: string, amount: number, eventType: string, status: string) {
    const resource = encryptWechatResource(
      keys.wechat.apiV3Key,
      JSON.stringify({ mchid: keys.wechat.mchId, out_trade_no: payNo, out_refund_no: refundNo, refund_id: `50300${Date.now()}`, refund_status: status, amount: { total: amount, refund: amount } }),
      'refund',
    );
    const id = `evt-${randomBytes(6).toString('hex')}`;
    const body = JSON.stringify({ id, event_type: eventType, resource_type: 'encrypt-resource', resource });
    const timestamp = String(Math.floor(t.ctx.now().getTime() / 1000));
    const nonce = randomBytes(8).toString('hex');
    const headers = { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce, 'wechatpay-signature': signWechat(timestamp, nonce, body, createPrivateKey(keys.wechat.platformPrivateKey)), 'wechatpay-serial': keys.wechat.platformSerialNo };
    return { id, post: () => t.app.inject({ method: 'POST', url: '/notice/refund/3', headers, payload: body }) };
  }

  it.each([
    ['REFUND.ABNORMAL', 'ABNORMAL'],
    ['REFUND.CLOSED', 'CLOSED'],
  ])('%s: acknowledged and recorded; the request stays unpaid (failing, retried), nothing comes back; the retry then refunds it once', async (eventType, status) => {
    const order = await paidOrder(t, PAY_TYPE.wechat, { price: 4_400 });
    await t.ctx.db.update(orders).set({ useScore: 300 }).where(eq(orders.orderNumber, order.orderNumber));
    const merchant = { token: await merchantLogin(t, order.shopId) };
    const skuId = order.items[0]!.skuId;
    const stockBefore = await stockOf(t, skuId);
    const refundSn = await apply(t, order.shopper, { orderNumber: order.orderNumber, refundType: 1, orderItemId: 0, goodsNum: 1, applyType: 1, isReceiver: 0, buyerReason: 1, buyerMobile: '13800138000', photoFiles: [], refundAmount: order.amount });

    // The gateway takes the refund and is processing it (its own result is this test's notification).
    const real = t.ctx.providers.payment.wechat;
    t.ctx.providers.payment.wechat = { ...real, refund: async () => ({ state: 'processing', providerRefundNo: null }), queryRefund: async () => ({ state: 'processing' }) } satisfies PaymentProvider;
    try {
      const accepted = await call(t, merchant, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(MerchantRefundDecisionSchema.parse(accepted.json())).toEqual({ refundSn, returnMoneySts: REFUND_STATUS.accepted, settleStatus: REFUND_SETTLE_STATUS.refunding });
    } finally {
      t.ctx.providers.payment.wechat = real;
    }

    const notice = wechatRefundNotice(refundSn, order.payNo, order.amount, eventType, status);
    const answer = await notice.post();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ code: 'SUCCESS' });

    const row = await refundRow(t, refundSn);
    expect(row).toMatchObject({ returnMoneySts: REFUND_STATUS.accepted, settleStatus: REFUND_SETTLE_STATUS.failing, refundTime: null });
    const [ledgerRow] = await t.ctx.db.select().from(refundPayments).where(eq(refundPayments.refundNo, refundSn));
    expect(ledgerRow).toMatchObject({ status: 3, refundedAt: null, lastError: 'the gateway reported the refund closed or abnormal' });
    expect(await info(t, order.shopper, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.accepted, settleStatus: REFUND_SETTLE_STATUS.failing });
    // Nothing came back: no balance, no points, no stock; the order is still paid, its refund failing.
    expect(await walletBalance(t, order.shopper.userId)).toBe(0);
    expect(await t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.userId, order.shopper.userId), eq(balanceLogs.type, BALANCE_LOG_TYPE.refund)))).toEqual([]);
    expect(await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.bizId, order.orderNumber), eq(scoreLogs.source, POINTS_SOURCE.refundReturn)))).toEqual([]);
    expect(await stockOf(t, skuId)).toBe(stockBefore);
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.paid, refundStatus: 4 });
    // Recorded as the gateway's word on the refund, not as a settlement.
    const [recorded] = await t.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.notifyId, `refund:${notice.id}`));
    expect(recorded).toMatchObject({ processed: true, error: 'refund not successful', payNo: order.payNo });
    // Sent again, it changes nothing.
    expect((await notice.post()).statusCode).toBe(200);
    expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.accepted, settleStatus: REFUND_SETTLE_STATUS.failing });

    // The retries go on under the same number: the (sandbox) gateway refunds it, and the request is settled once.
    t.advanceClock(61 * SECOND);
    await drainJobs(t);
    await eventually(async () => (await refundRow(t, refundSn)).settleStatus === REFUND_SETTLE_STATUS.refunded);
    expect(await refundRow(t, refundSn)).toMatchObject({ returnMoneySts: REFUND_STATUS.success });
    expect(await gatewayRefunds(t, PAY_TYPE.wechat, order.payNo)).toEqual([expect.objectContaining({ refundNo: refundSn, amount: order.amount })]);
    expect(await stockOf(t, skuId)).toBe(stockBefore + 1);
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.cancelled, refundStatus: 2 });
    expect((await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.bizId, order.orderNumber), eq(scoreLogs.source, POINTS_SOURCE.refundReturn)))).map((l) => l.score)).toEqual([300]);
    expect(await walletBalance(t, order.shopper.userId)).toBe(0);
  });
});
