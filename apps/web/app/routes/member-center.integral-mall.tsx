import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/member-center.integral-mall';
import { PointsMallPageSchema } from '@bazaar/shared/schemas/points-mall';
import { POINTS_MALL_SORT, type PointsMallSort } from '@bazaar/shared/constants/points-mall';
import type { RootData } from '../root.tsx';
import { ApiError, api } from '../lib/api.ts';
import { emitApiEvent } from '../lib/api-events.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageTitle } from '../components/page-meta.ts';
import { Button } from '../components/ui/button.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { PointsItemCard } from '../features/pointsmall/points-item-card.tsx';
import { LoadFailedPage } from '../components/load-failed.tsx';
import '../features/pointsmall/pointsmall.css';

const PAGE_SIZE = 20;
/** ?sort= as the page writes it, and the API's code for each. */
const SORTS = { default: POINTS_MALL_SORT.newest, asc: POINTS_MALL_SORT.scoreAsc, desc: POINTS_MALL_SORT.scoreDesc } as const satisfies Record<string, PointsMallSort>;
type SortName = keyof typeof SORTS;
const isSortName = (value: string | null): value is SortName => value !== null && Object.hasOwn(SORTS, value);

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'integralMall.mall.title' });
}

function mallQuery(request: Request) {
  const url = new URL(request.url);
  const sortParam = url.searchParams.get('sort');
  const sort: SortName = isSortName(sortParam) ? sortParam : 'default';
  const affordable = url.searchParams.get('affordable') === '1';
  const requested = Number(url.searchParams.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  return { sort, affordable, current };
}

/**
 * The items on shelf (public). With the shopper's token the answer carries my points, and ?affordable=1
 * keeps what they pay for; a visitor (or a refused token) gets the whole list without the filter.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { sort, affordable, current } = mallQuery(request);
  const ctx = apiContextFor(request);
  const ask = (token: string | null, onlyAffordable: boolean) =>
    api('/score/prods', { ...ctx, token, query: { current, size: PAGE_SIZE, sort: SORTS[sort], affordable: onlyAffordable ? 'true' : undefined }, schema: PointsMallPageSchema });
  let page;
  try {
    page = await ask(ctx.token, affordable && !!ctx.token);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    page = await ask(null, false);
  }
  return { sort, affordable: affordable && page.myScore !== null, page };
}

export default function IntegralMall({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const location = useLocation();
  const navigate = useNavigate();
  const { sort, affordable, page } = loaderData;
  const loggedIn = !!root?.isLoggedIn && page.myScore !== null;
  // The box follows the press at once; the list follows when the page has loaded.
  const [checked, setChecked] = useState(affordable);
  useEffect(() => setChecked(affordable), [affordable]);

  /** The same list with one parameter changed, back on the first page. */
  const hrefWith = (name: 'sort' | 'affordable', value: string | null) => {
    const params = new URLSearchParams(location.search);
    params.delete('current');
    if (value === null) params.delete(name);
    else params.set(name, value);
    const qs = params.toString();
    return qs ? `?${qs}` : '?';
  };

  function toggleAffordable(on: boolean) {
    if (!loggedIn) {
      emitApiEvent({ type: 'login-required' });
      return;
    }
    setChecked(on);
    void navigate(hrefWith('affordable', on ? '1' : null), { preventScrollReset: true });
  }

  return (
    <div className="container page-section points-mall">
      <header className="card points-mall__head">
        <div>
          <h1 className="points-mall__title">{t('integralMall.mall.title')}</h1>
          <p className="points-mall__intro">{t('integralMall.mall.intro')}</p>
        </div>
        <div className="points-mall__mine" role="group" aria-label={t('integralMall.mall.myPoints')}>
          {loggedIn ? (
            <>
              <span className="points-mall__mine-label">{t('integralMall.mall.myPoints')}</span>
              <span className="points-mall__mine-score" data-testid="mall-my-points">
                {page.myScore}
              </span>
              <Link to="/user-center/uc-integral" className="text-link">
                {t('integralMall.mall.records')}
              </Link>
            </>
          ) : (
            <>
              <span className="points-mall__mine-label">{t('integralMall.mall.loginToSee')}</span>
              <Button size="sm" onClick={() => emitApiEvent({ type: 'login-required' })}>
                {t('integralMall.mall.login')}
              </Button>
            </>
          )}
        </div>
      </header>

      <div className="card points-mall__toolbar" role="group" aria-label={t('integralMall.mall.filterLabel')}>
        <nav className="tabs points-mall__sort" aria-label={t('integralMall.mall.sortLabel')}>
          {(Object.keys(SORTS) as SortName[]).map((name) => (
            <Link key={name} to={hrefWith('sort', name === 'default' ? null : name)} className="tabs__tab" aria-current={sort === name ? 'page' : undefined} preventScrollReset>
              {t(`integralMall.mall.sort.${name}`)}
            </Link>
          ))}
        </nav>
        <label className="points-mall__affordable">
          <input type="checkbox" checked={checked} onChange={(event) => toggleAffordable(event.target.checked)} />
          {t('integralMall.mall.affordable')}
        </label>
      </div>

      {page.records.length === 0 ? (
        <p className="card empty-text points-mall__empty">{affordable ? t('integralMall.mall.emptyAffordable') : t('integralMall.mall.empty')}</p>
      ) : (
        <div className="product-grid points-mall__grid" role="list" aria-label={t('integralMall.mall.itemsLabel')}>
          {page.records.map((item) => (
            <PointsItemCard key={item.itemId} item={item} />
          ))}
        </div>
      )}
      <Pagination current={page.current} pages={page.pages} />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadFailedPage message="integralMall.mall.loadFailed" back={{ to: '/', label: 'seckill.detail.home' }} />;
}
