import type { ScoreInfo } from '@bazaar/shared/schemas/points';
import { useTranslation } from '../../lib/i18n.tsx';

/** The balance of points, what ends soon (per last day) and the rules they follow. */
export function PointsSummary({ info }: { info: ScoreInfo }) {
  const { t } = useTranslation();
  return (
    <section className="card uc-panel points-summary" aria-labelledby="uc-integral-title">
      <h1 id="uc-integral-title" className="uc-panel__title">
        {t('points.title')}
      </h1>
      <div className="points-summary__body">
        <p className="points-summary__balance">
          <span className="points-summary__label">{t('points.balance')}</span>
          <span className="points-summary__score" data-testid="points-balance">
            {info.score}
          </span>
        </p>
        <div className="points-summary__expiring">
          <h2 className="points-summary__subtitle">{t('points.expiringTitle')}</h2>
          <PointsExpiryNotice info={info} />
          {info.expiring.length === 0 ? (
            <p className="points-summary__none">{t('points.expiringNone')}</p>
          ) : (
            <ul className="points-summary__list">
              {info.expiring.map((e) => (
                <li key={e.date}>{t('points.expiringItem', { count: e.score, date: e.date })}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <p className="points-summary__rules">
        {t(info.expireEnabled ? 'points.rules' : 'points.rulesNoExpiry', { count: info.expireYears, yuan: (info.earnFenPerPoint / 100).toFixed(2).replace(/\.00$/, ''), per: info.usePointsPerYuan, cap: info.useCapPercent })}
      </p>
    </section>
  );
}

/** A month ahead: how many points expire, and the last day to use them (issue 25); nothing otherwise. */
export function PointsExpiryNotice({ info }: { info: Pick<ScoreInfo, 'expiryNotice'> }) {
  const { t } = useTranslation();
  if (!info.expiryNotice) return null;
  return (
    <p className="points-expiry-notice" data-testid="points-expiry-notice">
      {t('points.expiryNotice', { count: info.expiryNotice.score, date: info.expiryNotice.date })}
    </p>
  );
}
