// The platform console's after-sales (decision 059) on the real database: every shop's requests
// with filters, one request, the step-in decision after a refusal (refund or close, audited, the
// reason shown to both sides), the period settings (audited, validated, used by the next request),
// and the roles' permissions.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminRefundDetailSchema, AdminRefundPageSchema, AftersaleSettingsSchema } from '@bazaar/shared/schemas/refund';
import { REFUND_DEFAULT_PERIODS } from '@bazaar/shared/constants/refund';
import { aftersaleSettings, refunds } from '../db/schema.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin, openShopIds, registerBuyer } from '../test/merchant-test-kit.ts';
import { apply, applyBody, call, expectRefused, info, refundOrder } from '../test/refund-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { auditOf } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';
import { forgetAftersaleSettings, loadPeriods } from '../flows/refund-parts.ts';

let t: TestApp;
let shopId: number;
let owner: { token: string };
let staff: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await ensureSeeded();
  shopId = (await openShopIds(t))[0]!;
  owner = { token: await merchantLogin(t, shopId) };
  staff = await adminToken(t, 'super');
});
afterAll(async () => {
  await forgetSettings();
});

/** The settings back to the defaults, here and in every instance's cache (written behind the module's back). */
async function forgetSettings() {
  await t.ctx.db.delete(aftersaleSettings);
  await forgetAftersaleSettings(t.ctx);
}

function admin(token: string, method: 'GET' | 'PUT', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = { authorization: `Bearer ${token}`, 'accept-language': lang };
  return body === undefined ? t.app.inject({ method, url, headers }) : t.app.inject({ method, url, ...json(body, { headers }) });
}
const refundRow = async (refundSn: string) => (await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn)))[0]!;

/** A request the shop refused and the shopper brought to the platform. */
async function broughtToPlatform(options: { returns?: boolean } = {}) {
  const buyer = await registerBuyer(t);
  const order = await refundOrder(t, buyer, shopId, { status: options.returns ? 5 : 2 });
  const refundSn = await apply(t, buyer, applyBody(order, options.returns ? { applyType: 2, isReceiver: 1 } : {}));
  expect((await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '不同意退款' })).statusCode).toBe(200);
  expect((await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn, reason: '商家拒绝没有道理' })).statusCode).toBe(200);
  return { buyer, order, refundSn };
}

describe('GET /admin/refunds', () => {
  it('lists every shop\'s requests, by shop and those asking the platform; one request with the shopper\'s reason', async () => {
    const { refundSn } = await broughtToPlatform();
    const page = AdminRefundPageSchema.parse((await admin(staff, 'GET', `/admin/refunds?platform=1&shopId=${shopId}`)).json());
    expect(page.records.some((r) => r.refundSn === refundSn)).toBe(true);
    expect(page.records.every((r) => r.platformStatus === 1 && r.shopId === shopId)).toBe(true);
    const detail = AdminRefundDetailSchema.parse((await admin(staff, 'GET', `/admin/refunds/${refundSn}`)).json());
    expect(detail).toMatchObject({ refundSn, returnMoneySts: 7, platformStatus: 1, platformApplyReason: '商家拒绝没有道理', sellerMsg: '不同意退款', canDecide: true });
    expectRefused(await admin(staff, 'GET', '/admin/refunds/1234567890123456789', undefined, 'zh'), '售后申请不存在', 404);
  });
});

