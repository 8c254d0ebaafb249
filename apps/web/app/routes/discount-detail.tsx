import { useEffect } from 'react';
import { Form, Link, data, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/discount-detail';
import { pageOf } from '@bazaar/shared/schemas/common';
import { DiscountProductCardSchema, DiscountSummarySchema } from '@bazaar/shared/schemas/shop-promotion';
import type { RootData } from '../root.tsx';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { keywordTooLong } from '../lib/search-keyword.ts';
import { pageTitle } from '../components/page-meta.ts';
import { ProductCard, ProductGrid } from '../components/product-card.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { showToast } from '../components/ui/toast.tsx';
import { QuickAddButton } from '../features/product/quick-add.tsx';
import { DealHead } from '../features/promotion/deal-card.tsx';
import { positiveId } from '../lib/positive-id.ts';
import '../features/product/product.css';
import '../features/promotion/promotion.css';
import '../features/search/search.css';

/** The API's sorts of a promotion's products, in the order the bar shows them. */
const SORTS = [0, 1, 5, 4] as const;
const PAGE_SIZE = 20;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const deal = loaderData && 'deal' in loaderData ? loaderData.deal : null;
  return deal ? pageTitle(matches, { text: deal.discountName }) : pageTitle(matches, { key: 'discountDetail.title' });
}

function readQuery(params: URLSearchParams) {
  const raw = params.get('discountId') ?? '';
  const discountId = positiveId(raw);
  const sortRaw = Number(params.get('sort') ?? 0);
  const sort = (SORTS as readonly number[]).includes(sortRaw) ? sortRaw : 0;
  const keyword = (params.get('keyword') ?? '').trim();
  const requested = Number(params.get('current') ?? 1);
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  return { discountId, sort, keyword, current };
}

/** /discount-detail?discountId=: one running promotion and its products (204 once it ended, 404 when there is none). */
export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(new URL(request.url).searchParams);
  const missing = () => data({ state: 'missing' as const }, { status: 404 });
  if (query.discountId === null) return missing();
  const context = apiContextFor(request);
  // A term over the limit is refused with the rule's message, never cut (lib/search-keyword.ts).
  const tooLong = keywordTooLong(query.keyword);
  try {
    const [deal, products] = await Promise.all([
      api(`/marking/discount/getDiscountByDiscountId/${query.discountId}`, { ...context, schema: DiscountSummarySchema }),
      tooLong
        ? { records: [], total: 0, size: PAGE_SIZE, current: 1, pages: 0 }
        : api('/marking/discount/prodList', {
            ...context,
            query: { discountId: query.discountId, sort: query.sort, current: query.current, size: PAGE_SIZE, ...(query.keyword ? { keyword: query.keyword } : {}) },
            schema: pageOf(DiscountProductCardSchema),
          }),
    ]);
    return { state: 'running' as const, deal, products, query, tooLong };
  } catch (error) {
    if (error instanceof ApiError && error.status === 204) return { state: 'ended' as const };
    if (error instanceof ApiError && error.status === 400) return missing();
    throw error;
  }
}

/** The reference's 204: "活动已结束！" and home. */
function Ended() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    showToast(t('errors.activityEnded'), { kind: 'error' });
    void navigate('/', { replace: true });
  }, [navigate, t]);
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="deal-ended-title">
        <h1 id="deal-ended-title" className="message-panel__title">
          {t('discountDetail.endedTitle')}
        </h1>
        <Link to="/special-discount" className={buttonClass({ variant: 'secondary' })}>
          {t('discountDetail.back')}
        </Link>
      </section>
    </div>
  );
}

export default function DiscountDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRouteLoaderData<RootData>('root');
  const isLoggedIn = root?.isLoggedIn ?? false;
  if (loaderData.state === 'ended') return <Ended />;
  if (loaderData.state === 'missing') {
    return (
      <div className="container page-section">
        <section className="card message-panel" aria-labelledby="deal-missing-title">
          <h1 id="deal-missing-title" className="message-panel__title">
            {t('discountDetail.missingTitle')}
          </h1>
          <p className="message-panel__text">{t('discountDetail.missingText')}</p>
          <Link to="/special-discount" className={buttonClass()}>
            {t('discountDetail.back')}
          </Link>
        </section>
      </div>
    );
  }
  const { deal, products, query, tooLong } = loaderData;
  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <div className="container page-section deal-detail">
      <DealHead deal={deal} />

      <div className="list-sort deal-detail__bar">
        <nav className="list-sort__options" aria-label={t('discountDetail.sortLabel')}>
          {SORTS.map((sort) => (
            <Link
              key={sort}
              to={hrefWith({ sort: sort === 0 ? null : String(sort), current: null })}
              className={`list-sort__item${query.sort === sort ? ' list-sort__item--active' : ''}`}
              aria-current={query.sort === sort ? 'true' : undefined}
            >
              {t(`discountDetail.sorts.${sort}`)}
            </Link>
          ))}
        </nav>
        <Form method="get" action={location.pathname} className="deal-detail__search" role="search">
          <input type="hidden" name="discountId" value={deal.discountId} />
          {query.sort !== 0 ? <input type="hidden" name="sort" value={query.sort} /> : null}
          <input className="field__input deal-detail__keyword" type="search" name="keyword" defaultValue={query.keyword} aria-label={t('discountDetail.keyword')} placeholder={t('discountDetail.keyword')} />
          <button type="submit" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            {t('discountDetail.search')}
          </button>
        </Form>
        <p className="list-sort__count" role="status">
          {t('discountDetail.count', { count: products.total })}
        </p>
      </div>

      {tooLong ? (
        <p className="list-page__error" role="alert">
          {t('validation.keywordTooLong')}
        </p>
      ) : null}

      {products.records.length > 0 ? (
        <>
          <ProductGrid label={t('discountDetail.productsLabel')}>
            {products.records.map((product, i) => (
              <div role="listitem" key={product.prodId}>
                <ProductCard product={product} eager={i < 5} footer={<QuickAddButton prodId={product.prodId} prodName={product.prodName} isLoggedIn={isLoggedIn} />} />
              </div>
            ))}
          </ProductGrid>
          <Pagination current={products.current} pages={products.pages} />
        </>
      ) : (
        <p className="card message-panel">{t('discountDetail.empty')}</p>
      )}
    </div>
  );
}
