// The balance and top-up calls (issue 12): presets, the top-up limit and its messages, a top-up
// paid through the WeChat sandbox and credited with its gifts once (however many notifications
// arrive, forged ones changing nothing), the records with filters, and staff's presets and
// adjustments (audited, never below zero).
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BalanceLogPageSchema } from '@bazaar/shared/schemas/balance';
import { balanceLogs, balanceOptions, paymentNotifications, payments, scoreLogs, userWallets } from '../db/schema.ts';
import { loadSandboxKeys, type SandboxKeys } from '../providers/payment/sandbox-keys.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { auditOf, bearer } from '../test/staff-test-kit.ts';
import { authed, createShopper, createUnpaidOrders, ledgerSum, topUpBalance, walletBalance, type TestShopper } from '../test/payment-test-kit.ts';
import { createOption, postTopUpNotice, startTopUp, topUpStarted, wechatNotice, WEB } from '../test/top-up-test-kit.ts';

let t: TestApp;
let keys: SandboxKeys;
let staff: string;
const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });

beforeAll(async () => {
  t = await ensureSeeded();
  keys = await loadSandboxKeys(t.ctx.db);
  staff = await adminToken(t);
});

const get = (u: TestShopper, url: string, lang: 'zh' | 'en' = 'en') => t.app.inject({ method: 'GET', url, headers: authed(u.token, lang) });
async function records(u: TestShopper, query = '') {
  const res = await get(u, `/p/userBalanceLog/log${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return BalanceLogPageSchema.parse(res.json());
}
const scoreOf = async (userId: string) => (await t.ctx.db.select().from(userWallets).where(eq(userWallets.userId, userId)))[0];
const staffSend = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(staff, lang), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

describe('GET /p/userBalance/getList', () => {
  it('answers the presets that are on, in the reader’s language, with their gifts', async () => {
    const u = await createShopper(t);
    const on = await createOption(t, { titleZh: '充 200 送 30', titleEn: 'Top up 200, get 30', rechargeAmount: 20_000, presAmount: 3_000, presScore: 0, presGrowth: 0 });
    const off = await createOption(t, { status: 0 });
    const en = (await get(u, '/p/userBalance/getList')).json() as Array<{ balanceId: number }>;
    expect(en).toContainEqual({ balanceId: on.id, balanceTitle: 'Top up 200, get 30', rechargeAmount: 20_000, presAmount: 3_000, presScore: 0, presGrowth: 0 });
    expect(en.some((o) => o.balanceId === off.id)).toBe(false);
    expect((await get(u, '/p/userBalance/getList', 'zh')).json()).toContainEqual(expect.objectContaining({ balanceId: on.id, balanceTitle: '充 200 送 30' }));
    expect((await t.app.inject({ method: 'GET', url: '/p/userBalance/getList' })).statusCode).toBe(401);
  });
});

describe('POST /p/balance/pay', () => {
  it('refuses a missing, malformed, too small or too large custom amount with the specification’s words', async () => {
    const u = await createShopper(t);
    // customRechargeAmount is integer fen (reference section 1, decision 040): never yuan, never a decimal.
    const notFen = ['充值金额（customRechargeAmount）须为整数，单位为分，例如 1000 表示 10.00 元', 'The top-up amount (customRechargeAmount) must be a whole number of fen, e.g. 1000 for ¥10.00'] as const;
    const cases: Array<[unknown, string, string]> = [
      [undefined, '请输入充值金额', 'Please enter the top-up amount'],
      ['', '请输入充值金额', 'Please enter the top-up amount'],
      [null, '请输入充值金额', 'Please enter the top-up amount'],
      [1000.5, ...notFen],
      [0.01, ...notFen],
      ['1000', ...notFen],
      ['abc', ...notFen],
      [-5, '充值金额不能少于 0.01 元', 'The top-up amount must be at least ¥0.01'],
      [0, '充值金额不能少于 0.01 元', 'The top-up amount must be at least ¥0.01'],
      [10_000_001, '单次充值金额不能超过 100,000 元', 'A single top-up cannot exceed ¥100,000'],
      [1e12, '单次充值金额不能超过 100,000 元', 'A single top-up cannot exceed ¥100,000'],
    ];
    for (const [amount, zh, en] of cases) {
      const body = { id: -1, payType: 3, ...(amount === undefined ? {} : { customRechargeAmount: amount }) };
      const zhRes = await startTopUp(t, u.token, body, 'zh');
      expect(zhRes.statusCode, String(amount)).toBe(400);
      expect(zhRes.body).toBe(zh);
      expect((await startTopUp(t, u.token, body, 'en')).body).toBe(en);
    }
    // The limits themselves are accepted: 10,000,000 fen (100,000 yuan) and 1 fen; the payment is for that many fen.
    const top = await startTopUp(t, u.token, { id: -1, customRechargeAmount: 10_000_000, payType: 3 });
    expect(top.statusCode, top.body).toBe(200);
    expect((await startTopUp(t, u.token, { id: -1, customRechargeAmount: 1, payType: 2 })).statusCode).toBe(200);
    expect((await t.ctx.db.select({ amount: payments.amount }).from(payments).where(eq(payments.userId, u.userId))).map((p) => p.amount).sort((a, b) => a - b)).toEqual([1, 10_000_000]);
    expect(await t.ctx.db.select().from(balanceLogs).where(eq(balanceLogs.userId, u.userId))).toHaveLength(2);
    expect(await walletBalance(t, u.userId)).toBe(0);
  });

  it('is paid by Alipay or WeChat only, and only with a preset that is on', async () => {
    const u = await createShopper(t);
    const off = await createOption(t, { status: 0 });
    const balance = await startTopUp(t, u.token, { id: -1, customRechargeAmount: 1000, payType: 9 }, 'en');
    expect(balance.statusCode).toBe(400);
    expect(balance.body).toBe('Top-ups can only be paid with Alipay or WeChat Pay');
    for (const id of [off.id, 999_999_999]) {
      const res = await startTopUp(t, u.token, { id, payType: 3 }, 'en');
      expect(res.body).toBe('This top-up option does not exist or is no longer offered');
    }
    expect((await t.app.inject({ method: 'POST', url: '/p/balance/pay', headers: { 'content-type': 'application/json' }, payload: '{"id":-1,"customRechargeAmount":100,"payType":3}' })).statusCode).toBe(401);
  });

  it('answers an Alipay form whose notify address is the top-up entry, and the payment as unpaid', async () => {
    const u = await createShopper(t);
    const { payNo, form } = await topUpStarted(t, u.token, { id: -1, customRechargeAmount: 8880, payType: 2 });
    expect(form).toContain('https://shop.example.test/api/notice/pay/1/2');
    expect(form).toContain(`https://shop.example.test/user-center/uc-balance?payNo=${payNo}`);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.payNo, payNo));
    expect(payment).toMatchObject({ payEntry: 1, payType: 2, amount: 8_880, status: 0, userId: u.userId, orderNumbers: null });
    const [log] = await t.ctx.db.select().from(balanceLogs).where(eq(balanceLogs.payNo, payNo));
    expect(log).toMatchObject({ type: 1, ioType: 1, changeBalance: 8_880, isPayed: false, bizId: null });
    expect(payment!.bizId).toBe(String(log!.id));
    expect((await get(u, `/p/order/isPay/1/${payNo}`)).json()).toBe(false);
    // An unpaid top-up is no record yet.
    expect((await records(u)).total).toBe(0);
  });
});

