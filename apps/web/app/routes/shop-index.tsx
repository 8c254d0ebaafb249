import { Link, data, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import { z } from 'zod';
import type { Route } from './+types/shop-index';
import { CategorySchema, SearchPageSchema, ShopHeadSchema } from '@bazaar/shared/schemas/catalog';
import { NoticeSummarySchema } from '@bazaar/shared/schemas/site';
import type { RootData } from '../root.tsx';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { ProductCard, ProductGrid } from '../components/product-card.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { openLogin } from '../features/account/login-store.ts';
import { ShopHead } from '../features/store/shop-head.tsx';
import { StoreSearch } from '../features/store/store-search.tsx';
import { StoreCategories } from '../features/store/store-categories.tsx';
import { StoreNotices } from '../features/store/store-notices.tsx';
import { highlight } from '../features/store/highlight.tsx';
import { STORE_SORTS, parseStoreQuery, storeHref } from '../features/store/store-query.ts';
import { StoreCoupons } from '../features/coupon/store-coupons.tsx';
import { positiveId } from '../lib/positive-id.ts';
import '../features/store/store.css';
import '../features/coupon/coupon.css';

const STORE_PAGE_SIZE = 20;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (loaderData?.store) return pageTitle(matches, { text: loaderData.store.head.shopName });
  return pageTitle(matches, { key: loaderData?.offline ? 'store.offline.title' : 'store.closed.title' });
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const shopId = positiveId(params.get('sid'));
  // Unknown, closed and malformed stores are one page message (section 2: not shown as open); a
  // store staff took offline says so (the shop entry's offline message).
  const closed = (offline = false) => data({ store: null, offline }, { status: 404 });
  if (shopId === null) return closed();
  const query = parseStoreQuery(params);
  const context = apiContextFor(request);
  try {
    const [head, categories, page, notices] = await Promise.all([
      api('/shop/headInfo', { ...context, query: { shopId }, schema: ShopHeadSchema }),
      api('/category/shopCategoryList', { ...context, query: { shopId }, schema: z.array(CategorySchema) }),
      // The store pages' own search call (reference 2.2).
      api('/search/searchProdPage', {
        ...context,
        query: { shopId, shopCategoryId: query.shopCategoryId, keyword: query.keyword, sort: query.sort, current: query.current, size: STORE_PAGE_SIZE },
        schema: SearchPageSchema,
      }),
      api(`/shop/notice/topNoticeList/${shopId}`, { ...context, schema: z.array(NoticeSummarySchema) }).catch(() => []),
    ]);
    return { store: { shopId, head, categories, page, notices, query } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return closed(error.code === 'store.errors.offline');
    throw error;
  }
}

function ClosedStore({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  const texts = offline ? 'store.offline' : 'store.closed';
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="store-closed-title">
        <h1 id="store-closed-title" className="message-panel__title">
          {t(`${texts}.title`)}
        </h1>
        <p className="message-panel__text">{t(`${texts}.text`)}</p>
        <div className="store-closed__actions">
          <Link to="/shopList?shopName=" className={buttonClass({ variant: 'primary' })}>
            {t('store.closed.search')}
          </Link>
          <Link to="/" className={buttonClass({ variant: 'secondary' })}>
            {t('common.backHome')}
          </Link>
        </div>
      </section>
    </div>
  );
}

export default function ShopIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const { store } = loaderData;
  if (!store) return <ClosedStore offline={loaderData.offline === true} />;
  const { shopId, head, categories, page, notices, query } = store;
  const category = categories.find((c) => c.categoryId === query.shopCategoryId);

  return (
    <div className="container page-section store-page">
      <ShopHead key={shopId} head={head} isLoggedIn={root?.isLoggedIn ?? false} onLogin={openLogin} />
      <div className="store-body">
        <aside className="store-aside">
          <StoreCategories shopId={shopId} categories={categories} current={query.shopCategoryId} />
          <StoreNotices shopId={shopId} notices={notices} />
        </aside>
        <section className="store-products" aria-labelledby="store-products-title">
          <StoreCoupons key={`${shopId}-${root?.isLoggedIn ?? false}`} shopId={shopId} isLoggedIn={root?.isLoggedIn ?? false} />
          <div className="store-toolbar">
            <h2 id="store-products-title" className="store-toolbar__title">
              {query.keyword ? t('store.products.resultFor', { keyword: query.keyword }) : (category?.categoryName ?? t('store.products.title'))}
            </h2>
            <span className="store-toolbar__total">{page.totalCapped ? t('store.products.totalCapped', { total: page.total }) : t('store.products.total', { count: page.total })}</span>
            <StoreSearch key={`${shopId}-${query.keyword ?? ''}`} shopId={shopId} keyword={query.keyword} />
          </div>
          <nav className="store-sorts" aria-label={t('store.sort.label')}>
            {STORE_SORTS.map((s) => {
              const current = s.sort === query.sort;
              return (
                <Link
                  key={s.key}
                  to={storeHref(shopId, { ...query, sort: s.sort, current: 1 })}
                  className={`store-sorts__item${current ? ' store-sorts__item--current' : ''}`}
                  aria-current={current ? 'true' : undefined}
                >
                  {t(`store.sort.${s.key}`)}
                </Link>
              );
            })}
          </nav>
          {page.records.length === 0 ? (
            <p className="empty-text">{t('store.products.empty')}</p>
          ) : (
            <ProductGrid label={t('store.products.title')}>
              {page.records.map((product, i) => (
                <div key={product.prodId} role="listitem">
                  <ProductCard product={product} name={highlight(product.prodName, page.keywords)} eager={i < 4} />
                </div>
              ))}
            </ProductGrid>
          )}
          <Pagination current={page.current} pages={page.pages} />
        </section>
      </div>
    </div>
  );
}
