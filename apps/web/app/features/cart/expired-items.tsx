import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { CartExpiryItem } from '@bazaar/shared/schemas/cart-view';
import { Price } from '../../components/ui/price.tsx';
import { showToast } from '../../components/ui/toast.tsx';

/** The lines that can no longer be bought (off the shelf, store closed, option gone, sold out), with "clear". */
export function ExpiredItems({ items, onClear }: { items: CartExpiryItem[]; onClear: () => Promise<boolean> }) {
  const { t } = useTranslation();

  async function clear() {
    if (await onClear()) showToast(t('cartPage.invalid.cleared'), { kind: 'success' });
  }

  return (
    <section className="card cart-expired" aria-labelledby="cart-expired-title" data-testid="cart-expired">
      <header className="cart-expired__head">
        <h2 id="cart-expired-title" className="cart-expired__title">
          {t('cartPage.invalid.title', { count: items.length })}
        </h2>
        <button type="button" className="text-link" onClick={() => void clear()}>
          {t('cartPage.invalid.clear')}
        </button>
      </header>
      <ul>
        {items.map((item) => (
          <li key={item.basketId} className="cart-line cart-line--expired">
            <span aria-hidden="true" />
            <span className="cart-line__media">
              <img src={item.pic} alt="" width={80} height={80} loading="lazy" decoding="async" />
              <span className="cart-expired__tag">{t('cartPage.invalid.tag')}</span>
            </span>
            <div className="cart-line__info">
              <Link to={`/detail/${item.prodId}`} className="cart-line__name">
                {item.prodName}
              </Link>
              {item.skuName ? <span className="cart-line__sku">{item.skuName}</span> : null}
              <span className="cart-line__shop">{item.shopName}</span>
            </div>
            <Price fen={item.price} className="cart-line__price" />
            <span className="cart-expired__count">×{item.prodCount}</span>
            <span className="cart-expired__reason">{t(`cartPage.invalid.reasons.${item.reason}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
