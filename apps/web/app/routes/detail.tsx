import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, data, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/detail';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { ReviewSummarySchema } from '@bazaar/shared/schemas/review';
import { ProductDiscountTagSchema } from '@bazaar/shared/schemas/shop-promotion';
import { ComboSchema } from '@bazaar/shared/schemas/combo';
import { GroupJoinListSchema, GroupTeamInfoSchema } from '@bazaar/shared/schemas/group';
import type { RootData } from '../root.tsx';
import { ApiError, api, apiData } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { ProductGallery } from '../features/product/product-gallery.tsx';
import { PurchasePanel } from '../features/product/purchase-panel.tsx';
import { ShopCard } from '../features/product/shop-card.tsx';
import { ProductTabs } from '../features/product/product-tabs.tsx';
import { ProductCoupons } from '../features/coupon/product-coupons.tsx';
import { ProductPackages } from '../features/product/product-packages.tsx';
import { positiveId } from '../lib/positive-id.ts';
import '../features/product/product.css';
import '../features/coupon/coupon.css';

// A group activity's panel (?groupActivityId=, issue 29) is a chunk of its own: the plain product page does not carry it.
const GroupDetail = lazy(() => import('../features/group/group-detail.tsx'));


export function meta({ matches, loaderData }: Route.MetaArgs) {
  const product = loaderData?.product;
  if (!product) return pageTitle(matches, { key: 'product.missing.title' });
  return [...pageTitle(matches, { text: product.prodName }), { name: 'description', content: product.brief || product.prodName }];
}

