// WeChat Pay API v3, Native (QR) payments. The real adapter asks the gateway for a code_url with
// a signed request; the sandbox makes a link to its own confirm page. Both check notifications
// the same way: the platform's signature over the exact body, a fresh timestamp, then the
// AEAD_AES_256_GCM resource decrypted with the APIv3 key.
import { createHmac, createSign, randomBytes, type KeyObject } from 'node:crypto';
import { decryptWechatResource, verifyWechat } from './wechat-pay-crypto.ts';
import { formatRfc3339Gmt8, headerOf, type PaymentProvider, type StartPaymentInput, type StartedPayment, type VerifiedNotification } from './payment-provider.ts';

/** A notification older (or newer) than this is refused, as WeChat's documentation advises. */
export const WECHAT_TIMESTAMP_TOLERANCE_S = 300;
const REQUEST_TIMEOUT_MS = 10_000;

export interface WechatVerifyOptions {
  mchId: string;
  appId: string;
  apiV3Key: string;
  platformPublicKey: KeyObject;
  now?: () => Date;
}

interface WechatTransaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

export function verifyWechatNotification(options: WechatVerifyOptions, headers: Record<string, string | string[] | undefined>, rawBody: string): VerifiedNotification | null {
  const timestamp = headerOf(headers, 'wechatpay-timestamp');
  const nonce = headerOf(headers, 'wechatpay-nonce');
  const signature = headerOf(headers, 'wechatpay-signature');
  if (!timestamp || !nonce || !signature || !/^\d{1,12}$/.test(timestamp)) return null;
  const nowS = Math.floor((options.now ?? (() => new Date()))().getTime() / 1000);
  if (Math.abs(nowS - Number(timestamp)) > WECHAT_TIMESTAMP_TOLERANCE_S) return null;
  if (!verifyWechat({ timestamp, nonce, signature, body: rawBody }, options.platformPublicKey)) return null;
  try {
    const event = JSON.parse(rawBody) as { id?: string; event_type?: string; resource?: { ciphertext: string; nonce: string; associated_data: string } };
    if (!event.id || !event.resource) return null;
    const tx = JSON.parse(decryptWechatResource(options.apiV3Key, event.resource)) as WechatTransaction;
    if (tx.mchid !== options.mchId || tx.appid !== options.appId) return null;
    const amount = tx.amount?.total;
    if (!tx.out_trade_no || !tx.transaction_id || !Number.isInteger(amount) || (amount as number) < 0) return null;
    return {
      notifyId: event.id,
      payNo: tx.out_trade_no,
      providerTradeNo: tx.transaction_id,
      amount: amount as number,
      paid: event.event_type === 'TRANSACTION.SUCCESS' && tx.trade_state === 'SUCCESS',
    };
  } catch {
    return null;
  }
}

const ack = {
  ok: { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS' }) },
  fail: { status: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: 'rejected' }) },
};

/** The body of POST /v3/pay/transactions/native. */
export function nativeOrderBody(options: { mchId: string; appId: string }, input: StartPaymentInput) {
  // description is limited to 127 bytes.
  let description = input.subject;
  while (Buffer.byteLength(description, 'utf8') > 127) description = description.slice(0, -1);
  return {
    appid: options.appId,
    mchid: options.mchId,
    description,
    out_trade_no: input.payNo,
    time_expire: formatRfc3339Gmt8(input.expiresAt),
    notify_url: input.notifyUrl,
    amount: { total: input.amount, currency: 'CNY' },
  };
}

/** The Authorization header of a v3 request: SHA256-RSA over method, path, time, nonce and body. */
export function wechatAuthorization(input: { method: string; path: string; body: string; mchId: string; serialNo: string; privateKey: KeyObject; timestamp: string; nonce: string }): string {
  const message = `${input.method}\n${input.path}\n${input.timestamp}\n${input.nonce}\n${input.body}\n`;
  const signature = createSign('RSA-SHA256').update(message, 'utf8').sign(input.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${input.mchId}",nonce_str="${input.nonce}",signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`;
}

export interface WechatPayOptions extends WechatVerifyOptions {
  serialNo: string;
  privateKey: KeyObject;
  baseUrl: string;
  fetch?: typeof fetch;
}

export function createWechatPayProvider(options: WechatPayOptions, log?: { warn: (obj: object, msg: string) => void }): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  return {
    payType: 3,
    name: 'wechat',
    isSandbox: false,
    ack,
    async startPayment(input): Promise<StartedPayment> {
      const path = '/v3/pay/transactions/native';
      const body = JSON.stringify(nativeOrderBody(options, input));
      const timestamp = String(Math.floor(now().getTime() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const response = await doFetch(`${options.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: wechatAuthorization({ method: 'POST', path, body, mchId: options.mchId, serialNo: options.serialNo, privateKey: options.privateKey, timestamp, nonce }),
        },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      // The answer is signed like a notification; an unsigned or altered one is not trusted.
      const signed = verifyWechat(
        {
          timestamp: response.headers.get('wechatpay-timestamp') ?? '',
          nonce: response.headers.get('wechatpay-nonce') ?? '',
          signature: response.headers.get('wechatpay-signature') ?? '',
          body: text,
        },
        options.platformPublicKey,
      );
      const answer = (() => {
        try {
          return JSON.parse(text) as { code_url?: string; code?: string; message?: string };
        } catch {
          return {};
        }
      })();
      if (!response.ok || !signed || !answer.code_url) {
        log?.warn({ status: response.status, signed, code: answer.code, message: answer.message }, 'WeChat Pay native order refused');
        throw new Error(`WeChat Pay native order failed: ${response.status} ${answer.code ?? ''}`.trim());
      }
      return { codeUrl: answer.code_url };
    },
    async verifyNotification({ headers, rawBody }) {
      return verifyWechatNotification(options, headers, rawBody);
    },
  };
}

/** The sandbox's short, unguessable link for one payment: payNo plus an HMAC of it. */
export function sandboxCodeToken(apiV3Key: string, payNo: string): string {
  return `${payNo}.${createHmac('sha256', apiV3Key).update(`native:${payNo}`).digest('base64url').slice(0, 22)}`;
}

export function payNoOfSandboxToken(apiV3Key: string, token: string): string | null {
  const payNo = token.split('.')[0] ?? '';
  return /^\d{19}$/.test(payNo) && sandboxCodeToken(apiV3Key, payNo) === token ? payNo : null;
}

export function createSandboxWechatProvider(options: WechatVerifyOptions): PaymentProvider {
  return {
    payType: 3,
    name: 'wechat-sandbox',
    isSandbox: true,
    ack,
    async startPayment(input) {
      // The phone opens this page after scanning; it shows the amount and a confirm button.
      return { codeUrl: `${input.webOrigin}/sandbox/wechat/native/${sandboxCodeToken(options.apiV3Key, input.payNo)}` };
    },
    async verifyNotification({ headers, rawBody }) {
      return verifyWechatNotification(options, headers, rawBody);
    },
  };
}
