import { useTranslation } from '../../lib/i18n.tsx';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { OrderDetail } from '@bazaar/shared/schemas/order';

const STEPS = ['submit', 'pay', 'ship', 'receive', 'complete'] as const;

/** How many steps are done: submitted 1, paid 2, shipped (goods out, waiting for receipt) 4, completed 5. */
function doneSteps(order: OrderDetail): number {
  if (order.status === ORDER_STATUS.completed) return 5;
  if (order.status === ORDER_STATUS.shipped) return 4;
  if (order.status === ORDER_STATUS.paid || order.status === ORDER_STATUS.grouping) return 2;
  if (order.status === ORDER_STATUS.cancelled) return order.payTime ? 2 : 1;
  return 1;
}

/** The five progress steps of section 4 with the time each was reached. */
export function OrderSteps({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const done = doneSteps(order);
  const times = [order.createTime, order.payTime, order.dvyTime, order.dvyTime, order.finallyTime];
  return (
    <ol className="order-steps" aria-label={t('orderDetail.steps.label')}>
      {STEPS.map((step, i) => {
        const reached = i < done;
        return (
          <li key={step} className={`order-steps__step${reached ? ' order-steps__step--done' : ''}`} aria-current={i === done - 1 ? 'step' : undefined}>
            <span className="order-steps__dot" aria-hidden="true">
              {i + 1}
            </span>
            <span className="order-steps__name">{t(`orderDetail.steps.${step}`)}</span>
            <span className="order-steps__time">{reached ? (times[i] ?? '') : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}
