import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { applyReturnPath, returnDetailPath } from './paths.ts';
import './aftersale.css';

/** What the order answers tell of an item's after-sales (OrderItemRefundFields of schemas/refund.ts). */
export interface ItemRefundState {
  orderItemId: number;
  prodName: string;
  canRefund?: boolean;
  refundSn?: string | null;
  returnMoneySts?: number | null;
}

/**
 * Under an order line: its latest request's state, linking to it, and "apply for after-sales" when
 * the server says the item may be applied for now (canRefund).
 */
export function ItemRefundLinks({ orderNumber, item }: { orderNumber: string; item: ItemRefundState }) {
  const { t } = useTranslation();
  if (!item.canRefund && !item.refundSn) return null;
  return (
    <span className="order-item-refund">
      {item.refundSn && item.returnMoneySts !== null && item.returnMoneySts !== undefined ? (
        <Link to={returnDetailPath(item.refundSn)} className="order-item-refund__state" data-testid="item-refund-state">
          {t('aftersale.order.itemState', { state: t(`aftersale.status.${item.returnMoneySts}`) })}
        </Link>
      ) : null}
      {item.canRefund ? (
        <>
          {item.refundSn ? ' ' : null}
          <Link to={applyReturnPath(orderNumber, item.orderItemId)} className={buttonClass({ size: 'sm', variant: 'link' })} aria-label={`${t('aftersale.order.apply')} ${item.prodName}`}>
            {t('aftersale.order.apply')}
          </Link>
        </>
      ) : null}
    </span>
  );
}

/** The whole order's "refund the whole order", when the server allows it (canRefund). */
export function OrderRefundLink({ orderNumber, canRefund }: { orderNumber: string; canRefund?: boolean }) {
  const { t } = useTranslation();
  if (!canRefund) return null;
  return (
    <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to={applyReturnPath(orderNumber)} aria-label={`${t('aftersale.order.applyOrder')} ${orderNumber}`}>
      {t('aftersale.order.applyOrder')}
    </Link>
  );
}
