import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import type { ChangeItem } from '@bazaar/shared/schemas/cart';
import type { MyOrder } from '@bazaar/shared/schemas/order';
import { api, ApiError } from '../../lib/api.ts';
import { notifyCartChanged } from '../../lib/cart-events.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { writeReviewsPath } from '../../lib/review-paths.ts';
import { awaitsReview } from './review-state.ts';

/** The points item page (features/pointsmall/paths.ts's integralDetPath: a feature imports no other feature). */
const integralDetPath = (prodId: number) => `/member-center/integral-det/${prodId}`;

type Confirming = 'cancel' | 'receipt' | 'delete' | null;

const CONFIRM = {
  cancel: { prefix: 'orders.confirmCancel', done: 'orders.cancelled', request: (n: string) => api(`/p/myOrder/cancel/${n}`, { method: 'PUT' }) },
  receipt: { prefix: 'orders.confirmReceipt', done: 'orders.received', request: (n: string) => api(`/p/myOrder/receipt/${n}`, { method: 'PUT' }) },
  delete: { prefix: 'orders.confirmDelete', done: 'orders.deleted', request: (n: string) => api(`/p/myOrder/${n}`, { method: 'DELETE' }) },
} as const;

/**
 * What the buyer can do with an order in its state: pay, cancel, confirm receipt, review, delete, buy
 * again and (in the list) open the detail. Cancel, receipt and delete ask first. When the order moved
 * meanwhile the API answers 'order status changed' (shown as a toast) and the page reloads its data.
 */
export function OrderActions({ order, showDetail = false, onDeleted }: { order: Pick<MyOrder, 'orderNumber' | 'status' | 'orderItemDtos'> & { orderType?: number }; showDetail?: boolean; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const n = order.orderNumber;

  async function run(kind: Exclude<Confirming, null>) {
    setConfirming(null);
    if (busy) return;
    setBusy(true);
    try {
      await CONFIRM[kind].request(n);
      showToast(t(CONFIRM[kind].done), { kind: 'success' });
      if (kind === 'delete' && onDeleted) onDeleted();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
      if (!(kind === 'delete' && onDeleted)) await revalidator.revalidate();
    }
  }

  async function buyAgain() {
    if (busy) return;
    setBusy(true);
    let failed = 0;
    for (const item of order.orderItemDtos) {
      const body: ChangeItem = { basketId: 0, prodId: item.prodId, skuId: item.skuId, shopId: item.shopId, count: item.prodCount };
      try {
        await api('/p/shopCart/changeItem', { method: 'POST', body, silent: true });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        failed += 1;
      }
    }
    setBusy(false);
    notifyCartChanged();
    if (failed === order.orderItemDtos.length) {
      showToast(t('orders.buyAgainFailed'), { kind: 'warning' });
      return;
    }
    showToast(t(failed ? 'orders.buyAgainFailed' : 'orders.addedAgain'), { kind: failed ? 'warning' : 'success' });
    await navigate('/cart');
  }

  const s = order.status;
  const label = (key: string) => `${t(key)} ${n}`;
  return (
    <div className="order-actions">
      {s === ORDER_STATUS.unpaid ? (
        <Link className={buttonClass({ size: 'sm' })} to={`/payment?orderNumbers=${n}`} aria-label={label('orders.actions.pay')}>
          {t('orders.actions.pay')}
        </Link>
      ) : null}
      {s === ORDER_STATUS.shipped ? (
        <Button size="sm" disabled={busy} onClick={() => setConfirming('receipt')} aria-label={label('orders.actions.receipt')}>
          {t('orders.actions.receipt')}
        </Button>
      ) : null}
      {awaitsReview(order) ? (
        <Link className={buttonClass({ size: 'sm' })} to={writeReviewsPath(n)} aria-label={label('orders.actions.review')}>
          {t('orders.actions.review')}
        </Link>
      ) : null}
      {showDetail ? (
        <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to={`/order-detail?orderNumber=${n}`} aria-label={label('orders.actions.detail')}>
          {t('orders.actions.detail')}
        </Link>
      ) : null}
      {s === ORDER_STATUS.unpaid ? (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setConfirming('cancel')} aria-label={label('orders.actions.cancel')}>
          {t('orders.actions.cancel')}
        </Button>
      ) : null}
      {/* A points order is bought again on its points item page, never at the cash price in the cart (QA2 item 10). */}
      {s !== ORDER_STATUS.unpaid && order.orderType === ORDER_TYPE.points && order.orderItemDtos[0] ? (
        <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to={integralDetPath(order.orderItemDtos[0].prodId)} aria-label={label('orders.actions.buyAgain')}>
          {t('orders.actions.buyAgain')}
        </Link>
      ) : s !== ORDER_STATUS.unpaid && order.orderType !== ORDER_TYPE.points ? (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void buyAgain()} aria-label={label('orders.actions.buyAgain')}>
          {t('orders.actions.buyAgain')}
        </Button>
      ) : null}
      {s === ORDER_STATUS.completed || s === ORDER_STATUS.cancelled ? (
        <Button size="sm" variant="link" disabled={busy} onClick={() => setConfirming('delete')} aria-label={label('orders.actions.delete')}>
          {t('orders.actions.delete')}
        </Button>
      ) : null}

      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={confirming ? t(`${CONFIRM[confirming].prefix}.title`) : ''}>
        {confirming ? (
          <div className="confirm">
            <p>{t(`${CONFIRM[confirming].prefix}.body`, { number: n })}</p>
            <div className="order-dialog__actions">
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                {t(`${CONFIRM[confirming].prefix}.back`)}
              </Button>
              <Button onClick={() => void run(confirming)}>{t(`${CONFIRM[confirming].prefix}.confirm`)}</Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
