// What the pay flow needs from a payment service. Alipay and WeChat Pay each have a sandbox
// (default; served by this API under /sandbox) and a real adapter chosen by environment variables.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { formatApiTime } from '../../lib/api-time.ts';

export interface StartPaymentInput {
  payNo: string;
  /** Fen. */
  amount: number;
  /** What the buyer sees at the cashier (product names). */
  subject: string;
  expiresAt: Date;
  /** Where the gateway posts its asynchronous notification. */
  notifyUrl: string;
  /** Where the buyer's browser goes back to (Alipay only). */
  returnUrl: string;
  /** The storefront origin the buyer is on, for sandbox links. */
  webOrigin: string;
}

export interface StartedPayment {
  /** Alipay PC: an HTML form that posts the signed request to the gateway. */
  form?: string;
  /** WeChat Native: the payment link to show as a QR code. */
  codeUrl?: string;
}

/** A notification whose signature (and for WeChat, encryption) checked out. */
export interface VerifiedNotification {
  /** The gateway's id of this notification: repeats carry the same one. */
  notifyId: string;
  payNo: string;
  providerTradeNo: string;
  /** Fen. */
  amount: number;
  /** True when the notification says the money was received. */
  paid: boolean;
}

export interface NotificationInput {
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes received: WeChat signs them as they are. */
  rawBody: string;
}

/** A refund sent to the gateway (decision 060). refundNo is the same on every try of one refund. */
export interface RefundRequest {
  refundNo: string;
  payNo: string;
  /** The gateway's trade number of the payment, when known. */
  providerTradeNo: string | null;
  /** Fen to refund, and fen the payment took. */
  amount: number;
  payAmount: number;
  reason: string;
  /** Where the gateway posts the refund's result (WeChat). */
  notifyUrl: string;
}

/**
 * What the gateway says of a refund: done; accepted and still processing; unknown to it (never
 * received: send it again, same number); or refused for good (closed, abnormal, over the amount).
 */
export type GatewayRefundState = 'success' | 'processing' | 'absent' | 'refused';

export interface GatewayRefund {
  state: GatewayRefundState;
  providerRefundNo?: string | null;
  message?: string;
}

/** A refund result notification whose signature (and encryption) checked out. */
export interface VerifiedRefundNotification {
  notifyId: string;
  refundNo: string;
  providerRefundNo: string | null;
  /** Fen refunded. */
  amount: number;
  /** True when the refund succeeded; false for closed or abnormal. */
  success: boolean;
}

export interface PaymentProvider {
  readonly payType: 2 | 3;
  readonly name: string;
  readonly isSandbox: boolean;
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /** The verified content, or null for a forgery or a malformed body. */
  verifyNotification(input: NotificationInput): Promise<VerifiedNotification | null>;
  /** Sends a refund (idempotent by refundNo at the gateway). Throws when the gateway could not be reached or answered nonsense. */
  refund(input: RefundRequest): Promise<GatewayRefund>;
  /** Asks the gateway where a refund stands. */
  queryRefund(input: { refundNo: string; payNo: string }): Promise<GatewayRefund>;
  /** A refund result notification, verified like a payment's; null for a forgery (or a gateway that sends none). */
  verifyRefundNotification(input: NotificationInput): Promise<VerifiedRefundNotification | null>;
  /** What the gateway expects back once a notification was handled, or was refused. */
  readonly ack: { ok: AckReply; fail: AckReply };
}

export interface AckReply {
  status: number;
  contentType: string;
  body: string;
}

/** Yuan with 2 decimals, as gateways want amounts (we keep fen). */
export function fenToYuan(fen: number): string {
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** '128.50' -> 12850; null for anything that is not a plain amount. */
export function yuanToFen(value: string | undefined): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 'yyyy-MM-dd HH:mm:ss' in GMT+8, as Alipay wants its times (the API's own format). */
export const formatGmt8 = formatApiTime;

/** RFC 3339 with the +08:00 offset, as WeChat Pay wants its times. */
export function formatRfc3339Gmt8(date: Date): string {
  return `${formatGmt8(date).replace(' ', 'T')}+08:00`;
}

/** Keys come as PEM or as the bare base64 body Alipay's key tool prints; `\n` escapes are allowed. */
function pemOf(value: string, label: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const text = value.replace(/\\n/g, '\n').trim();
  if (text.includes('-----BEGIN')) return text;
  const body = text.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

export function privateKeyFrom(value: string): KeyObject {
  return createPrivateKey(pemOf(value, 'PRIVATE KEY'));
}

export function publicKeyFrom(value: string): KeyObject {
  return createPublicKey(pemOf(value, 'PUBLIC KEY'));
}

export function headerOf(headers: NotificationInput['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
