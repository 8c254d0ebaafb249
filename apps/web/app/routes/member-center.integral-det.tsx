import { Link, data } from 'react-router';
import type { Route } from './+types/member-center.integral-det';
import { PointsItemDetailSchema } from '@bazaar/shared/schemas/points-mall';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { ProductGallery } from '../features/product/product-gallery.tsx';
import { QuantityInput } from '../features/product/quantity-input.tsx';
import { ExchangePanel } from '../features/pointsmall/exchange-panel.tsx';
import { INTEGRAL_MALL_PATH } from '../features/pointsmall/paths.ts';
import { LoadFailedPage } from '../components/load-failed.tsx';
import { positiveId } from '../lib/positive-id.ts';
import '../features/product/product.css';
import '../features/pointsmall/pointsmall.css';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const item = loaderData && 'item' in loaderData ? loaderData.item : null;
  return item ? pageTitle(matches, { text: item.prodName }) : pageTitle(matches, { key: 'integralMall.detail.title' });
}

/**
 * /member-center/integral-det/{prodId}, or ?prodId= (the specification's optional parameter). Public;
 * with the shopper's token the item carries my points, what I exchanged and the most I may take.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const raw = params.prodId ?? new URL(request.url).searchParams.get('prodId') ?? '';
  const missing = () => data({ state: 'missing' as const }, { status: 404 });
  if (positiveId(raw) === null) return missing();
  const ctx = apiContextFor(request);
  const ask = (token: string | null) => api('/score/prod', { ...ctx, token, query: { prodId: raw }, schema: PointsItemDetailSchema });
  try {
    try {
      return { state: 'ok' as const, item: await ask(ctx.token) };
    } catch (error) {
      // A refused token: the item as a visitor sees it (the exchange then asks to log in).
      if (error instanceof ApiError && error.status === 401 && ctx.token) return { state: 'ok' as const, item: await ask(null) };
      throw error;
    }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return missing();
    throw error;
  }
}

export default function IntegralDet({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.state === 'missing') return <Missing />;
  const { item } = loaderData;
  const images = item.imgs.length > 0 ? item.imgs : [item.pic];
  return (
    <div className="container page-section detail points-detail">
      <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
        <Link to="/">{t('layout.header.home')}</Link>
        <span aria-hidden="true">/</span>
        <Link to={INTEGRAL_MALL_PATH}>{t('integralMall.mall.title')}</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{item.prodName}</span>
      </nav>
      <div className="card detail__top">
        <ProductGallery images={images} name={item.prodName} />
        <ExchangePanel key={item.prodId} item={item} quantityBox={(props) => <QuantityInput {...props} />} />
      </div>
      <section className="card points-detail__content" aria-labelledby="points-content-title">
        <h2 id="points-content-title" className="points-detail__content-title">
          {t('integralMall.detail.description')}
        </h2>
        {item.content ? (
          // Sanitized by the API with an allowlist (modules/product/sanitize.ts).
          <div className="rich-text product-description" dangerouslySetInnerHTML={{ __html: item.content }} />
        ) : (
          <p className="empty-text">{t('integralMall.detail.noDescription')}</p>
        )}
      </section>
    </div>
  );
}

function Missing() {
  const { t } = useTranslation();
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="points-missing-title">
        <h1 id="points-missing-title" className="message-panel__title">
          {t('integralMall.detail.missingTitle')}
        </h1>
        <p className="message-panel__text">{t('integralMall.detail.missingText')}</p>
        <div className="message-panel__actions">
          <Link to={INTEGRAL_MALL_PATH} className={buttonClass()}>
            {t('integralMall.detail.back')}
          </Link>
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadFailedPage message="integralMall.mall.loadFailed" back={{ to: INTEGRAL_MALL_PATH, label: 'integralMall.detail.back' }} />;
}
