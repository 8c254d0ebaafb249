import { Link } from 'react-router';
import type { PointsItemCard as Card } from '@bazaar/shared/schemas/points-mall';
import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import { integralDetPath } from './paths.ts';
import { PointsPrice } from './points-price.tsx';

/** One item of the points mall: picture, name, points and cash part, the usual price, what is left. */
export function PointsItemCard({ item }: { item: Card }) {
  const { t, i18n } = useTranslation();
  const soldOut = item.stocks <= 0;
  return (
    <article className="product-card points-card" role="listitem" data-testid="points-item" data-prod-id={item.prodId} data-score-price={item.scorePrice}>
      <Link to={integralDetPath(item.prodId)} className="product-card__link">
        <span className="product-card__media">
          <img src={item.pic} alt="" width={200} height={200} loading="lazy" decoding="async" />
          {soldOut ? <span className="product-card__badge">{t('integralMall.mall.soldOut')}</span> : null}
        </span>
        <span className="product-card__name">{item.prodName}</span>
        <PointsPrice score={item.scorePrice} cash={item.cashPrice} className="points-card__price" />
      </Link>
      <p className="product-card__meta">
        <s className="points-card__was">{formatYuan(item.price, i18n.language as Language)}</s>
        <span>{soldOut ? t('integralMall.mall.soldOut') : t('integralMall.mall.stock', { count: item.stocks })}</span>
      </p>
    </article>
  );
}
