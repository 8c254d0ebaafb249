import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/group-buy';
import { GroupActivityCardPageSchema } from '@bazaar/shared/schemas/group';
import { api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { GroupActivityCardView } from '../features/group/group-card.tsx';
import { LoadFailedPage } from '../components/load-failed.tsx';
import '../features/group/group.css';

/** Cards a page shows: five rows of four. */
const PAGE_SIZE = 20;
/** Cards in the first row load eagerly (the page's largest paint). */
const EAGER_CARDS = 4;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'groupBuy.page.title' });
}

/**
 * /group-buy (?current= the page): the running group activities, newest first. Public: no token, so
 * the API skips its session lookup.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const requested = Number(new URL(request.url).searchParams.get('current') ?? 1);
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const page = await api('/group/activities', { ...apiContextFor(request), token: null, query: { current, size: PAGE_SIZE }, schema: GroupActivityCardPageSchema });
  return { page };
}

export default function GroupBuy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  return (
    <div className="container page-section group-page">
      <header className="group-page__head">
        <h1 className="group-page__title">{t('groupBuy.page.heading')}</h1>
        <p className="group-page__intro">{t('groupBuy.page.intro')}</p>
      </header>
      <section className="card group-page__list" aria-label={t('groupBuy.page.productsLabel')}>
        {page.records.length > 0 ? (
          <>
            <ul className="group-page__grid">
              {page.records.map((card, i) => (
                <li key={card.groupActivityId}>
                  <GroupActivityCardView card={card} eager={i < EAGER_CARDS} />
                </li>
              ))}
            </ul>
            <Pagination current={page.current} pages={page.pages} />
          </>
        ) : (
          <p className="empty-text group-page__empty">{t('groupBuy.page.empty')}</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadFailedPage message="groupBuy.page.loadFailed" />;
}
