import { Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-comments';
import { pageOf } from '@bazaar/shared/schemas/common';
import { COMM_STATUS, MyReviewSchema, ReviewItemSchema } from '@bazaar/shared/schemas/review';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { ReviewedList, ToReviewList } from '../features/review/my-reviews.tsx';
import '../features/review/review.css';

const PAGE_SIZE = 10;
const TABS = ['toReview', 'reviewed'] as const;
type Tab = (typeof TABS)[number];

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'myReviews.title' });
}

/** ?tab=toReview (the default: lines of completed orders, all orders) or reviewed, and ?current=. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab: Tab = params.get('tab') === 'reviewed' ? 'reviewed' : 'toReview';
  const requested = Number(params.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  // A visitor (or a refused token) sees the user center's sign-in gate, the layout's.
  const data = await fetchAsUser(request, async (ctx) =>
    tab === 'reviewed'
      ? { tab, page: await api('/p/prodComm/prodCommPageByUser', { ...ctx, query: { current, size: PAGE_SIZE }, schema: pageOf(MyReviewSchema) }) }
      : { tab, page: await api('/p/myOrder/myOrderItemsComment', { ...ctx, query: { commStatus: COMM_STATUS.toReview, current, size: PAGE_SIZE }, schema: pageOf(ReviewItemSchema) }) },
  );
  return { tab, data };
}

export default function UserCenterComments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const { tab, data } = loaderData;
  if (!root?.user || !data) return null;
  return (
    <section className="card uc-panel" aria-labelledby="uc-comments-title">
      <h1 id="uc-comments-title" className="uc-panel__title">
        {t('myReviews.title')}
      </h1>
      <nav className="tabs" aria-label={t('myReviews.tabs.label')}>
        {TABS.map((name) => (
          <Link key={name} to={`?tab=${name}`} className="tabs__tab" aria-current={tab === name ? 'page' : undefined}>
            {t(`myReviews.tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {data.tab === 'reviewed' ? <ReviewedList reviews={data.page.records} /> : <ToReviewList items={data.page.records} />}
      <Pagination current={data.page.current} pages={data.page.pages} />
    </section>
  );
}
