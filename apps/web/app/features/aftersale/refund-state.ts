// How a request's state reads and which steps of the bar it reached: pure, so the list, the detail
// and the order pages agree (and refund-state.test.ts checks them).
import { APPLY_TYPE, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import { PLATFORM_DECIDED } from './limits.ts';

/**
 * The catalog key of a request's state as the shopper reads it. After a refusal the platform's
 * decision moved it on (platformStatus 2): "accepted" was the platform's, not the seller's.
 */
export function refundStatusKey(returnMoneySts: number, applyType: number, platformStatus = 0): string {
  const isReturn = applyType === APPLY_TYPE.returnAndRefund;
  if (platformStatus === PLATFORM_DECIDED && returnMoneySts === REFUND_STATUS.accepted) return isReturn ? 'aftersale.statusPlatformReturn' : 'aftersale.statusPlatformRefund';
  if (platformStatus === PLATFORM_DECIDED && returnMoneySts === REFUND_STATUS.sellerReceived) return 'aftersale.statusPlatformRefund';
  if (returnMoneySts === REFUND_STATUS.accepted) return isReturn ? 'aftersale.statusAcceptedReturn' : 'aftersale.statusAcceptedRefund';
  return `aftersale.status.${returnMoneySts}`;
}

export type RefundStep = 'apply' | 'handle' | 'ship' | 'receive' | 'done';

export interface RefundStepState {
  step: RefundStep;
  reached: boolean;
  time: string | null;
}

/**
 * The step bar: apply, seller handles, buyer returns the goods, seller receives, refunded. A refund
 * only skips the two return steps. A refused, withdrawn or closed request stops where it was.
 */
export function refundSteps(r: {
  applyType: number;
  returnMoneySts: number;
  applyTime: string;
  handleTime: string | null;
  shipTime: string | null;
  receiveTime: string | null;
  refundTime: string | null;
}): RefundStepState[] {
  const s = r.returnMoneySts;
  const handled = s === REFUND_STATUS.accepted || s === REFUND_STATUS.buyerShipped || s === REFUND_STATUS.sellerReceived || s === REFUND_STATUS.success || (s === REFUND_STATUS.refused && r.handleTime !== null);
  const steps: RefundStepState[] = [
    { step: 'apply', reached: true, time: r.applyTime },
    { step: 'handle', reached: handled || r.handleTime !== null, time: r.handleTime },
  ];
  if (r.applyType === APPLY_TYPE.returnAndRefund) {
    steps.push({ step: 'ship', reached: s === REFUND_STATUS.buyerShipped || s === REFUND_STATUS.sellerReceived || s === REFUND_STATUS.success || r.shipTime !== null, time: r.shipTime });
    steps.push({ step: 'receive', reached: s === REFUND_STATUS.sellerReceived || s === REFUND_STATUS.success || r.receiveTime !== null, time: r.receiveTime });
  }
  steps.push({ step: 'done', reached: s === REFUND_STATUS.success, time: r.refundTime });
  return steps;
}
