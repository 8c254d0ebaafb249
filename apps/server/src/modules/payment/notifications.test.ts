import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, desc, eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProviders } from '../../providers/create-providers.ts';
import { buildApp } from '../../app.ts';
import { loadEnv } from '../../env.ts';
import { paymentNotifications, paymentRefunds, payments, products } from '../../db/schema.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { signAlipay, verifyAlipay, verifyAlipayRequest } from '../../providers/payment/alipay-signature.ts';
import { fenToYuan } from '../../providers/payment/payment-provider.ts';
import { loadSandboxKeys, type SandboxKeys } from '../../providers/payment/sandbox-keys.ts';
import { encryptWechatResource, signWechat } from '../../providers/payment/wechat-pay-crypto.ts';
import { FORGED_RAW_MAX_CHARS } from './service.ts';
import { recordForgedNotification } from './repository.ts';
import { authed, createShopper, createUnpaidOrders, orderRow, type TestOrder, type TestShopper } from '../../test/payment-test-kit.ts';

let t: TestApp;
let keys: SandboxKeys;
const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const WEB = { 'x-forwarded-host': 'shop.example.test', 'x-forwarded-proto': 'https' };

beforeAll(async () => {
  t = await ensureSeeded();
  keys = await loadSandboxKeys(t.ctx.db);
});

afterEach(() => t.resetClock());

/** The hidden fields of the auto-posting form, as the browser would send them. */
function formFields(html: string): Record<string, string> {
  const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  return Object.fromEntries([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [unescape(m[1]!), unescape(m[2]!)]));
}

async function startPay(u: TestShopper, order: TestOrder, payType: 2 | 3) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/p/order/pay',
    headers: { ...authed(u.token), ...WEB, 'content-type': 'application/json' },
    payload: JSON.stringify({ orderNumbers: order.orderNumber, payType, returnUrl: '/payment/result' }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { payNo: string; form?: string; codeUrl?: string };
}

function alipayNotice(payNo: string, amount: number, overrides: Record<string, string> = {}, key = createPrivateKey(keys.alipay.gatewayPrivateKey)) {
  const params: Record<string, string> = {
    notify_id: randomBytes(8).toString('hex'),
    notify_type: 'trade_status_sync',
    notify_time: '2026-11-23 10:00:00',
    app_id: keys.alipay.appId,
    out_trade_no: payNo,
    trade_no: `2026112322001${randomBytes(6).toString('hex').replace(/\D/g, '1')}`,
    trade_status: 'TRADE_SUCCESS',
    total_amount: fenToYuan(amount),
    charset: 'utf-8',
    sign_type: 'RSA2',
    ...overrides,
  };
  params.sign = signAlipay(params, key);
  return new URLSearchParams(params).toString();
}

const postAlipay = (payload: string) =>
  t.app.inject({ method: 'POST', url: '/notice/pay/0/2', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload });

function wechatNotice(payNo: string, amount: number, options: { key?: string; signer?: ReturnType<typeof createPrivateKey>; timestamp?: number; tradeState?: string } = {}) {
  const resource = encryptWechatResource(
    options.key ?? keys.wechat.apiV3Key,
    JSON.stringify({ mchid: keys.wechat.mchId, appid: keys.wechat.appId, out_trade_no: payNo, transaction_id: `42000${Date.now()}`, trade_state: options.tradeState ?? 'SUCCESS', amount: { total: amount, currency: 'CNY' } }),
    'transaction',
  );
  const body = JSON.stringify({ id: `evt-${randomBytes(6).toString('hex')}`, event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource });
  const timestamp = String(options.timestamp ?? Math.floor(t.ctx.now().getTime() / 1000));
  const nonce = randomBytes(8).toString('hex');
  const signature = signWechat(timestamp, nonce, body, options.signer ?? createPrivateKey(keys.wechat.platformPrivateKey));
  return { body, headers: { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce, 'wechatpay-signature': signature, 'wechatpay-serial': keys.wechat.platformSerialNo } };
}

const postWechat = (n: { body: string; headers: Record<string, string> }) => t.app.inject({ method: 'POST', url: '/notice/pay/0/3', headers: n.headers, payload: n.body });

