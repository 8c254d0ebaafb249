import { Link } from 'react-router';
import type { RefundItem } from '@bazaar/shared/schemas/refund';
import { useTranslation } from '../../lib/i18n.tsx';
import { Price } from '../../components/ui/price.tsx';

/**
 * The goods a request is about: picture, names, unit price and count, each linking to its product.
 * With `goodsNum` (a request's own pieces, not the ordered count): one item reads "1 of 3 in this
 * request"; a whole order's items keep their ordered counts under the request's total.
 */
export function RefundItems({ items, goodsNum }: { items: RefundItem[]; goodsNum?: number }) {
  const { t } = useTranslation();
  const single = goodsNum !== undefined && items.length === 1;
  return (
    <ul className="refund-items">
      {items.map((item) => (
        <li key={item.orderItemId} className="refund-items__item">
          <Link to={`/detail/${item.prodId}`} className="order-item">
            <img className="order-item__pic" src={item.pic} alt="" width={64} height={64} loading="lazy" />
            <span className="order-item__text">
              <span className="order-item__name">{item.prodName}</span>
              {item.skuName ? <span className="order-item__sku">{item.skuName}</span> : null}
            </span>
          </Link>
          <span className="refund-items__price" data-testid="refund-item-count">
            <Price fen={item.price} /> {single ? t('aftersale.list.refundCount', { count: goodsNum, total: item.prodCount }) : t('aftersale.list.goodsNum', { count: item.prodCount })}
          </span>
        </li>
      ))}
      {goodsNum !== undefined && !single ? (
        <li className="refund-items__total" data-testid="refund-goods-num">
          {t('aftersale.list.wholeOrder', { count: goodsNum })}
        </li>
      ) : null}
    </ul>
  );
}
