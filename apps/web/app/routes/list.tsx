import { lazy, Suspense } from 'react';
import { Link, data, useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/list';
import { CategoryNodeSchema, SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { HotSearchSchema } from '@bazaar/shared/schemas/search';
import { SEARCH_TAB } from '@bazaar/shared/constants/search-tab';
import { CouponProductPageSchema } from '@bazaar/shared/schemas/coupon-products';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ProductCardSchema } from '@bazaar/shared/schemas/catalog';
import { api, ApiError } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { ProductCard, ProductGrid } from '../components/product-card.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { CategoryFilter, categoryPath, categoryRows } from '../features/search/category-filter.tsx';
import { Highlight } from '../features/search/highlight.tsx';
import { LIST_PAGE_SIZE, listHref, readListState, searchQueryOf } from '../features/search/list-query.ts';
import { PriceFilter } from '../features/search/price-filter.tsx';
import { SortBar } from '../features/search/sort-bar.tsx';
import { searchFlashSales } from '../features/seckill/flash-sale-search.server.ts';
import { searchGroupBuys } from '../features/group/group-buy-search.server.ts';
import '../features/search/search.css';

// Only the coupon tab shows a coupon line: it loads with it (decision 011's landing-page budget).
const ListCoupon = lazy(() => import('../features/coupon/list-coupon.tsx'));
// The flash-sale tab (st=4) draws flash sales, in a chunk of its own for the same reason.
const ListFlashSales = lazy(() => import('../features/seckill/list-flash-sales.tsx'));
// So does the group-buy tab (st=3): the running group buys.
const ListGroupBuys = lazy(() => import('../features/group/list-group-buys.tsx'));

const HOT_WORDS = 8;
/** Cards in the first row load eagerly (they are the page's largest paint). */
const EAGER_CARDS = 5;

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const term = loaderData?.state.pn;
  return term ? pageTitle(matches, { text: term }) : pageTitle(matches, { key: 'listPage.title' });
}

export async function loader({ request }: Route.LoaderArgs) {
  const context = apiContextFor(request);
  const state = readListState(new URL(request.url).searchParams);
  const tab = Number(state.st);
  // The coupon tab (st=5, reference /coupon/prodListByCouponId): the products a coupon applies to.
  const couponId = tab === SEARCH_TAB.coupons ? state.couponId : undefined;
  // The flash-sale tab (st=4, reference prodType=2): the flash sales on now or to come matching the term.
  const flash = tab === SEARCH_TAB.flashSale ? searchFlashSales(context, state, state.current, LIST_PAGE_SIZE) : null;
  // The group-buy tab (st=3, reference prodType=1): the running group buys matching the term.
  const group = tab === SEARCH_TAB.groupBuy ? searchGroupBuys(context, state, state.current, LIST_PAGE_SIZE) : null;
  // The special-discount tab (st=2, reference "2 discount calls"): the products of the running shop promotions matching the term.
  const discount = tab === SEARCH_TAB.specialDiscount;
  // An activity tab's cards come apart from the product page, which keeps only the pager's counts.
  const counts = <P extends object>(page: P) => ({ ...page, records: [], totalCapped: false, keywords: [] });
  const results =
    flash !== null
      ? flash.then(({ records, serverTime, ...page }) => ({ page: counts(page), coupon: null, flash: { records, serverTime }, group: null, error: null }))
      : group !== null
      ? group.then(({ records, ...page }) => ({ page: counts(page), coupon: null, flash: null, group: records, error: null }))
      : discount
      ? api('/marking/discount/searchProd', {
          ...context,
          query: { keyword: state.pn || undefined, minPrice: state.minPrice, maxPrice: state.maxPrice, hasStock: state.hasStock ? 1 : undefined, sort: state.sort, current: state.current, size: LIST_PAGE_SIZE },
          schema: pageOf(ProductCardSchema),
        }).then((page) => ({ page: { ...page, totalCapped: false, keywords: state.pn ? [state.pn] : [] }, coupon: null, flash: null, group: null, error: null }))
      : couponId !== undefined
      ? api('/coupon/prodListByCouponId', {
          ...context,
          query: { couponId, keyword: state.pn || undefined, sort: state.sort, current: state.current, size: LIST_PAGE_SIZE },
          schema: CouponProductPageSchema,
        }).then(({ coupon, ...page }) => ({ page: { ...page, totalCapped: false, keywords: state.pn ? [state.pn] : [] }, coupon, flash: null, group: null, error: null }))
        : api('/search/page', { ...context, query: searchQueryOf(state), schema: SearchPageSchema }).then((page) => ({ page, coupon: null, flash: null, group: null, error: null }));
  // All three in parallel; the filters and suggestions are optional, the results are not.
  const [result, tree, hotWords] = await Promise.all([
    results.catch((err: unknown) => {
      // A 400 (a minimum above the maximum price typed into the URL, a coupon that is no more) is shown on the page.
      if (err instanceof ApiError && err.status === 400) return { page: null, coupon: null, flash: null, group: null, error: err.text };
      throw err;
    }),
    // An activity card (st 3, 4) has no category, and the special-discount tab (st 2) filters by price only: no tree.
    flash !== null || group !== null || discount ? [] : api('/category/tree', { ...context, schema: CategoryNodeSchema.array() }).catch(() => []),
    api('/search/hotSearch', { ...context, query: { number: HOT_WORDS }, schema: HotSearchSchema.array() }).catch(() => []),
  ]);
  // Only the chips the filter draws travel to the page, not the whole tree.
  const path = categoryPath(tree, state.categoryId);
  const category = {
    rows: categoryRows(tree, path),
    selected: path.map((node) => node.categoryId),
    name: path[path.length - 1]?.categoryName ?? null,
  };
  return data({ state, ...result, category, hotWords }, { status: result.error ? 400 : 200 });
}

