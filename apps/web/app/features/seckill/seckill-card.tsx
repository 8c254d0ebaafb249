import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { SeckillCard } from '@bazaar/shared/schemas/seckill';
import { parseApiTime } from '@bazaar/shared/constants/api-time';
import { Price } from '../../components/ui/price.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { SeckillCountdown, SoldBar } from './seckill-countdown.tsx';
import { activityStateAt } from '../../lib/activity/server-clock.ts';
import '../../components/activity-card.css';

/** An activity's window in epoch ms, from its API times. */
export function windowOf(card: Pick<SeckillCard, 'startTime' | 'endTime'>): { startAt: number; endAt: number } {
  return { startAt: parseApiTime(card.startTime), endAt: parseApiTime(card.endTime) };
}

/**
 * One product of /flash-sale: picture, name, flash price over the usual one, the share sold, a
 * countdown to its start or end, and its action: buy while running with stock, "remind me" before
 * the start (handed in: it needs the shopper), sold out or ended otherwise.
 */
export function SeckillProductCard({ card, now, remind, eager = false }: { card: SeckillCard; now: number | null; remind?: ReactNode; eager?: boolean }) {
  const { t } = useTranslation();
  const window = windowOf(card);
  const state = now === null ? card.state : activityStateAt(window, now);
  const soldOut = state === 2 && card.stocksLeft <= 0;
  const to = `/secdetail/${card.seckillId}`;
  const titleId = `seckill-card-${card.seckillId}`;
  return (
    <article className="activity-card seckill-card" aria-labelledby={titleId} data-testid="seckill-card">
      <Link to={to} className="activity-card__media seckill-card__media" tabIndex={-1} aria-hidden="true">
        <img src={card.pic} alt="" width={200} height={200} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        {soldOut ? <span className="seckill-card__badge">{t('seckill.card.soldOut')}</span> : null}
      </Link>
      <div className="activity-card__body seckill-card__body">
        <h2 id={titleId} className="activity-card__name seckill-card__name">
          <Link to={to}>{card.prodName}</Link>
        </h2>
        <p className="seckill-card__prices">
          <span className="visually-hidden">{t('seckill.card.flashPrice')}</span>
          <Price fen={card.seckillPrice} oriFen={card.price} className="seckill-card__price" />
        </p>
        <SoldBar percent={card.soldPercent} />
        <p className="seckill-card__meta">
          <SeckillCountdown activity={window} now={now} />
          {card.maxNum > 0 ? <span className="seckill-card__limit">{t('seckill.card.limit', { count: card.maxNum })}</span> : null}
        </p>
        <div className="seckill-card__actions">
          {state === 1 ? (
            <>
              {remind}
              <Link to={to} className={buttonClass({ variant: 'secondary', size: 'sm' })} aria-label={t('seckill.card.viewLabel', { name: card.prodName })}>
                {t('seckill.card.view')}
              </Link>
            </>
          ) : state === 2 && !soldOut ? (
            <Link to={to} className={buttonClass({ size: 'sm' })} aria-label={t('seckill.card.buyLabel', { name: card.prodName })}>
              {t('seckill.card.buy')}
            </Link>
          ) : (
            <span className="seckill-card__closed">{soldOut ? t('seckill.card.soldOut') : t('seckill.card.ended')}</span>
          )}
        </div>
      </div>
    </article>
  );
}
