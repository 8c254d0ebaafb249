import { Form, Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-order';
import { CenterInfoSchema } from '@bazaar/shared/schemas/account';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MyOrderWithRefundSchema } from '@bazaar/shared/schemas/refund';
import type { RootData } from '../root.tsx';
import { SEARCH_KEYWORD_MAX_LENGTH } from '@bazaar/shared/constants/limits';
import { keywordTooLong } from '../lib/search-keyword.ts';
import { api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Button } from '../components/ui/button.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { showToast } from '../components/ui/toast.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { fetchAsBrowserUser, type UserApiContext } from '../features/account/user-data.ts';
import { isSharedRender } from '../lib/shared-request.server.ts';
import { OrderCard } from '../features/order/order-card.tsx';
import { ItemRefundLinks, OrderRefundLink } from '../features/aftersale/order-refund-links.tsx';
import { PointsOrderNoRefund } from '../features/pointsmall/points-order.tsx';
import '../features/order/order.css';
import '../features/pointsmall/pointsmall.css';

const PAGE_SIZE = 10;
/** The tabs: the list filter and the user-center count that goes with it. */
const TABS = [
  { status: 0, key: 'orders.tabs.all', count: null },
  { status: 1, key: 'orders.tabs.unpaid', count: 'unPay' },
  { status: 2, key: 'orders.tabs.toShip', count: 'payed' },
  { status: 3, key: 'orders.tabs.toReceive', count: 'consignment' },
  { status: 4, key: 'orders.tabs.toEvaluate', count: 'success' },
  // Group orders waiting for their team to fill (order status 7, issue 29).
  { status: 7, key: 'groupBuy.orders.grouping', count: 'grouping' },
] as const;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'orders.title' });
}

/** The time filter of GET /p/myOrder/myOrderSearch: 0 all, 1 the last 7 days, 2 the last 3 months, 3 older. */
const TIMES = [0, 1, 2, 3] as const;
/** Its order kind filter (orderType, reference §3): 0 general, 1 group, 2 flash sale, 3 points; none = all kinds. */
const KINDS = [0, 1, 2, 3] as const;

/** ?status= tab, ?q= order number (digits) or product name, ?time= time span, ?type= order kind, ?current= page. */
function ordersQuery(request: Request) {
  const url = new URL(request.url);
  const requestedStatus = Number(url.searchParams.get('status'));
  const status = TABS.some((tab) => tab.status === requestedStatus) ? requestedStatus : 0;
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_KEYWORD_MAX_LENGTH);
  const requestedTime = Number(url.searchParams.get('time'));
  const time = TIMES.find((t) => t === requestedTime) ?? 0;
  const rawType = url.searchParams.get('type');
  const type = rawType === null || rawType === '' ? null : (KINDS.find((k) => String(k) === rawType) ?? null);
  const requested = Number(url.searchParams.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  return { status, q, time, type, current };
}

/** The list and the counts in parallel. */
async function loadOrders(ctx: UserApiContext, { status, q, time, type, current }: ReturnType<typeof ordersQuery>) {
  const search = /^\d{6,20}$/.test(q) ? { orderNumber: q } : q ? { orderName: q } : {};
  const [page, center] = await Promise.all([
    // The reference's order search (2.6): the tab, the box's number or product name, the time span.
    api('/p/myOrder/myOrderSearch', { ...ctx, query: { status, current, size: PAGE_SIZE, orderTimeStatus: time, orderType: type, ...search }, schema: pageOf(MyOrderWithRefundSchema) }),
    api('/p/user/centerInfo', { ...ctx, schema: CenterInfoSchema }),
  ]);
  return { page, counts: center.orderCountData };
}

/** The page's data: the query, and the orders unless they are still to be asked for by the browser. */
function ordersData({ status, q, time, type }: ReturnType<typeof ordersQuery>, loaded: Awaited<ReturnType<typeof loadOrders>> | null, userInBrowser = false) {
  return { status, q, time, type, page: loaded?.page ?? null, counts: loaded?.counts ?? null, userInBrowser };
}