describe('a top-up paid through the WeChat sandbox', () => {
  it('credits the amount and the preset’s gifts once: balance, gift record, points and growth', async () => {
    const u = await createShopper(t);
    const option = await createOption(t, { rechargeAmount: 10_000, presAmount: 1_000, presScore: 50, presGrowth: 20 });
    const before = await scoreOf(u.userId);
    const { payNo, codeUrl } = await topUpStarted(t, u.token, { id: option.id, payType: 3 });
    expect(codeUrl).toMatch(/^https:\/\/shop\.example\.test\/sandbox\/wechat\/native\/\d{19}\./);
    // The preset changing meanwhile does not change what this top-up was promised.
    await t.ctx.db.update(balanceOptions).set({ presAmount: 9_999, presScore: 999 }).where(eq(balanceOptions.id, option.id));
    const info = await t.app.inject({ method: 'GET', url: `/p/order/getPayInfoByPayNo?payNo=${payNo}`, headers: { ...authed(u.token), ...WEB } });
    expect(info.json()).toMatchObject({ payNo, payEntry: 1, payType: 3, status: 0, totalFee: 10_000, orderNumbers: '', codeUrl });
    const path = new URL(codeUrl!).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('¥100.00');
    const confirm = await t.app.inject({ method: 'POST', url: path });
    expect(confirm.body).toContain('Payment successful');

    expect(await walletBalance(t, u.userId)).toBe(11_000);
    expect(await ledgerSum(t, u.userId)).toBe(11_000);
    const after = await scoreOf(u.userId);
    expect(after!.score - (before?.score ?? 0)).toBe(50);
    expect(after!.growth - (before?.growth ?? 0)).toBe(20);
    const gift = await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, u.userId), eq(scoreLogs.source, 6)));
    expect(gift).toEqual([expect.objectContaining({ score: 50, ioType: 1, bizId: payNo })]);
    expect((await get(u, `/p/order/isPay/1/${payNo}`)).json()).toBe(true);
    expect((await get(u, `/p/order/isPay/0/${payNo}`)).statusCode).toBe(400);
    const page = await records(u);
    expect(page.records.map((r) => [r.type, r.ioType, r.changeBalance])).toEqual(expect.arrayContaining([[1, 1, 10_000], [2, 1, 1_000]]));
    expect(page.total).toBe(2);
    // The phone page now says it is paid; a second confirmation credits nothing more.
    await t.app.inject({ method: 'POST', url: path });
    expect(await walletBalance(t, u.userId)).toBe(11_000);
  });

  it('credits once for 50 parallel identical notifications, and once for 50 different ones', async () => {
    const u = await createShopper(t);
    const first = await topUpStarted(t, u.token, { id: -1, customRechargeAmount: 6660, payType: 3 });
    const notice = wechatNotice(t, keys, first.payNo, 6_660);
    const answers = await Promise.all(Array.from({ length: 50 }, () => postTopUpNotice(t, notice)));
    for (const a of answers) expect(a.json()).toEqual({ code: 'SUCCESS' });
    expect(await walletBalance(t, u.userId)).toBe(6_660);

    const second = await topUpStarted(t, u.token, { id: -1, customRechargeAmount: 1000, payType: 3 });
    const distinct = await Promise.all(Array.from({ length: 50 }, () => postTopUpNotice(t, wechatNotice(t, keys, second.payNo, 1_000))));
    for (const a of distinct) expect(a.json()).toEqual({ code: 'SUCCESS' });
    expect(await walletBalance(t, u.userId)).toBe(7_660);
    expect(await ledgerSum(t, u.userId)).toBe(7_660);
    expect((await records(u)).total).toBe(2);
  });

  it('changes nothing for a forged notification, a wrong amount, a wrong entry or an order’s entry', async () => {
    const u = await createShopper(t);
    const { payNo } = await topUpStarted(t, u.token, { id: -1, customRechargeAmount: 2000, payType: 3 });
    const forged = await postTopUpNotice(t, wechatNotice(t, keys, payNo, 2_000, { signer: createPrivateKey(forger.privateKey.export({ type: 'pkcs8', format: 'pem' })) }));
    expect(forged.statusCode).toBe(400);
    expect((await postTopUpNotice(t, wechatNotice(t, keys, payNo, 200_000))).statusCode).toBe(400);
    expect((await postTopUpNotice(t, wechatNotice(t, keys, payNo, 2_000), 0)).statusCode).toBe(400);
    expect(await walletBalance(t, u.userId)).toBe(0);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.payNo, payNo));
    expect(payment!.status).toBe(0);
    const errors = await t.ctx.db.select({ error: paymentNotifications.error }).from(paymentNotifications).where(eq(paymentNotifications.payNo, payNo));
    expect(errors.map((e) => e.error).sort()).toEqual(['amount mismatch', 'payment type or entry mismatch']);
    // The real one still works afterwards.
    expect((await postTopUpNotice(t, wechatNotice(t, keys, payNo, 2_000))).json()).toEqual({ code: 'SUCCESS' });
    expect(await walletBalance(t, u.userId)).toBe(2_000);
  });

  it('settles nothing into the wallet for a membership notification of a payment that is no purchase', async () => {
    const u = await createShopper(t);
    const { payNo } = await topUpStarted(t, u.token, { id: -1, customRechargeAmount: 500, payType: 3 });
    await t.ctx.db.update(payments).set({ payEntry: 2 }).where(eq(payments.payNo, payNo));
    expect((await postTopUpNotice(t, wechatNotice(t, keys, payNo, 500), 2)).json()).toEqual({ code: 'SUCCESS' });
    const [row] = await t.ctx.db.select({ error: paymentNotifications.error }).from(paymentNotifications).where(eq(paymentNotifications.payNo, payNo));
    expect(row!.error).toBe('membership purchase already applied or missing');
    expect(await walletBalance(t, u.userId)).toBe(0);
  });
});

