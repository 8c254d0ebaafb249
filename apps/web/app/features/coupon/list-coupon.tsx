// The coupon line above the coupon tab's product list (/list?st=5): its own chunk, so the search list,
// a landing page (decision 011), does not load the coupon's words for a line it never shows.
import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { couponOffer, couponScope } from './coupon-text.ts';

type Coupon = Parameters<typeof couponOffer>[0] & Parameters<typeof couponScope>[0];

export default function ListCoupon({ coupon, term }: { coupon: Coupon; term: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="card list-coupon" data-testid="list-coupon">
      {t('listPage.couponFace', { offer: couponOffer(coupon, t, i18n.language as Language), scope: couponScope(coupon, t) })}
      {term ? ` · ${t('listPage.resultsFor', { term })}` : ''}
    </p>
  );
}