const paymentRow = async (payNo: string) => (await t.ctx.db.select().from(payments).where(eq(payments.payNo, payNo)))[0]!;
const soldOf = async (productId: number) => (await t.ctx.db.select({ n: products.soldNum }).from(products).where(eq(products.id, productId)))[0]!.n;

describe('Alipay through the sandbox cashier', () => {
  it('signs the page-pay form, shows the cashier, pays on confirm and returns with signed parameters', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 12_850 }]);
    const { payNo, form } = await startPay(u, order!, 2);
    expect(form).toContain('action="https://shop.example.test/sandbox/alipay/gateway.do?charset=utf-8"');
    const fields = formFields(form!);
    expect(verifyAlipayRequest(fields, createPublicKey(keys.alipay.appPublicKey))).toBe(true);
    expect(fields).toMatchObject({ app_id: keys.alipay.appId, method: 'alipay.trade.page.pay', notify_url: 'https://shop.example.test/api/notice/pay/0/2' });
    expect(fields.return_url).toBe(`https://shop.example.test/payment/result?payNo=${payNo}`);
    expect(JSON.parse(fields.biz_content!)).toMatchObject({ out_trade_no: payNo, total_amount: '128.50', product_code: 'FAST_INSTANT_TRADE_PAY' });

    const cashier = await t.app.inject({ method: 'POST', url: '/sandbox/alipay/gateway.do?charset=utf-8', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    expect(cashier.statusCode).toBe(200);
    expect(cashier.body).toContain('¥128.50');
    expect(cashier.body).toContain(payNo);
    // The gateway checks the app's signature like the real one: any change is refused.
    const tampered = { ...fields, biz_content: fields.biz_content!.replace('128.50', '0.01') };
    const refused = await t.app.inject({ method: 'POST', url: '/sandbox/alipay/gateway.do', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(tampered).toString() });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('invalid-signature');
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/alipay/pay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(tampered).toString() })).statusCode).toBe(400);
    expect((await orderRow(t, order!.orderNumber)).status).toBe(1);

    const confirm = await t.app.inject({ method: 'POST', url: '/sandbox/alipay/pay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    expect(confirm.statusCode).toBe(302);
    const back = new URL(confirm.headers.location as string);
    expect(back.origin + back.pathname).toBe('https://shop.example.test/payment/result');
    expect(back.searchParams.get('payNo')).toBe(payNo);
    const sync = Object.fromEntries([...back.searchParams].filter(([k]) => k !== 'payNo'));
    expect(sync).toMatchObject({ out_trade_no: payNo, total_amount: '128.50', method: 'alipay.trade.page.pay.return' });
    expect(verifyAlipay(sync, createPublicKey(keys.alipay.gatewayPublicKey))).toBe(true);

    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 2, isPayed: true, payType: 2, payNo });
    expect(await paymentRow(payNo)).toMatchObject({ status: 1, providerTradeNo: sync.trade_no });
    expect((await t.app.inject({ method: 'GET', url: `/p/order/isPay/0/${payNo}`, headers: authed(u.token) })).json()).toBe(true);
  });

  it('changes the order once for 100 identical notifications at once', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 3_300, count: 3 }]);
    const { payNo } = await startPay(u, order!, 2);
    const sold = await soldOf(order!.productId);
    const notice = alipayNotice(payNo, order!.amount);
    const answers = await Promise.all(Array.from({ length: 100 }, () => postAlipay(notice)));
    for (const a of answers) expect(a.body).toBe('success');
    expect(await soldOf(order!.productId)).toBe(sold + 3);
    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 2, version: 1 });
    const rows = await t.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.payNo, payNo));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ verified: true, processed: true });
    // Another notification of the same trade (say TRADE_FINISHED later) changes nothing either.
    expect((await postAlipay(alipayNotice(payNo, order!.amount, { trade_status: 'TRADE_FINISHED' }))).body).toBe('success');
    expect(await soldOf(order!.productId)).toBe(sold + 3);
  });

  it('refuses a forged signature, another app, or a wrong amount, records them and changes nothing', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 5_000 }]);
    const { payNo } = await startPay(u, order!, 2);
    const forged = await postAlipay(alipayNotice(payNo, order!.amount, {}, forger.privateKey));
    expect(forged.body).toBe('failure');
    const tampered = new URLSearchParams(alipayNotice(payNo, order!.amount));
    tampered.set('total_amount', '0.01');
    expect((await postAlipay(tampered.toString())).body).toBe('failure');
    expect((await postAlipay(alipayNotice(payNo, order!.amount, { app_id: '2021000000000000' }))).body).toBe('failure');
    expect((await postAlipay('not a notification')).body).toBe('failure');
    const wrongAmount = await postAlipay(alipayNotice(payNo, order!.amount - 1));
    expect(wrongAmount.body).toBe('failure');

    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 1, isPayed: false });
    expect(await paymentRow(payNo)).toMatchObject({ status: 0, providerTradeNo: null });
    const recorded = await t.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.payNo, payNo));
    expect(recorded.map((r) => r.error)).toEqual(['amount mismatch']);
    const unverified = await t.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.verified, false));
    expect(unverified.some((r) => r.raw.includes(payNo))).toBe(true);
  });

  it('a delivery to the wrong entry is refused without using up its notify_id: the correct delivery then pays', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 2_600 }]);
    const { payNo } = await startPay(u, order!, 2);
    const notice = alipayNotice(payNo, order!.amount);
    const post = (entry: number) => t.app.inject({ method: 'POST', url: `/notice/pay/${entry}/2`, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: notice });
    // Addressed to the top-up and the membership entries (twice: the gateway retries): refused, nothing paid.
    for (const entry of [1, 2, 1]) expect((await post(entry)).body).toBe('failure');
    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 1, isPayed: false });
    // The same notification at its own entry is accepted, once.
    expect((await post(0)).body).toBe('success');
    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 2, isPayed: true, payNo });
    expect((await post(0)).body).toBe('success');
    const rows = await t.ctx.db.select().from(paymentNotifications).where(eq(paymentNotifications.payNo, payNo)).orderBy(paymentNotifications.id);
    // Kept for the record: each refused entry once, and the accepted delivery under the gateway's id.
    expect(rows.map((r) => [r.payEntry, r.processed, r.error])).toEqual([
      [1, false, 'payment type or entry mismatch'],
      [2, false, 'payment type or entry mismatch'],
      [0, true, null],
    ]);
    expect(rows[2]!.notifyId).toBe(new URLSearchParams(notice).get('notify_id'));
  });

  it('records the money of orders cancelled meanwhile for refund and does not revive them', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 7_700 }]);
    const { payNo } = await startPay(u, order!, 2);
    const { closeOrder } = await import('../../flows/cancel-order.ts');
    expect(await closeOrder(t.ctx, { orderNumber: order!.orderNumber, closeType: 1 })).toBe(true);
    expect((await postAlipay(alipayNotice(payNo, 7_700))).body).toBe('success');
    expect((await orderRow(t, order!.orderNumber)).status).toBe(6);
    expect(await paymentRow(payNo)).toMatchObject({ status: 1 });
    const [refund] = await t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.payNo, payNo));
    expect(refund).toMatchObject({ amount: 7_700, payType: 2, status: 0 });
  });
});

