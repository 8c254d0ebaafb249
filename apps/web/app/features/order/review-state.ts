import { COMM_STATUS } from '@bazaar/shared/constants/review';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { MyOrder } from '@bazaar/shared/schemas/order';

/** A completed order with a line still to review: "pending evaluation", with a link to write the reviews. */
export function awaitsReview(order: Pick<MyOrder, 'status' | 'orderItemDtos'>): boolean {
  return order.status === ORDER_STATUS.completed && order.orderItemDtos.some((item) => item.commSts === COMM_STATUS.toReview);
}
