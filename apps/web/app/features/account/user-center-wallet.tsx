import { Link } from 'react-router';
import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';

/**
 * The user center's assets: points (with the sign-in entry), the balance, the coupons to use and the
 * member level with the growth value, one tile each.
 */
export function UserCenterWallet({
  score,
  signedIn,
  balance,
  coupons,
  member,
}: {
  score: number;
  signedIn: boolean;
  balance: number;
  /** Unused coupons. */
  coupons: number;
  /** The level that applies (the paid one while it runs, else the growth level) and the growth value. */
  member: { levelName: string | null; growth: number } | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (
    <section className="card uc-panel" aria-labelledby="uc-wallet-title">
      <h2 id="uc-wallet-title" className="uc-panel__title">
        {t('points.overview.title')}
      </h2>
      <ul className="uc-tiles uc-tiles--wallet">
        <li className="uc-tile" data-tile="points">
          <span className="uc-tile__count" data-testid="uc-points">
            {score}
          </span>
          <span className="uc-tile__label">{t('points.overview.points')}</span>
          <span className="uc-tile__links">
            <Link to="/user-center/uc-integral" className="text-link">
              {signedIn ? t('points.overview.signedIn') : t('points.overview.signIn')}
            </Link>
          </span>
        </li>
        <li className="uc-tile" data-tile="balance">
          <span className="uc-tile__count" data-testid="uc-balance">
            {formatYuan(balance, lang)}
          </span>
          <span className="uc-tile__label">{t('points.overview.balance')}</span>
          <span className="uc-tile__links">
            <Link to="/user-center/uc-balance" className="text-link">
              {t('balance.overviewLink')}
            </Link>
          </span>
        </li>
        <li className="uc-tile" data-tile="coupons">
          <span className="uc-tile__count" data-testid="uc-coupons">
            {coupons}
          </span>
          <span className="uc-tile__label">{t('coupon.mine.tile')}</span>
          <span className="uc-tile__links">
            <Link to="/user-center/uc-coupons" className="text-link">
              {t('coupon.mine.menu')}
            </Link>
          </span>
        </li>
        {member ? (
          <li className="uc-tile" data-tile="member">
            <span className="uc-tile__count" data-testid="uc-member-level">
              {member.levelName ?? t('member.center.noLevel')}
            </span>
            <span className="uc-tile__label">
              {t('member.overview.title')} · {t('member.overview.growth', { growth: member.growth })}
            </span>
            <span className="uc-tile__links">
              <Link to="/member-center/member-center" className="text-link">
                {t('member.overview.link')}
              </Link>
            </span>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
