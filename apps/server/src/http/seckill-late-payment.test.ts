// A payment that arrives after its flash-sale order was cancelled (decision 062): the order stays
// cancelled and its unit stays on sale; the money goes back through the after-sales refund path
// (a decided whole-order request, executeRefund at once, decision 060), and shows as refunded.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { orders, paymentRefunds, refundPayments, refunds } from '../db/schema.ts';
import { closeOrder } from '../flows/cancel-order.ts';
import { drainSeckillQueue } from '../flows/write-seckill-orders.ts';
import { sweepRefunds } from '../flows/refund-money.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import { signAlipay } from '../providers/payment/alipay-signature.ts';
import { fenToYuan } from '../providers/payment/payment-provider.ts';
import { loadSandboxKeys, type SandboxKeys } from '../providers/payment/sandbox-keys.ts';
import { gatewayRefunds } from '../test/refund-money-test-kit.ts';
import { buySeckill, createSeckill, createShoppers, seckillSkuStocks } from '../test/seckill-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let keys: SandboxKeys;
beforeAll(async () => {
  t = await ensureSeeded();
  keys = await loadSandboxKeys(t.ctx.db);
});
afterEach(() => t.resetClock());

function alipayNotice(payNo: string, amount: number): string {
  const params: Record<string, string> = {
    notify_id: randomBytes(8).toString('hex'),
    notify_type: 'trade_status_sync',
    notify_time: '2026-12-06 10:00:00',
    app_id: keys.alipay.appId,
    out_trade_no: payNo,
    trade_no: `2026120622001${randomBytes(6).toString('hex').replace(/\D/g, '1')}`,
    trade_status: 'TRADE_SUCCESS',
    total_amount: fenToYuan(amount),
    charset: 'utf-8',
    sign_type: 'RSA2',
  };
  params.sign = signAlipay(params, createPrivateKey(keys.alipay.gatewayPrivateKey));
  return new URLSearchParams(params).toString();
}

describe('a late payment of a cancelled flash-sale order', () => {
  it('never revives the order and refunds the money automatically through the after-sales path', async () => {
    const [s] = await createShoppers(t, 1);
    const sk = await createSeckill(t, { stocks: [2], seckillPrice: 2_590 });
    const bought = await buySeckill(t.app, s!, sk);
    expect(bought.statusCode, bought.body).toBe(200);
    const orderNumber = bought.json().orderNumbers as string;
    await drainSeckillQueue(t.ctx);
    for (let i = 0; i < 100 && (await seckillGate(t.ctx).queue.size()) > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    const pay = await t.app.inject({
      method: 'POST',
      url: '/p/order/pay',
      headers: { authorization: s!.token, 'content-type': 'application/json', 'x-forwarded-host': 'shop.example.test', 'x-forwarded-proto': 'https' },
      payload: JSON.stringify({ orderNumbers: orderNumber, payType: PAY_TYPE.alipay, returnUrl: '/payment/result' }),
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const { payNo } = pay.json() as { payNo: string };
    // The unpaid timeout cancels it first: its unit goes back on sale.
    expect(await closeOrder(t.ctx, { orderNumber, closeType: 1 })).toBe(true);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(2);

    const notice = await t.app.inject({ method: 'POST', url: '/notice/pay/0/2', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: alipayNotice(payNo, 2_590) });
    expect(notice.body).toBe('success');

    // The sandbox gateway answers a new refund "processing"; the refund's next try (its job, or the
    // sweep a minute on) finds it done, as with any after-sales refund (decision 060).
    t.advanceClock(61_000);
    await sweepRefunds(t.ctx);
    const [order] = await t.ctx.db.select({ status: orders.status, refundStatus: orders.refundStatus, payNo: orders.payNo }).from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toEqual({ status: 6, refundStatus: 2, payNo });
    const [request] = await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, orderNumber));
    expect(request).toMatchObject({ refundAmount: 2_590, returnMoneySts: 5, settleStatus: 2, orderItemId: 0, applyType: 1 });
    const [ledger] = await t.ctx.db.select().from(refundPayments).where(eq(refundPayments.refundSn, request!.refundSn));
    expect(ledger).toMatchObject({ payNo, payType: PAY_TYPE.alipay, amount: 2_590, status: 2 });
    expect(await gatewayRefunds(t, PAY_TYPE.alipay, payNo)).toHaveLength(1);
    // Not also left "to refund" by hand.
    expect(await t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.payNo, payNo))).toEqual([]);
    // The unit stays on sale.
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(2);
    // A repeat of the notification refunds nothing twice.
    const again = await t.app.inject({ method: 'POST', url: '/notice/pay/0/2', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: alipayNotice(payNo, 2_590) });
    expect(again.body).toBe('success');
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.orderNumber, orderNumber))).toHaveLength(1);
    expect(await gatewayRefunds(t, PAY_TYPE.alipay, payNo)).toHaveLength(1);
  });
});
