import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/notice-list';
import { PAGE_SIZE_DEFAULT } from '@bazaar/shared/constants/limits';
import { pageOf } from '@bazaar/shared/schemas/common';
import { NoticeSummarySchema } from '@bazaar/shared/schemas/site';
import { api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'notice.list.title' });
}

export async function loader({ request }: Route.LoaderArgs) {
  const requested = Number(new URL(request.url).searchParams.get('current') ?? 1);
  const current = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const page = await api('/shop/notice/noticeList/0', {
    ...apiContextFor(request),
    query: { current, size: PAGE_SIZE_DEFAULT },
    schema: pageOf(NoticeSummarySchema),
  });
  return { page };
}

export default function NoticeList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  return (
    <div className="container page-section">
      <section className="card notice-list" aria-labelledby="notice-list-title">
        <div className="card__header">
          <h1 id="notice-list-title" className="card__title card__title--lg">
            {t('notice.list.title')}
          </h1>
        </div>
        {page.records.length === 0 ? (
          <p className="empty-text">{t('notice.list.empty')}</p>
        ) : (
          <ul className="notice-rows">
            {page.records.map((notice) => (
              <li key={notice.id} className="notice-rows__row">
                <Link to={`/notice-detail?id=${notice.id}&shopId=0`} className="notice-rows__title">
                  {notice.title}
                </Link>
                <time className="notice-rows__date" dateTime={notice.publishTime.replace(' ', 'T')}>
                  {notice.publishTime.slice(0, 10)}
                </time>
              </li>
            ))}
          </ul>
        )}
        <Pagination current={page.current} pages={page.pages} />
      </section>
    </div>
  );
}
