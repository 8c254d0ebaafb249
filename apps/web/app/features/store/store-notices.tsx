import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { NoticeSummary } from '@bazaar/shared/schemas/site';

export const storeNoticeHref = (id: number, shopId: number) => `/notice-detail?id=${id}&shopId=${shopId}`;

/** The store's own notices, newest and pinned first; each opens at /notice-detail?id=&shopId=. */
export function StoreNotices({ shopId, notices }: { shopId: number; notices: NoticeSummary[] }) {
  const { t } = useTranslation();
  return (
    <section className="card store-side" aria-labelledby="store-notices-title">
      <div className="card__header">
        <h2 id="store-notices-title" className="card__title">
          {t('store.notices.title')}
        </h2>
        {notices.length > 0 ? (
          <Link to={`/notice-list?shopId=${shopId}`} className="text-link text-link--muted">
            {t('store.notices.more')}
          </Link>
        ) : null}
      </div>
      {notices.length === 0 ? (
        <p className="empty-text">{t('store.notices.empty')}</p>
      ) : (
        <ul className="notice-lines">
          {notices.map((notice) => (
            <li key={notice.id}>
              <Link to={storeNoticeHref(notice.id, shopId)} className="notice-lines__link" title={notice.title}>
                {notice.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
