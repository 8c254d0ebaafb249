// What a points order (order type 3) adds to the order pages: the points it was paid with, and
// why it has no after-sales entry (reference 5.7: points orders cannot be refunded; the API answers
// canRefund false for them).
import { ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import type { OrderDetail } from '@bazaar/shared/schemas/order';
import { useTranslation } from '../../lib/i18n.tsx';

const isPointsOrder = (order: { orderType: number }) => order.orderType === ORDER_TYPE.points;
/** The states where a refund would otherwise be asked for: paid, shipped, completed. */
const AFTER_PAYMENT = new Set<number>([ORDER_STATUS.paid, ORDER_STATUS.shipped, ORDER_STATUS.completed]);

/** A row of the order detail's fees: the points the exchange took (the order's useScore). */
export function PointsOrderPoints({ order }: { order: Pick<OrderDetail, 'orderType' | 'useScore'> }) {
  const { t } = useTranslation();
  if (!isPointsOrder(order)) return null;
  return (
    <div className="order-detail__points" data-testid="points-order-points">
      <dt>{t('integralMall.order.pointsLabel')}</dt>
      <dd>{t('integralMall.order.points', { count: order.useScore })}</dd>
    </div>
  );
}

/** In place of "apply for after-sales" on a paid points order: why there is none. */
export function PointsOrderNoRefund({ order }: { order: { orderType: number; status: number } }) {
  const { t } = useTranslation();
  if (!isPointsOrder(order) || !AFTER_PAYMENT.has(order.status)) return null;
  return (
    <span className="points-order-note" title={t('integralMall.order.noRefundHint')} data-testid="points-order-no-refund">
      {t('integralMall.order.noRefund')}
    </span>
  );
}
