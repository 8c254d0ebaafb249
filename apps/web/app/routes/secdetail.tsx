import { Link, data, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/secdetail';
import { SeckillDetailSchema, type SeckillDetail } from '@bazaar/shared/schemas/seckill';
import type { RootData } from '../root.tsx';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { ProductGallery } from '../features/product/product-gallery.tsx';
import { SeckillBuyPanel } from '../features/seckill/seckill-buy-panel.tsx';
import { SeckillEnded, SeckillMissing } from '../features/seckill/seckill-messages.tsx';
import { useLiveSeckill } from '../features/seckill/use-live-seckill.ts';
import { LoadFailedPage } from '../components/load-failed.tsx';
import { positiveId } from '../lib/positive-id.ts';
import '../features/product/product.css';
import '../features/seckill/seckill.css';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const detail = loaderData && 'detail' in loaderData ? loaderData.detail : null;
  return detail ? pageTitle(matches, { text: detail.prodName }) : pageTitle(matches, { key: 'seckill.detail.title' });
}

/** /secdetail/{seckillId}, or /secdetail?seckillId= (the specification's optional parameter). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const raw = params.seckillId ?? new URL(request.url).searchParams.get('seckillId') ?? '';
  const missing = () => data({ state: 'missing' as const }, { status: 404 });
  if (positiveId(raw) === null) return missing();
  try {
    // Public: without the token the API skips its session lookup.
    const detail = await api('/seckill/prod', { ...apiContextFor(request), token: null, query: { seckillId: raw }, schema: SeckillDetailSchema });
    return { state: 'ok' as const, detail };
  } catch (error) {
    if (error instanceof ApiError && error.status === 204) return { state: 'ended' as const };
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return missing();
    throw error;
  }
}

export default function Secdetail({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'ended') return <SeckillEnded />;
  if (loaderData.state === 'missing') return <SeckillMissing />;
  return <LiveSeckill key={loaderData.detail.seckillId} initial={loaderData.detail} />;
}

function LiveSeckill({ initial }: { initial: SeckillDetail }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const isLoggedIn = root?.isLoggedIn ?? false;
  const { detail, now, refresh } = useLiveSeckill(initial);
  const images = detail.imgs.length > 0 ? detail.imgs : [detail.pic];
  return (
    <div className="container page-section detail seckill-detail">
      <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
        <Link to="/">{t('layout.header.home')}</Link>
        <span aria-hidden="true">/</span>
        <Link to="/flash-sale">{t('seckill.page.title')}</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/shopIndex?sid=${detail.shopId}`}>{detail.shopName}</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{t('seckill.detail.breadcrumb')}</span>
      </nav>
      <div className="card detail__top">
        <ProductGallery images={images} name={detail.prodName} />
        <SeckillBuyPanel detail={detail} now={now} isLoggedIn={isLoggedIn} onStale={() => void refresh()} />
      </div>
      <section className="card seckill-detail__content" aria-labelledby="seckill-content-title">
        <h2 id="seckill-content-title" className="seckill-detail__content-title">
          {t('seckill.detail.description')}
        </h2>
        {detail.content ? (
          // Sanitized by the API with an allowlist (modules/product/sanitize.ts).
          <div className="rich-text product-description" dangerouslySetInnerHTML={{ __html: detail.content }} />
        ) : (
          <p className="empty-text">{t('seckill.detail.noDescription')}</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadFailedPage message="seckill.page.loadFailed" />;
}
