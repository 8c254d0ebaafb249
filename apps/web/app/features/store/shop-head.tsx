import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { ShopHead as ShopHeadData } from '@bazaar/shared/schemas/catalog';
import { SHOP_TYPE } from '@bazaar/shared/constants/shop-status';
import { buttonClass } from '../../components/ui/button.tsx';
import { CollectButton } from './collect-button.tsx';

/** The store header: banner, logo, name, rating, counts and the collect button. */
export function ShopHead({ head, isLoggedIn, onLogin }: { head: ShopHeadData; isLoggedIn: boolean; onLogin: () => void }) {
  const { t } = useTranslation();
  const [followers, setFollowers] = useState(head.collectionNum);
  return (
    <header className="shop-head">
      {head.banner ? <img className="shop-head__banner" src={head.banner} alt="" width={1200} height={300} fetchPriority="high" /> : null}
      <div className="shop-head__bar">
        {head.shopLogo ? <img className="shop-head__logo" src={head.shopLogo} alt="" width={88} height={88} /> : null}
        <div className="shop-head__main">
          <h1 className="shop-head__name">
            {head.shopName}
            {head.type === SHOP_TYPE.selfRun ? <span className="shop-badge">{t('store.head.selfRun')}</span> : null}
          </h1>
          <p className="shop-head__intro">{head.intro}</p>
        </div>
        <dl className="shop-head__stats">
          <div>
            <dt>{t('store.head.score')}</dt>
            <dd>{head.shopScore.toFixed(1)}</dd>
          </div>
          <div>
            <dt>{t('store.head.products')}</dt>
            <dd>{head.prodCount}</dd>
          </div>
          <div>
            <dt>{t('store.head.followers')}</dt>
            <dd data-testid="shop-followers">{followers}</dd>
          </div>
        </dl>
        <CollectButton shopId={head.shopId} isLoggedIn={isLoggedIn} onLogin={onLogin} onChange={(now) => setFollowers((n) => Math.max(0, n + (now ? 1 : -1)))} />
        <Link to={`/chat?toId=${head.shopId}`} className={buttonClass({ variant: 'secondary' })} onClick={(e) => isLoggedIn || (e.preventDefault(), onLogin())}>
          {t('product.shop.contact')}
        </Link>
      </div>
    </header>
  );
}
