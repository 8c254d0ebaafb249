import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import { RemarksField } from '../../components/checkout/remarks-field.tsx';
import type { ShopCartOrder } from '@bazaar/shared/schemas/order';
import { discountTierLabel } from '@bazaar/shared/schemas/shop-promotion';
import { Price } from '../../components/ui/price.tsx';
import { OrderLinesTable } from './order-lines-table.tsx';

/** One future order of the checkout: a shop's items, its delivery, freight and the message to the merchant. */
export function CheckoutShopOrder({ order, remarks, onRemarks }: { order: ShopCartOrder; remarks: string; onRemarks: (value: string) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const remarksId = useId();
  const items = order.shopCartItemDiscounts.flatMap((d) => d.shopCartItems);
  // The promotions that take something off this order, by the tier they reached ("满300减50").
  const applied = order.shopCartItemDiscounts.flatMap((d) => {
    const p = d.chooseDiscountItemDto;
    return p?.reachedItem && p.reduceAmount > 0 ? [discountTierLabel(p.discountRule, p.discountType, p.reachedItem, lang)] : [];
  });
  // The discount packages bought in this order, by name and sets.
  const packages = order.shopCartItemDiscounts.flatMap((d) => (d.combo ? [`${d.combo.comboName} × ${d.combo.prodCount}`] : []));
  return (
    <section className="checkout-shop" aria-label={order.shopName}>
      <h3 className="checkout-shop__name">
        {order.shopName}
        {order.orderMold === 1 ? <span className="checkout-shop__tag">{t('checkout.shop.virtual')}</span> : null}
      </h3>
      <OrderLinesTable lines={items} lineKey={(item) => `${item.skuId}-${item.basketId}`} />
      <div className="checkout-shop__foot">
        <RemarksField id={remarksId} label={t('checkout.shop.remarks')} placeholder={t('checkout.shop.remarksPlaceholder')} value={remarks} onChange={onRemarks} />
        <dl className="checkout-shop__fees">
          <div>
            <dt>{t('checkout.shop.delivery')}</dt>
            <dd>{t(`checkout.shop.deliveryTypes.${order.dvyType}`)}</dd>
          </div>
          <div>
            <dt>{t('checkout.shop.freight')}</dt>
            <dd>
              {order.transFee === 0 ? t('checkout.shop.free') : formatYuan(order.transFee, lang)}
              {order.transFee > 0 && order.freeFreightFrom !== null ? (
                <span className="checkout-shop__hint">{t('checkout.shop.freeFrom', { amount: formatYuan(order.freeFreightFrom, lang) })}</span>
              ) : null}
            </dd>
          </div>
          {order.comboReduce > 0 ? (
            <div data-testid="checkout-shop-package">
              <dt>{t('packages.reduce')}</dt>
              <dd>
                -{formatYuan(order.comboReduce, lang)}
                <span className="checkout-shop__hint">{packages.join(lang === 'zh' ? '，' : ', ')}</span>
              </dd>
            </div>
          ) : null}
          {order.discountReduce > 0 ? (
            <div data-testid="checkout-shop-promotion">
              <dt>{t('checkout.shop.promotion')}</dt>
              <dd>
                -{formatYuan(order.discountReduce, lang)}
                {applied.length > 0 ? <span className="checkout-shop__hint">{applied.join(lang === 'zh' ? '，' : ', ')}</span> : null}
              </dd>
            </div>
          ) : null}
          {order.couponReduce > 0 ? (
            <div data-testid="checkout-shop-coupon">
              <dt>{t('coupon.checkout.shopCoupon')}</dt>
              <dd>-{formatYuan(order.couponReduce, lang)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('checkout.shop.subtotal')}</dt>
            <dd>
              <Price fen={order.actualTotal} className="checkout-shop__subtotal" />
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
