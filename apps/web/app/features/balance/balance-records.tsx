import { Link, useLocation } from 'react-router';
import type { BalanceLog } from '@bazaar/shared/schemas/balance';
import { BALANCE_IO, BALANCE_LOG_TYPE, BALANCE_LOG_TYPES } from '@bazaar/shared/constants/balance';
import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { Pagination } from '../../components/ui/pagination.tsx';

export type BalanceIoFilter = 'all' | 'in' | 'out';
export interface BalanceFilter {
  type: number | null;
  io: BalanceIoFilter;
}

/** Types whose bizId is an order number the shopper can open. */
const ORDER_TYPES = new Set<number>([BALANCE_LOG_TYPE.payment, BALANCE_LOG_TYPE.refund]);

/** The filter as URL parameters (?type=&io=), keeping the one not being changed; the page starts over. */
function hrefFor(search: string, change: Partial<BalanceFilter>): string {
  const params = new URLSearchParams(search);
  params.delete('current');
  params.delete('payNo');
  if ('type' in change) {
    if (change.type === null || change.type === undefined) params.delete('type');
    else params.set('type', String(change.type));
  }
  if (change.io) {
    if (change.io === 'all') params.delete('io');
    else params.set('io', change.io);
  }
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** The settled records, newest first, filtered by type and by direction, paginated. */
export function BalanceRecords({ records, filter, current, pages }: { records: BalanceLog[]; filter: BalanceFilter; current: number; pages: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const { search } = useLocation();
  return (
    <section className="card uc-panel balance-records" aria-labelledby="balance-records-title">
      <h2 id="balance-records-title" className="uc-panel__title">
        {t('balance.records.title')}
      </h2>
      <nav className="tabs balance-records__filter" aria-label={t('balance.records.filterType')}>
        {[null, ...BALANCE_LOG_TYPES].map((type) => (
          <Link key={type ?? 'all'} to={hrefFor(search, { type })} className="tabs__tab" aria-current={filter.type === type ? 'page' : undefined} preventScrollReset>
            {type === null ? t('balance.records.allTypes') : t(`balance.type.${type}`)}
          </Link>
        ))}
      </nav>
      <nav className="tabs balance-records__filter" aria-label={t('balance.records.filterIo')}>
        {(['all', 'in', 'out'] as const).map((io) => (
          <Link key={io} to={hrefFor(search, { io })} className="tabs__tab" aria-current={filter.io === io ? 'page' : undefined} preventScrollReset>
            {io === 'all' ? t('balance.records.allIo') : io === 'in' ? t('balance.records.income') : t('balance.records.expense')}
          </Link>
        ))}
      </nav>
      {records.length === 0 ? (
        <p className="empty-text">{t('balance.records.empty')}</p>
      ) : (
        <table className="balance-table">
          <thead>
            <tr>
              <th scope="col">{t('balance.records.type')}</th>
              <th scope="col">{t('balance.records.change')}</th>
              <th scope="col">{t('balance.records.time')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => {
              const gain = r.ioType === BALANCE_IO.in;
              return (
                <tr key={r.id} data-type={r.type}>
                  <td>
                    <span className="balance-table__type">{t(`balance.type.${r.type}`)}</span>
                    {r.bizId && ORDER_TYPES.has(r.type) ? (
                      <Link className="text-link balance-table__order" to={`/order-detail?orderNumber=${encodeURIComponent(r.bizId)}`}>
                        {t('balance.records.order', { orderNumber: r.bizId })}
                      </Link>
                    ) : null}
                  </td>
                  <td className={`balance-table__change balance-table__change--${gain ? 'in' : 'out'}`}>{`${gain ? '+' : '−'}${formatYuan(r.changeBalance, lang)}`}</td>
                  <td className="balance-table__time">{formatDateTime(r.createTime, lang)}</td>
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
