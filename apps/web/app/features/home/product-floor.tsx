import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '@bazaar/shared/schemas/catalog';
import { ProductCard, ProductGrid } from '../../components/product-card.tsx';

/** A home floor: a titled grid of product cards with a link to the full list. */
export function ProductFloor({ id, title, note, more, moreTo, products }: { id: string; title: string; note: string; more: string; moreTo: string; products: ProductCardData[] }) {
  if (products.length === 0) return null;
  return (
    <section className="floor" aria-labelledby={id}>
      <header className="floor__header">
        <h2 id={id} className="floor__title">
          {title}
        </h2>
        <p className="floor__note">{note}</p>
        <Link to={moreTo} className="text-link text-link--muted floor__more">
          {more}
        </Link>
      </header>
      <ProductGrid label={title}>
        {products.map((product) => (
          <div key={product.prodId} role="listitem">
            <ProductCard product={product} />
          </div>
        ))}
      </ProductGrid>
    </section>
  );
}
