import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberInfo } from '@bazaar/shared/schemas/member';
import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { BenefitList } from './benefit-list.tsx';
import { BUY_MEMBER_PATH, MEMBER_EQUITY_PATH } from './paths.ts';

/** How the purchase the shopper came back from stands. */
export type PurchaseState = { state: 'pending' } | { state: 'arrived' } | null;

/**
 * The member center's head: the growth level with the growth value and what the next level needs,
 * the paid level with its end, and the benefits that apply now (all as the API answers them).
 * `signIn` (the points page's sign-in card, given by the route) is the row's third card, so its top
 * and height line up with the two level cards.
 */
export function MemberSummary({ info, purchase, signIn }: { info: MemberInfo; purchase: PurchaseState; signIn?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const next = info.nextGrowthLevel;
  const progress = next ? Math.max(0, Math.min(100, Math.floor((info.growth * 100) / Math.max(1, next.needGrowth)))) : 100;
  return (
    <section className="card member-summary" aria-labelledby="member-center-title">
      <h1 id="member-center-title" className="member-summary__title">
        {t('member.center.title')}
      </h1>
      <div role="status" className="member-summary__news">
        {purchase?.state === 'pending' ? <p className="member-summary__pending">{t('member.center.pending')}</p> : null}
        {purchase?.state === 'arrived' && info.vipEndTime ? <p className="member-summary__arrived">{t('member.center.arrived', { time: info.vipEndTime })}</p> : null}
      </div>
      <div className="member-summary__cards">
        <div className="member-card" data-testid="member-growth-level">
          <h2 className="member-card__label">{t('member.center.growthLevel')}</h2>
          <p className="member-card__level">{info.growthLevel?.levelName ?? t('member.center.noLevel')}</p>
          <p className="member-card__growth">{t('member.center.growthValue', { growth: info.growth })}</p>
          <div className="member-progress" role="progressbar" aria-label={t('member.center.growth')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <span className="member-progress__bar" style={{ width: `${progress}%` }} />
          </div>
          <p className="member-card__hint">{next ? t('member.center.next', { missing: next.missing, level: next.levelName }) : t('member.center.top')}</p>
          <p className="member-card__hint">{t('member.center.growthRule', { amount: formatYuan(info.growthFenPerPoint, lang) })}</p>
        </div>
        <div className="member-card member-card--paid" data-testid="member-paid-level">
          <h2 className="member-card__label">{t('member.center.paidLevel')}</h2>
          {info.paidLevel ? (
            <>
              <p className="member-card__level">{info.paidLevel.levelName}</p>
              <p className="member-card__end" data-testid="member-vip-end">
                {t('member.center.vipEnd', { time: info.vipEndTime })}
              </p>
              {info.expiringSoon ? <p className="member-card__warn">{t('member.center.expiringSoon')}</p> : null}
            </>
          ) : (
            <p className="member-card__level member-card__level--none">{t('member.center.notMember')}</p>
          )}
          <div className="member-card__actions">
            <Link to={BUY_MEMBER_PATH} className={buttonClass({ size: 'sm' })}>
              {info.paidLevel ? t('member.center.renew') : t('member.center.buy')}
            </Link>
            <Link to={MEMBER_EQUITY_PATH} className="text-link">
              {t('member.center.equity')}
            </Link>
          </div>
        </div>
        {signIn}
      </div>
      <div className="member-summary__benefits">
        <h2 className="member-card__label">{t('member.center.benefits')}</h2>
        {info.benefits.levelName && (info.benefits.discount !== null || info.benefits.isFreeFee || info.benefits.rateScore > 1) ? (
          <>
            <p className="member-card__hint">{t('member.center.benefitsOf', { level: info.benefits.levelName })}</p>
            <BenefitList benefits={info.benefits} />
          </>
        ) : (
          <p className="member-card__hint">{t('member.center.noBenefits')}</p>
        )}
      </div>
    </section>
  );
}
