import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Language } from '@bazaar/shared/constants/limits';
import type { CheckoutCoupon } from '@bazaar/shared/schemas/pricing';
import type { ConfirmResult } from '@bazaar/shared/schemas/order';
import { formatYuan } from '../../lib/format.ts';
import { couponOffer } from './coupon-text.ts';

/**
 * The coupon ids a checkout applies now, with one shop's (0: the platform's) replaced: the whole
 * selection is sent with userChangeCoupon 1, so switching one keeps the others (decision 040).
 */
export function couponSelection(result: ConfirmResult, shopId: number, couponUserId: number | null): number[] {
  const chosen = new Map<number, number>();
  for (const order of result.shopCartOrders) for (const c of order.coupons) if (c.choose) chosen.set(order.shopId, c.couponUserId);
  for (const c of result.coupons) if (c.choose) chosen.set(0, c.couponUserId);
  if (couponUserId === null) chosen.delete(shopId);
  else chosen.set(shopId, couponUserId);
  return [...chosen.values()];
}

function reasonText(c: CheckoutCoupon, t: (key: string, options?: Record<string, unknown>) => string, lang: Language): string {
  if (c.unusableReason === 'belowThreshold') return t('coupon.checkout.reasons.belowThreshold', { amount: formatYuan(c.missingAmount, lang) });
  return c.unusableReason ? t(`coupon.checkout.reasons.${c.unusableReason}`) : '';
}

/** One shop's (or the platform's) coupon choice: no coupon or a usable one; the unusable ones with why. */
export function CouponPicker({ legend, coupons, disabled, onChoose }: { legend: string; coupons: CheckoutCoupon[]; disabled: boolean; onChoose: (couponUserId: number | null) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const name = useId();
  const usable = coupons.filter((c) => c.canUse);
  const unusable = coupons.filter((c) => !c.canUse);
  const chosen = coupons.find((c) => c.choose) ?? null;
  const label = (c: CheckoutCoupon) => `${couponOffer(c, t, lang)} · ${c.couponName}`;
  return (
    <fieldset className="checkout-coupons" disabled={disabled}>
      <legend className="checkout-coupons__legend">{legend}</legend>
      {usable.length === 0 ? <p className="checkout-coupons__sub">{t('coupon.checkout.noneHeld')}</p> : null}
      {usable.length > 0 ? (
        <>
          <label className="checkout-coupons__option">
            <input type="radio" name={name} checked={chosen === null} onChange={() => onChoose(null)} />
            {t('coupon.checkout.none')}
          </label>
          {usable.map((c) => (
            <label key={c.couponUserId} className="checkout-coupons__option">
              <input type="radio" name={name} checked={c.choose} onChange={() => onChoose(c.couponUserId)} />
              <span>{label(c)}</span>
              {c.deductAmount > 0 ? <span className="checkout-coupons__saves">{t('coupon.checkout.saves', { amount: formatYuan(c.deductAmount, lang) })}</span> : null}
            </label>
          ))}
        </>
      ) : null}
      {unusable.length > 0 ? (
        <>
          <p className="checkout-coupons__sub">{t('coupon.checkout.unusable', { count: unusable.length })}</p>
          <ul className="checkout-coupons__unusable">
            {unusable.map((c) => (
              <li key={c.couponUserId}>
                {label(c)} <span className="checkout-coupons__reason">({reasonText(c, t, lang)})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </fieldset>
  );
}