describe('GET /p/userBalanceLog/log', () => {
  it('pages the caller’s settled records newest first, by type and direction, never another’s', async () => {
    const u = await createShopper(t);
    const other = await createShopper(t);
    await topUpBalance(t, u.userId, 50_000);
    await topUpBalance(t, other.userId, 1_000);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 1_990 }]);
    const pay = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: { ...authed(u.token), 'content-type': 'application/json' }, payload: JSON.stringify({ orderNumbers: order!.orderNumber, payType: 9 }) });
    expect(pay.statusCode, pay.body).toBe(200);
    for (let i = 0; i < 3; i++) expect((await staffSend('POST', `/admin/users/${u.userId}/balance`, { change: '1.5', reason: `r${i}` })).statusCode).toBe(200);
    await topUpStarted(t, u.token, { id: -1, customRechargeAmount: 100, payType: 3 });

    const all = await records(u, '?size=2');
    expect(all).toMatchObject({ total: 5, pages: 3, current: 1, size: 2 });
    expect(all.records[0]).toMatchObject({ type: 5, ioType: 1, changeBalance: 150 });
    expect((await records(u, '?size=2&current=3')).records).toHaveLength(1);
    const out = await records(u, '?ioType=0');
    expect(out.records).toEqual([expect.objectContaining({ type: 3, ioType: 0, changeBalance: 1_990, bizId: order!.orderNumber })]);
    expect((await records(u, '?type=5')).total).toBe(3);
    expect((await records(u, '?type=1&ioType=1')).total).toBe(1);
    expect((await records(u, '?type=4')).total).toBe(0);
    const bad = await get(u, '/p/userBalanceLog/log?type=9', 'zh');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('筛选条件不正确');
    expect((await records(other)).total).toBe(1);
  });
});

