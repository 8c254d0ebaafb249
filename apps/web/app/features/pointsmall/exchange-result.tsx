import { Link } from 'react-router';
import type { OrderDetail } from '@bazaar/shared/schemas/order';
import { useTranslation } from '../../lib/i18n.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { INTEGRAL_MALL_PATH } from './paths.ts';

/** The order an exchange created and the points paid it at once: what it took, what is left, where next. */
export function ExchangeResult({ order, score }: { order: Pick<OrderDetail, 'orderNumber' | 'useScore'>; score: number }) {
  const { t } = useTranslation();
  return (
    <div className="container page-section">
      <section className="card message-panel points-result" aria-labelledby="points-result-title">
        <span className="points-result__icon" aria-hidden="true">
          ✓
        </span>
        <h1 id="points-result-title" className="message-panel__title">
          {t('integralMall.result.title')}
        </h1>
        <p className="message-panel__text" data-testid="points-result-used">
          {t('integralMall.result.text', { count: order.useScore })}
        </p>
        <p className="message-panel__text" data-testid="points-result-left">
          {t('integralMall.result.points', { count: score })}
        </p>
        <div className="message-panel__actions">
          <Link to={`/order-detail?orderNumber=${order.orderNumber}`} className={buttonClass()}>
            {t('integralMall.result.viewOrder')}
          </Link>
          <Link to={INTEGRAL_MALL_PATH} className={buttonClass({ variant: 'secondary' })}>
            {t('integralMall.result.backToMall')}
          </Link>
        </div>
      </section>
    </div>
  );
}
