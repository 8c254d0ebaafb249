import { useTranslation } from '../../lib/i18n.tsx';
import type { OrderDetail } from '@bazaar/shared/schemas/order';
import { orderProgress } from './order-progress.ts';

/** The five progress steps of section 4 with the time each was reached. */
export function OrderSteps({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const steps = orderProgress(order);
  const current = steps.filter((s) => s.reached).length - 1;
  return (
    <ol className="order-steps" aria-label={t('orderDetail.steps.label')}>
      {steps.map(({ step, reached, time }, i) => (
        <li key={step} className={`order-steps__step${reached ? ' order-steps__step--done' : ''}`} aria-current={i === current ? 'step' : undefined}>
          <span className="order-steps__dot" aria-hidden="true">
            {i + 1}
          </span>
          <span className="order-steps__name">{t(`orderDetail.steps.${step}`)}</span>
          <span className="order-steps__time">{time ?? ''}</span>
        </li>
      ))}
    </ol>
  );
}
