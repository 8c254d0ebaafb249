import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { ProductShop } from '@bazaar/shared/schemas/product';
import { buttonClass } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { apiData } from '../../lib/api.ts';
import { ensureLoggedIn } from './login-gate.ts';

/** The seller beside the product: logo, name, rating, enter the store and follow it. */
export function ShopCard({ shop, prodId, isLoggedIn, collected: loadedCollected }: { shop: ProductShop; prodId: number; isLoggedIn: boolean; collected: boolean }) {
  const { t } = useTranslation();
  // The loaded state until the shopper toggles it here.
  const [toggled, setCollected] = useState<boolean | null>(null);
  const collected = toggled ?? loadedCollected;
  // The loaded count, moved by this shopper's own follow or unfollow.
  const followers = Math.max(0, shop.followers + (toggled === null || toggled === loadedCollected ? 0 : toggled ? 1 : -1));

  async function toggle() {
    if (!ensureLoggedIn(isLoggedIn)) return;
    try {
      const now = await apiData<boolean>('/p/shop/collection/addOrCancel', { method: 'POST', body: shop.shopId });
      setCollected(now);
      showToast(t(now ? 'product.collectDone' : 'product.collectCancelled'), { kind: 'success' });
    } catch {
      // Shown by the API client.
    }
  }

  return (
    <aside className="card shop-card" aria-labelledby="shop-card-name">
      <div className="shop-card__head">
        {shop.shopLogo ? <img src={shop.shopLogo} alt="" width={56} height={56} className="shop-card__logo" loading="lazy" decoding="async" /> : null}
        <div>
          <h2 id="shop-card-name" className="shop-card__name">
            {shop.shopName}
          </h2>
          {shop.type === 1 ? <span className="shop-card__badge">{t('product.shop.selfRun')}</span> : null}
        </div>
      </div>
      {shop.intro ? <p className="shop-card__intro">{shop.intro}</p> : null}
      <p className="shop-card__facts">
        <span>
          {t('product.shop.score')} <strong>{shop.shopScore.toFixed(1)}</strong>
        </span>
        <span>{t('product.shop.prodCount', { count: shop.prodCount })}</span>
        <span data-testid="shop-card-followers">{t('product.shop.followers', { count: followers })}</span>
      </p>
      <div className="shop-card__actions">
        <Link to={`/shopIndex?sid=${shop.shopId}`} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {t('product.shop.enter')}
        </Link>
        <button type="button" className={buttonClass({ variant: collected ? 'ghost' : 'secondary', size: 'sm' })} aria-pressed={collected} onClick={() => void toggle()}>
          {collected ? t('product.shop.collected') : t('product.shop.collect')}
        </button>
        <Link to={`/chat?toId=${shop.shopId}&prodId=${prodId}`} className={buttonClass({ variant: 'secondary', size: 'sm' })} onClick={(e) => ensureLoggedIn(isLoggedIn) || e.preventDefault()}>
          {t('product.shop.contact')}
        </Link>
      </div>
    </aside>
  );
}
