import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { PointsItemDetail } from '@bazaar/shared/schemas/points-mall';
import { POINTS_ITEM_MAX_NUM_UNLIMITED } from '@bazaar/shared/constants/points-mall';
import { ORDER_MOLD } from '@bazaar/shared/constants/order-status';
import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import { emitApiEvent } from '../../lib/api-events.ts';
import { Button } from '../../components/ui/button.tsx';
import { blockText, exchangeState } from './exchange-state.ts';
import { submitIntegralOrderPath } from './paths.ts';
import { PointsPrice } from './points-price.tsx';

/** The quantity box (the product feature's, handed in by the route: features never import each other). */
export type QuantityBox = (props: { value: number; max: number; onChange: (value: number) => void }) => ReactNode;

/**
 * The exchange side of /member-center/integral-det: the points price and cash part, the stock, the
 * per-user limit and what I already exchanged, my points, the SKU, the quantity and "exchange".
 * The button is disabled with the reason when the item is sold out, the limit is reached or my
 * points fall short; a visitor's press opens the login popup.
 */
export function ExchangePanel({ item, quantityBox }: { item: PointsItemDetail; quantityBox: QuantityBox }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const [skuId, setSkuId] = useState(item.skuList[0]?.skuId ?? 0);
  const [count, setCount] = useState(1);
  const state = exchangeState(item);
  const max = state.kind === 'ok' ? state.max : 1;
  const reason = state.kind === 'ok' ? null : blockText(state);
  const limited = item.maxNum !== POINTS_ITEM_MAX_NUM_UNLIMITED;

  function exchange() {
    if (state.kind === 'login') {
      emitApiEvent({ type: 'login-required' });
      return;
    }
    if (state.kind !== 'ok' || !skuId) return;
    void navigate(submitIntegralOrderPath(item.prodId, skuId, Math.min(count, max)));
  }

  return (
    <section className="purchase points-exchange" aria-labelledby="points-item-title">
      <h1 id="points-item-title" className="purchase__title">
        {item.mold === ORDER_MOLD.virtual ? <span className="purchase__tag">{t('integralMall.detail.virtual')}</span> : null}
        {item.prodName}
      </h1>
      {item.brief ? <p className="purchase__brief">{item.brief}</p> : null}
      <div className="purchase__price-box points-exchange__prices">
        <span className="purchase__label">{t('integralMall.detail.pointsPrice')}</span>
        <PointsPrice score={item.scorePrice} cash={item.cashPrice} className="points-exchange__price" />
        <span className="points-exchange__was">
          <s>{formatYuan(item.price, lang)}</s>
        </span>
      </div>
      <dl className="points-exchange__facts">
        <div className="purchase__row">
          <dt className="purchase__label">{t('integralMall.detail.cashPart')}</dt>
          <dd data-testid="points-item-cash">{item.cashPrice > 0 ? formatYuan(item.cashPrice, lang) : t('integralMall.detail.noCash')}</dd>
        </div>
        <div className="purchase__row">
          <dt className="purchase__label">{t('integralMall.detail.stock')}</dt>
          <dd data-testid="points-item-stock">{item.stocks > 0 ? t('integralMall.detail.stockLeft', { count: item.stocks }) : t('integralMall.mall.soldOut')}</dd>
        </div>
        <div className="purchase__row">
          <dt className="purchase__label">{t('integralMall.detail.limit')}</dt>
          <dd data-testid="points-item-limit">
            {limited ? t('integralMall.detail.limitCount', { count: item.maxNum }) : t('integralMall.detail.noLimit')}
            {item.boughtNum !== null && item.boughtNum > 0 ? <span className="points-exchange__bought">{t('integralMall.detail.exchanged', { count: item.boughtNum })}</span> : null}
          </dd>
        </div>
        <div className="purchase__row">
          <dt className="purchase__label">{t('integralMall.detail.myPoints')}</dt>
          <dd data-testid="points-item-my-points">{item.myScore ?? t('integralMall.detail.myPointsLogin')}</dd>
        </div>
      </dl>
      {item.skuList.length > 1 ? (
        <div className="purchase__row">
          <span className="purchase__label" id="points-spec-label">
            {t('integralMall.detail.spec')}
          </span>
          <div className="sku-picker__values" role="radiogroup" aria-labelledby="points-spec-label">
            {item.skuList.map((sku) => (
              <button key={sku.skuId} type="button" role="radio" aria-checked={sku.skuId === skuId} className="sku-picker__value" onClick={() => setSkuId(sku.skuId)}>
                {sku.skuName || item.prodName}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <div className="purchase__row">
        <label className="purchase__label" htmlFor="quantity-input">
          {t('integralMall.detail.quantity')}
        </label>
        {quantityBox({ value: Math.min(count, max), max: state.kind === 'ok' ? max : 0, onChange: setCount })}
      </div>
      <div className="purchase__actions">
        <Button
          size="lg"
          className="points-exchange__button"
          disabled={state.kind !== 'ok' && state.kind !== 'login'}
          aria-describedby={reason ? 'points-exchange-reason' : undefined}
          onClick={exchange}
          data-testid="points-exchange"
          data-state={state.kind}
        >
          {t('integralMall.detail.exchange')}
        </Button>
      </div>
      {reason ? (
        <p id="points-exchange-reason" className="points-exchange__reason" data-testid="points-exchange-reason">
          {t(...reason)}
        </p>
      ) : null}
      {item.mold === ORDER_MOLD.virtual ? <p className="points-exchange__note">{t('integralMall.detail.virtualNote')}</p> : null}
      <p className="points-exchange__note">{t('integralMall.detail.noRefund')}</p>
    </section>
  );
}
