import { Link, data, useNavigate, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/order-detail';
import { DELIVERY_TYPE, ORDER_MOLD, ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import { formatRegion } from '@bazaar/shared/schemas/address';
import type { OrderDetail } from '@bazaar/shared/schemas/order';
import { OrderDetailWithRefundSchema, type OrderDetailWithRefund } from '@bazaar/shared/schemas/refund';
import { GroupTeamInfoSchema, type GroupTeamInfo } from '@bazaar/shared/schemas/group';
import type { RootData } from '../root.tsx';
import { api, ApiError } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { Price } from '../components/ui/price.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { LogisticsTimeline } from '../features/logistics/logistics-timeline.tsx';
import { OrderActions } from '../features/order/order-actions.tsx';
import { OrderLinesTable } from '../features/order/order-lines-table.tsx';
import { orderStatusKey } from '../features/order/order-card.tsx';
import { OrderSteps } from '../features/order/order-steps.tsx';
import { ItemRefundLinks, OrderRefundLink } from '../features/aftersale/order-refund-links.tsx';
import { OrderInvoiceEntry } from '../features/invoice/order-invoice-entry.tsx';
import { PointsOrderNoRefund, PointsOrderPoints } from '../features/pointsmall/points-order.tsx';
import { OrderTeamPanel } from '../features/group/team-panel.tsx';
import { groupShareUrl } from '../features/group/group-links.ts';
import { qrCodeSvg } from '../features/payment/qr-code.server.ts';
import { formatCountdown, useCountdown } from '../lib/countdown.ts';
import { maskMobile } from '../lib/format.ts';
import '../features/order/order.css';
import '../features/group/group.css';
import '../features/pointsmall/pointsmall.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'orderDetail.title' });
}

/**
 * /order-detail?orderNumber=: an unknown, deleted or someone else's order is a 404 message. A group
 * order comes with its team (reference §2.4 /p/group/teamInfo) and, while the team is open, its share
 * link with the QR code drawn here on the server (as the WeChat payment's).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const orderNumber = new URL(request.url).searchParams.get('orderNumber') ?? '';
  const missing = () => data({ order: null, loggedIn: true, team: null, share: null }, { status: 404 });
  if (!/^\d{1,20}$/.test(orderNumber)) return missing();
  try {
    const loaded = await fetchAsUser(request, async (ctx) => {
      const order = await api('/p/myOrder/orderDetail', { ...ctx, query: { orderNumber }, schema: OrderDetailWithRefundSchema });
      // The team is secondary: the order's page renders without it.
      const team = order.orderType === ORDER_TYPE.grouping ? await api('/p/group/teamInfo', { ...ctx, query: { orderNumber }, schema: GroupTeamInfoSchema }).catch(() => null) : null;
      return { order, team };
    });
    if (!loaded) return { order: null, loggedIn: false, team: null, share: null };
    const { order, team } = loaded;
    return { order, loggedIn: true, team, share: team?.joinable ? await teamShare(new URL(request.url).origin, team) : null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return missing();
    throw error;
  }
}

/** The team's share link (the product's group page with the team preselected) and its QR code. */
async function teamShare(origin: string, team: GroupTeamInfo) {
  const url = groupShareUrl(origin, team.product.prodId, team.activity.groupActivityId, team.groupTeamId);
  return { url, qrSvg: await qrCodeSvg(url).catch(() => null) };
}

export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  if (!root?.isLoggedIn || !loaderData.loggedIn) return <UserCenterSignIn />;
  const { order } = loaderData;
  if (!order) {
    return (
      <div className="container page-section">
        <section className="card message-panel" aria-labelledby="order-missing-title">
          <h1 id="order-missing-title" className="message-panel__title">
            {t('orderDetail.missing.title')}
          </h1>
          <p className="message-panel__text">{t('orderDetail.missing.text')}</p>
          <Link className={buttonClass({ variant: 'secondary' })} to="/user-center/uc-order">
            {t('orderDetail.back')}
          </Link>
        </section>
      </div>
    );
  }
  return <OrderDetailView key={order.orderNumber} order={order} team={loaderData.team} share={loaderData.share} />;
}