// A shared page (decision 052): the server renders the page without the orders and the browser asks for them.
export async function loader({ request }: Route.LoaderArgs) {
  const query = ordersQuery(request);
  if (isSharedRender(request)) return ordersData(query, null, true);
  return ordersData(query, await fetchAsUser(request, (ctx) => loadOrders(ctx, query)));
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  if (!data.userInBrowser) return data;
  const query = ordersQuery(request);
  return ordersData(query, await fetchAsBrowserUser((ctx) => loadOrders(ctx, query)));
}
clientLoader.hydrate = true as const;

export default function UserCenterOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const { status, q, time, type, page, counts } = loaderData;
  if (!root?.user || !page || !counts) return null;
  const tabUrl = (s: number) => {
    const params = new URLSearchParams();
    if (s) params.set('status', String(s));
    if (q) params.set('q', q);
    if (time) params.set('time', String(time));
    if (type !== null) params.set('type', String(type));
    const qs = params.toString();
    return qs ? `?${qs}` : '?';
  };
  return (
    <section className="card uc-panel orders-page" aria-labelledby="uc-order-title">
      <div className="orders-page__head">
        <h1 id="uc-order-title" className="uc-panel__title">
          {t('orders.title')}
        </h1>
        <Form
          method="get"
          className="orders-search"
          role="search"
          aria-label={t('orders.search.label')}
          onSubmit={(event) => {
            // Refused with the rule's message (lib/search-keyword.ts).
            const term = new FormData(event.currentTarget).get('q');
            if (typeof term === 'string' && keywordTooLong(term)) {
              event.preventDefault();
              showToast(t('validation.keywordTooLong'), { kind: 'warning' });
            }
          }}
        >
          {status ? <input type="hidden" name="status" value={status} /> : null}
          <label className="visually-hidden" htmlFor="orders-search-input">
            {t('orders.search.label')}
          </label>
          <label className="visually-hidden" htmlFor="orders-search-time">
            {t('orders.search.timeLabel')}
          </label>
          <select id="orders-search-time" className="field__input orders-search__time" name="time" defaultValue={String(time)}>
            {TIMES.map((value) => (
              <option key={value} value={value}>
                {t(`orders.search.time.${value}`)}
              </option>
            ))}
          </select>
          <label className="visually-hidden" htmlFor="orders-search-type">
            {t('groupBuy.orders.typeLabel')}
          </label>
          <select id="orders-search-type" className="field__input orders-search__time" name="type" defaultValue={type === null ? '' : String(type)}>
            <option value="">{t('groupBuy.orders.allTypes')}</option>
            {KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`groupBuy.order.types.${value}`)}
              </option>
            ))}
          </select>
          <input id="orders-search-input" className="field__input orders-search__input" type="search" name="q" defaultValue={q} placeholder={t('orders.search.placeholder')} />
          <Button type="submit">
            {t('orders.search.button')}
          </Button>
        </Form>
      </div>
      <nav className="tabs" aria-label={t('orders.tabs.label')}>
        {TABS.map((tab) => {
          const count = tab.count ? counts[tab.count] : 0;
          return (
            <Link key={tab.status} to={tabUrl(tab.status)} className="tabs__tab" aria-current={status === tab.status ? 'page' : undefined}>
              {t(tab.key)}
              {count > 0 ? <span className="orders-page__badge">{count}</span> : null}
            </Link>
          );
        })}
      </nav>
      {page.records.length === 0 ? (
        <p className="orders-page__empty">{t('orders.empty')}</p>
      ) : (
        <div className="orders-page__list">
          {page.records.map((order) => (
            <OrderCard
              key={order.orderNumber}
              order={order}
              lineExtra={(item) => <ItemRefundLinks orderNumber={order.orderNumber} item={item} />}
              orderExtra={
                <>
                  <OrderRefundLink orderNumber={order.orderNumber} canRefund={order.canRefund} />
                  <PointsOrderNoRefund order={order} />
                </>
              }
            />
          ))}
        </div>
      )}
      <Pagination current={page.current} pages={page.pages} />
    </section>
  );
}
