// Alipay PC page pay (alipay.trade.page.pay): the browser posts an RSA2-signed form to the
// gateway, which later posts a signed, form-encoded notification. The real gateway and the
// sandbox cashier (/sandbox/alipay/gateway.do) speak the same protocol; only the URL and keys differ.
import type { KeyObject } from 'node:crypto';
import { createVerify } from 'node:crypto';
import { signAlipayRequest, verifyAlipay } from './alipay-signature.ts';
import { escapeHtml, fenToYuan, formatGmt8, yuanToFen, type GatewayRefund, type PaymentProvider, type RefundRequest, type StartPaymentInput } from './payment-provider.ts';
import type { SandboxRefundGateway } from './sandbox-refunds.ts';

const REQUEST_TIMEOUT_MS = 10_000;

export interface AlipayOptions {
  appId: string;
  /** The app's key: signs requests. */
  privateKey: KeyObject;
  /** The gateway's key: signs notifications. */
  alipayPublicKey: KeyObject;
  /** The gateway for this buyer (the sandbox one lives on the storefront's origin). */
  gatewayUrl: (webOrigin: string) => string;
  isSandbox: boolean;
  now?: () => Date;
  /** The sandbox gateway's refund records (sandbox only); the real adapter calls the gateway. */
  sandboxRefunds?: SandboxRefundGateway;
  fetch?: typeof fetch;
}

/** The signed parameters of one OpenAPI call (alipay.trade.refund, alipay.trade.fastpay.refund.query). */
export function buildApiParams(options: Pick<AlipayOptions, 'appId' | 'privateKey' | 'now'>, method: string, biz: Record<string, string>): Record<string, string> {
  const now = (options.now ?? (() => new Date()))();
  const params: Record<string, string> = {
    app_id: options.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: formatGmt8(now),
    version: '1.0',
    biz_content: JSON.stringify(biz),
  };
  params.sign = signAlipayRequest(params, options.privateKey);
  return params;
}

/**
 * The response node of an OpenAPI answer, checked against the gateway's signature: Alipay signs
 * the node's exact text (`{"alipay_..._response":{...},"sign":"..."}`). Null when unsigned or altered.
 */
export function verifiedResponseNode(body: string, node: string, alipayPublicKey: KeyObject): Record<string, string> | null {
  const match = new RegExp(`"${node}"\\s*:\\s*(\\{[\\s\\S]*?\\})\\s*,\\s*"sign"\\s*:\\s*"([^"]+)"`).exec(body);
  if (!match) return null;
  try {
    if (!createVerify('RSA-SHA256').update(match[1]!, 'utf8').verify(alipayPublicKey, match[2]!, 'base64')) return null;
    return JSON.parse(match[1]!) as Record<string, string>;
  } catch {
    return null;
  }
}