function StatusNote({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const remaining = useCountdown(order.endTime);
  if (order.status === ORDER_STATUS.unpaid && remaining !== null) {
    return <p className="order-detail__note">{remaining > 0 ? t('orderDetail.unpaidHint', { time: formatCountdown(remaining) }) : t('orderDetail.expired')}</p>;
  }
  if (order.status === ORDER_STATUS.cancelled && order.closeType) {
    return <p className="order-detail__note">{t(`orderDetail.closeTypes.${order.closeType}`)}</p>;
  }
  return null;
}

function OrderDetailView({ order, team, share }: { order: OrderDetailWithRefund; team: GroupTeamInfo | null; share: { url: string; qrSvg: string | null } | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const a = order.userAddrDto;
  const times: Array<[string, string | null]> = [
    ['orderDetail.info.createTime', order.createTime],
    ['orderDetail.info.payTime', order.payTime],
    ['orderDetail.info.dvyTime', order.dvyTime],
    ['orderDetail.info.finallyTime', order.finallyTime],
    ['orderDetail.info.cancelTime', order.cancelTime],
  ];
  const shipped = order.dvyType !== DELIVERY_TYPE.none && [ORDER_STATUS.shipped, ORDER_STATUS.completed].includes(order.status as 3 | 5) && order.dvyTime !== null;
  return (
    <div className="container page-section order-detail">
      <nav className="breadcrumb" aria-label={t('orderDetail.title')}>
        <Link to="/user-center/uc-order">{t('orders.title')}</Link>
        <span aria-hidden="true"> / </span>
        <span>{t('orderDetail.title')}</span>
      </nav>

      <section className="card order-detail__status" aria-labelledby="order-status-title">
        <div className="order-detail__summary">
          <p className="order-detail__number">
            {t('orderDetail.orderNumber')}: <span data-testid="order-number">{order.orderNumber}</span>
          </p>
          <h1 id="order-status-title" className="order-detail__state">
            <span className="visually-hidden">{t('orderDetail.statusLabel')}: </span>
            {t(orderStatusKey(order))}
          </h1>
          <StatusNote order={order} />
          {order.deleted ? (
            // Deleted by the shopper, reached from its after-sales request: read-only.
            <p className="order-detail__note">{t('orders.deleted')}</p>
          ) : (
            <>
              <OrderActions order={order} onDeleted={() => void navigate('/user-center/uc-order')} />
              <OrderRefundLink orderNumber={order.orderNumber} canRefund={order.canRefund} />
              <PointsOrderNoRefund order={order} />
              <OrderInvoiceEntry order={order} />
            </>
          )}
          <Link className={buttonClass({ variant: 'secondary', size: 'sm' })} to={`/chat?toId=${order.shopId}&orderNumber=${order.orderNumber}`}>
            {t('chat.entry.contactSeller')}
          </Link>
        </div>
        <OrderSteps order={order} />
      </section>

      {team ? <OrderTeamPanel team={team} share={share} /> : null}

      <section className="card order-detail__section" aria-labelledby="order-info-title">
        <h2 id="order-info-title" className="order-detail__title">
          {t('orderDetail.info.title')}
        </h2>
        <dl className="order-detail__info">
          {a ? (
            <div>
              <dt>{t('orderDetail.info.address')}</dt>
              <dd>
                {a.receiver} {maskMobile(a.mobile)}, {formatRegion(a)} {a.addr}
              </dd>
            </div>
          ) : null}
          {order.orderType === ORDER_TYPE.seckill ? (
            <div>
              <dt>{t('seckill.orderType')}</dt>
              <dd data-testid="order-type">{t('seckill.orderTypeSeckill')}</dd>
            </div>
          ) : order.orderType === ORDER_TYPE.grouping || order.orderType === ORDER_TYPE.points ? (
            <div>
              <dt>{t('groupBuy.order.type')}</dt>
              <dd data-testid="order-type">{t(`groupBuy.order.types.${order.orderType}`)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('orderDetail.info.delivery')}</dt>
            <dd>{t(`checkout.shop.deliveryTypes.${order.dvyType}`)}</dd>
          </div>
          {order.payType !== null ? (
            <div>
              <dt>{t('orderDetail.info.payType')}</dt>
              <dd>{t(`orderDetail.payTypes.${order.payType}`)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('orderDetail.info.remarks')}</dt>
            <dd className="order-detail__remarks">{order.remarks || t('orderDetail.info.none')}</dd>
          </div>
          {times
            .filter(([, value]) => value)
            .map(([key, value]) => (
              <div key={key}>
                <dt>{t(key)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>

      {shipped ? (
        <section className="card order-detail__section" aria-labelledby="order-logistics-title">
          <h2 id="order-logistics-title" className="order-detail__title">
            {t('orderDetail.logistics')}
          </h2>
          <LogisticsTimeline orderNumber={order.orderNumber} />
        </section>
      ) : null}

      <section className="card order-detail__section" aria-labelledby="order-items-title">
        <h2 id="order-items-title" className="order-detail__title">
          <Link to={`/shopIndex?sid=${order.shopId}`}>{order.shopName}</Link> · {t('orderDetail.items')}
        </h2>
        <OrderLinesTable lines={order.orderItemDtos} lineKey={(item) => item.orderItemId} linkToProduct lineExtra={(item) => <ItemRefundLinks orderNumber={order.orderNumber} item={item} />} />
        <dl className="order-detail__fees">
          <div>
            <dt>{t('orderDetail.fees.goods')}</dt>
            <dd>
              <Price fen={order.total} />
            </dd>
          </div>
          <div>
            <dt>{t('orderDetail.fees.freight')}</dt>
            <dd>
              <Price fen={order.transfee} />
            </dd>
          </div>
          <div>
            <dt>{t('orderDetail.fees.reduce')}</dt>
            <dd>
              {order.reduceAmount > 0 ? '-' : null}
              <Price fen={order.reduceAmount} />
            </dd>
          </div>
          {order.comboReduce > 0 ? (
            <div className="order-detail__points" data-testid="order-package-reduce">
              <dt>{t('packages.reduce')}</dt>
              <dd>
                -<Price fen={order.comboReduce} />
              </dd>
            </div>
          ) : null}
          <PointsOrderPoints order={order} />
          {order.useScore > 0 && order.orderType !== ORDER_TYPE.points ? (
            <div className="order-detail__points">
              <dt>{t('points.orderDetail.used', { score: order.useScore })}</dt>
              <dd>
                -<Price fen={order.scoreAmount} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('orderDetail.fees.payable')}</dt>
            <dd>
              <Price fen={order.actualTotal} />
            </dd>
          </div>
          <div className="order-detail__paid">
            <dt>{t('orderDetail.fees.paid')}</dt>
            <dd>
              <Price fen={order.payAmount} className="order-detail__paid-amount" />
            </dd>
          </div>
        </dl>
      </section>

      {order.orderMold === ORDER_MOLD.virtual ? (
        <section className="card order-detail__section" aria-labelledby="order-codes-title">
          <h2 id="order-codes-title" className="order-detail__title">
            {t('orderDetail.virtual.title')}
          </h2>
          {order.virtualInfoList.length === 0 ? (
            <p className="order-detail__note">{t('orderDetail.virtual.waiting')}</p>
          ) : (
            <ul className="order-codes">
              {order.virtualInfoList.map((code) => (
                <li key={code.code} className="order-codes__code">
                  <span>
                    {t('orderDetail.virtual.code')}: <code>{code.code}</code>
                  </span>
                  <span>{t(`orderDetail.virtual.status.${code.status}`)}</span>
                  {code.expiresTime ? <span>{t('orderDetail.virtual.expires', { time: code.expiresTime })}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
