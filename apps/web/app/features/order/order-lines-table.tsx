import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { ProductLine } from '@bazaar/shared/schemas/product-line';
import { Price } from '../../components/ui/price.tsx';

/**
 * The goods of one order, as the checkout and the order detail list them: picture, names, unit
 * price, count and amount. A placed order links each line to its product.
 */
export function OrderLinesTable<T extends ProductLine>({
  lines,
  lineKey,
  linkToProduct = false,
  lineExtra,
}: {
  lines: T[];
  lineKey: (line: T) => string | number;
  linkToProduct?: boolean;
  /** Shown under a line's product (the order detail's after-sales state and button). */
  lineExtra?: (line: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <table className="checkout-table">
      <thead>
        <tr>
          <th scope="col">{t('checkout.columns.product')}</th>
          <th scope="col">{t('checkout.columns.price')}</th>
          <th scope="col">{t('checkout.columns.count')}</th>
          <th scope="col">{t('checkout.columns.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const product: ReactNode = (
            <>
              <img className="order-item__pic" src={line.pic} alt="" width={64} height={64} />
              <span className="order-item__text">
                <span className="order-item__name">{line.prodName}</span>
                {line.skuName ? <span className="order-item__sku">{line.skuName}</span> : null}
              </span>
            </>
          );
          return (
            <tr key={lineKey(line)}>
              <td>
                {linkToProduct ? (
                  <Link to={`/detail/${line.prodId}`} className="order-item">
                    {product}
                  </Link>
                ) : (
                  <span className="order-item">{product}</span>
                )}
                {lineExtra ? lineExtra(line) : null}
              </td>
              <td>
                <Price fen={line.price} />
              </td>
              <td>×{line.prodCount}</td>
              <td>
                <Price fen={line.productTotalAmount} className="checkout-table__amount" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
