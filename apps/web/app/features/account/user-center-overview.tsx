import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { CenterInfo, UserInfo } from '@bazaar/shared/schemas/account';
import { UserAvatar } from './user-avatar.tsx';

// The order counts shown as tiles, in the order of an order's life (section 4).
const ORDER_TILES = ['unPay', 'grouping', 'payed', 'consignment', 'success', 'refund'] as const;

/** Section 4's store states as the user center words them; a rejected application still has a shop. */
function shopStatusKey(info: CenterInfo): string {
  switch (info.shopStatus) {
    case SHOP_STATUS.open:
      return 'userCenter.index.shopStatus.open';
    case SHOP_STATUS.reviewing:
      return 'userCenter.index.shopStatus.reviewing';
    case SHOP_STATUS.none:
      return info.shopId === null ? 'userCenter.index.shopStatus.none' : 'userCenter.index.shopStatus.rejected';
    default:
      return 'userCenter.index.shopStatus.offline';
  }
}

export function UserCenterOverview({ user, info }: { user: UserInfo; info: CenterInfo }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="card uc-panel uc-profile" aria-labelledby="uc-profile-name">
        <UserAvatar src={user.pic} alt={t('userCenter.account.avatarAlt')} />
        <div className="uc-profile__body">
          <h1 id="uc-profile-name" className="uc-profile__name">
            {t('userCenter.index.greeting', { name: user.nickName })}
          </h1>
          <p className="uc-profile__mobile">{t('userCenter.index.mobile', { mobile: user.mobile })}</p>
          <Link to="/user-center/uc-account" className="text-link">
            {t('userCenter.index.editProfile')}
          </Link>
        </div>
      </section>

      {info.isSetPassword ? null : (
        <p className="card uc-panel uc-notice">
          <Link to="/user-center/uc-password" className="text-link">
            {t('userCenter.index.noPassword')}
          </Link>
        </p>
      )}

      <section className="card uc-panel" aria-labelledby="uc-orders-title">
        <h2 id="uc-orders-title" className="uc-panel__title">
          {t('userCenter.index.orders')}
        </h2>
        <ul className="uc-tiles" style={{ gridTemplateColumns: `repeat(${ORDER_TILES.length}, 1fr)` }}>
          {ORDER_TILES.map((key) => (
            <li key={key} className="uc-tile" data-order-status={key}>
              <span className="uc-tile__count">{info.orderCountData[key]}</span>
              <span className="uc-tile__label">
                {t(key === 'grouping' ? 'groupBuy.orders.grouping' : `userCenter.index.order.${key}`)}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card uc-panel" aria-labelledby="uc-shop-title">
        <h2 id="uc-shop-title" className="uc-panel__title">
          {t('userCenter.index.shop')}
        </h2>
        <p className="uc-shop">
          <span className={`uc-shop__status uc-shop__status--${info.shopStatus === SHOP_STATUS.open ? 'open' : 'other'}`}>{t(shopStatusKey(info))}</span>
          {info.shopStatus === SHOP_STATUS.open && info.shopId !== null ? (
            <Link to={`/shopIndex?sid=${info.shopId}`} className="text-link">
              {t('userCenter.index.visitShop')}
            </Link>
          ) : info.shopStatus === SHOP_STATUS.none || info.shopStatus === SHOP_STATUS.reviewing ? (
            <Link to="/user-center/uc-freeshop" className="text-link">
              {t('shopApply.menu')}
            </Link>
          ) : null}
        </p>
      </section>
    </>
  );
}
