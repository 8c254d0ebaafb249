import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Language } from '@bazaar/shared/constants/limits';
import type { CouponCard } from '@bazaar/shared/schemas/coupon';
import { apiData } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { couponOffer } from './coupon-text.ts';
import { LazyCouponTickets } from './coupon-tickets-lazy.tsx';


/**
 * The coupons a product page offers: the platform's and its shop's that apply to the product, read
 * in the browser (the page itself is cached for visitors), with the shopper's received states.
 * `shopId` given without `prodId`: the shop's coupons (the store page).
 */
export function useCoupons(isLoggedIn: boolean, shopId: number, prodId: number | null) {
  const [coupons, setCoupons] = useState<{ key: string; list: CouponCard[] } | null>(null);
  const key = `${isLoggedIn}-${shopId}-${prodId}`;
  useEffect(() => {
    const controller = new AbortController();
    const base = isLoggedIn ? '/p/myCoupon' : '/coupon';
    const path = prodId === null ? `${base}/listShopCoupon` : `${base}/listByProdId`;
    const query = prodId === null ? { shopId } : { shopId, prodId };
    // Typed, not parsed: this runs on the product and store pages, whose JavaScript stays free of zod (decision 011).
    apiData<CouponCard[]>(path, { query, silent: true, noLoginPrompt: true, signal: controller.signal })
      .then((list) => setCoupons({ key, list }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [key, isLoggedIn, shopId, prodId]);
  return coupons?.key === key ? coupons.list : [];
}

/** The product page's "coupons" row: a chip per coupon, and the coupons with receive buttons on demand. */
export function ProductCoupons({ shopId, prodId, isLoggedIn }: { shopId: number; prodId: number; isLoggedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const coupons = useCoupons(isLoggedIn, shopId, prodId);
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (coupons.length === 0) return null;
  return (
    <section className="card coupon-row-card" aria-label={t('coupon.product.title')}>
      <div className="coupon-row">
        <span className="coupon-row__label">{t('coupon.product.label')}</span>
        <div className="coupon-row__chips">
          {coupons.slice(0, 4).map((c) => (
            <span key={c.couponId} className="coupon-row__chip">
              {couponOffer(c, t, lang)}
            </span>
          ))}
          <Button size="sm" variant="link" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
            {open ? t('coupon.product.hide') : t('coupon.product.show')}
          </Button>
        </div>
      </div>
      <div id={listId} hidden={!open}>
        {open ? (
          // The tickets load when the shopper opens them: most visitors of this landing page read only the chips.
          <LazyCouponTickets coupons={coupons} isLoggedIn={isLoggedIn} compact className="coupon-grid coupon-row__list" />
        ) : null}
      </div>
    </section>
  );
}
