import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';

/** "120 积分 + ¥9.90": the points, and the cash part when there is one (both as the API answered). */
export function PointsPrice({ score, cash, className }: { score: number; cash: number; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={['points-price', className].filter(Boolean).join(' ')}>
      <span className="points-price__score">{t('integralMall.points', { count: score })}</span>
      {cash > 0 ? <span className="points-price__cash">{t('integralMall.plusCash', { amount: formatYuan(cash, i18n.language as Language) })}</span> : null}
    </span>
  );
}
