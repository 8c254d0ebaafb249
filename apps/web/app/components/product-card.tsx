import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.tsx';
import type { ProductCard as ProductCardData } from '@bazaar/shared/schemas/catalog';
import { PageLink } from './ui/page-link.tsx';
import { Price } from './ui/price.tsx';

export interface ProductCardProps {
  product: ProductCardData;
  /** The name as rendered (for example with the search term highlighted); defaults to the plain name. */
  name?: ReactNode;
  /** Extra controls under the card (a checkbox, a remove button). */
  footer?: ReactNode;
  /** Eager for the first cards above the fold; lazy otherwise. */
  eager?: boolean;
}

/** One product in a grid: picture, price, its shop promotion's tag (search pages), name, sales and shop. Links to the detail page. */
export function ProductCard({ product, name, footer, eager = false }: ProductCardProps) {
  const { t } = useTranslation();
  const soldOut = product.totalStocks === 0;
  return (
    <article className="product-card">
      <PageLink to={`/detail/${product.prodId}`} className="product-card__link">
        <span className="product-card__media">
          <img src={product.pic} alt="" width={220} height={220} loading={eager ? 'eager' : 'lazy'} decoding="async" />
          {soldOut ? <span className="product-card__badge">{t('catalog.card.soldOut')}</span> : null}
        </span>
        <Price fen={product.price} oriFen={product.oriPrice} className="product-card__price" />
        {product.discountTag ? (
          <span className="product-card__deal" data-testid="card-discount-tag">
            {product.discountTag}
          </span>
        ) : null}
        <span className="product-card__name">{name ?? product.prodName}</span>
      </PageLink>
      <p className="product-card__meta">
        <span>{t('catalog.card.sold', { count: product.soldNum })}</span>
        <PageLink to={`/shopIndex?sid=${product.shopId}`} className="product-card__shop">
          {product.shopName}
        </PageLink>
      </p>
      {footer}
    </article>
  );
}

/** A responsive grid of cards. */
export function ProductGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="product-grid" role="list" aria-label={label}>
      {children}
    </div>
  );
}
