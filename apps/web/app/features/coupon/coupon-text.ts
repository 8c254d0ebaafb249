// The words on a coupon's face, from what the API answered (amounts in fen, rates per ten). The
// browser formats; it computes no money (decision 002).
import type { Language } from '@bazaar/shared/constants/limits';
import type { CouponCard, MyCoupon } from '@bazaar/shared/schemas/coupon';
import { percentOff } from '@bazaar/shared/constants/discount-rate';
import { formatYuan } from '../../lib/format.ts';

type T = (key: string, options?: Record<string, unknown>) => string;
type Face = Pick<CouponCard, 'couponType' | 'cashCondition' | 'reduceAmount'> & { couponDiscount: number | null };

/** "¥50.00" for a cash coupon, "8.5折" / "15% off" for a discount coupon. */
export function couponValue(c: Face, t: T, lang: Language): string {
  if (c.couponType === 1) return formatYuan(c.reduceAmount, lang);
  const rate = c.couponDiscount ?? 10;
  return t('coupon.card.rate', { rate, off: percentOff(rate) });
}

/**
 * The coupon as one phrase, where its value and condition stand side by side (a chip, a picker):
 * "¥30.00 off orders from ¥300.00" / "满¥300.00减¥30.00", "15% off, no minimum" / "无门槛8.5折".
 */
export function couponOffer(c: Face, t: T, lang: Language): string {
  const rate = c.couponDiscount ?? 10;
  return t(`coupon.card.offer.${c.couponType === 1 ? 'cash' : 'rate'}${c.cashCondition > 0 ? 'From' : ''}`, {
    value: formatYuan(c.reduceAmount, lang),
    amount: formatYuan(c.cashCondition, lang),
    rate,
    off: percentOff(rate),
  });
}

/** "满¥300.00可用" or "无门槛". */
export function couponCondition(c: Face, t: T, lang: Language): string {
  return c.cashCondition > 0 ? t('coupon.card.threshold', { amount: formatYuan(c.cashCondition, lang) }) : t('coupon.card.noThreshold');
}

export function couponScope(c: Pick<CouponCard, 'suitableProdType'>, t: T): string {
  return t(`coupon.card.scope.${c.suitableProdType}`);
}

const day = (time: string) => time.slice(0, 10);

/** Fixed dates, or "valid N days after receiving". */
export function couponValidity(c: Pick<CouponCard, 'validTimeType' | 'startTime' | 'endTime' | 'afterReceiveDays' | 'validDays'>, t: T): string {
  if (c.validTimeType === 1) return t('coupon.card.fixed', { start: day(c.startTime ?? ''), end: day(c.endTime ?? '') });
  const days = c.validDays ?? 0;
  return c.afterReceiveDays > 0 ? t('coupon.card.afterReceiptDelay', { after: t('coupon.card.days', { count: c.afterReceiveDays }), count: days }) : t('coupon.card.afterReceipt', { count: days });
}

/** A held coupon's period. */
export function heldPeriod(c: Pick<MyCoupon, 'userStartTime' | 'userEndTime'>, t: T): string {
  return t('coupon.mine.period', { start: day(c.userStartTime), end: day(c.userEndTime) });
}

/**
 * Where "use now" leads: a coupon for one listed product opens it; any other the list's coupon tab
 * (st=5) with the products it applies to.
 */
export function couponGoodsPath(c: Pick<MyCoupon, 'couponId' | 'suitableProdType' | 'prodIds'>): string {
  if (c.suitableProdType === 1 && c.prodIds.length === 1) return `/detail/${c.prodIds[0]}`;
  return `/list?st=5&couponId=${c.couponId}`;
}
