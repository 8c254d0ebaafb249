import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { CollectedShop } from '@bazaar/shared/schemas/collection';
import { buttonClass } from '../../components/ui/button.tsx';
import { CollectionCheck, CollectionPanel } from './collection-panel.tsx';

/** Followed stores: enter, unfollow one, or tick several and unfollow them together. */
export function CollectedShops({ records, total }: { records: CollectedShop[]; total: number }) {
  const { t } = useTranslation();
  return (
    <CollectionPanel records={records} total={total} idOf={(r) => r.shopId} batchCancelPath="/p/shop/collection/batchCancel" empty={{ text: t('collection.emptyShops'), to: '/' }}>
      {(rows) => (
        <ul className="shop-rows" aria-label={t('collection.tabs.shops')}>
          {records.map((shop) => (
            <li key={shop.shopId} className="shop-row">
              <CollectionCheck rows={rows} id={shop.shopId} name={shop.shopName} />
              {shop.shopLogo ? <img src={shop.shopLogo} alt="" width={64} height={64} className="shop-row__logo" loading="lazy" decoding="async" /> : null}
              <div className="shop-row__body">
                <h2 className="shop-row__name">
                  <Link to={`/shopIndex?sid=${shop.shopId}`}>{shop.shopName}</Link>
                </h2>
                <p className="shop-row__intro">{shop.intro}</p>
                <p className="shop-row__time">{t('collection.collectedAt', { time: shop.collectTime.slice(0, 16) })}</p>
              </div>
              <div className="shop-row__actions">
                <Link to={`/shopIndex?sid=${shop.shopId}`} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                  {t('collection.enterShop')}
                </Link>
                <button type="button" className="text-link" onClick={() => rows.cancel([shop.shopId])} aria-label={`${t('collection.cancel')} ${shop.shopName}`}>
                  {t('collection.cancel')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </CollectionPanel>
  );
}
