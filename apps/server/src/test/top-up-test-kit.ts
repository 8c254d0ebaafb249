// Factories for the balance and top-up tests: a top-up started through the API, and WeChat Pay
// notifications signed with the sandbox's keys (or a forger's), as the gateway would post them.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { balanceOptions } from '../db/schema.ts';
import { encryptWechatResource, signWechat } from '../providers/payment/wechat-pay-crypto.ts';
import type { SandboxKeys } from '../providers/payment/sandbox-keys.ts';
import type { TestApp } from './test-app.ts';

/** The storefront origin the links are built on. */
export const WEB = { 'x-forwarded-host': 'shop.example.test', 'x-forwarded-proto': 'https' };

export function startTopUp(t: TestApp, token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') {
  return t.app.inject({
    method: 'POST',
    url: '/p/balance/pay',
    headers: { authorization: token, 'accept-language': lang, 'content-type': 'application/json', ...WEB },
    payload: JSON.stringify(body),
  });
}

/** Starts a top-up that must succeed; answers its payNo and the gateway's answer. */
export async function topUpStarted(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await startTopUp(t, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { payNo: string; form?: string; codeUrl?: string };
}

/** A preset of the test's own, on unless said otherwise. */
export async function createOption(t: TestApp, values: Partial<typeof balanceOptions.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(balanceOptions)
    .values({ titleZh: '充 100 送 10', titleEn: 'Top up 100, get 10', rechargeAmount: 10_000, presAmount: 1_000, presScore: 50, presGrowth: 20, seq: 0, status: 1, ...values })
    .returning();
  return row!;
}

/** A WeChat Pay v3 notification of `payNo` paid `amount` fen, signed like the gateway's (or by `signer`). */
export function wechatNotice(t: TestApp, keys: SandboxKeys, payNo: string, amount: number, options: { signer?: ReturnType<typeof createPrivateKey>; id?: string } = {}) {
  const resource = encryptWechatResource(
    keys.wechat.apiV3Key,
    JSON.stringify({ mchid: keys.wechat.mchId, appid: keys.wechat.appId, out_trade_no: payNo, transaction_id: `42000${payNo}`, trade_state: 'SUCCESS', amount: { total: amount, currency: 'CNY' } }),
    'transaction',
  );
  const body = JSON.stringify({ id: options.id ?? `evt-${randomBytes(6).toString('hex')}`, event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource });
  const timestamp = String(Math.floor(t.ctx.now().getTime() / 1000));
  const nonce = randomBytes(8).toString('hex');
  const signature = signWechat(timestamp, nonce, body, options.signer ?? createPrivateKey(keys.wechat.platformPrivateKey));
  return { body, headers: { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce, 'wechatpay-signature': signature, 'wechatpay-serial': keys.wechat.platformSerialNo } };
}

export const postTopUpNotice = (t: TestApp, n: { body: string; headers: Record<string, string> }, payEntry = 1) =>
  t.app.inject({ method: 'POST', url: `/notice/pay/${payEntry}/3`, headers: n.headers, payload: n.body });
