import { useTranslation } from '../../lib/i18n.tsx';
import { splitCountdown, useCountdown } from '../../lib/countdown.ts';

/** "距结束 2天 03:12:45": the time left of a promotion, ticking each second (empty until hydrated). */
export function DealCountdown({ endTime }: { endTime: string }) {
  const { t } = useTranslation();
  const left = useCountdown(endTime);
  let text = '';
  if (left !== null) {
    const { days, clock } = splitCountdown(left);
    text = left <= 0 ? t('discountPage.ended') : days > 0 ? t('discountPage.endsIn', { count: days, time: clock }) : t('discountPage.endsInToday', { time: clock });
  }
  return (
    <span className="deal-countdown" aria-live="off" data-testid="deal-countdown">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      {text}
    </span>
  );
}
