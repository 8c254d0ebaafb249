import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { ProductDetail } from '@bazaar/shared/schemas/product';
import type { ReviewSummary } from '@bazaar/shared/schemas/review';
import type { ChangeItem } from '@bazaar/shared/schemas/cart';
import type { ProductDiscountTag } from '@bazaar/shared/schemas/shop-promotion';
import { Button } from '../../components/ui/button.tsx';
import { Price } from '../../components/ui/price.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { api, apiData } from '../../lib/api.ts';
import { notifyCartChanged } from '../../lib/cart-events.ts';
import { ensureLoggedIn } from './login-gate.ts';
import { DeliveryRow } from './delivery-row.tsx';
import { PromotionRow } from './promotion-row.tsx';
import { QuantityInput } from './quantity-input.tsx';
import { ServicePromises } from './service-promises.tsx';
import { SkuPicker } from './sku-picker.tsx';
import { choose, clampQuantity, initialSelection, maxQuantity, selectedSku, type Selection } from './sku-selection.ts';

interface PurchasePanelProps {
  product: ProductDetail;
  isLoggedIn: boolean;
  collected: boolean;
  /** The review counts, for the rating beside the price; null when they could not be read. */
  summary: ReviewSummary | null;
  /** Opens the reviews tab. */
  onShowReviews: () => void;
  /** The running shop promotions the product is in. */
  discounts: ProductDiscountTag[];
}

/** Name, price and rating, delivery, the SKU picker, quantity, add to cart / buy now and collect, the service promises. */
export function PurchasePanel({ product, isLoggedIn, collected: loadedCollected, summary, onShowReviews, discounts }: PurchasePanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product.skuList, product.specs));
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  // The loaded state until the shopper toggles it here.
  const [toggled, setCollected] = useState<boolean | null>(null);
  const collected = toggled ?? loadedCollected;
  const sku = useMemo(() => selectedSku(product.skuList, selection), [product.skuList, selection]);
  const max = maxQuantity(sku);
  const qty = clampQuantity(quantity, max);
  const soldOut = !sku || max === 0;

  function onChoose(group: number, value: string) {
    setSelection((current) => choose(product.skuList, current, group, value));
  }

  async function addToCart() {
    if (!ensureLoggedIn(isLoggedIn) || !sku || soldOut) return;
    setBusy(true);
    try {
      const body: ChangeItem = { basketId: 0, prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId, count: qty };
      await api('/p/shopCart/changeItem', { method: 'POST', body });
      showToast(t('product.added'), { kind: 'success' });
      notifyCartChanged();
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  function buyNow() {
    if (!ensureLoggedIn(isLoggedIn) || !sku || soldOut) return;
    const query = new URLSearchParams({ prodId: String(product.prodId), skuId: String(sku.skuId), prodCount: String(qty) });
    void navigate(`/submit-order?${query.toString()}`);
  }

  async function toggleCollect() {
    if (!ensureLoggedIn(isLoggedIn)) return;
    try {
      const now = await apiData<boolean>('/p/user/collection/addOrCancel', { method: 'POST', body: product.prodId });
      setCollected(now);
      showToast(t(now ? 'product.collectDone' : 'product.collectCancelled'), { kind: 'success' });
    } catch {
      // Shown by the API client.
    }
  }

  const stockText = !sku ? t('product.soldOut') : sku.stocks === -1 ? t('product.stockUnlimited') : sku.stocks === 0 ? t('product.soldOut') : t('product.stock', { count: sku.stocks });

  return (
    <section className="purchase" aria-labelledby="product-title">
      <h1 id="product-title" className="purchase__title">
        {product.mold === 1 ? <span className="purchase__tag">{t('product.virtual')}</span> : null}
        {product.prodName}
      </h1>
      {product.brief ? <p className="purchase__brief">{product.brief}</p> : null}
      <div className="purchase__price-box">
        <span className="purchase__label">{t('product.price')}</span>
        <Price fen={sku?.price ?? product.price} oriFen={sku?.oriPrice ?? product.oriPrice} className="purchase__price" />
        <span className="purchase__sold">{t('product.sold', { count: product.soldNum })}</span>
        {summary && summary.number > 0 ? (
          <button type="button" className="purchase__rating" onClick={onShowReviews} data-testid="rating-summary">
            {t('product.rating', { count: summary.number, rate: summary.positiveRating })}
          </button>
        ) : null}
      </div>
      <PromotionRow discounts={discounts} />
      <DeliveryRow delivery={product.delivery} virtual={product.mold === 1} isLoggedIn={isLoggedIn} />
      <SkuPicker skus={product.skuList} groups={product.specs} selection={selection} onChoose={onChoose} />
      <div className="purchase__row">
        <label className="purchase__label" htmlFor="quantity-input">
          {t('product.quantity')}
        </label>
        <QuantityInput value={qty} max={max} onChange={setQuantity} />
        <span className={`purchase__stock${soldOut ? ' purchase__stock--out' : ''}`} aria-live="polite" data-testid="sku-stock">
          {stockText}
        </span>
        {!soldOut && sku?.stocks !== -1 && qty >= max ? <span className="purchase__hint">{t('product.maxHint', { count: max })}</span> : null}
      </div>
      <div className="purchase__actions">
        <Button size="lg" variant="secondary" className="purchase__buy" disabled={soldOut} onClick={buyNow}>
          {t('product.buyNow')}
        </Button>
        <Button size="lg" className="purchase__cart" disabled={soldOut || busy} onClick={() => void addToCart()}>
          {t('product.addToCart')}
        </Button>
        <button type="button" className={`purchase__collect${collected ? ' purchase__collect--on' : ''}`} aria-pressed={collected} onClick={() => void toggleCollect()}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 20.5l-1.3-1.2C5.6 14.7 2.5 11.9 2.5 8.4 2.5 5.6 4.7 3.5 7.4 3.5c1.6 0 3.1.7 4.6 2.3 1.5-1.6 3-2.3 4.6-2.3 2.7 0 4.9 2.1 4.9 4.9 0 3.5-3.1 6.3-8.2 10.9z" />
          </svg>
          {collected ? t('product.collected') : t('product.collect')}
        </button>
      </div>
      <ServicePromises returnable={product.delivery.returnable} virtual={product.mold === 1} />
    </section>
  );
}
