import { NavLink } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';

// Only pages that exist are listed; later issues add the rest.
const ITEMS = [
  { to: '/user-center', key: 'userCenter.menu.index', end: true },
  { to: '/user-center/uc-order', key: 'orders.menu', end: false },
  { to: '/user-center/uc-comments', key: 'myReviews.menu', end: false },
  { to: '/user-center/uc-invoice', key: 'invoice.menu', end: false },
  { to: '/user-center/uc-return', key: 'aftersale.menu', end: false },
  { to: '/user-center/uc-account', key: 'userCenter.menu.account', end: false },
  { to: '/user-center/uc-password', key: 'userCenter.menu.password', end: false },
  { to: '/user-center/uc-integral', key: 'points.menu', end: false },
  { to: '/user-center/uc-balance', key: 'balance.menu', end: false },
  { to: '/user-center/uc-address', key: 'address.menu', end: false },
  { to: '/user-center/uc-collection', key: 'collection.menu', end: false },
  { to: '/user-center/uc-footprint', key: 'footprint.menu', end: false },
  { to: '/user-center/uc-coupons', key: 'coupon.mine.menu', end: false },
  { to: '/user-center/uc-freeshop', key: 'shopApply.menu', end: false },
  { to: '/user-center/uc-shopaccount', key: 'shopAccount.menu', end: false },
  // Platform customer service (issue 28): the chat with toId 0.
  { to: '/chat?toId=0', key: 'chat.entry.customerService', end: false },
] as const;

/** The user center's left menu; the current page is marked with aria-current. */
export function UserCenterMenu() {
  const { t } = useTranslation();
  return (
    <nav className="uc-menu" aria-label={t('userCenter.menu.label')}>
      <h2 className="uc-menu__heading">{t('userCenter.menu.heading')}</h2>
      <ul className="uc-menu__list">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className="uc-menu__link">
              {t(item.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
