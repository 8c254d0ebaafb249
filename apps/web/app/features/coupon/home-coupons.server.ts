// The home page's coupon floor (issue 25): the platform's receivable coupons from
// /coupon/generalCouponList (reference 2.8), read without a token so every visitor shares one answer
// for a few seconds per language, and worded here on the server: the page ships their words, not
// the coupon texts' code (decision 011's weight limit).
import type { Language } from '@bazaar/shared/constants/limits';
import { pageOf } from '@bazaar/shared/schemas/common';
import { CouponCardSchema } from '@bazaar/shared/schemas/coupon';
import { api } from '../../lib/api.ts';
import { i18nFor } from '../../lib/i18n.tsx';
import type { apiContextFor } from '../../lib/request-api.server.ts';
import { sharedData } from '../../lib/shared-data.server.ts';
import { couponCondition, couponValue } from './coupon-text.ts';
import type { HomeCoupon, HomeCouponFloor } from './home-coupons.tsx';

/** As many as one row of the floor holds. */
export const HOME_COUPON_COUNT = 5;

/** The floor with its words (homeCoupons.*, texts the server alone holds), or null when the call fails or none is receivable. */
export async function loadHomeCoupons(context: ReturnType<typeof apiContextFor>, lang: Language): Promise<HomeCouponFloor | null> {
  let records;
  try {
    ({ records } = await sharedData(`home-coupons:${lang}`, () =>
      api('/coupon/generalCouponList', { ...context, token: null, query: { receivableOnly: '1', current: 1, size: HOME_COUPON_COUNT }, schema: pageOf(CouponCardSchema) }),
    ));
  } catch {
    // The page does without the floor, as without its notices.
    return null;
  }
  if (records.length === 0) return null;
  const t = i18nFor(lang).t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const coupons: HomeCoupon[] = records.map((c) => ({ couponId: c.couponId, name: c.couponName, value: couponValue(c, t, lang), condition: couponCondition(c, t, lang) }));
  return { title: t('homeCoupons.title'), note: t('homeCoupons.note'), more: t('homeCoupons.more'), coupons };
}
