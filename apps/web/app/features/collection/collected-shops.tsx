import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { CollectedShop } from '@bazaar/shared/schemas/collection';
import { buttonClass } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { api } from '../../lib/api.ts';
import { CollectionToolbar } from './collection-toolbar.tsx';
import { useSelection } from './use-selection.ts';

/** Followed stores: enter, unfollow one, or tick several and unfollow them together. */
export function CollectedShops({ records, total }: { records: CollectedShop[]; total: number }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { managing, setMode, selected, toggle, setAll } = useSelection();

  async function cancel(shopIds: number[]) {
    try {
      await api('/p/shop/collection/batchCancel', { method: 'POST', body: shopIds });
      showToast(t('collection.cancelled'), { kind: 'success' });
      setMode(false);
      await revalidator.revalidate();
    } catch {
      // Shown by the API client.
    }
  }

  if (records.length === 0) {
    return (
      <div className="collection-empty">
        <p className="empty-text">{t('collection.emptyShops')}</p>
        <Link to="/" className={buttonClass()}>
          {t('collection.goShopping')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <CollectionToolbar
        total={total}
        managing={managing}
        selectedCount={selected.size}
        allSelected={records.every((r) => selected.has(r.shopId))}
        onManage={setMode}
        onSelectAll={(on) => setAll(records.map((r) => r.shopId), on)}
        onBatchCancel={() => void cancel([...selected])}
      />
      <ul className="shop-rows" aria-label={t('collection.tabs.shops')}>
        {records.map((shop) => (
          <li key={shop.shopId} className="shop-row">
            {managing ? (
              <label className="collection-check">
                <input type="checkbox" checked={selected.has(shop.shopId)} onChange={() => toggle(shop.shopId)} />
                <span className="visually-hidden">{t('collection.select', { name: shop.shopName })}</span>
              </label>
            ) : null}
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
              <button type="button" className="text-link" onClick={() => void cancel([shop.shopId])} aria-label={`${t('collection.cancel')} ${shop.shopName}`}>
                {t('collection.cancel')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
