import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import type { SeckillDetail, SeckillOrderPathResult } from '@bazaar/shared/schemas/seckill';
import { apiData, ApiError } from '../../lib/api.ts';
import { emitApiEvent } from '../../lib/api-events.ts';
import { Button } from '../../components/ui/button.tsx';
import { Price } from '../../components/ui/price.tsx';
import { SeckillCountdown, SoldBar } from './seckill-countdown.tsx';
import { buyButtonState } from './seckill-clock.ts';

/** The confirm page's address for a chosen SKU under a fresh order path (one unit to start; the page sets the count). */
export function confirmOrderHref(detail: Pick<SeckillDetail, 'seckillId' | 'prodId' | 'shopId'>, seckillSkuId: number, orderPath: string): string {
  const query = new URLSearchParams({
    seckillId: String(detail.seckillId),
    prodId: String(detail.prodId),
    shopId: String(detail.shopId),
    seckillSkuId: String(seckillSkuId),
    prodCount: '1',
    orderPath,
  });
  return `/secdetail/confirm-order?${query.toString()}`;
}

/**
 * The buying side of /secdetail: the countdown, the flash and usual prices, the stock left and
 * share sold, the per-user limit, the SKU picker and the buy button (not started, buy, sold out,
 * ended), all on the server's clock (`now`). Only a press on the live button asks for the
 * one-time order path; then the confirm page opens.
 */
export function SeckillBuyPanel({ detail, now, isLoggedIn, onStale }: { detail: SeckillDetail; now: number | null; isLoggedIn: boolean; onStale: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [entering, setEntering] = useState(false);
  const chosen = detail.skuList.find((s) => s.seckillSkuId === chosenId && s.stocks > 0) ?? detail.skuList.find((s) => s.stocks > 0) ?? detail.skuList[0];
  const stocks = chosen?.stocks ?? 0;
  // Before the clock is read (server render, hydration) the server's own state decides.
  const state = now === null ? ({ 1: 'notStarted', 2: stocks > 0 ? 'buy' : 'soldOut', 3: 'ended' } as const)[detail.state] : buyButtonState(detail, stocks, now);
  const soldPercent = detail.totalStocks > 0 ? Math.floor(((detail.totalStocks - detail.stocksLeft) / detail.totalStocks) * 100) : 100;

  async function buy() {
    if (state !== 'buy' || !chosen || entering) return;
    if (!isLoggedIn) {
      emitApiEvent({ type: 'login-required' });
      return;
    }
    setEntering(true);
    try {
      const { orderPath } = await apiData<SeckillOrderPathResult>('/p/seckill/orderPath', { query: { prodId: detail.prodId, seckillId: detail.seckillId } });
      await navigate(confirmOrderHref(detail, chosen.seckillSkuId, orderPath));
    } catch (error) {
      // The API client showed the message ('Event not started', 'The activity is very hot...'); a 204 took the shopper home.
      if (!(error instanceof ApiError)) throw error;
      setEntering(false);
      if (error.status === 400) onStale();
    }
  }

  return (
    <section className="purchase seckill-buy" aria-labelledby="seckill-title">
      <div className="seckill-buy__banner">
        <span className="seckill-buy__banner-title">{t('seckill.detail.banner')}</span>
        <SeckillCountdown activity={detail} now={now} className="seckill-buy__countdown" />
      </div>
      <h1 id="seckill-title" className="purchase__title">
        {detail.mold === 1 ? <span className="purchase__tag">{t('product.virtual')}</span> : null}
        {detail.prodName}
      </h1>
      {detail.brief ? <p className="purchase__brief">{detail.brief}</p> : null}
      <div className="purchase__price-box seckill-buy__prices">
        <span className="purchase__label">{t('seckill.detail.flashPrice')}</span>
        <Price fen={chosen?.seckillPrice ?? detail.seckillPrice} className="purchase__price" />
        <span className="seckill-buy__was">
          {t('seckill.detail.price')} <s>{formatYuan(chosen?.price ?? detail.price, lang)}</s>
        </span>
      </div>
      <dl className="seckill-buy__facts">
        <div className="purchase__row">
          <dt className="purchase__label">{t('seckill.detail.stock')}</dt>
          <dd className="seckill-buy__stock" data-testid="seckill-stock">
            {t('seckill.detail.stockLeft', { count: stocks })}
            <SoldBar percent={soldPercent} />
          </dd>
        </div>
        <div className="purchase__row">
          <dt className="purchase__label">{t('seckill.detail.limit')}</dt>
          <dd data-testid="seckill-limit">{detail.maxNum > 0 ? t('seckill.detail.limitCount', { count: detail.maxNum }) : t('seckill.detail.noLimit')}</dd>
        </div>
        <div className="purchase__row">
          <dt className="purchase__label">{t('seckill.detail.window')}</dt>
          <dd>{t('seckill.detail.windowText', { start: formatDateTime(detail.startTime, lang), end: formatDateTime(detail.endTime, lang) })}</dd>
        </div>
      </dl>
      {detail.skuList.length > 1 || (chosen && chosen.skuName) ? (
        <div className="purchase__row">
          <span className="purchase__label" id="seckill-spec-label">
            {t('seckill.detail.spec')}
          </span>
          <div className="sku-picker__values" role="radiogroup" aria-labelledby="seckill-spec-label">
            {detail.skuList.map((sku) => {
              const checked = sku.seckillSkuId === chosen?.seckillSkuId;
              const name = sku.skuName || detail.prodName;
              return (
                <button
                  key={sku.seckillSkuId}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  disabled={sku.stocks <= 0 && !checked}
                  title={sku.stocks <= 0 ? t('seckill.detail.specUnavailable', { name }) : undefined}
                  className="sku-picker__value"
                  onClick={() => setChosenId(sku.seckillSkuId)}
                >
                  {name}
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
      <div className="purchase__actions">
        <Button size="lg" className="seckill-buy__button" disabled={state !== 'buy' || entering} onClick={() => void buy()} data-testid="seckill-buy" data-state={state}>
          {entering ? t('seckill.detail.buttons.entering') : t(`seckill.detail.buttons.${state}`)}
        </Button>
      </div>
      <p className="seckill-buy__note">{t('seckill.detail.cancelNote', { count: detail.maxCancelTime })}</p>
      <p className="seckill-buy__note">{t('seckill.detail.noCoupons')}</p>
    </section>
  );
}
