import { Link } from 'react-router';
import type { ScoreLog } from '@bazaar/shared/schemas/points';
import { POINTS_IO, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { Pagination } from '../../components/ui/pagination.tsx';

export type PointsFilter = 'all' | 'in' | 'out';
export const POINTS_FILTERS: readonly PointsFilter[] = ['all', 'in', 'out'];

/** Sources whose bizId is an order number the shopper can open. */
const ORDER_SOURCES = new Set<number>([POINTS_SOURCE.shopping, POINTS_SOURCE.checkoutUse, POINTS_SOURCE.checkoutReturn, POINTS_SOURCE.refundReturn, POINTS_SOURCE.exchange]);

/** The records with their sources, newest first, filtered by earned or spent and paginated. */
export function PointsRecords({ records, filter, current, pages }: { records: ScoreLog[]; filter: PointsFilter; current: number; pages: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (
    <section className="card uc-panel points-records" aria-labelledby="points-records-title">
      <h2 id="points-records-title" className="uc-panel__title">
        {t('points.records.title')}
      </h2>
      <nav className="tabs" aria-label={t('points.records.filter.label')}>
        {POINTS_FILTERS.map((f) => (
          <Link key={f} to={f === 'all' ? '?' : `?io=${f}`} className="tabs__tab" aria-current={filter === f ? 'page' : undefined} preventScrollReset>
            {t(`points.records.filter.${f}`)}
          </Link>
        ))}
      </nav>
      {records.length === 0 ? (
        <p className="empty-text">{filter === 'all' ? t('points.records.empty') : t('points.records.emptyFiltered')}</p>
      ) : (
        <table className="points-table">
          <thead>
            <tr>
              <th scope="col">{t('points.records.source')}</th>
              <th scope="col">{t('points.records.change')}</th>
              <th scope="col">{t('points.records.time')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => {
              const gain = r.ioType === POINTS_IO.in;
              return (
                <tr key={r.id} data-source={r.source}>
                  <td>
                    <span className="points-table__source">{t(`points.source.${r.source}`)}</span>
                    {r.bizId && ORDER_SOURCES.has(r.source) ? (
                      <Link className="text-link points-table__order" to={`/order-detail?orderNumber=${encodeURIComponent(r.bizId)}`}>
                        {t('points.records.order', { orderNumber: r.bizId })}
                      </Link>
                    ) : null}
                  </td>
                  <td className={`points-table__change points-table__change--${gain ? 'in' : 'out'}`}>{`${gain ? '+' : '−'}${r.score}`}</td>
                  <td className="points-table__time">{formatDateTime(r.createTime, lang)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination current={current} pages={pages} />
    </section>
  );
}
