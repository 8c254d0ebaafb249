import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { CollectedProduct } from '@bazaar/shared/schemas/collection';
import { ProductCard, ProductGrid } from '../../components/product-card.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { api } from '../../lib/api.ts';
import { CollectionToolbar } from './collection-toolbar.tsx';
import { useSelection } from './use-selection.ts';

/** Collected products: cancel one, or tick several and cancel them together. */
export function CollectedProducts({ records, total }: { records: CollectedProduct[]; total: number }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { managing, setMode, selected, toggle, setAll } = useSelection();

  async function cancel(prodIds: number[]) {
    try {
      // The batch call even for one: unlike addOrCancel it never collects again by accident.
      await api('/p/user/collection/batachCancel', { method: 'POST', body: prodIds });
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
        <p className="empty-text">{t('collection.emptyProducts')}</p>
        <Link to="/list?st=0" className={buttonClass()}>
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
        allSelected={records.every((r) => selected.has(r.prodId))}
        onManage={setMode}
        onSelectAll={(on) => setAll(records.map((r) => r.prodId), on)}
        onBatchCancel={() => void cancel([...selected])}
      />
      <ProductGrid label={t('collection.tabs.products')}>
        {records.map((product) => (
          <div role="listitem" key={product.prodId} className={`collection-item${product.onShelf ? '' : ' collection-item--off'}`}>
            <ProductCard
              product={product}
              footer={
                <div className="collection-item__footer">
                  {managing ? (
                    <label className="collection-check">
                      <input type="checkbox" checked={selected.has(product.prodId)} onChange={() => toggle(product.prodId)} />
                      <span className="visually-hidden">{t('collection.select', { name: product.prodName })}</span>
                    </label>
                  ) : null}
                  {product.onShelf ? null : <span className="collection-item__off">{t('collection.offShelf')}</span>}
                  <button type="button" className="text-link collection-item__cancel" onClick={() => void cancel([product.prodId])} aria-label={`${t('collection.cancel')} ${product.prodName}`}>
                    {t('collection.cancel')}
                  </button>
                </div>
              }
            />
          </div>
        ))}
      </ProductGrid>
    </>
  );
}
