import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createAlipayProvider } from './alipay.ts';
import { signAlipay, verifyAlipayRequest } from './alipay-signature.ts';
import { createPaymentProviders } from './create-payment-providers.ts';
import { fenToYuan, yuanToFen, type StartPaymentInput } from './payment-provider.ts';
import { encryptWechatResource, signWechat } from './wechat-pay-crypto.ts';
import { createWechatPayProvider } from './wechat-pay.ts';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: typeof merchant.privateKey) => k.export({ type: 'pkcs8', format: 'pem' }) as string;
const pub = (k: typeof merchant.publicKey) => k.export({ type: 'spki', format: 'pem' }) as string;
const APIV3 = '0123456789abcdef0123456789abcdef';

const input: StartPaymentInput = {
  payNo: '1234567890123456789',
  amount: 12_850,
  subject: '青花瓷茶杯、'.repeat(30),
  expiresAt: new Date('2026-11-23T02:30:00Z'),
  notifyUrl: 'https://shop.example.test/api/notice/pay/0/3',
  returnUrl: 'https://shop.example.test/payment/result?payNo=1234567890123456789',
  webOrigin: 'https://shop.example.test',
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A local stand-in for a gateway on 127.0.0.1: records requests and answers what `answer` says. */
function fakeGateway(answer: (req: IncomingMessage, body: string) => { status: number; headers?: Record<string, string>; body: string }) {
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  let server: Server;
  return {
    seen,
    async start(): Promise<string> {
      server = createServer(async (req, res) => {
        const body = await readBody(req);
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        const out = answer(req, body);
        res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
        res.end(out.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('amounts', () => {
  it('turns fen into yuan strings and back, refusing anything else', () => {
    expect(fenToYuan(12_850)).toBe('128.50');
    expect(fenToYuan(5)).toBe('0.05');
    expect(yuanToFen('128.5')).toBe(12_850);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('1e3')).toBeNull();
    expect(yuanToFen('-1.00')).toBeNull();
    expect(yuanToFen('1.001')).toBeNull();
  });
});

describe('real WeChat Pay adapter (against a local fake)', () => {
  let authorization = '';
  const gateway = fakeGateway((req, body) => {
    authorization = String(req.headers.authorization);
    const fields = Object.fromEntries([...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const ok = createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, fields.signature ?? '', 'base64');
    if (!ok || fields.mchid !== '1900000001' || fields.serial_no !== 'SERIAL01') return { status: 401, body: JSON.stringify({ code: 'SIGN_ERROR', message: 'bad signature' }) };
    const out = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc123' });
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    const signer = req.headers['x-test-bad-answer'] ? merchant.privateKey : platform.privateKey;
    return { status: 200, headers: { 'wechatpay-timestamp': ts, 'wechatpay-nonce': nonce, 'wechatpay-signature': signWechat(ts, nonce, out, signer) }, body: out };
  });
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await gateway.start();
  });
  afterAll(() => gateway.stop());

  const provider = (extra: Partial<Parameters<typeof createWechatPayProvider>[0]> = {}) =>
    createWechatPayProvider({
      mchId: '1900000001',
      appId: 'wx0000000000000001',
      apiV3Key: APIV3,
      serialNo: 'SERIAL01',
      privateKey: merchant.privateKey,
      platformPublicKey: platform.publicKey,
      baseUrl,
      ...extra,
    });

  it('signs the native order request and trusts only a signed answer', async () => {
    const started = await provider().startPayment(input);
    expect(started).toEqual({ codeUrl: 'weixin://wxpay/bizpayurl?pr=abc123' });
    const request = gateway.seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v3/pay/transactions/native' });
    expect(authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="\w+",signature="[^"]+",timestamp="\d+",serial_no="SERIAL01"$/);
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ appid: 'wx0000000000000001', mchid: '1900000001', out_trade_no: input.payNo, notify_url: input.notifyUrl, amount: { total: 12_850, currency: 'CNY' }, time_expire: '2026-11-23T10:30:00+08:00' });
    expect(Buffer.byteLength(body.description)).toBeLessThanOrEqual(127);

    // Signed with a key the platform does not hold: the gateway refuses, and so do we.
    await expect(provider({ privateKey: platform.privateKey }).startPayment(input)).rejects.toThrow(/401/);
    // An answer not signed by the platform is not trusted.
    const unsigned = provider({ fetch: ((url: string, init: RequestInit) => fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-test-bad-answer': '1' } })) as typeof fetch });
    await expect(unsigned.startPayment(input)).rejects.toThrow(/native order failed/);
  });

  it('reads a genuine notification and refuses another merchant’s', async () => {
    const make = (mchid: string) => {
      const resource = encryptWechatResource(APIV3, JSON.stringify({ mchid, appid: 'wx0000000000000001', out_trade_no: input.payNo, transaction_id: '4200001', trade_state: 'SUCCESS', amount: { total: 12_850 } }), 'transaction');
      const body = JSON.stringify({ id: 'evt-1', event_type: 'TRANSACTION.SUCCESS', resource });
      const ts = String(Math.floor(Date.now() / 1000));
      return { rawBody: body, headers: { 'wechatpay-timestamp': ts, 'wechatpay-nonce': 'n1', 'wechatpay-signature': signWechat(ts, 'n1', body, platform.privateKey) } };
    };
    expect(await provider().verifyNotification(make('1900000001'))).toEqual({ notifyId: 'evt-1', payNo: input.payNo, providerTradeNo: '4200001', amount: 12_850, paid: true });
    expect(await provider().verifyNotification(make('1900000002'))).toBeNull();
  });
});

describe('real Alipay adapter (against a local fake gateway)', () => {
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let verified = false;
  const gateway = fakeGateway((_req, body) => {
    // The gateway checks the app's signature over the posted form, sign_type included.
    verified = verifyAlipayRequest(Object.fromEntries(new URLSearchParams(body)), merchant.publicKey);
    return { status: verified ? 200 : 400, body: verified ? 'cashier' : 'invalid-signature' };
  });
  let gatewayUrl = '';
  beforeAll(async () => {
    gatewayUrl = `${await gateway.start()}/gateway.do`;
  });
  afterAll(() => gateway.stop());

  const provider = () =>
    createAlipayProvider({ appId: '2021000000000001', privateKey: merchant.privateKey, alipayPublicKey: alipayKeys.publicKey, gatewayUrl: () => gatewayUrl, isSandbox: false });

  it('renders a form whose posted fields the gateway accepts', async () => {
    const { form } = await provider().startPayment(input);
    const action = /action="([^"]+)"/.exec(form!)![1]!;
    expect(action).toBe(`${gatewayUrl}?charset=utf-8`);
    const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
    const fields = Object.fromEntries([...form!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, unescape(m[2]!)]));
    const res = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    expect(res.status).toBe(200);
    expect(verified).toBe(true);
    expect(JSON.parse(fields.biz_content!)).toMatchObject({ out_trade_no: input.payNo, total_amount: '128.50', time_expire: '2026-11-23 10:30:00' });
    const altered = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields, return_url: 'https://evil.example' }).toString() });
    expect(altered.status).toBe(400);
  });

  it('checks notifications with Alipay’s key and the app id', async () => {
    const params: Record<string, string> = { notify_id: 'n1', app_id: '2021000000000001', out_trade_no: input.payNo, trade_no: 't1', trade_status: 'TRADE_SUCCESS', total_amount: '128.50', sign_type: 'RSA2' };
    const body = (p: Record<string, string>, key = alipayKeys.privateKey) => new URLSearchParams({ ...p, sign: signAlipay(p, key) }).toString();
    expect(await provider().verifyNotification({ headers: {}, rawBody: body(params) })).toEqual({ notifyId: 'n1', payNo: input.payNo, providerTradeNo: 't1', amount: 12_850, paid: true });
    expect(await provider().verifyNotification({ headers: {}, rawBody: body(params, merchant.privateKey) })).toBeNull();
    expect(await provider().verifyNotification({ headers: {}, rawBody: body({ ...params, app_id: '2021000000000002' }) })).toBeNull();
    expect(await provider().verifyNotification({ headers: {}, rawBody: body({ ...params, trade_status: 'WAIT_BUYER_PAY' }) })).toMatchObject({ paid: false });
  });
});

