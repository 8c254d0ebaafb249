import { useTranslation } from '../../lib/i18n.tsx';
import { splitCountdown } from '../../lib/countdown.ts';
import { countdownTarget } from './seckill-clock.ts';

/**
 * "距开始 01:02:03" / "距结束 2天 03:04:05" / "已结束", on the server's clock (`now`, from
 * useServerNow); empty until the page has its clock, so the server and browser markup agree.
 */
export function SeckillCountdown({ activity, now, className }: { activity: { startAt: number; endAt: number }; now: number | null; className?: string }) {
  const { t } = useTranslation();
  let text = '';
  if (now !== null) {
    const target = countdownTarget(activity, now);
    if (!target) text = t('seckill.countdown.ended');
    else {
      const { days, clock } = splitCountdown(target.at - now);
      const key = target.to === 'start' ? 'seckill.countdown.startsIn' : 'seckill.countdown.endsIn';
      text = t(key, { time: days > 0 ? t('seckill.countdown.days', { count: days, time: clock }) : clock });
    }
  }
  return (
    <span className={['seckill-countdown', className].filter(Boolean).join(' ')} data-testid="seckill-countdown">
      {text}
    </span>
  );
}

/** The share of the flash stock already sold, as a bar with its percentage. */
export function SoldBar({ percent }: { percent: number }) {
  const { t } = useTranslation();
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div className="sold-bar">
      <div className="sold-bar__track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={t('seckill.card.soldLabel')}>
        <span className="sold-bar__fill" style={{ width: `${value}%` }} />
      </div>
      <span className="sold-bar__text">{t('seckill.card.sold', { percent: value })}</span>
    </div>
  );
}
