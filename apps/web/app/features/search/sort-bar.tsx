import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { listHref, SORT_OPTIONS } from './list-query.ts';

/** Overall (relevance or sales), sales, newest, price up and down; the choice lives in ?sort=. */
export function SortBar({ sort, count }: { sort: number | undefined; count: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="list-sort">
      <nav className="list-sort__options" aria-label={t('listPage.sort.label')}>
        {SORT_OPTIONS.map((option) => {
          const active = (option.code ?? undefined) === sort;
          return (
            <Link
              key={option.key}
              to={listHref(location.search, { sort: option.code === null ? null : String(option.code) }, location.pathname)}
              className={`list-sort__item${active ? ' list-sort__item--active' : ''}`}
              aria-current={active ? 'true' : undefined}
            >
              {t(`listPage.sort.${option.key}`)}
            </Link>
          );
        })}
      </nav>
      <p className="list-sort__count" role="status">
        {count}
      </p>
    </div>
  );
}
