import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { ShopApplication } from '@bazaar/shared/schemas/shop-application';

/** Where an application stands (section 4): under review, rejected with the platform's reason, open, offline. */
export function ApplicationStatus({ application }: { application: ShopApplication }) {
  const { t } = useTranslation();
  switch (application.status) {
    case SHOP_STATUS.reviewing:
      return (
        <p className="shop-status shop-status--reviewing" role="status">
          {t('shopApply.status.reviewing')}
        </p>
      );
    case SHOP_STATUS.none:
      return (
        <div className="shop-status shop-status--rejected" role="status">
          <p>{t('shopApply.status.rejected')}</p>
          {application.remarks ? <p className="shop-status__reason">{t('shopApply.reason', { reason: application.remarks })}</p> : null}
        </div>
      );
    case SHOP_STATUS.open:
      return (
        <div className="shop-status shop-status--open" role="status">
          <p>{t('shopApply.status.open')}</p>
          <p className="shop-status__links">
            <Link to={`/shopIndex?sid=${application.shopId}`} className="text-link">
              {t('shopApply.visitShop')}
            </Link>
            <Link to="/user-center/uc-shopaccount" className="text-link">
              {t('shopApply.setAccount')}
            </Link>
          </p>
        </div>
      );
    default:
      return (
        <p className="shop-status shop-status--offline" role="status">
          {t('shopApply.status.offline')}
        </p>
      );
  }
}