/**
 * /detail/{prodId}, or /detail?prodId= (the specification's optional parameter). With
 * ?groupActivityId= the product comes with its group panel, and the activity's open teams and a share
 * link's team (?groupTeamId=) are read beside it; the API's 204 (the activity ended) is the page's "ended".
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const raw = params.prodId ?? search.get('prodId') ?? '';
  const groupActivityId = positiveId(search.get('groupActivityId'));
  const groupTeamId = groupActivityId ? positiveId(search.get('groupTeamId')) : null;
  // A bad, unknown or off-shelf product is a page message with status 404, not an error page.
  const missing = () => data({ product: null, summary: null, discounts: [], combos: [], teams: null, sharedTeam: null, ended: false }, { status: 404 });
  if (positiveId(raw) === null) return missing();
  // All the calls are public: without the token the API skips its session lookup.
  const context = { ...apiContextFor(request), token: null };
  try {
    const [product, summary, discounts, combos, teams, sharedTeam] = await Promise.all([
      api('/prod/prodInfo', { ...context, query: { prodId: raw, groupActivityId }, schema: ProductDetailSchema }),
      // The reviews and promotions are secondary: the page renders without them.
      api('/prod/prodCommData', { ...context, query: { prodId: raw }, schema: ReviewSummarySchema }).catch(() => null),
      api('/marking/discount/getDiscountByProdId', { ...context, query: { prodId: raw }, schema: ProductDiscountTagSchema.array() }).catch(() => []),
      api('/combo/prodCombos', { ...context, query: { prodId: raw }, schema: ComboSchema.array() }).catch(() => []),
      // So are the open teams (the page reads them again) and the shared team (an old link's team may be gone).
      groupActivityId ? api('/group/joinGroupList', { ...context, query: { groupActivityId }, schema: GroupJoinListSchema }).catch(() => null) : null,
      groupTeamId ? api('/group/teamInfo', { ...context, query: { groupTeamId }, schema: GroupTeamInfoSchema }).catch(() => null) : null,
    ]);
    // A share link's team of another activity or product is not this page's.
    const team = sharedTeam && sharedTeam.activity.groupActivityId === product.groupActivityVO?.groupActivityId && sharedTeam.product.prodId === product.prodId ? sharedTeam : null;
    return { product, summary, discounts, combos, teams, sharedTeam: team, ended: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 204) return { product: null, summary: null, discounts: [], combos: [], teams: null, sharedTeam: null, ended: true };
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return missing();
    throw error;
  }
}

/** Whether the shopper collected this product and follows its shop; a 401 is ignored (section 7). */
function useCollectedState(prodId: number, shopId: number, isLoggedIn: boolean) {
  const [state, setState] = useState<{ prodId: number; product: boolean; shop: boolean } | null>(null);
  useEffect(() => {
    if (!isLoggedIn) return;
    const controller = new AbortController();
    const options = { silent: true, noLoginPrompt: true, signal: controller.signal } as const;
    Promise.all([
      apiData<boolean>('/p/user/collection/isCollection', { ...options, query: { prodId } }),
      apiData<boolean>('/p/shop/collection/isCollection', { ...options, query: { shopId } }),
    ])
      .then(([product, shop]) => setState({ prodId, product, shop }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [prodId, shopId, isLoggedIn]);
  return state?.prodId === prodId ? state : null;
}

export default function Detail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const isLoggedIn = root?.isLoggedIn ?? false;
  const { product, summary, discounts, combos } = loaderData;
  const prodId = product?.prodId ?? 0;
  const collected = useCollectedState(prodId, product?.shopId ?? 0, isLoggedIn && !!product);
  const [reviewsRequest, setReviewsRequest] = useState(0);

  // The footprint: each view by a logged-in shopper is recorded (the API keeps the latest 50).
  useEffect(() => {
    if (!isLoggedIn || !prodId) return;
    void api('/p/prodBrowseLog', { method: 'POST', body: { prodId }, silent: true, noLoginPrompt: true }).catch(() => undefined);
  }, [prodId, isLoggedIn]);

  if (loaderData.ended) {
    return (
      <Suspense fallback={null}>
        <GroupDetail ended />
      </Suspense>
    );
  }
  if (!product) {
    return (
      <div className="container page-section">
        <section className="card message-panel" aria-labelledby="product-missing-title">
          <h1 id="product-missing-title" className="message-panel__title">
            {t('product.missing.title')}
          </h1>
          <p className="message-panel__text">{t('product.missing.text')}</p>
          <div className="message-panel__actions">
            <Link to="/list?st=0" className={buttonClass()}>
              {t('product.missing.browse')}
            </Link>
            <Link to="/" className={buttonClass({ variant: 'secondary' })}>
              {t('product.missing.home')}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="container page-section detail">
      <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
        <Link to="/">{t('layout.header.home')}</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/shopIndex?sid=${product.shopId}`}>{product.shopName}</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{t('product.breadcrumb')}</span>
      </nav>
      <div className="card detail__top">
        <ProductGallery key={`g-${prodId}`} images={product.imgs} name={product.prodName} />
        {product.groupActivityVO ? (
          <Suspense fallback={null}>
            <GroupDetail product={product} group={product.groupActivityVO} teams={loaderData.teams} sharedTeam={loaderData.sharedTeam} isLoggedIn={isLoggedIn} />
          </Suspense>
        ) : (
          <PurchasePanel
            key={`p-${prodId}`}
            product={product}
            isLoggedIn={isLoggedIn}
            collected={collected?.product ?? false}
            summary={summary}
            onShowReviews={() => setReviewsRequest((n) => n + 1)}
            discounts={discounts}
          />
        )}
      </div>
      <ProductCoupons key={`c-${prodId}`} shopId={product.shopId} prodId={prodId} isLoggedIn={isLoggedIn} />
      <ProductPackages key={`k-${prodId}`} combos={combos} isLoggedIn={isLoggedIn} />
      <div className="detail__bottom">
        <ShopCard key={`s-${prodId}`} shop={product.shop} prodId={prodId} isLoggedIn={isLoggedIn} collected={collected?.shop ?? false} />
        <ProductTabs key={`t-${prodId}`} prodId={prodId} content={product.content} summary={summary} reviewsRequest={reviewsRequest} />
      </div>
    </div>
  );
}
