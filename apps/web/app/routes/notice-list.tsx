import { Link, data } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/notice-list';
import { PAGE_SIZE_DEFAULT } from '@bazaar/shared/constants/limits';
import { ShopHeadSchema } from '@bazaar/shared/schemas/catalog';
import { pageOf } from '@bazaar/shared/schemas/common';
import { NoticeSummarySchema } from '@bazaar/shared/schemas/site';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { storeHref } from '../features/store/store-query.ts';
import { positiveId } from '../lib/positive-id.ts';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (loaderData?.shop) return pageTitle(matches, { text: loaderData.shop.shopName });
  return pageTitle(matches, { key: loaderData?.closed ? 'store.closed.title' : 'notice.list.title' });
}

/** Platform notices, or one open store's with ?shopId= (the store page's "all notices"). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const requested = Number(params.get('current') ?? 1);
  const current = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const shopParam = params.get('shopId');
  const shopId = shopParam === null || shopParam === '0' ? 0 : positiveId(shopParam);
  const closed = () => data({ page: null, shop: null, shopId: 0, closed: true }, { status: 404 });
  if (shopId === null) return closed();
  const context = apiContextFor(request);
  try {
    const [page, shop] = await Promise.all([
      api(`/shop/notice/noticeList/${shopId}`, { ...context, query: { current, size: PAGE_SIZE_DEFAULT }, schema: pageOf(NoticeSummarySchema) }),
      shopId > 0 ? api('/shop/headInfo', { ...context, query: { shopId }, schema: ShopHeadSchema }) : Promise.resolve(null),
    ]);
    return { page, shop, shopId, closed: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return closed();
    throw error;
  }
}

export default function NoticeList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, shop, shopId } = loaderData;
  if (!page) {
    return (
      <div className="container page-section">
        <section className="card message-panel" aria-labelledby="notice-list-closed">
          <h1 id="notice-list-closed" className="message-panel__title">
            {t('store.closed.title')}
          </h1>
          <p className="message-panel__text">{t('store.closed.text')}</p>
          <Link to="/notice-list" className="btn btn--secondary btn--md">
            {t('notice.list.title')}
          </Link>
        </section>
      </div>
    );
  }
  const title = shop ? t('store.notices.listTitle', { name: shop.shopName }) : t('notice.list.title');
  return (
    <div className="container page-section">
      {shop ? (
        <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
          <Link to="/">{t('layout.header.home')}</Link>
          <span aria-hidden="true">/</span>
          <Link to={storeHref(shopId)}>{shop.shopName}</Link>
        </nav>
      ) : null}
      <section className="card notice-list" aria-labelledby="notice-list-title">
        <div className="card__header">
          <h1 id="notice-list-title" className="card__title card__title--lg">
            {title}
          </h1>
        </div>
        {page.records.length === 0 ? (
          <p className="empty-text">{t('notice.list.empty')}</p>
        ) : (
          <ul className="notice-rows">
            {page.records.map((notice) => (
              <li key={notice.id} className="notice-rows__row">
                <Link to={`/notice-detail?id=${notice.id}&shopId=${shopId}`} className="notice-rows__title">
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
