import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { awaitsReview } from './review-state.ts';

const lines = (...commSts: number[]) => commSts.map((c) => ({ commSts: c })) as never;

describe('awaitsReview', () => {
  it('is true for a completed order with a line still to review', () => {
    expect(awaitsReview({ status: ORDER_STATUS.completed, orderItemDtos: lines(1, 0) })).toBe(true);
  });

  it('is false once every line is reviewed, and for an order that is not completed', () => {
    expect(awaitsReview({ status: ORDER_STATUS.completed, orderItemDtos: lines(1, 1) })).toBe(false);
    for (const status of [ORDER_STATUS.unpaid, ORDER_STATUS.paid, ORDER_STATUS.shipped, ORDER_STATUS.cancelled])
      expect(awaitsReview({ status, orderItemDtos: lines(0) })).toBe(false);
  });
});
