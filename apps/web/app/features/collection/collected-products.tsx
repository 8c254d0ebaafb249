import { useTranslation } from '../../lib/i18n.tsx';
import type { CollectedProduct } from '@bazaar/shared/schemas/collection';
import { ProductCard, ProductGrid } from '../../components/product-card.tsx';
import { CollectionCheck, CollectionPanel } from './collection-panel.tsx';

/** Collected products: cancel one, or tick several and cancel them together. */
export function CollectedProducts({ records, total }: { records: CollectedProduct[]; total: number }) {
  const { t } = useTranslation();
  return (
    <CollectionPanel
      records={records}
      total={total}
      idOf={(r) => r.prodId}
      batchCancelPath="/p/user/collection/batachCancel"
      empty={{ text: t('collection.emptyProducts'), to: '/list?st=0' }}
    >
      {(rows) => (
        <ProductGrid label={t('collection.tabs.products')}>
          {records.map((product) => (
            <div role="listitem" key={product.prodId} className={`collection-item${product.onShelf ? '' : ' collection-item--off'}`}>
              <ProductCard
                product={product}
                footer={
                  <div className="collection-item__footer">
                    <CollectionCheck rows={rows} id={product.prodId} name={product.prodName} />
                    {product.onShelf ? null : <span className="collection-item__off">{t('collection.offShelf')}</span>}
                    <button type="button" className="text-link collection-item__cancel" onClick={() => rows.cancel([product.prodId])} aria-label={`${t('collection.cancel')} ${product.prodName}`}>
                      {t('collection.cancel')}
                    </button>
                  </div>
                }
              />
            </div>
          ))}
        </ProductGrid>
      )}
    </CollectionPanel>
  );
}
