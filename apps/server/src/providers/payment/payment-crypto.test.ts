import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alipaySignContent, signAlipay, verifyAlipay } from './alipay-signature.ts';
import { decryptWechatResource, encryptWechatResource, signWechat, verifyWechat } from './wechat-pay-crypto.ts';

const gateway = generateKeyPairSync('rsa', { modulusLength: 2048 });
const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });

describe('Alipay RSA2', () => {
  const params = {
    out_trade_no: '1928374650192837465',
    total_amount: '128.50',
    trade_no: '2026112322001400001',
    trade_status: 'TRADE_SUCCESS',
    subject: '陶瓷茶杯 x2',
    empty: '',
    sign_type: 'RSA2',
  };

  it('signs the sorted k=v content without sign, sign_type and empty values', () => {
    expect(alipaySignContent(params)).toBe('out_trade_no=1928374650192837465&subject=陶瓷茶杯 x2&total_amount=128.50&trade_no=2026112322001400001&trade_status=TRADE_SUCCESS');
  });

  it('accepts an intact notification and refuses tampering, another key or a missing signature', () => {
    const sign = signAlipay(params, gateway.privateKey);
    expect(verifyAlipay({ ...params, sign }, gateway.publicKey)).toBe(true);
    expect(verifyAlipay({ ...params, total_amount: '0.01', sign }, gateway.publicKey)).toBe(false);
    expect(verifyAlipay({ ...params, sign: signAlipay(params, forger.privateKey) }, gateway.publicKey)).toBe(false);
    expect(verifyAlipay({ ...params }, gateway.publicKey)).toBe(false);
    expect(verifyAlipay({ ...params, sign: 'not base64 at all' }, gateway.publicKey)).toBe(false);
    expect(verifyAlipay({ ...params, sign_type: 'RSA', sign }, gateway.publicKey)).toBe(false);
  });
});

describe('WeChat Pay v3', () => {
  const key = '0123456789abcdef0123456789abcdef';
  const body = JSON.stringify({ id: 'evt-1', event_type: 'TRANSACTION.SUCCESS' });

  it('verifies the timestamp/nonce/body signature and refuses any change', () => {
    const signature = signWechat('1795000000', 'n0nce', body, gateway.privateKey);
    expect(verifyWechat({ timestamp: '1795000000', nonce: 'n0nce', signature, body }, gateway.publicKey)).toBe(true);
    expect(verifyWechat({ timestamp: '1795000001', nonce: 'n0nce', signature, body }, gateway.publicKey)).toBe(false);
    expect(verifyWechat({ timestamp: '1795000000', nonce: 'n0nce', signature, body: body.replace('evt-1', 'evt-2') }, gateway.publicKey)).toBe(false);
    expect(verifyWechat({ timestamp: '1795000000', nonce: 'n0nce', signature: signWechat('1795000000', 'n0nce', body, forger.privateKey), body }, gateway.publicKey)).toBe(false);
  });

  it('round-trips an AES-256-GCM resource and detects tampering and wrong keys', () => {
    const plain = JSON.stringify({ out_trade_no: '1928374650192837465', transaction_id: '4200001', amount: { total: 12850 }, trade_state: 'SUCCESS' });
    const resource = encryptWechatResource(key, plain, 'transaction');
    expect(resource.nonce).toHaveLength(12);
    expect(decryptWechatResource(key, resource)).toBe(plain);
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(() => decryptWechatResource(key, { ...resource, ciphertext: bytes.toString('base64') })).toThrow();
    expect(() => decryptWechatResource(key, { ...resource, associated_data: 'other' })).toThrow();
    expect(() => decryptWechatResource('fedcba9876543210fedcba9876543210', resource)).toThrow();
    expect(() => decryptWechatResource('short', resource)).toThrow();
  });
});
