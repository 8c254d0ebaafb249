// Alipay PC page pay (alipay.trade.page.pay): the browser posts an RSA2-signed form to the
// gateway, which later posts a signed, form-encoded notification. The real gateway and the
// sandbox cashier (/sandbox/alipay/gateway.do) speak the same protocol; only the URL and keys differ.
import type { KeyObject } from 'node:crypto';
import { signAlipayRequest, verifyAlipay } from './alipay-signature.ts';
import { escapeHtml, fenToYuan, formatGmt8, yuanToFen, type PaymentProvider, type StartPaymentInput } from './payment-provider.ts';

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