async function callAlipay(options: AlipayOptions, method: string, biz: Record<string, string>): Promise<Record<string, string>> {
  const params = buildApiParams(options, method, biz);
  const response = await (options.fetch ?? fetch)(`${options.gatewayUrl('')}?charset=utf-8`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: new URLSearchParams(params).toString(),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  const node = verifiedResponseNode(text, `${method.replace(/\./g, '_')}_response`, options.alipayPublicKey);
  if (!response.ok || !node) throw new Error(`Alipay ${method} failed: ${response.status}${node ? '' : ' (unsigned answer)'}`);
  return node;
}

/** alipay.trade.refund: fund_change Y means the money moved now; a repeat of a done refund answers N. */
async function alipayRefund(options: AlipayOptions, input: RefundRequest): Promise<GatewayRefund> {
  const node = await callAlipay(options, 'alipay.trade.refund', {
    out_trade_no: input.payNo,
    ...(input.providerTradeNo ? { trade_no: input.providerTradeNo } : {}),
    refund_amount: fenToYuan(input.amount),
    out_request_no: input.refundNo,
    refund_reason: input.reason.slice(0, 256),
  });
  if (node.code !== '10000') {
    // A system error or a busy gateway is tried again; a business refusal is final.
    if (node.code === '20000' || node.sub_code === 'ACQ.SYSTEM_ERROR') throw new Error(`Alipay refund: ${node.sub_code ?? node.code} ${node.sub_msg ?? ''}`.trim());
    return { state: 'refused', message: `${node.sub_code ?? node.code} ${node.sub_msg ?? node.msg ?? ''}`.trim() };
  }
  return node.fund_change === 'Y' ? { state: 'success', providerRefundNo: node.trade_no ?? null } : alipayQuery(options, { refundNo: input.refundNo, payNo: input.payNo });
}

/** alipay.trade.fastpay.refund.query: REFUND_SUCCESS, or no refund under that number. */
async function alipayQuery(options: AlipayOptions, input: { refundNo: string; payNo: string }): Promise<GatewayRefund> {
  const node = await callAlipay(options, 'alipay.trade.fastpay.refund.query', { out_trade_no: input.payNo, out_request_no: input.refundNo, query_options: '["gmt_refund_pay"]' });
  if (node.code !== '10000') throw new Error(`Alipay refund query: ${node.sub_code ?? node.code}`);
  if (node.refund_status === 'REFUND_SUCCESS') return { state: 'success', providerRefundNo: node.trade_no ?? null };
  // Without refund_amount the gateway holds no refund under this number.
  return node.refund_amount ? { state: 'processing', providerRefundNo: node.trade_no ?? null } : { state: 'absent' };
}

/** The signed request parameters of one page pay, in Alipay's names. */
export function buildPagePayParams(options: AlipayOptions, input: StartPaymentInput): Record<string, string> {
  const now = (options.now ?? (() => new Date()))();
  const params: Record<string, string> = {
    app_id: options.appId,
    method: 'alipay.trade.page.pay',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: formatGmt8(now),
    version: '1.0',
    notify_url: input.notifyUrl,
    return_url: input.returnUrl,
    biz_content: JSON.stringify({
      out_trade_no: input.payNo,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: fenToYuan(input.amount),
      subject: input.subject.slice(0, 256),
      time_expire: formatGmt8(input.expiresAt),
    }),
  };
  params.sign = signAlipayRequest(params, options.privateKey);
  return params;
}

/** The auto-submitting form Alipay's SDK renders for page pay. */
export function renderPagePayForm(action: string, params: Record<string, string>): string {
  const inputs = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form id="alipaysubmit" name="alipaysubmit" action="${escapeHtml(action)}?charset=utf-8" method="POST" accept-charset="utf-8">${inputs}<input type="submit" value="ok" style="display:none"></form><script>document.forms['alipaysubmit'].submit();</script>`;
}

export function createAlipayProvider(options: AlipayOptions): PaymentProvider {
  const plain = (body: string, status = 200) => ({ status, contentType: 'text/plain; charset=utf-8', body });
  return {
    payType: 2,
    name: options.isSandbox ? 'alipay-sandbox' : 'alipay',
    isSandbox: options.isSandbox,
    ack: { ok: plain('success'), fail: plain('failure') },

    async startPayment(input) {
      return { form: renderPagePayForm(options.gatewayUrl(input.webOrigin), buildPagePayParams(options, input)) };
    },

    async refund(input) {
      return options.sandboxRefunds ? options.sandboxRefunds.accept(2, input) : alipayRefund(options, input);
    },

    async queryRefund(input) {
      return options.sandboxRefunds ? options.sandboxRefunds.query(2, input.refundNo) : alipayQuery(options, input);
    },

    /** Alipay answers refunds synchronously and by query; it posts no refund notification here. */
    async verifyRefundNotification() {
      return null;
    },

    async verifyNotification({ rawBody }) {
      const params = Object.fromEntries(new URLSearchParams(rawBody));
      if (!verifyAlipay(params, options.alipayPublicKey)) return null;
      // A notification for another app is not ours, however well signed.
      if (params.app_id !== options.appId) return null;
      const amount = yuanToFen(params.total_amount);
      if (!params.notify_id || !params.out_trade_no || !params.trade_no || amount === null) return null;
      return {
        notifyId: params.notify_id,
        payNo: params.out_trade_no,
        providerTradeNo: params.trade_no,
        amount,
        paid: params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED',
      };
    },
  };
}