describe('staff and the balance', () => {
  it('create, edit and turn presets on and off, audited, with messages for bad values', async () => {
    const created = await staffSend('POST', '/admin/balance/options', {
      titleZh: '充 500 送 60',
      titleEn: 'Top up 500, get 60',
      rechargeAmount: '500',
      presAmount: '60',
      presScore: 100,
      presGrowth: 0,
      seq: 1,
      enabled: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const option = created.json() as { id: number };
    expect(option).toMatchObject({ rechargeAmount: 50_000, presAmount: 6_000, presScore: 100, enabled: true });
    const edited = await staffSend('PUT', `/admin/balance/options/${option.id}`, { titleZh: '充 500 送 80', titleEn: 'Top up 500, get 80', rechargeAmount: '500.00', presAmount: '80', presScore: 0, presGrowth: 10, seq: 2, enabled: true });
    expect(edited.json()).toMatchObject({ titleZh: '充 500 送 80', presAmount: 8_000, presGrowth: 10 });
    expect((await staffSend('PUT', `/admin/balance/options/${option.id}/status`, { enabled: false })).json()).toMatchObject({ enabled: false, presAmount: 8_000 });
    expect(((await staffSend('GET', '/admin/balance/options')).json() as Array<{ id: number; enabled: boolean }>).find((o) => o.id === option.id)).toMatchObject({ enabled: false });
    const audit = await auditOf(t, 'balanceOption', option.id);
    expect(audit.map((a) => a.action)).toEqual(['balance.option.create', 'balance.option.update', 'balance.option.update']);
    expect(audit[2]).toMatchObject({ before: expect.objectContaining({ enabled: true }), after: expect.objectContaining({ enabled: false }) });

    const tooMuch = await staffSend('POST', '/admin/balance/options', { titleZh: 'x', titleEn: 'x', rechargeAmount: '100000.01', presAmount: '0', presScore: 0, presGrowth: 0, seq: 0, enabled: true }, 'zh');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toBe('单次充值金额不能超过 100,000 元');
    const noTitle = await staffSend('POST', '/admin/balance/options', { titleZh: ' ', titleEn: 'x', rechargeAmount: '1', presAmount: '0', presScore: 0, presGrowth: 0, seq: 0, enabled: true });
    expect(noTitle.body).toBe('Please enter the option name');
    expect((await staffSend('PUT', '/admin/balance/options/999999999/status', { enabled: true })).body).toBe('This top-up option does not exist or is no longer offered');
    expect((await t.app.inject({ method: 'GET', url: '/admin/balance/options' })).statusCode).toBe(401);
  });

  it('adjusts a shopper’s balance with a reason: a record, an audit entry, never below zero', async () => {
    const u = await createShopper(t);
    expect((await staffSend('GET', `/admin/users/${u.userId}/balance`)).json()).toEqual({ userId: u.userId, balance: 0, threshold: 100_000 });
    expect((await staffSend('POST', `/admin/users/${u.userId}/balance`, { change: '30.50', reason: '物流延误补偿' })).json()).toEqual({ userId: u.userId, balance: 3_050, pending: false, requestId: null, threshold: 100_000 });
    expect((await staffSend('POST', `/admin/users/${u.userId}/balance`, { change: '-10', reason: 'duplicate' })).json()).toEqual({ userId: u.userId, balance: 2_050, pending: false, requestId: null, threshold: 100_000 });
    const below = await staffSend('POST', `/admin/users/${u.userId}/balance`, { change: '-20.51', reason: 'x' }, 'zh');
    expect(below.statusCode).toBe(400);
    expect(below.body).toBe('余额不足，扣减后不能小于 0（当前余额：20.50 元）');
    expect((await staffSend('POST', `/admin/users/${u.userId}/balance`, { change: '-20.51', reason: 'x' })).body).toBe('Insufficient balance: it cannot go below 0 (current balance: ¥20.50)');
    for (const body of [{ change: '0', reason: 'x' }, { change: '1.234', reason: 'x' }, { change: '1', reason: '' }, { change: '1', reason: 'x'.repeat(201) }]) {
      expect((await staffSend('POST', `/admin/users/${u.userId}/balance`, body)).statusCode).toBe(400);
    }
    expect((await staffSend('POST', `/admin/users/${'0'.repeat(32)}/balance`, { change: '1', reason: 'x' })).statusCode).toBe(400);
    expect(await walletBalance(t, u.userId)).toBe(2_050);
    expect(await ledgerSum(t, u.userId)).toBe(2_050);
    expect((await records(u)).records.map((r) => [r.type, r.ioType, r.changeBalance])).toEqual([[5, 0, 1_000], [5, 1, 3_050]]);
    const audit = (await auditOf(t, 'user', u.userId)).filter((a) => a.action === 'balance.adjust');
    expect(audit.map((a) => a.after)).toEqual([{ balance: 3_050, change: 3_050, reason: '物流延误补偿' }, { balance: 2_050, change: -1_000, reason: 'duplicate' }]);
    // A shopper's token is no staff token.
    expect((await t.app.inject({ method: 'POST', url: `/admin/users/${u.userId}/balance`, headers: { authorization: u.token, 'content-type': 'application/json' }, payload: '{"change":"1","reason":"x"}' })).statusCode).toBe(401);
  });
});
