import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { orderProgress } from './order-progress.ts';

const placed = { createTime: '2026-11-20 10:00:00', payTime: null, dvyTime: null, finallyTime: null };
const times = (order: Parameters<typeof orderProgress>[0]) => orderProgress(order).map((s) => s.time);

describe('orderProgress', () => {
  it('shows the shipped time on "goods out" only: waiting for receipt has no time until the goods are received', () => {
    const shipped = { ...placed, status: ORDER_STATUS.shipped, payTime: '2026-11-20 10:05:00', dvyTime: '2026-11-21 09:00:00' };
    expect(times(shipped)).toEqual(['2026-11-20 10:00:00', '2026-11-20 10:05:00', '2026-11-21 09:00:00', null, null]);
    expect(orderProgress(shipped).map((s) => s.reached)).toEqual([true, true, true, true, false]);
  });

  it('shows the receipt time on the receive step of a completed order', () => {
    const done = { ...placed, status: ORDER_STATUS.completed, payTime: '2026-11-20 10:05:00', dvyTime: '2026-11-21 09:00:00', finallyTime: '2026-11-23 18:30:00' };
    expect(times(done)).toEqual(['2026-11-20 10:00:00', '2026-11-20 10:05:00', '2026-11-21 09:00:00', '2026-11-23 18:30:00', '2026-11-23 18:30:00']);
  });

  it('shows no time on a step not reached', () => {
    expect(times({ ...placed, status: ORDER_STATUS.unpaid })).toEqual(['2026-11-20 10:00:00', null, null, null, null]);
    const cancelledAfterPay = { ...placed, status: ORDER_STATUS.cancelled, payTime: '2026-11-20 10:05:00', finallyTime: '2026-11-20 11:00:00' };
    expect(times(cancelledAfterPay)).toEqual(['2026-11-20 10:00:00', '2026-11-20 10:05:00', null, null, null]);
  });
});
