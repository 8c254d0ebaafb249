import { Link } from 'react-router';
import type { RefundItem } from '@bazaar/shared/schemas/refund';
import { Price } from '../../components/ui/price.tsx';

/** The goods a request is about: picture, names, unit price and count, each linking to its product. */
export function RefundItems({ items }: { items: RefundItem[] }) {
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
          <span className="refund-items__price">
            <Price fen={item.price} /> ×{item.prodCount}
          </span>
        </li>
      ))}
    </ul>
  );
}
