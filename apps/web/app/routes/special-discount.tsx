import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/special-discount';
import { pageOf } from '@bazaar/shared/schemas/common';
import { DiscountSummarySchema } from '@bazaar/shared/schemas/shop-promotion';
import { api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { DealCard } from '../features/promotion/deal-card.tsx';
import { LoadFailedPage } from '../components/load-failed.tsx';
import '../features/promotion/promotion.css';

/** Promotions a page shows: a few rows of two. */
const PAGE_SIZE = 10;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'discountPage.title' });
}

/** /special-discount: the running shop promotions, ending soonest first (search tab st=2). */
export async function loader({ request }: Route.LoaderArgs) {
  const requested = Number(new URL(request.url).searchParams.get('current') ?? 1);
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const page = await api('/marking/discount/getDiscountList', { ...apiContextFor(request), query: { current, size: PAGE_SIZE }, schema: pageOf(DiscountSummarySchema) });
  return { page };
}

export default function SpecialDiscount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  return (
    <div className="container page-section deals-page">
      <header className="deals-page__head">
        <h1 className="deals-page__title">{t('discountPage.heading')}</h1>
        <p className="deals-page__intro">{t('discountPage.intro')}</p>
      </header>
      {page.records.length > 0 ? (
        <>
          <ul className="deals-page__list" aria-label={t('discountPage.listLabel')}>
            {page.records.map((deal) => (
              <li key={deal.discountId}>
                <DealCard deal={deal} />
              </li>
            ))}
          </ul>
          <Pagination current={page.current} pages={page.pages} />
        </>
      ) : (
        <p className="card message-panel deals-page__empty">{t('discountPage.empty')}</p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadFailedPage message="discountPage.loadFailed" />;
}
