// The store page's coupons with their receive buttons (the product page's row loads its tickets on demand).
import { useTranslation } from '../../lib/i18n.tsx';
import { LazyCouponTickets } from './coupon-tickets-lazy.tsx';
import { useCoupons } from './product-coupons.tsx';

/** The store page's coupons, with receive buttons; nothing when the shop offers none. */
export function StoreCoupons({ shopId, isLoggedIn }: { shopId: number; isLoggedIn: boolean }) {
  const { t } = useTranslation();
  const coupons = useCoupons(isLoggedIn, shopId, null);
  if (coupons.length === 0) return null;
  return (
    <section className="card store-coupons" aria-labelledby="store-coupons-title">
      <h2 id="store-coupons-title" className="store-coupons__title">
        {t('coupon.shop.title')}
      </h2>
      <LazyCouponTickets coupons={coupons} isLoggedIn={isLoggedIn} compact />
    </section>
  );
}
