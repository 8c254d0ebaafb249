// WeChat Pay API v3, Native (QR) payments. The real adapter asks the gateway for a code_url with
// a signed request; the sandbox makes a link to its own confirm page. Both check notifications
// the same way: the platform's signature over the exact body, a fresh timestamp, then the
// AEAD_AES_256_GCM resource decrypted with the APIv3 key.
import { createHmac, createSign, randomBytes, type KeyObject } from 'node:crypto';
import { decryptWechatResource, verifyWechat } from './wechat-pay-crypto.ts';
import {
  formatRfc3339Gmt8,
  headerOf,
  type GatewayRefund,
  type NotificationInput,
  type PaymentProvider,
  type RefundRequest,
  type StartPaymentInput,
  type StartedPayment,
  type VerifiedNotification,
  type VerifiedRefundNotification,
} from './payment-provider.ts';
import type { SandboxRefundGateway } from './sandbox-refunds.ts';

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

/** The signed, fresh, decrypted resource of a v3 notification, with the event's id and type; null otherwise. */
function openWechatEvent<T>(options: WechatVerifyOptions, headers: NotificationInput['headers'], rawBody: string): { id: string; eventType: string; resource: T } | null {
  const timestamp = headerOf(headers, 'wechatpay-timestamp');
  const nonce = headerOf(headers, 'wechatpay-nonce');
  const signature = headerOf(headers, 'wechatpay-signature');
  if (!timestamp || !nonce || !signature || !/^\d{1,12}$/.test(timestamp)) return null;
  const nowS = Math.floor((options.now ?? (() => new Date()))().getTime() / 1000);
  if (Math.abs(nowS - Number(timestamp)) > WECHAT_TIMESTAMP_TOLERANCE_S) return null;
  if (!verifyWechat({ timestamp, nonce, signature, body: rawBody }, options.platformPublicKey)) return null;
  try {
    const event = JSON.parse(rawBody) as { id?: string; event_type?: string; resource?: { ciphertext: string; nonce: string; associated_data: string } };
    if (!event.id || !event.resource || !event.event_type) return null;
    return { id: event.id, eventType: event.event_type, resource: JSON.parse(decryptWechatResource(options.apiV3Key, event.resource)) as T };
  } catch {
    return null;
  }
}

interface WechatRefundResource {
  mchid?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  amount?: { total?: number; refund?: number };
}

/** A REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED notification (v3), checked like a payment's. */
export function verifyWechatRefundNotification(options: WechatVerifyOptions, headers: NotificationInput['headers'], rawBody: string): VerifiedRefundNotification | null {
  const event = openWechatEvent<WechatRefundResource>(options, headers, rawBody);
  if (!event || !event.eventType.startsWith('REFUND.')) return null;
  const r = event.resource;
  const amount = r.amount?.refund;
  if (r.mchid !== options.mchId || !r.out_refund_no || !Number.isInteger(amount) || (amount as number) <= 0) return null;
  return {
    notifyId: event.id,
    refundNo: r.out_refund_no,
    providerRefundNo: r.refund_id ?? null,
    amount: amount as number,
    success: event.eventType === 'REFUND.SUCCESS' && r.refund_status === 'SUCCESS',
  };
}

/** The body of POST /v3/refund/domestic/refunds. */
export function refundBody(input: RefundRequest) {
  return {
    out_trade_no: input.payNo,
    out_refund_no: input.refundNo,
    reason: input.reason.slice(0, 80),
    notify_url: input.notifyUrl,
    amount: { refund: input.amount, total: input.payAmount, currency: 'CNY' },
  };
}

/** A refund's status word as this API's state. */
function refundStateOf(status: string | undefined): GatewayRefund['state'] {
  if (status === 'SUCCESS') return 'success';
  if (status === 'PROCESSING') return 'processing';
  if (status === 'CLOSED' || status === 'ABNORMAL') return 'refused';
  throw new Error(`WeChat Pay refund: unexpected status ${status ?? '(none)'}`);
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

  /** A signed v3 call whose signed answer is checked; answers the status and the parsed body. */
  async function call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ status: number; answer: Record<string, unknown> }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const response = await doFetch(`${options.baseUrl}${path}`, {
      method,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        authorization: wechatAuthorization({ method, path, body, mchId: options.mchId, serialNo: options.serialNo, privateKey: options.privateKey, timestamp, nonce }),
      },
      ...(payload === undefined ? {} : { body }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const signed = verifyWechat(
      { timestamp: response.headers.get('wechatpay-timestamp') ?? '', nonce: response.headers.get('wechatpay-nonce') ?? '', signature: response.headers.get('wechatpay-signature') ?? '', body: text },
      options.platformPublicKey,
    );
    if (!signed) throw new Error(`WeChat Pay ${path}: unsigned answer (${response.status})`);
    try {
      return { status: response.status, answer: JSON.parse(text) as Record<string, unknown> };
    } catch {
      throw new Error(`WeChat Pay ${path}: unreadable answer (${response.status})`);
    }
  }

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
    async refund(input) {
      const { status, answer } = await call('POST', '/v3/refund/domestic/refunds', refundBody(input));
      if (status >= 500 || answer.code === 'SYSTEM_ERROR' || answer.code === 'FREQUENCY_LIMITED') throw new Error(`WeChat Pay refund: ${status} ${String(answer.code ?? '')}`.trim());
      if (status >= 400) {
        log?.warn({ status, code: answer.code, message: answer.message }, 'WeChat Pay refund refused');
        return { state: 'refused', message: `${String(answer.code ?? status)} ${String(answer.message ?? '')}`.trim() };
      }
      return { state: refundStateOf(answer.status as string | undefined), providerRefundNo: (answer.refund_id as string | undefined) ?? null };
    },
    async queryRefund(input) {
      const { status, answer } = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(input.refundNo)}`);
      if (status === 404 || answer.code === 'RESOURCE_NOT_EXISTS') return { state: 'absent' };
      if (status >= 400) throw new Error(`WeChat Pay refund query: ${status} ${String(answer.code ?? '')}`.trim());
      return { state: refundStateOf(answer.status as string | undefined), providerRefundNo: (answer.refund_id as string | undefined) ?? null };
    },
    async verifyRefundNotification({ headers, rawBody }) {
      return verifyWechatRefundNotification(options, headers, rawBody);
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

export function createSandboxWechatProvider(options: WechatVerifyOptions & { sandboxRefunds: SandboxRefundGateway }): PaymentProvider {
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
    async refund(input) {
      return options.sandboxRefunds.accept(3, input);
    },
    async queryRefund(input) {
      return options.sandboxRefunds.query(3, input.refundNo);
    },
    async verifyRefundNotification({ headers, rawBody }) {
      return verifyWechatRefundNotification(options, headers, rawBody);
    },
  };
}