describe('PUT /admin/refunds/:refundSn/decide', () => {
  it('refunds a refused refund only: decided with settle 1, audited, the reason shown to the shopper and the shop', async () => {
    const { buyer, refundSn } = await broughtToPlatform();
    expectRefused(await admin(staff, 'PUT', `/admin/refunds/${refundSn}/decide`, { action: 'maybe', reason: 'x' }, 'zh'), '请选择处理结果：退款或关闭');
    expectRefused(await admin(staff, 'PUT', `/admin/refunds/${refundSn}/decide`, { action: 'refund', reason: '' }), 'Enter the reason for the decision');
    const res = await admin(staff, 'PUT', `/admin/refunds/${refundSn}/decide`, { action: 'refund', reason: '凭证显示商品破损' });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminRefundDetailSchema.parse(res.json())).toMatchObject({ platformStatus: 2, platformReason: '凭证显示商品破损', canDecide: false });
    const row = await refundRow(refundSn);
    expect([2, 5]).toContain(row.returnMoneySts);
    expect(row.settleStatus).toBeGreaterThanOrEqual(1);
    const seen = await info(t, buyer, refundSn);
    expect(seen.platformReason).toBe('凭证显示商品破损');
    expect(seen.history.at(-1)).toMatchObject({ actor: 'platform', action: 'platformRefund', note: '凭证显示商品破损' });
    const merchantSees = await call(t, owner, 'GET', `/merchant/refunds/${refundSn}`);
    expect(merchantSees.json().platformReason).toBe('凭证显示商品破损');
    expect(await auditOf(t, 'refund', refundSn)).toEqual([expect.objectContaining({ action: 'refund.decide', after: expect.objectContaining({ action: 'refund', reason: '凭证显示商品破损' }) })]);
    expectRefused(await admin(staff, 'PUT', `/admin/refunds/${refundSn}/decide`, { action: 'close', reason: '再次' }), 'Only requests the shopper brought to the platform can be decided');
  });

  it('a return refused before the goods left goes back to the waybill step; close ends a request', async () => {
    const back = await broughtToPlatform({ returns: true });
    const res = await admin(staff, 'PUT', `/admin/refunds/${back.refundSn}/decide`, { action: 'refund', reason: '支持退货' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await info(t, back.buyer, back.refundSn)).toMatchObject({ returnMoneySts: 2, settleStatus: 0, canSubmitExpress: true, deadlineAction: 'close' });

    const closed = await broughtToPlatform();
    expect((await admin(staff, 'PUT', `/admin/refunds/${closed.refundSn}/decide`, { action: 'close', reason: '证据不足' }, 'zh')).statusCode).toBe(200);
    expect(await refundRow(closed.refundSn)).toMatchObject({ returnMoneySts: -1, settleStatus: 0, platformStatus: 2 });
    expect((await auditOf(t, 'refund', closed.refundSn))[0]).toMatchObject({ action: 'refund.decide' });
  });

  it('refuses to refund an item a later request of the shopper already refunded (never twice for one item)', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 2, count: 1, price: 1_000 });
    const whole = { goodsNum: 1, refundAmount: 1_000 };
    const refused = await apply(t, buyer, applyBody(order, whole));
    expect((await call(t, owner, 'PUT', `/merchant/refunds/${refused}/refuse`, { reason: '不同意退款' })).statusCode).toBe(200);
    // A new request for the same item, accepted and refunded.
    const second = await apply(t, buyer, applyBody(order, whole));
    expect((await call(t, owner, 'PUT', `/merchant/refunds/${second}/accept`, {})).statusCode).toBe(200);
    expect((await refundRow(second)).returnMoneySts).toBe(5);
    // The refused one brought to the platform cannot pay the item again.
    expect((await call(t, buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn: refused, reason: '商家拒绝没有道理' })).statusCode).toBe(200);
    expectRefused(await admin(staff, 'PUT', `/admin/refunds/${refused}/decide`, { action: 'refund', reason: '支持退款' }, 'zh'), '该商品已全部退款');
    expect(await refundRow(refused)).toMatchObject({ returnMoneySts: 7, settleStatus: 0, platformStatus: 1 });
    // Closing it stays possible.
    const closed = await admin(staff, 'PUT', `/admin/refunds/${refused}/decide`, { action: 'close', reason: '已另行退款' });
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('a request nobody brought to the platform cannot be decided', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId);
    const refundSn = await apply(t, buyer, applyBody(order));
    expectRefused(await admin(staff, 'PUT', `/admin/refunds/${refundSn}/decide`, { action: 'refund', reason: '直接退款' }, 'zh'), '只有买家申请平台介入的申请可以处理');
    expect((await refundRow(refundSn)).returnMoneySts).toBe(1);
  });

  it('finance reads but may not decide; service may not change the periods', async () => {
    const { refundSn } = await broughtToPlatform();
    const finance = await adminToken(t, 'finance');
    expect((await admin(finance, 'GET', `/admin/refunds/${refundSn}`)).statusCode).toBe(200);
    expect((await admin(finance, 'PUT', `/admin/refunds/${refundSn}/decide`, { action: 'refund', reason: 'x' })).statusCode).toBe(403);
    const service = await adminToken(t, 'service');
    expect((await admin(service, 'PUT', '/admin/aftersale-settings', { ...REFUND_DEFAULT_PERIODS })).statusCode).toBe(403);
    expect((await refundRow(refundSn)).returnMoneySts).toBe(7);
  });
});

describe('/admin/aftersale-settings', () => {
  it('reads the defaults, refuses bad periods, writes (audited), and the next request uses them', async () => {
    await forgetSettings();
    expect(AftersaleSettingsSchema.parse((await admin(staff, 'GET', '/admin/aftersale-settings')).json())).toEqual(REFUND_DEFAULT_PERIODS);
    expectRefused(await admin(staff, 'PUT', '/admin/aftersale-settings', { ...REFUND_DEFAULT_PERIODS, sellerHandleDays: 0 }, 'zh'), '期限须为1-60天');
    expectRefused(await admin(staff, 'PUT', '/admin/aftersale-settings', { ...REFUND_DEFAULT_PERIODS, reminderHours: 100 }), 'The reminder must be 1 to 72 hours before');
    const next = { ...REFUND_DEFAULT_PERIODS, sellerHandleDays: 3 };
    // The periods are kept in memory (the waybill, accept of a return, the deadlines): the change drops them.
    expect((await loadPeriods(t.ctx)).sellerHandleMs).toBe(REFUND_DEFAULT_PERIODS.sellerHandleDays * DAY);
    const res = await admin(staff, 'PUT', '/admin/aftersale-settings', next);
    expect(res.statusCode, res.body).toBe(200);
    expect((await loadPeriods(t.ctx)).sellerHandleMs).toBe(3 * DAY);
    expect(res.json()).toEqual(next);
    expect((await auditOf(t, 'aftersale', 'settings')).at(-1)).toMatchObject({ action: 'aftersale.settings', after: next });

    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId);
    const refundSn = await apply(t, buyer, applyBody(order));
    const deadline = (await refundRow(refundSn)).deadline!.getTime() - t.ctx.now().getTime();
    expect(Math.abs(deadline - 3 * DAY)).toBeLessThan(60_000);
    await forgetSettings();
  });
});
