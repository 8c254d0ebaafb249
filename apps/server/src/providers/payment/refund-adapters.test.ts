// The real adapters' refund calls (decision 060) against local stand-ins for the gateways: signed
// like the pay calls, the same refund number on every try, answers trusted only when signed.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrivateKey, createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createAlipayProvider } from './alipay.ts';
import { verifyAlipayRequest } from './alipay-signature.ts';
import type { RefundRequest } from './payment-provider.ts';
import { encryptWechatResource, signWechat } from './wechat-pay-crypto.ts';
import { createWechatPayProvider } from './wechat-pay.ts';

const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const gateway = generateKeyPairSync('rsa', { modulusLength: 2048 });
const APIV3 = '0123456789abcdef0123456789abcdef';
const now = () => new Date('2026-12-06T02:00:00Z');

const request: RefundRequest = {
  refundNo: '2026120600000000001',
  payNo: '1234567890123456789',
  providerTradeNo: '2026120622001400000001',
  amount: 12_850,
  payAmount: 20_000,
  reason: 'Bazaar refund 2026120600000000001',
  notifyUrl: 'https://shop.example.test/api/notice/refund/3',
};

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function fakeGateway(answer: (req: IncomingMessage, body: string) => { status: number; headers?: Record<string, string>; body: string }) {
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    const out = answer(req, body);
    res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
    res.end(out.body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Alipay's answer: the response node's exact text signed with the gateway's key. */
function alipayAnswer(node: string, content: Record<string, string>, key = gateway.privateKey) {
  const text = JSON.stringify(content);
  return `{"${node}":${text},"sign":"${createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64')}"}`;
}

describe('Alipay refunds (alipay.trade.refund, alipay.trade.fastpay.refund.query)', () => {
  const provider = (url: string) =>
    createAlipayProvider({ appId: '2021000000000001', privateKey: app.privateKey, alipayPublicKey: gateway.publicKey, gatewayUrl: () => url, isSandbox: false, now });

  it('sends a signed refund under the refund number; fund_change Y is done', async () => {
    const gw = await fakeGateway(() => ({ status: 200, body: alipayAnswer('alipay_trade_refund_response', { code: '10000', msg: 'Success', fund_change: 'Y', refund_fee: '128.50', trade_no: request.providerTradeNo!, out_trade_no: request.payNo }) }));
    expect(await provider(gw.url).refund(request)).toEqual({ state: 'success', providerRefundNo: request.providerTradeNo });
    const params = Object.fromEntries(new URLSearchParams(gw.seen[0]!.body));
    expect(params.method).toBe('alipay.trade.refund');
    expect(verifyAlipayRequest(params, app.publicKey)).toBe(true);
    expect(JSON.parse(params.biz_content!)).toMatchObject({ out_trade_no: request.payNo, out_request_no: request.refundNo, refund_amount: '128.50' });
  });

  it('a repeat answers fund_change N: the query tells whether it is done; no refund under the number is "absent"', async () => {
    let queried = 0;
    const gw = await fakeGateway((_req, body) => {
      const method = new URLSearchParams(body).get('method');
      if (method === 'alipay.trade.refund') return { status: 200, body: alipayAnswer('alipay_trade_refund_response', { code: '10000', msg: 'Success', fund_change: 'N' }) };
      queried += 1;
      return { status: 200, body: alipayAnswer('alipay_trade_fastpay_refund_query_response', queried === 1 ? { code: '10000', msg: 'Success', refund_status: 'REFUND_SUCCESS', refund_amount: '128.50', trade_no: 'T1' } : { code: '10000', msg: 'Success' }) };
    });
    expect(await provider(gw.url).refund(request)).toEqual({ state: 'success', providerRefundNo: 'T1' });
    expect(await provider(gw.url).queryRefund(request)).toEqual({ state: 'absent' });
    expect(JSON.parse(Object.fromEntries(new URLSearchParams(gw.seen[1]!.body)).biz_content!)).toMatchObject({ out_request_no: request.refundNo });
  });

  it('a business refusal is final; a system error or an unsigned answer throws (tried again later)', async () => {
    let mode = 'refused';
    const gw = await fakeGateway(() =>
      mode === 'refused'
        ? { status: 200, body: alipayAnswer('alipay_trade_refund_response', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_FINISHED', sub_msg: '交易已完结' }) }
        : mode === 'system'
          ? { status: 200, body: alipayAnswer('alipay_trade_refund_response', { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR' }) }
          : { status: 200, body: alipayAnswer('alipay_trade_refund_response', { code: '10000', fund_change: 'Y' }, app.privateKey) },
    );
    expect(await provider(gw.url).refund(request)).toMatchObject({ state: 'refused', message: expect.stringContaining('ACQ.TRADE_HAS_FINISHED') });
    mode = 'system';
    await expect(provider(gw.url).refund(request)).rejects.toThrow(/SYSTEM_ERROR/);
    mode = 'forged';
    await expect(provider(gw.url).refund(request)).rejects.toThrow(/unsigned/);
  });
});

describe('WeChat Pay refunds (v3 /refund/domestic/refunds)', () => {
  const provider = (url: string) =>
    createWechatPayProvider({ mchId: '1900000001', appId: 'wx0000000000000001', apiV3Key: APIV3, platformPublicKey: gateway.publicKey, serialNo: 'SERIAL1', privateKey: app.privateKey, baseUrl: url, now });
  const signed = (status: number, body: unknown, key = gateway.privateKey) => {
    const text = JSON.stringify(body);
    const timestamp = String(Math.floor(now().getTime() / 1000));
    return { status, headers: { 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': 'n1', 'wechatpay-signature': signWechat(timestamp, 'n1', text, createPrivateKey(key.export({ type: 'pkcs8', format: 'pem' }))) }, body: text };
  };

  it('posts a signed refund with the refund number, amounts and notify URL; PROCESSING is processing', async () => {
    const gw = await fakeGateway(() => signed(200, { refund_id: '50300000001', out_refund_no: request.refundNo, status: 'PROCESSING' }));
    expect(await provider(gw.url).refund(request)).toEqual({ state: 'processing', providerRefundNo: '50300000001' });
    const seen = gw.seen[0]!;
    expect(seen).toMatchObject({ method: 'POST', url: '/v3/refund/domestic/refunds' });
    expect(JSON.parse(seen.body)).toEqual({ out_trade_no: request.payNo, out_refund_no: request.refundNo, reason: request.reason, notify_url: request.notifyUrl, amount: { refund: 12_850, total: 20_000, currency: 'CNY' } });
    // The Authorization header signs method, path, time, nonce and body with the merchant's key.
    const auth = String(seen.headers.authorization);
    const field = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(auth)![1]!;
    const message = `POST\n/v3/refund/domestic/refunds\n${field('timestamp')}\n${field('nonce_str')}\n${seen.body}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(app.publicKey, field('signature'), 'base64')).toBe(true);
  });

  it('queries by the refund number: SUCCESS is done, 404 is absent; an unsigned answer throws', async () => {
    let mode = 'ok';
    const gw = await fakeGateway(() => (mode === 'ok' ? signed(200, { refund_id: 'R1', status: 'SUCCESS' }) : mode === 'missing' ? signed(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' }) : signed(200, { status: 'SUCCESS' }, app.privateKey)));
    expect(await provider(gw.url).queryRefund(request)).toEqual({ state: 'success', providerRefundNo: 'R1' });
    expect(gw.seen[0]).toMatchObject({ method: 'GET', url: `/v3/refund/domestic/refunds/${request.refundNo}` });
    mode = 'missing';
    expect(await provider(gw.url).queryRefund(request)).toEqual({ state: 'absent' });
    mode = 'forged';
    await expect(provider(gw.url).queryRefund(request)).rejects.toThrow(/unsigned/);
  });

  it('verifies a REFUND.SUCCESS notification like a payment notification', async () => {
    const p = provider('http://127.0.0.1:9');
    const resource = encryptWechatResource(APIV3, JSON.stringify({ mchid: '1900000001', out_trade_no: request.payNo, out_refund_no: request.refundNo, refund_id: 'R9', refund_status: 'SUCCESS', amount: { total: 20_000, refund: 12_850 } }), 'refund');
    const body = JSON.stringify({ id: 'EV-1', event_type: 'REFUND.SUCCESS', resource_type: 'encrypt-resource', resource });
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const headers = { 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': 'x', 'wechatpay-signature': signWechat(timestamp, 'x', body, createPrivateKey(gateway.privateKey.export({ type: 'pkcs8', format: 'pem' }))) };
    expect(await p.verifyRefundNotification({ headers, rawBody: body })).toEqual({ notifyId: 'EV-1', refundNo: request.refundNo, providerRefundNo: 'R9', amount: 12_850, success: true });
    expect(await p.verifyRefundNotification({ headers, rawBody: body.replace('EV-1', 'EV-2') })).toBeNull();
    const stale = { ...headers, 'wechatpay-timestamp': String(Number(timestamp) - 3_600) };
    expect(await p.verifyRefundNotification({ headers: stale, rawBody: body })).toBeNull();
  });
});
