// A wholly refunded order gives its coupons back (decision 060): the order's used records become
// returned, and a coupon goes back to unused once no other order still holds it and while its
// period has not ended (an ended one stays used: it could not be used again anyway). Once: a
// second call finds no used record left.
import { sql } from 'drizzle-orm';
import { USER_COUPON_STATUS } from '@bazaar/shared/schemas/coupon';
import type { StatementPart } from '../../db/one-statement.ts';
import { couponUseRecords, userCoupons } from '../../db/schema/promotion.ts';
import { COUPON_USE, heldUsesLocked } from './coupons.ts';

/**
 * As a part of another statement (db/one-statement.ts): the after-sales settle step sends it with
 * the order's, the stock's and the invoice's writes, one round trip (decision 060).
 */
export function returnRefundedOrderCouponsPart(input: { orderNumber: string; now: Date }): StatementPart {
  const at = sql`${input.now.toISOString()}::timestamptz`;
  // Whether another order still holds the coupon is read by a locking read (heldUsesLocked, decision
  // 041's amendment): an order of the same checkout cancelled or refunded at the same moment is
  // waited for and seen returned, so one of the two gives the coupon back.
  return {
    ctes: sql`${heldUsesLocked('rc_held', [input.orderNumber])}, rc_uses as (
      update ${couponUseRecords} u set status = ${COUPON_USE.returned}, updated_at = ${at}
      from rc_held h
      where u.id = h.id and h.order_number = ${input.orderNumber}
      returning u.user_coupon_id
    ), rc_coupons as (
      update ${userCoupons} uc set status = ${USER_COUPON_STATUS.unused}, used_time = null, version = uc.version + 1
      where uc.id in (select user_coupon_id from rc_uses) and uc.status = ${USER_COUPON_STATUS.used} and uc.user_end_time > ${at}
        and not exists (select 1 from rc_held h where h.user_coupon_id = uc.id and h.order_number <> ${input.orderNumber})
      returning uc.id
    )`,
    condition: sql`true`,
    reason: 'coupon_return',
  };
}
