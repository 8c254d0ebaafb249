import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Category } from '@bazaar/shared/schemas/catalog';
import { storeHref } from './store-query.ts';

/** The store's own categories (shopCategroyList) as a side menu; the current one is marked. */
export function StoreCategories({ shopId, categories, current }: { shopId: number; categories: Category[]; current?: number }) {
  const { t } = useTranslation();
  const items = [{ id: undefined, name: t('store.nav.all') }, ...categories.map((c) => ({ id: c.categoryId, name: c.categoryName }))];
  return (
    <nav className="card store-side" aria-labelledby="store-categories-title">
      <div className="card__header">
        <h2 id="store-categories-title" className="card__title">
          {t('store.nav.label')}
        </h2>
      </div>
      <ul className="store-categories">
        {items.map((item) => (
          <li key={item.id ?? 'all'}>
            <Link
              to={storeHref(shopId, { shopCategoryId: item.id })}
              className={`store-categories__link${item.id === current ? ' store-categories__link--current' : ''}`}
              aria-current={item.id === current ? 'page' : undefined}
            >
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
