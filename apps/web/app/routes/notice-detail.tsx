import { Link, data } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/notice-detail';
import { ShopHeadSchema } from '@bazaar/shared/schemas/catalog';
import { NoticeDetailSchema } from '@bazaar/shared/schemas/site';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { storeHref } from '../features/store/store-query.ts';
import { positiveId } from '../lib/positive-id.ts';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return loaderData?.notice ? pageTitle(matches, { text: loaderData.notice.title }) : pageTitle(matches, { key: 'notice.detail.notFoundTitle' });
}

/** A platform notice (shopId 0) or an open store's (shopId = its store). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const shopParam = params.get('shopId');
  const shopId = shopParam === null || shopParam === '0' ? 0 : positiveId(shopParam);
  // A bad or unknown id, a notice of another store or of a closed store: a page message with
  // status 404 ('announcement does not exist'), not an error page.
  const missing = () => data({ notice: null, shop: null, shopId: shopId ?? 0 }, { status: 404 });
  const id = positiveId(params.get('id'));
  if (id === null || shopId === null) return missing();
  const context = apiContextFor(request);
  const [notice, shop] = await Promise.all([
    api(`/shop/notice/info/${id}`, { ...context, schema: NoticeDetailSchema }).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return null;
      throw error;
    }),
    shopId > 0
      ? api('/shop/headInfo', { ...context, query: { shopId }, schema: ShopHeadSchema }).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 400) return null;
          throw error;
        })
      : Promise.resolve(null),
  ]);
  if (!notice || notice.shopId !== shopId || (shopId > 0 && !shop)) return missing();
  return { notice, shop, shopId };
}

export default function NoticeDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { notice, shop, shopId } = loaderData;
  const listHref = shopId > 0 ? `/notice-list?shopId=${shopId}` : '/notice-list';

  if (!notice) {
    return (
      <div className="container page-section">
        <section className="card message-panel" aria-labelledby="notice-missing-title">
          <h1 id="notice-missing-title" className="message-panel__title">
            {t('notice.detail.notFoundTitle')}
          </h1>
          <p className="message-panel__text">{t('notice.detail.notFoundDescription')}</p>
          <Link to={listHref} className="btn btn--secondary btn--md">
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
        {shop ? (
          <>
            <Link to={storeHref(shopId)}>{shop.shopName}</Link>
            <span aria-hidden="true">/</span>
            <Link to={listHref}>{t('store.notices.title')}</Link>
          </>
        ) : (
          <Link to={listHref}>{t('notice.list.title')}</Link>
        )}
      </nav>
      <article className="card article">
        <header className="article__header">
          <h1 className="article__title">{notice.title}</h1>
          <p className="article__meta">
            <time dateTime={notice.publishTime.replace(' ', 'T')}>{t('notice.detail.publishedAt', { time: notice.publishTime })}</time>
          </p>
        </header>
        {/* Notice HTML is served as the admin and merchant consoles stored it (content module). */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: notice.content }} />
      </article>
    </div>
  );
}
