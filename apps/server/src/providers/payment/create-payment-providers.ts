// Chooses each payment service: the real adapter when all of its variables are set, otherwise the
// sandbox (whose gateway pages this API serves under /sandbox while it is in use).
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { createAlipayProvider } from './alipay.ts';
import { privateKeyFrom, publicKeyFrom, type PaymentProvider } from './payment-provider.ts';
import { loadSandboxKeys, type SandboxKeys } from './sandbox-keys.ts';
import { createSandboxRefundGateway, type SandboxRefundGateway } from './sandbox-refunds.ts';
import { createSandboxWechatProvider, createWechatPayProvider } from './wechat-pay.ts';

export interface PaymentProviders {
  alipay: PaymentProvider;
  wechat: PaymentProvider;
  /** The sandbox identities while at least one sandbox is in use; null otherwise. */
  sandbox: SandboxKeys | null;
  /** The sandbox gateways' refund records while at least one sandbox is in use; null otherwise. */
  sandboxRefunds: SandboxRefundGateway | null;
}

/** The sandbox cashier's path; links are built on the storefront's origin, which proxies /sandbox. */
export const SANDBOX_ALIPAY_GATEWAY_PATH = '/sandbox/alipay/gateway.do';

export function realAlipayConfigured(env: Env): boolean {
  return !!(env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY);
}

export function realWechatConfigured(env: Env): boolean {
  return !!(env.WECHAT_PAY_MCH_ID && env.WECHAT_PAY_APP_ID && env.WECHAT_PAY_APIV3_KEY && env.WECHAT_PAY_PRIVATE_KEY && env.WECHAT_PAY_SERIAL_NO && env.WECHAT_PAY_PLATFORM_PUBLIC_KEY);
}

export async function createPaymentProviders(env: Env, db: Db, now: () => Date, log?: FastifyBaseLogger): Promise<PaymentProviders> {
  const realAlipay = realAlipayConfigured(env);
  const realWechat = realWechatConfigured(env);
  const sandbox = realAlipay && realWechat ? null : await loadSandboxKeys(db);
  const sandboxRefunds = sandbox ? createSandboxRefundGateway(db, now, env.SANDBOX_REFUND_DELAY_MS) : null;

  const alipay = realAlipay
    ? createAlipayProvider({
        appId: env.ALIPAY_APP_ID!,
        privateKey: privateKeyFrom(env.ALIPAY_PRIVATE_KEY!),
        alipayPublicKey: publicKeyFrom(env.ALIPAY_PUBLIC_KEY!),
        gatewayUrl: () => env.ALIPAY_GATEWAY_URL,
        isSandbox: false,
        now,
      })
    : createAlipayProvider({
        appId: sandbox!.alipay.appId,
        privateKey: createPrivateKey(sandbox!.alipay.appPrivateKey),
        alipayPublicKey: createPublicKey(sandbox!.alipay.gatewayPublicKey),
        gatewayUrl: (webOrigin) => `${webOrigin}${SANDBOX_ALIPAY_GATEWAY_PATH}`,
        isSandbox: true,
        now,
        sandboxRefunds: sandboxRefunds!,
      });

  const wechat = realWechat
    ? createWechatPayProvider(
        {
          mchId: env.WECHAT_PAY_MCH_ID!,
          appId: env.WECHAT_PAY_APP_ID!,
          apiV3Key: env.WECHAT_PAY_APIV3_KEY!,
          platformPublicKey: publicKeyFrom(env.WECHAT_PAY_PLATFORM_PUBLIC_KEY!),
          serialNo: env.WECHAT_PAY_SERIAL_NO!,
          privateKey: privateKeyFrom(env.WECHAT_PAY_PRIVATE_KEY!),
          baseUrl: env.WECHAT_PAY_BASE_URL,
          now,
        },
        log,
      )
    : createSandboxWechatProvider({
        mchId: sandbox!.wechat.mchId,
        appId: sandbox!.wechat.appId,
        apiV3Key: sandbox!.wechat.apiV3Key,
        platformPublicKey: createPublicKey(sandbox!.wechat.platformPublicKey),
        now,
        sandboxRefunds: sandboxRefunds!,
      });

  return { alipay, wechat, sandbox, sandboxRefunds };
}
