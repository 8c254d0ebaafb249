// A payment that arrives for a flash-sale order already cancelled (its unit back on sale, perhaps
// sold again; decision 062): the order is never revived. In the payment's own transaction the order
// records the payment, and an after-sales request for the whole order is written already decided in
// the buyer's favour (refund only, returnMoneySts 2, settle_status 1), so the after-sales refund
// path (flows/refund-money.ts, decision 060) sends the money back where it came from, exactly once:
// at once after the commit, or by its sweep if this process dies first.
import { APPLY_TYPE, REFUND_SETTLE_STATUS, REFUND_STATUS, REFUND_TYPE } from '@bazaar/shared/constants/refund';
import { ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { insertRefund } from '../modules/aftersale/repository.ts';
import { findOrdersForAftersale } from '../modules/order/aftersale-reads.ts';
import { orderLinesForRefund } from '../modules/order/refunds.ts';
import { recordLatePayment } from '../modules/order/transitions.ts';
import { executeRefund } from './refund-money.ts';

/** "Other" (reference §3 buyerReason 6), with the system's description. */
const OTHER_REASON = 6;
const LATE_PAYMENT_DESC = '支付晚于订单取消（秒杀），系统自动退款 / Paid after the flash-sale order was cancelled: refunded automatically';

export interface LateRefunds {
  /** The cancelled flash-sale orders this payment paid for, now being refunded. */
  orderNumbers: string[];
  refundSns: string[];
}

/** In the payment's transaction: the decided refunds of the cancelled flash-sale orders among `orderNumbers`. */
export async function refundLateSeckillPayment(tx: Tx, payment: { payNo: string; payType: number }, orderNumbers: string[], now: Date): Promise<LateRefunds> {
  const found = await findOrdersForAftersale(tx, orderNumbers);
  const flash = found.filter((o) => o.orderType === ORDER_TYPE.seckill && o.status === ORDER_STATUS.cancelled && (o.payNo === null || o.payNo === payment.payNo) && o.actualTotal > 0);
  const marked = await recordLatePayment(tx, {
    orderNumbers: flash.map((o) => o.orderNumber),
    payNo: payment.payNo,
    payType: payment.payType,
    now,
  });
  const out: LateRefunds = { orderNumbers: [], refundSns: [] };
  for (const order of flash.filter((o) => marked.includes(o.orderNumber))) {
    const lines = await orderLinesForRefund(tx, order.orderNumber);
    const refundSn = nextSerialNumber(now.getTime());
    await insertRefund(tx, {
      refundSn,
      orderNumber: order.orderNumber,
      orderItemId: 0,
      userId: order.userId,
      shopId: order.shopId,
      refundType: REFUND_TYPE.order,
      applyType: APPLY_TYPE.refundOnly,
      isReceiver: 0,
      goodsNum: Math.max(1, lines.reduce((n, l) => n + l.prodCount, 0)),
      refundAmount: order.actualTotal,
      maxRefundAmount: order.actualTotal,
      freightAmount: order.freight,
      buyerReason: OTHER_REASON,
      buyerDesc: LATE_PAYMENT_DESC,
      returnMoneySts: REFUND_STATUS.accepted,
      settleStatus: REFUND_SETTLE_STATUS.refunding,
      applyTime: now,
      handleTime: now,
      updatedAt: now,
    });
    out.orderNumbers.push(order.orderNumber);
    out.refundSns.push(refundSn);
  }
  return out;
}

/** After the payment's commit: the money goes back now (a failure is retried by the refund jobs and sweep). */
export async function sendLateRefunds(ctx: AppContext, refundSns: string[], log: { warn: (obj: object, msg: string) => void }): Promise<void> {
  for (const refundSn of refundSns) {
    try {
      await executeRefund(ctx, refundSn);
    } catch (err) {
      log.warn({ err, refundSn }, 'late flash-sale payment: refund try failed; the refund sweep retries it');
    }
  }
}
