import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { OrderDetail } from '@bazaar/shared/schemas/order';

export const ORDER_STEPS = ['submit', 'pay', 'ship', 'receive', 'complete'] as const;

export interface ProgressStep {
  step: (typeof ORDER_STEPS)[number];
  reached: boolean;
  /** The moment this step's own event happened; null while it has not. */
  time: string | null;
}

/** How many steps are highlighted: submitted 1, paid 2, shipped (waiting for receipt) 4, completed 5. */
function reachedSteps(order: Pick<OrderDetail, 'status' | 'payTime'>): number {
  if (order.status === ORDER_STATUS.completed) return 5;
  if (order.status === ORDER_STATUS.shipped) return 4;
  if (order.status === ORDER_STATUS.paid || order.status === ORDER_STATUS.grouping) return 2;
  if (order.status === ORDER_STATUS.cancelled) return order.payTime ? 2 : 1;
  return 1;
}

/**
 * The five progress steps of section 4, each with its own time: placed, paid, shipped (goods out),
 * received (the buyer's or the automatic receipt) and completed. "Waiting for receipt" is the
 * current step of a shipped order but shows no time until the goods are received.
 */
export function orderProgress(order: Pick<OrderDetail, 'status' | 'createTime' | 'payTime' | 'dvyTime' | 'finallyTime'>): ProgressStep[] {
  const reached = reachedSteps(order);
  const received = order.status === ORDER_STATUS.completed ? order.finallyTime : null;
  const times = [order.createTime, order.payTime, order.dvyTime, received, received];
  return ORDER_STEPS.map((step, i) => ({ step, reached: i < reached, time: i < reached ? (times[i] ?? null) : null }));
}
