// Factories for the refund money tests: an order paid by balance (through the pay flow) or by a
// gateway (a paid payment row settled as a notification would), and a refund request written
// straight into the database as S1's decision leaves it (returnMoneySts 2 or 4, settle_status 1).
import { and, eq } from 'drizzle-orm';
import { PAY_ENTRY, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { orderItems, refunds, sandboxGatewayRefunds, skus } from '../db/schema.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { payOrdersWithBalance, settleOrderPayment } from '../flows/pay-order.ts';
import * as paymentRepo from '../modules/payment/repository.ts';
import type { TestApp } from './test-app.ts';
import { createShopper, createUnpaidOrders, topUpBalance, type TestOrder, type TestShopper } from './payment-test-kit.ts';

export interface PaidOrder extends TestOrder {
  shopper: TestShopper;
  payNo: string;
  payType: number;
  items: Array<{ id: number; skuId: number; prodCount: number; actualTotal: number }>;
  shopId: number;
}

/** A new shopper's order of `count` pieces at `price` fen, paid by balance (topped up first) or a gateway. */
export async function paidOrder(t: TestApp, payType: number, options: { price?: number; count?: number; shopper?: TestShopper } = {}): Promise<PaidOrder> {
  const shopper = options.shopper ?? (await createShopper(t));
  const [order] = await createUnpaidOrders(t, shopper.userId, [{ price: options.price ?? 1_990, count: options.count ?? 1 }]);
  const now = t.ctx.now();
  let payNo: string;
  if (payType === PAY_TYPE.balance) {
    await topUpBalance(t, shopper.userId, order!.amount);
    payNo = await payOrdersWithBalance(t.ctx, { userId: shopper.userId, orderNumbers: [order!.orderNumber], amount: order!.amount, expiresAt: new Date(now.getTime() + 3_600_000) });
  } else {
    payNo = await payByGateway(t, { userId: shopper.userId, orderNumbers: [order!.orderNumber], amount: order!.amount, payType });
  }
  const items = await t.ctx.db
    .select({ id: orderItems.id, skuId: orderItems.skuId, prodCount: orderItems.prodCount, actualTotal: orderItems.actualTotal, shopId: orderItems.shopId })
    .from(orderItems)
    .where(eq(orderItems.orderNumber, order!.orderNumber));
  return { ...order!, shopper, payNo, payType, items, shopId: items[0]!.shopId };
}

/** Unpaid orders paid together through a gateway: a paid payment row settled as its notification would be. Answers the pay number. */
export async function payByGateway(t: TestApp, input: { userId: string; orderNumbers: string[]; amount: number; payType: number }): Promise<string> {
  const now = t.ctx.now();
  const payNo = nextSerialNumber(now.getTime());
  const payment = paymentRepo.newPayment(
    {
      payNo,
      userId: input.userId,
      payEntry: PAY_ENTRY.order,
      payType: input.payType,
      orderNumbers: input.orderNumbers.join(','),
      amount: input.amount,
      returnUrl: 'http://localhost/payment/result',
      expiresAt: new Date(now.getTime() + 3_600_000),
    },
    now,
  );
  await paymentRepo.insertPayment(t.ctx.db, payment);
  await t.ctx.db.transaction((tx) => settleOrderPayment(t.ctx, tx, payment, { paidAt: now, providerTradeNo: `T${payNo}` }));
  return payNo;
}

/** A request decided in the buyer's favour, as S1's flow leaves it: returnMoneySts 2 (or 4 for a received return), settle 1. */
export async function decidedRefund(
  t: TestApp,
  order: PaidOrder,
  options: { amount?: number; whole?: boolean; returnMoneySts?: 2 | 4; goodsNum?: number } = {},
): Promise<string> {
  const refundSn = nextSerialNumber();
  const item = order.items[0]!;
  const amount = options.amount ?? order.amount;
  const whole = options.whole ?? true;
  await t.ctx.db.insert(refunds).values({
    refundSn,
    orderNumber: order.orderNumber,
    orderItemId: whole ? 0 : item.id,
    userId: order.shopper.userId,
    shopId: order.shopId,
    refundType: whole ? 1 : 2,
    applyType: options.returnMoneySts === 4 ? 2 : 1,
    isReceiver: options.returnMoneySts === 4 ? 1 : 0,
    goodsNum: options.goodsNum ?? item.prodCount,
    refundAmount: amount,
    maxRefundAmount: order.amount,
    buyerReason: 1,
    returnMoneySts: options.returnMoneySts ?? 2,
    settleStatus: 1,
  });
  return refundSn;
}

export async function refundRow(t: TestApp, refundSn: string) {
  const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn));
  return row!;
}

/** What the sandbox gateway holds for a payment: its refunds. */
export async function gatewayRefunds(t: TestApp, payType: number, payNo: string) {
  return t.ctx.db.select().from(sandboxGatewayRefunds).where(and(eq(sandboxGatewayRefunds.payType, payType), eq(sandboxGatewayRefunds.payNo, payNo)));
}

export async function stockOf(t: TestApp, skuId: number): Promise<number> {
  const [row] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, skuId));
  return row!.stocks;
}

/** Waits until `check` holds (the sandbox's notification arrives after its answer). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

