import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import { ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import type { MyOrder } from '@bazaar/shared/schemas/order';
import type { MyOrderWithRefund } from '@bazaar/shared/schemas/refund';
import { Price } from '../../components/ui/price.tsx';
import { OrderActions } from './order-actions.tsx';
import { awaitsReview } from './review-state.ts';
import { formatCountdown, useCountdown } from '../../lib/countdown.ts';
import type { ReactNode } from 'react';

/** The status as the buyer reads it: a completed order still to review is "pending evaluation". */
export function orderStatusKey(order: Pick<MyOrder, 'status' | 'orderItemDtos'>): string {
  if (awaitsReview(order)) return 'orders.evaluate';
  return `orders.status.${order.status}`;
}

type OrderLine = MyOrderWithRefund['orderItemDtos'][number];

/**
 * One order in the list: shop and number, its items, the amount, the status and the actions. What
 * another feature adds (after-sales links under a line, beside the actions) comes from the route.
 */
export function OrderCard({ order, lineExtra, orderExtra }: { order: MyOrderWithRefund; lineExtra?: (line: OrderLine) => ReactNode; orderExtra?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const remaining = useCountdown(order.endTime);
  const rows = order.orderItemDtos.length;
  return (
    <article className="order-card" aria-label={t('orders.orderNumber', { number: order.orderNumber })}>
      <header className="order-card__head">
        <span className="order-card__time">{order.createTime}</span>
        <span className="order-card__number">{t('orders.orderNumber', { number: order.orderNumber })}</span>
        {order.orderType === ORDER_TYPE.seckill ? (
          <span className="order-type-badge" data-testid="order-type-badge">
            {t('seckill.orderBadge')}
          </span>
        ) : order.orderType === ORDER_TYPE.grouping || order.orderType === ORDER_TYPE.points ? (
          <span className="order-type-badge" data-testid="order-type-badge">
            {t(order.orderType === ORDER_TYPE.grouping ? 'groupBuy.order.badge' : 'groupBuy.order.pointsBadge')}
          </span>
        ) : null}
        <Link className="order-card__shop" to={`/shopIndex?sid=${order.shopId}`}>
          {order.shopName}
        </Link>
      </header>
      <table className="order-card__table">
        <tbody>
          {order.orderItemDtos.map((item, index) => (
            <tr key={item.orderItemId}>
              <td className="order-card__product">
                <Link to={`/detail/${item.prodId}`} className="order-item">
                  <img className="order-item__pic" src={item.pic} alt="" width={64} height={64} loading="lazy" />
                  <span className="order-item__text">
                    <span className="order-item__name">{item.prodName}</span>
                    {item.skuName ? <span className="order-item__sku">{item.skuName}</span> : null}
                  </span>
                </Link>
                {lineExtra?.(item)}
              </td>
              <td className="order-card__price">
                <Price fen={item.price} />
              </td>
              <td className="order-card__count">×{item.prodCount}</td>
              {index === 0 ? (
                <>
                  <td className="order-card__amount" rowSpan={rows}>
                    {/* A points-mall order is priced in points: they come first, and the cash part only when there is one. */}
                    {order.orderType === ORDER_TYPE.points ? (
                      <span className="order-card__total" data-testid="order-card-points">
                        {t('integralMall.order.points', { count: order.useScore })}
                      </span>
                    ) : null}
                    {order.orderType !== ORDER_TYPE.points || order.actualTotal > 0 ? <Price fen={order.actualTotal} className="order-card__total" /> : null}
                    {order.freight > 0 ? (
                      <span className="order-card__freight">
                        {t('orders.freightIncluded', { amount: formatYuan(order.freight, i18n.language as Language) })}
                      </span>
                    ) : null}
                  </td>
                  <td className="order-card__status" rowSpan={rows}>
                    <span className={`order-status order-status--${order.status}`}>{t(orderStatusKey(order))}</span>
                    {remaining !== null && remaining > 0 ? <span className="order-card__countdown">{t('orders.expiresIn', { time: formatCountdown(remaining) })}</span> : null}
                  </td>
                  <td className="order-card__actions" rowSpan={rows}>
                    <OrderActions order={order} showDetail />
                    {orderExtra}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
