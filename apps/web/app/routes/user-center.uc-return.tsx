import { Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-return';
import { RefundPageSchema, type RefundListItem } from '@bazaar/shared/schemas/refund';
import { REFUND_TABS, type RefundTab } from '../features/aftersale/limits.ts';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Price } from '../components/ui/price.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { RefundItems } from '../features/aftersale/refund-items.tsx';
import { returnDetailPath } from '../features/aftersale/paths.ts';
import { refundStatusKey } from '../features/aftersale/refund-state.ts';
import '../features/order/order.css';
import '../features/aftersale/aftersale.css';

const PAGE_SIZE = 10;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'aftersale.list.title' });
}

/** ?tab= (all, processing, success, refused, closed) and ?current=: my requests, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const requestedTab = params.get('tab');
  const tab: RefundTab = REFUND_TABS.find((name) => name === requestedTab) ?? 'all';
  const requested = Number(params.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const page = await fetchAsUser(request, (ctx) => api('/p/orderRefund/list', { ...ctx, query: { tab, current, size: PAGE_SIZE }, schema: RefundPageSchema }));
  return { tab, page };
}

export default function UserCenterReturns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const { tab, page } = loaderData;
  if (!root?.user || !page) return null;
  return (
    <section className="card uc-panel aftersale-list" aria-labelledby="uc-return-title">
      <h1 id="uc-return-title" className="uc-panel__title">
        {t('aftersale.list.title')}
      </h1>
      <nav className="tabs" aria-label={t('aftersale.list.filterLabel')}>
        {REFUND_TABS.map((name) => (
          <Link key={name} to={name === 'all' ? '?' : `?tab=${name}`} className="tabs__tab" aria-current={tab === name ? 'page' : undefined}>
            {t(`aftersale.list.tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {page.records.length === 0 ? (
        <p className="orders-page__empty">{t('aftersale.list.empty')}</p>
      ) : (
        <ul className="aftersale-list__items">
          {page.records.map((refund) => (
            <RefundCard key={refund.refundSn} refund={refund} />
          ))}
        </ul>
      )}
      <Pagination current={page.current} pages={page.pages} />
    </section>
  );
}

function RefundCard({ refund }: { refund: RefundListItem }) {
  const { t } = useTranslation();
  return (
    <li className="refund-card" aria-label={t('aftersale.list.refundSn', { sn: refund.refundSn })}>
      <header className="refund-card__head">
        <span>{refund.applyTime}</span>
        <span>{t('aftersale.list.refundSn', { sn: refund.refundSn })}</span>
        <Link to={`/order-detail?orderNumber=${refund.orderNumber}`}>{t('aftersale.list.orderNumber', { number: refund.orderNumber })}</Link>
        <Link to={`/shopIndex?sid=${refund.shopId}`}>{refund.shopName}</Link>
      </header>
      <div className="refund-card__body">
        <RefundItems items={refund.items} goodsNum={refund.goodsNum} />
        <div className="refund-card__type">{t(`aftersale.applyType.${refund.applyType}`)}</div>
        <div className="refund-card__amount">
          <span className="visually-hidden">{t('aftersale.list.amount')}: </span>
          <Price fen={refund.refundAmount} />
        </div>
        <div className="refund-card__state" data-testid="refund-state">
          {t(refundStatusKey(refund.returnMoneySts, refund.applyType, refund.platformStatus))}
        </div>
        <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to={returnDetailPath(refund.refundSn)} aria-label={`${t('aftersale.list.detail')} ${refund.refundSn}`}>
          {t('aftersale.list.detail')}
        </Link>
      </div>
    </li>
  );
}
