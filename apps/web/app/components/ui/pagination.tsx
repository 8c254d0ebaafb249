import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';

/** Page numbers around the current one, with the first and last always shown. */
export function pageWindow(current: number, pages: number, span = 2): Array<number | 'gap'> {
  const result: Array<number | 'gap'> = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) <= span) result.push(n);
    else if (result[result.length - 1] !== 'gap') result.push('gap');
  }
  return result;
}

/** Links that set ?current=n on the current URL, keeping the other query parameters. */
export function Pagination({ current, pages, param = 'current' }: { current: number; pages: number; param?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pages <= 1) return null;

  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(page));
    return `${location.pathname}?${params.toString()}`;
  };

  return (
    <nav className="pagination" aria-label={t('common.pagination.label')}>
      {current > 1 ? (
        <Link className="pagination__item" to={hrefFor(current - 1)} rel="prev">
          {t('common.pagination.prev')}
        </Link>
      ) : (
        <span className="pagination__item pagination__item--disabled" aria-disabled="true">
          {t('common.pagination.prev')}
        </span>
      )}
      {pageWindow(current, pages).map((page, index) =>
        page === 'gap' ? (
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={page}
            className={`pagination__item${page === current ? ' pagination__item--current' : ''}`}
            to={hrefFor(page)}
            aria-current={page === current ? 'page' : undefined}
          >
            {page}
          </Link>
        ),
      )}
      {current < pages ? (
        <Link className="pagination__item" to={hrefFor(current + 1)} rel="next">
          {t('common.pagination.next')}
        </Link>
      ) : (
        <span className="pagination__item pagination__item--disabled" aria-disabled="true">
          {t('common.pagination.next')}
        </span>
      )}
      <span className="pagination__status">{t('common.pagination.status', { current, pages })}</span>
    </nav>
  );
}