describe('choosing the providers', () => {
  it('uses a real adapter only when all of its variables are set', async () => {
    const bare = (k: string) => k.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const alipay = { ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: bare(pem(merchant.privateKey)), ALIPAY_PUBLIC_KEY: bare(pub(platform.publicKey)) };
    const wechat = {
      WECHAT_PAY_MCH_ID: '1900000001',
      WECHAT_PAY_APP_ID: 'wx1',
      WECHAT_PAY_APIV3_KEY: APIV3,
      WECHAT_PAY_PRIVATE_KEY: pem(merchant.privateKey).replace(/\n/g, '\\n'),
      WECHAT_PAY_SERIAL_NO: 'S',
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: pub(platform.publicKey),
    };
    const now = () => new Date();
    const db = {} as never; // not touched when both are real
    const real = await createPaymentProviders(loadEnv({ NODE_ENV: 'test', ...alipay, ...wechat }), db, now);
    expect([real.alipay.name, real.wechat.name, real.sandbox]).toEqual(['alipay', 'wechat', null]);
    const { getTestApp } = await import('../../test/test-app.ts');
    const t = await getTestApp();
    for (const key of Object.keys(wechat)) {
      const mixed = await createPaymentProviders(loadEnv({ NODE_ENV: 'test', ...alipay, ...wechat, [key]: '' }), t.ctx.db, now);
      expect([mixed.alipay.isSandbox, mixed.wechat.isSandbox], key).toEqual([false, true]);
    }
    const sandbox = await createPaymentProviders(loadEnv({ NODE_ENV: 'test', ...wechat, ALIPAY_APP_ID: '1' }), t.ctx.db, now);
    expect([sandbox.alipay.isSandbox, sandbox.wechat.isSandbox, !!sandbox.sandbox]).toEqual([true, false, true]);
  });
});
