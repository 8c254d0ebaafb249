// The sandbox gateways, registered only while a sandbox provider is in use. They behave like the
// real services: the Alipay cashier checks the app's RSA2 signature, then posts an RSA2-signed
// notification and sends the browser back with signed return parameters; the WeChat page (what a
// phone shows after scanning) posts a v3-signed notification with an AES-GCM-encrypted resource.
// Notifications go through this API's own HTTP stack (inject: same routes, parsers and checks as
// a gateway's POST), so they arrive whatever proxies sit in front, and are retried until answered.
import { createHash, createPrivateKey, createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { signAlipay, verifyAlipayRequest } from '../providers/payment/alipay-signature.ts';
import type { PaymentProviders } from '../providers/payment/create-payment-providers.ts';
import { escapeHtml, fenToYuan, formatGmt8, formatRfc3339Gmt8, yuanToFen } from '../providers/payment/payment-provider.ts';
import type { SandboxKeys } from '../providers/payment/sandbox-keys.ts';
import { encryptWechatResource, signWechat } from '../providers/payment/wechat-pay-crypto.ts';
import { payNoOfSandboxToken } from '../providers/payment/wechat-pay.ts';
import * as repo from '../modules/payment/repository.ts';
import { findUserOrders } from '../modules/order/payment-reads.ts';
import { nonceInlineStyles } from './sandbox-page.ts';

/** Waits before the 2nd, 3rd and 4th delivery of a notification that was not acknowledged. */
export const NOTIFY_RETRY_DELAYS_MS = [1_000, 4_000, 15_000];

interface Options {
  providers: PaymentProviders;
  sandbox: SandboxKeys;
}

type Params = Record<string, string>;

function page(title: string, body: string, accent: string): string {
  return `<!doctype html>
<html lang="zh">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f3f4f6;color:#1f2329}
header{background:${accent};color:#fff;padding:14px 24px;font-size:18px;font-weight:600}
header small{font-weight:400;opacity:.85;margin-left:8px;font-size:13px}
main{max-width:480px;margin:32px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 16px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:10px 16px;margin:0 0 24px}
dt{color:#6b7280}dd{margin:0;word-break:break-all}
.amount{font-size:32px;font-weight:700;color:${accent};margin:8px 0 20px}
.note{color:#6b7280;font-size:13px;line-height:1.6}
button{width:100%;border:0;border-radius:8px;padding:14px;font-size:16px;font-weight:600;color:#fff;background:${accent};cursor:pointer}
button:focus-visible{outline:3px solid #111;outline-offset:2px}
.error{color:#b91c1c;font-weight:600}
.refunds{width:100%;border-collapse:collapse;font-size:13px}
</style>
</head>
<body>${body}</body>
</html>`;
}

const alipayPage = (title: string, main: string) => page(title, `<header>支付宝 · Alipay<small>沙箱收银台 Sandbox cashier</small></header><main>${main}</main>`, '#1677ff');
const wechatPage = (title: string, main: string) => page(title, `<header>微信支付 · WeChat Pay<small>沙箱 Sandbox</small></header><main>${main}</main>`, '#07c160');

function hiddenInputs(params: Params): string {
  return Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
}

/** A deterministic Alipay-looking trade number per app and order (one trade per out_trade_no). */
function alipayTradeNo(appId: string, outTradeNo: string, now: Date): string {
  const digits = BigInt(`0x${createHash('sha256').update(`${appId}:${outTradeNo}`).digest('hex').slice(0, 16)}`).toString().padStart(20, '0').slice(0, 15);
  return `${formatGmt8(now).slice(0, 10).replace(/-/g, '')}22001${digits}`;
}

const toStrings = (value: unknown): Params =>
  Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Params;

export async function sandboxPaymentRoutes(app: FastifyInstance, { providers, sandbox }: Options): Promise<void> {
  const { ctx } = app;
  app.addHook('onSend', nonceInlineStyles);
  // The cashier and the phone page post HTML forms.
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  const log: Pick<FastifyBaseLogger, 'warn'> = app.log;

  /** Posts a notification to this API until it is acknowledged; the first try is awaited. */
  async function deliver(request: { url: string; headers: Record<string, string>; payload: string }, acknowledged: (status: number, body: string) => boolean): Promise<boolean> {
    const attempt = async () => {
      try {
        const res = await app.inject({ method: 'POST', url: request.url, headers: request.headers, payload: request.payload });
        return acknowledged(res.statusCode, res.body);
      } catch {
        return false;
      }
    };
    if (await attempt()) return true;
    const retry = (n: number) => {
      if (n >= NOTIFY_RETRY_DELAYS_MS.length) {
        log.warn({ url: request.url }, 'sandbox notification was never acknowledged');
        return;
      }
      setTimeout(() => void attempt().then((ok) => ok || retry(n + 1)), NOTIFY_RETRY_DELAYS_MS[n]).unref();
    };
    retry(0);
    return false;
  }

  /** The API path of a notify URL built on the storefront origin (which proxies /api to us). */
  const apiPathOf = (notifyUrl: string) => {
    const path = new URL(notifyUrl).pathname;
    return path.startsWith('/api/') ? path.slice(4) : path;
  };

  // What each sandbox gateway holds of refunds (decision 060): one row per refund number, the way a
  // merchant sees them in the gateway's own console. ?payNo= narrows to one payment.
  const refundGateway = providers.sandboxRefunds;
  if (refundGateway) {
    app.get<{ Params: { gateway: string }; Querystring: { payNo?: string } }>(
      '/sandbox/:gateway/refunds',
      { schema: { tags: ['sandbox'], summary: 'Sandbox gateway: the refunds it holds (one per refund number)' } },
      async (request, reply) => {
        const payType = request.params.gateway === 'alipay' && providers.alipay.isSandbox ? PAY_TYPE.alipay : request.params.gateway === 'wechat' && providers.wechat.isSandbox ? PAY_TYPE.wechat : null;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (payType === null) return reply.code(404).send(page('Not found', '<main><h1>Not found</h1></main>', '#6b7280'));
        const payNo = typeof request.query.payNo === 'string' && /^\d{1,20}$/.test(request.query.payNo) ? request.query.payNo : undefined;
        const rows = (await refundGateway.list(payType, payNo)).slice(-200).reverse();
        const now = ctx.now();
        const items = rows
          .map(
            (r) =>
              `<tr data-testid="sandbox-refund"><td>${escapeHtml(r.refundNo)}</td><td>${escapeHtml(r.payNo)}</td><td>${escapeHtml(r.gatewayRefundNo)}</td><td>¥${fenToYuan(r.amount)}</td><td>${r.completesAt <= now ? '退款成功 · SUCCESS' : '处理中 · PROCESSING'}</td><td>${formatGmt8(r.createdAt)}</td></tr>`,
          )
          .join('');
        const table = `<h1>退款记录 · Refunds</h1><p class="note" data-testid="sandbox-refund-count">${rows.length}</p><table class="refunds"><thead><tr><th>退款单号 Refund no.</th><th>订单 Trade</th><th>网关单号 Gateway no.</th><th>金额 Amount</th><th>状态 Status</th><th>时间 Time</th></tr></thead><tbody>${items}</tbody></table>`;
        const body = payType === PAY_TYPE.alipay ? alipayPage('支付宝 · 退款 Refunds', table) : wechatPage('微信支付 · 退款 Refunds', table);
        return reply.send(body.replace('max-width:480px', 'max-width:960px'));
      },
    );
  }

  if (providers.alipay.isSandbox) {
    const appPublicKey = createPublicKey(sandbox.alipay.appPublicKey);
    const gatewayPrivateKey = createPrivateKey(sandbox.alipay.gatewayPrivateKey);

    /** What the real gateway checks before showing its cashier: our app, the method and the signature. */
    function checkRequest(params: Params): { biz: { out_trade_no: string; total_amount: string; subject: string; time_expire?: string }; error?: undefined } | { error: string } {
      if (params.app_id !== sandbox.alipay.appId) return { error: 'invalid-app-id' };
      if (params.method !== 'alipay.trade.page.pay') return { error: 'invalid-method' };
      if (!verifyAlipayRequest(params, appPublicKey)) return { error: 'invalid-signature' };
      try {
        const biz = JSON.parse(params.biz_content ?? '') as { out_trade_no?: string; total_amount?: string; subject?: string; time_expire?: string };
        if (!biz.out_trade_no || yuanToFen(biz.total_amount) === null || !biz.subject) return { error: 'invalid-parameter' };
        if (biz.time_expire && Date.parse(`${biz.time_expire.replace(' ', 'T')}+08:00`) <= ctx.now().getTime()) return { error: 'trade-expired' };
        return { biz: { out_trade_no: biz.out_trade_no, total_amount: biz.total_amount!, subject: biz.subject, time_expire: biz.time_expire } };
      } catch {
        return { error: 'invalid-parameter' };
      }
    }

    const errorPage = (code: string) =>
      alipayPage(
        '支付宝 · 错误',
        `<h1 class="error">${code === 'trade-expired' ? '交易已超时关闭 · The trade has expired' : '请求无效 · Invalid request'}</h1><p class="note">错误码 Error code: ${escapeHtml(code)}</p>`,
      );

    const cashier = async (params: Params) => {
      const checked = checkRequest(params);
      if (checked.error !== undefined) return { status: 400, html: errorPage(checked.error) };
      const { biz } = checked;
      return {
        status: 200,
        html: alipayPage(
          '支付宝收银台 · Alipay cashier',
          `<h1>${escapeHtml(biz.subject)}</h1>
<div class="amount" data-testid="amount">¥${escapeHtml(biz.total_amount)}</div>
<dl><dt>订单号 Order</dt><dd>${escapeHtml(biz.out_trade_no)}</dd><dt>收款方 Payee</dt><dd>Bazaar 百货商城</dd>${biz.time_expire ? `<dt>有效期至 Pay before</dt><dd>${escapeHtml(biz.time_expire)}</dd>` : ''}</dl>
<form method="post" action="/sandbox/alipay/pay">${hiddenInputs(params)}<button type="submit">确认付款 · Confirm payment</button></form>
<p class="note">这是支付宝沙箱，不会扣除真实资金。<br>This is the Alipay sandbox: no real money moves.</p>`,
        ),
      };
    };

    app.get('/sandbox/alipay/gateway.do', { schema: { tags: ['sandbox'], summary: 'Sandbox Alipay cashier' } }, async (request, reply) => {
      const { status, html } = await cashier(toStrings(request.query));
      return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });
    app.post('/sandbox/alipay/gateway.do', { schema: { tags: ['sandbox'], summary: 'Sandbox Alipay cashier (form post)' } }, async (request, reply) => {
      const { status, html } = await cashier({ ...toStrings(request.query), ...toStrings(request.body) });
      return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });

    app.post('/sandbox/alipay/pay', { schema: { tags: ['sandbox'], summary: 'Sandbox Alipay: the buyer confirms' } }, async (request, reply) => {
      const params = toStrings(request.body);
      const checked = checkRequest(params);
      if (checked.error !== undefined) return reply.code(400).type('text/html; charset=utf-8').send(errorPage(checked.error));
      const { biz } = checked;
      const now = ctx.now();
      const tradeNo = alipayTradeNo(sandbox.alipay.appId, biz.out_trade_no, now);
      const notify: Params = {
        gmt_create: formatGmt8(now),
        gmt_payment: formatGmt8(now),
        notify_time: formatGmt8(now),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        charset: 'utf-8',
        version: '1.0',
        app_id: sandbox.alipay.appId,
        auth_app_id: sandbox.alipay.appId,
        seller_id: sandbox.alipay.sellerId,
        buyer_id: `2088${createHash('sha256').update(tradeNo).digest('hex').replace(/\D/g, '').padEnd(12, '0').slice(0, 12)}`,
        out_trade_no: biz.out_trade_no,
        trade_no: tradeNo,
        trade_status: 'TRADE_SUCCESS',
        subject: biz.subject,
        total_amount: biz.total_amount,
        receipt_amount: biz.total_amount,
        invoice_amount: biz.total_amount,
        buyer_pay_amount: biz.total_amount,
        point_amount: '0.00',
        fund_bill_list: JSON.stringify([{ amount: biz.total_amount, fundChannel: 'ALIPAYACCOUNT' }]),
        sign_type: 'RSA2',
      };
      notify.sign = signAlipay(notify, gatewayPrivateKey);
      if (params.notify_url) {
        await deliver(
          { url: apiPathOf(params.notify_url), headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: new URLSearchParams(notify).toString() },
          (status, body) => status === 200 && body.trim() === 'success',
        );
      }
      // The synchronous return: signed parameters on the return URL, as Alipay sends them.
      const back: Params = {
        charset: 'utf-8',
        out_trade_no: biz.out_trade_no,
        method: 'alipay.trade.page.pay.return',
        total_amount: biz.total_amount,
        trade_no: tradeNo,
        auth_app_id: sandbox.alipay.appId,
        version: '1.0',
        app_id: sandbox.alipay.appId,
        sign_type: 'RSA2',
        seller_id: sandbox.alipay.sellerId,
        timestamp: formatGmt8(now),
      };
      back.sign = signAlipay(back, gatewayPrivateKey);
      let target: URL;
      try {
        target = new URL(params.return_url ?? '');
      } catch {
        return reply.type('text/html; charset=utf-8').send(alipayPage('支付成功 · Paid', '<h1>支付成功 · Payment successful</h1>'));
      }
      for (const [k, v] of Object.entries(back)) target.searchParams.set(k, v);
      return reply.redirect(target.toString(), 302);
    });
  }

  if (providers.wechat.isSandbox) {
    const platformPrivateKey = createPrivateKey(sandbox.wechat.platformPrivateKey);

    // A refund the sandbox finished (providers/payment/sandbox-refunds.ts): WeChat posts its
    // REFUND.SUCCESS notification to the refund's notify URL, signed and encrypted as a payment's.
    providers.sandboxRefunds?.onCompleted((payType, row, notifyUrl) => {
      if (payType !== PAY_TYPE.wechat) return;
      const at = ctx.now();
      const resource = encryptWechatResource(
        sandbox.wechat.apiV3Key,
        JSON.stringify({
          mchid: sandbox.wechat.mchId,
          out_trade_no: row.payNo,
          out_refund_no: row.refundNo,
          refund_id: row.gatewayRefundNo,
          refund_status: 'SUCCESS',
          success_time: formatRfc3339Gmt8(at),
          user_received_account: '支付用户零钱',
          amount: { total: row.amount, refund: row.amount, payer_total: row.amount, payer_refund: row.amount },
        }),
        'refund',
      );
      const body = JSON.stringify({ id: randomUUID(), create_time: formatRfc3339Gmt8(at), resource_type: 'encrypt-resource', event_type: 'REFUND.SUCCESS', summary: '退款成功', resource });
      const timestamp = String(Math.floor(at.getTime() / 1000));
      const nonce = randomBytes(16).toString('hex');
      void deliver(
        {
          url: apiPathOf(notifyUrl),
          headers: {
            'content-type': 'application/json',
            'wechatpay-timestamp': timestamp,
            'wechatpay-nonce': nonce,
            'wechatpay-signature': signWechat(timestamp, nonce, body, platformPrivateKey),
            'wechatpay-serial': sandbox.wechat.platformSerialNo,
          },
          payload: body,
        },
        (status) => status === 200 || status === 204,
      );
    });

    async function loadPayment(token: string) {
      const payNo = payNoOfSandboxToken(sandbox.wechat.apiV3Key, token);
      const payment = payNo ? await repo.findPayment(ctx.db, payNo) : undefined;
      if (!payment || payment.payType !== PAY_TYPE.wechat) return null;
      const rows = await findUserOrders(ctx.db, payment.userId, (payment.orderNumbers ?? '').split(',').filter(Boolean));
      const description = rows.map((r) => r.prodName).filter(Boolean).join('、').slice(0, 100) || 'Bazaar';
      return { payment, description };
    }

    const summary = (amount: number, description: string) =>
      `<div class="amount" data-testid="amount">¥${fenToYuan(amount)}</div><dl><dt>商品 Item</dt><dd>${escapeHtml(description)}</dd><dt>收款方 Payee</dt><dd>Bazaar 百货商城</dd></dl>`;

    const stateOf = (payment: repo.PaymentRow) => (payment.status === 1 ? 'paid' : payment.status === 2 || payment.expiresAt <= ctx.now() ? 'expired' : 'open');
    const closedPage = (state: 'paid' | 'expired', amount: number, description: string) =>
      wechatPage(
        '微信支付 · WeChat Pay',
        `${summary(amount, description)}<h1${state === 'expired' ? ' class="error"' : ''}>${state === 'paid' ? '已支付 · Already paid' : '二维码已过期 · QR code expired'}</h1>`,
      );
    const missingPage = () => wechatPage('微信支付 · WeChat Pay', '<h1 class="error">二维码无效 · Invalid QR code</h1>');

    app.get<{ Params: { token: string } }>('/sandbox/wechat/native/:token', { schema: { tags: ['sandbox'], summary: 'Sandbox WeChat Pay: what the phone shows after scanning' } }, async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const found = await loadPayment(request.params.token);
      if (!found) return reply.code(404).send(missingPage());
      const { payment, description } = found;
      const state = stateOf(payment);
      if (state !== 'open') return reply.send(closedPage(state, payment.amount, description));
      return reply.send(
        wechatPage(
          '微信支付 · WeChat Pay',
          `<h1>确认付款 · Confirm payment</h1>${summary(payment.amount, description)}
<form method="post"><button type="submit">确认支付 · Confirm payment</button></form>
<p class="note">这是微信支付沙箱，不会扣除真实资金。<br>This is the WeChat Pay sandbox: no real money moves.</p>`,
        ),
      );
    });

    app.post<{ Params: { token: string } }>('/sandbox/wechat/native/:token', { schema: { tags: ['sandbox'], summary: 'Sandbox WeChat Pay: the phone confirms' } }, async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const found = await loadPayment(request.params.token);
      if (!found) return reply.code(404).send(missingPage());
      const { payment, description } = found;
      const state = stateOf(payment);
      if (state !== 'open') return reply.code(state === 'expired' ? 400 : 200).send(closedPage(state, payment.amount, description));
      const now = ctx.now();
      const transactionId = `4200${createHash('sha256').update(`${sandbox.wechat.mchId}:${payment.payNo}`).digest('hex').replace(/\D/g, '').padEnd(24, '0').slice(0, 24)}`;
      const resource = encryptWechatResource(
        sandbox.wechat.apiV3Key,
        JSON.stringify({
          mchid: sandbox.wechat.mchId,
          appid: sandbox.wechat.appId,
          out_trade_no: payment.payNo,
          transaction_id: transactionId,
          trade_type: 'NATIVE',
          trade_state: 'SUCCESS',
          trade_state_desc: '支付成功',
          bank_type: 'OTHERS',
          attach: '',
          success_time: formatRfc3339Gmt8(now),
          payer: { openid: `sandbox-${payment.userId.slice(0, 12)}` },
          amount: { total: payment.amount, payer_total: payment.amount, currency: 'CNY', payer_currency: 'CNY' },
        }),
        'transaction',
      );
      const body = JSON.stringify({
        id: randomUUID(),
        create_time: formatRfc3339Gmt8(now),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource,
      });
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const nonce = randomBytes(16).toString('hex');
      await deliver(
        {
          url: `/notice/pay/${payment.payEntry}/${PAY_TYPE.wechat}`,
          headers: {
            'content-type': 'application/json',
            'wechatpay-timestamp': timestamp,
            'wechatpay-nonce': nonce,
            'wechatpay-signature': signWechat(timestamp, nonce, body, platformPrivateKey),
            'wechatpay-serial': sandbox.wechat.platformSerialNo,
          },
          payload: body,
        },
        (status) => status === 200 || status === 204,
      );
      return reply.send(wechatPage('支付成功 · Payment successful', `<h1>支付成功 · Payment successful</h1>${summary(payment.amount, description)}`));
    });
  }
}