export default function ListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { state, page, coupon, flash, group, error, category, hotWords } = loaderData;
  const heading = coupon
    ? t('listPage.couponProducts', { name: coupon.couponName })
    : state.pn
      ? t('listPage.resultsFor', { term: state.pn })
      : (category.name ?? t('listPage.allProducts'));
  const records = page?.records ?? [];
  const tab = Number(state.st);
  const activityTab = tab === SEARCH_TAB.groupBuy || tab === SEARCH_TAB.flashSale;
  const keywords = page?.keywords ?? [];

  return (
    <div className="container page-section list-page">
      <h1 className="list-page__title">{heading}</h1>

      {coupon ? (
        <Suspense fallback={<p className="card list-coupon" />}>
          <ListCoupon coupon={coupon} term={state.pn} />
        </Suspense>
      ) : (
        <section className="card list-filter" aria-label={t('listPage.filters.label')}>
          {/* An activity card (st 3, 4) has no category: those tabs filter by price (and stock) only. */}
          {activityTab || tab === SEARCH_TAB.specialDiscount ? null : <CategoryFilter rows={category.rows} selected={category.selected} />}
          <PriceFilter state={state} stockFilter={tab !== SEARCH_TAB.groupBuy} />
        </section>
      )}

      <SortBar sort={state.sort} count={page?.totalCapped ? t('listPage.countCapped', { total: page.total }) : t('listPage.count', { count: page?.total ?? 0 })} />

      {error ? (
        <p className="list-page__error" role="alert">
          {error}
        </p>
      ) : null}

      {flash && flash.records.length > 0 ? (
        <Suspense fallback={<p className="card seckill-page__session" />}>
          <ListFlashSales records={flash.records} current={page?.current ?? 1} pages={page?.pages ?? 0} serverTime={flash.serverTime} />
        </Suspense>
      ) : group && group.length > 0 ? (
        <Suspense fallback={<p className="card" />}>
          <ListGroupBuys records={group} current={page?.current ?? 1} pages={page?.pages ?? 0} />
        </Suspense>
      ) : records.length > 0 ? (
        <>
          <ProductGrid label={t('listPage.resultsLabel')}>
            {records.map((product, i) => (
              <div role="listitem" key={product.prodId}>
                <ProductCard product={product} eager={i < EAGER_CARDS} name={<Highlight text={product.prodName} keywords={keywords} />} />
              </div>
            ))}
          </ProductGrid>
          <Pagination current={page?.current ?? 1} pages={page?.pages ?? 0} />
        </>
      ) : (
        <section className="card list-empty" aria-labelledby="list-empty-title">
          <h2 id="list-empty-title" className="list-empty__title">
            {t('listPage.empty')}
          </h2>
          {hotWords.length > 0 ? (
            <>
              <p className="list-empty__hint">{t('listPage.emptyHint')}</p>
              <ul className="list-empty__words">
                {hotWords.map((word) => (
                  <li key={word.hotSearchId}>
                    <Link to={listHref('', { pn: word.title }, location.pathname)} className="list-filter__chip">
                      {word.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      )}
    </div>
  );
}