describe('WeChat Pay through the sandbox QR page', () => {
  it('gives a payment link; the phone page shows the amount and confirming pays the order', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 4_250 }]);
    const { payNo, codeUrl } = await startPay(u, order!, 3);
    expect(codeUrl).toMatch(/^https:\/\/shop\.example\.test\/sandbox\/wechat\/native\/\d{19}\.[\w-]{22}$/);
    const info = await t.app.inject({ method: 'GET', url: `/p/order/getPayInfoByPayNo?payNo=${payNo}`, headers: { ...authed(u.token), ...WEB } });
    expect(info.json()).toMatchObject({ payNo, payType: 3, status: 0, totalFee: 4_250, codeUrl });
    const path = new URL(codeUrl!).pathname;
    const phone = await t.app.inject({ method: 'GET', url: path });
    expect(phone.statusCode).toBe(200);
    expect(phone.body).toContain('¥42.50');
    // A guessed link for the same payment is not accepted.
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/wechat/native/${payNo}.AAAAAAAAAAAAAAAAAAAAAA` })).statusCode).toBe(404);

    const confirm = await t.app.inject({ method: 'POST', url: path });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Payment successful');
    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 2, payType: 3, payNo });
    expect((await t.app.inject({ method: 'GET', url: `/p/order/isPay/0/${payNo}`, headers: authed(u.token) })).json()).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/p/order/getPayInfoByPayNo?payNo=${payNo}`, headers: authed(u.token) })).json()).toMatchObject({ status: 1, codeUrl: null });
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Already paid');
  });

  it('verifies the v3 signature, the timestamp and the encrypted resource; repeats are no-ops', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 999 }]);
    const { payNo } = await startPay(u, order!, 3);
    const forged = await postWechat(wechatNotice(payNo, 999, { signer: createPrivateKey(forger.privateKey.export({ type: 'pkcs8', format: 'pem' })) }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'FAIL' });
    expect((await postWechat(wechatNotice(payNo, 999, { key: 'fedcba9876543210fedcba9876543210' }))).statusCode).toBe(400);
    expect((await postWechat(wechatNotice(payNo, 999, { timestamp: Math.floor(t.ctx.now().getTime() / 1000) - 3_600 }))).statusCode).toBe(400);
    const good = wechatNotice(payNo, 999);
    expect((await postWechat({ ...good, body: good.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ') })).statusCode).toBe(400);
    expect((await postWechat(wechatNotice(payNo, 1_000))).statusCode).toBe(400);
    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 1 });

    const answers = await Promise.all(Array.from({ length: 20 }, () => postWechat(good)));
    for (const a of answers) expect(a.json()).toEqual({ code: 'SUCCESS' });
    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 2, version: 1 });
  });

  it('closes a QR once a newer attempt or a payment supersedes it', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{ price: 1_500 }]);
    const first = await startPay(u, order!, 3);
    const second = await startPay(u, order!, 3);
    expect((await paymentRow(first.payNo)).status).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: new URL(first.codeUrl!).pathname })).body).toContain('QR code expired');
    expect((await t.app.inject({ method: 'GET', url: `/p/order/getPayInfoByPayNo?payNo=${first.payNo}`, headers: authed(u.token) })).json()).toMatchObject({ status: 2, codeUrl: null });
    // A newer Alipay attempt closes the open QR; its payment closes the QR made after it too.
    const alipay = await startPay(u, order!, 2);
    expect((await paymentRow(second.payNo)).status).toBe(2);
    const third = await startPay(u, order!, 3);
    expect((await postAlipay(alipayNotice(alipay.payNo, 1_500))).body).toBe('success');
    expect((await paymentRow(third.payNo)).status).toBe(2);
    expect(await orderRow(t, order!.orderNumber)).toMatchObject({ status: 2, payNo: alipay.payNo });
    // A gateway that takes money on a closed attempt anyway: recorded for refund, the order stays as it is.
    expect((await postWechat(wechatNotice(second.payNo, 1_500))).json()).toEqual({ code: 'SUCCESS' });
    const [refund] = await t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.payNo, second.payNo));
    expect(refund).toMatchObject({ amount: 1_500, payType: 3 });
  });

  it('shows an expired QR once the order’s time is up and will not take the payment', async () => {
    const u = await createShopper(t);
    const [order] = await createUnpaidOrders(t, u.userId, [{}]);
    const { payNo, codeUrl } = await startPay(u, order!, 3);
    t.advanceClock(31 * 60_000);
    const path = new URL(codeUrl!).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('QR code expired');
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/p/order/getPayInfoByPayNo?payNo=${payNo}`, headers: authed(u.token) })).json()).toMatchObject({ status: 0, codeUrl: null });
    expect((await orderRow(t, order!.orderNumber)).status).toBe(1);
  });
});

describe('forged notifications', () => {
  it('are kept truncated, and a body above 16 KB is refused before anything is kept', async () => {
    const marker = randomBytes(6).toString('hex');
    const junk = `notify_id=${marker}&${'x'.repeat(15_000)}`;
    expect((await postAlipay(junk)).body).toBe('failure');
    const [kept] = await t.ctx.db.select().from(paymentNotifications).where(like(paymentNotifications.raw, `notify_id=${marker}%`));
    expect(kept).toMatchObject({ verified: false, error: 'signature' });
    expect(kept!.raw).toHaveLength(FORGED_RAW_MAX_CHARS);

    const huge = `notify_id=${marker}huge&${'x'.repeat(17 * 1024)}`;
    expect((await postAlipay(huge)).statusCode).toBe(413);
    expect(await t.ctx.db.select().from(paymentNotifications).where(like(paymentNotifications.raw, `notify_id=${marker}huge%`))).toEqual([]);
  });

  it('keep only the newest ones, so junk cannot grow the table', async () => {
    const tag = `cap-${randomBytes(6).toString('hex')}`;
    const verifiedId = `${tag}-verified`;
    await t.ctx.db.insert(paymentNotifications).values({ payType: 2, notifyId: verifiedId, raw: tag, verified: true });
    for (let i = 0; i < 6; i++) await recordForgedNotification(t.ctx.db, { payType: 2, notifyId: `${tag}-${i}`, raw: tag, error: 'signature' }, 3);
    const unverified = await t.ctx.db
      .select({ notifyId: paymentNotifications.notifyId })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.verified, false))
      .orderBy(desc(paymentNotifications.id));
    expect(unverified.map((r) => r.notifyId)).toEqual([`${tag}-5`, `${tag}-4`, `${tag}-3`]);
    const verified = await t.ctx.db.select().from(paymentNotifications).where(and(eq(paymentNotifications.notifyId, verifiedId), eq(paymentNotifications.verified, true)));
    expect(verified).toHaveLength(1);
  });

  it('are logged as warnings', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({ ctx: t.ctx, logger: pino({ level: 'warn' }, sink) });
    try {
      const u = await createShopper(t);
      const [order] = await createUnpaidOrders(t, u.userId, [{}]);
      const { payNo } = await startPay(u, order!, 2);
      const res = await logged.inject({ method: 'POST', url: '/notice/pay/0/2', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: alipayNotice(payNo, order!.amount, {}, forger.privateKey) });
      expect(res.body).toBe('failure');
      expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string })).toContainEqual(expect.objectContaining({ level: 40, msg: 'payment notification refused: bad signature or body' }));
      expect((await orderRow(t, order!.orderNumber)).status).toBe(1);
    } finally {
      await logged.close();
    }
  });
});

describe('sandbox gateways', () => {
  it('exist only while the sandbox providers are in use', async () => {
    const pem = (k: ReturnType<typeof generateKeyPairSync>['privateKey']) => k.export({ type: 'pkcs8', format: 'pem' }) as string;
    const pub = (k: ReturnType<typeof generateKeyPairSync>['publicKey']) => k.export({ type: 'spki', format: 'pem' }) as string;
    const a = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const env = loadEnv({
      NODE_ENV: 'test',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: pem(a.privateKey),
      ALIPAY_PUBLIC_KEY: pub(a.publicKey),
      WECHAT_PAY_MCH_ID: '1900000001',
      WECHAT_PAY_APP_ID: 'wx0000000000000001',
      WECHAT_PAY_APIV3_KEY: '0123456789abcdef0123456789abcdef',
      WECHAT_PAY_PRIVATE_KEY: pem(a.privateKey),
      WECHAT_PAY_SERIAL_NO: 'ABC',
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: pub(a.publicKey),
    });
    // Providers come from the context, built from the environment as server.ts does.
    const real = await buildApp({ ctx: { ...t.ctx, env, providers: await createProviders(env, t.ctx.db, t.ctx.now) } });
    try {
      expect((await real.inject({ method: 'GET', url: '/sandbox/alipay/gateway.do' })).statusCode).toBe(404);
      expect((await real.inject({ method: 'GET', url: '/sandbox/wechat/native/1' })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/alipay/gateway.do' })).statusCode).toBe(400);
  });
});
