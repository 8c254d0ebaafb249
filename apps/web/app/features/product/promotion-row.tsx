import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { ProductDiscountTag } from '@bazaar/shared/schemas/shop-promotion';

/** "促销": the running shop promotions of the product, each with its tiers, opening its product list. */
export function PromotionRow({ discounts }: { discounts: ProductDiscountTag[] }) {
  const { t } = useTranslation();
  if (discounts.length === 0) return null;
  return (
    <div className="purchase__row purchase__promotions" data-testid="promotion-row">
      <span className="purchase__label">{t('promotionRow.label')}</span>
      <ul className="purchase__deals">
        {discounts.map((d) => (
          <li key={d.discountId}>
            <Link to={`/discount-detail?discountId=${d.discountId}`} className="purchase__deal">
              {d.labels.map((label) => (
                <span key={label} className="purchase__deal-tag">
                  {label}
                </span>
              ))}
              <span className="purchase__deal-name">{d.discountName}</span>
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
