import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '@bazaar/shared/schemas/catalog';
import { ProductCard, ProductGrid } from '../../components/product-card.tsx';

interface FloorHead {
  id: string;
  title: string;
  note: string;
  more: string;
  moreTo: string;
}

/** A home floor: its title, note and link to the rest, over what it shows. */
export function Floor({ id, title, note, more, moreTo, children }: FloorHead & { children: ReactNode }) {
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
      {children}
    </section>
  );
}

/** A home floor of product cards with a link to the full list. */
export function ProductFloor({ products, ...head }: FloorHead & { products: ProductCardData[] }) {
  if (products.length === 0) return null;
  return (
    <Floor {...head}>
      <ProductGrid label={head.title}>
        {products.map((product) => (
          <div key={product.prodId} role="listitem">
            <ProductCard product={product} />
          </div>
        ))}
      </ProductGrid>
    </Floor>
  );
}
