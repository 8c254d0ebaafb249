import { Link, data } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/notice-detail';
import { NoticeDetailSchema } from '@bazaar/shared/schemas/site';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return loaderData?.notice ? pageTitle(matches, { text: loaderData.notice.title }) : pageTitle(matches, { key: 'notice.detail.notFoundTitle' });
}

export async function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id') ?? '';
  // A bad or unknown id is a page message with status 404, not an error page.
  const missing = () => data({ notice: null }, { status: 404 });
  if (!/^[1-9]\d{0,9}$/.test(id)) return missing();
  try {
    const notice = await api(`/shop/notice/info/${id}`, { ...apiContextFor(request), schema: NoticeDetailSchema });
    return { notice };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return missing();
    throw error;
  }
}

export default function NoticeDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { notice } = loaderData;

  if (!notice) {
    return (
      <div className="container page-section">
        <section className="card message-panel" aria-labelledby="notice-missing-title">
          <h1 id="notice-missing-title" className="message-panel__title">
            {t('notice.detail.notFoundTitle')}
          </h1>
          <p className="message-panel__text">{t('notice.detail.notFoundDescription')}</p>
          <Link to="/notice-list" className="btn btn--secondary btn--md">
            {t('notice.detail.backToList')}
          </Link>
        </section>
      </div>
    );
  }

  return (
    <div className="container page-section">
      <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
        <Link to="/">{t('layout.header.home')}</Link>
        <span aria-hidden="true">/</span>
        <Link to="/notice-list">{t('notice.list.title')}</Link>
      </nav>
      <article className="card article">
        <header className="article__header">
          <h1 className="article__title">{notice.title}</h1>
          <p className="article__meta">
            <time dateTime={notice.publishTime.replace(' ', 'T')}>{t('notice.detail.publishedAt', { time: notice.publishTime })}</time>
          </p>
        </header>
        {/* Notices are written by platform staff in the admin console: trusted HTML. */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: notice.content }} />
      </article>
    </div>
  );
}
