import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { ProductDetail } from '@bazaar/shared/schemas/product';
import type { ChangeItem } from '@bazaar/shared/schemas/cart';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Price } from '../../components/ui/price.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { api, apiData, ApiError } from '../../lib/api.ts';
import { notifyCartChanged } from '../../lib/cart-events.ts';
import { ensureLoggedIn } from './login-gate.ts';
import { QuantityInput } from './quantity-input.tsx';
import { SkuPicker } from './sku-picker.tsx';
import { choose, clampQuantity, initialSelection, maxQuantity, selectedSku, type Selection } from './sku-selection.ts';

async function addLine(product: ProductDetail, skuId: number, count: number, message: string): Promise<boolean> {
  const body: ChangeItem = { basketId: 0, prodId: product.prodId, skuId, shopId: product.shopId, count };
  try {
    await api('/p/shopCart/changeItem', { method: 'POST', body });
    showToast(message, { kind: 'success' });
    notifyCartChanged();
    return true;
  } catch {
    // The API client showed the server's message.
    return false;
  }
}

/** The detail page's SKU picker and quantity in a dialog, for a product with options. */
function ChooseSku({ product, onDone }: { product: ProductDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product.skuList, product.specs));
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const sku = useMemo(() => selectedSku(product.skuList, selection), [product.skuList, selection]);
  const max = maxQuantity(sku);
  const qty = clampQuantity(quantity, max);
  const soldOut = !sku || max === 0;

  async function confirm() {
    if (!sku || soldOut) return;
    setBusy(true);
    if (await addLine(product, sku.skuId, qty, t('product.added'))) onDone();
    else setBusy(false);
  }

  return (
    <div className="quick-add">
      <div className="quick-add__head">
        <img src={sku?.pic || product.imgs[0] || product.pic} alt="" width={72} height={72} />
        <div>
          <p className="quick-add__name">{product.prodName}</p>
          <Price fen={sku?.price ?? product.price} oriFen={sku?.oriPrice ?? product.oriPrice} />
        </div>
      </div>
      <SkuPicker skus={product.skuList} groups={product.specs} selection={selection} onChoose={(group, value) => setSelection((current) => choose(product.skuList, current, group, value))} />
      <div className="purchase__row">
        <label className="purchase__label" htmlFor="quantity-input">
          {t('product.quantity')}
        </label>
        <QuantityInput value={qty} max={max} onChange={setQuantity} />
        {soldOut ? <span className="purchase__stock purchase__stock--out">{t('product.soldOut')}</span> : null}
      </div>
      <div className="quick-add__actions">
        <Button onClick={() => void confirm()} disabled={soldOut || busy} aria-busy={busy}>
          {t('quickAdd.confirm')}
        </Button>
      </div>
    </div>
  );
}

/**
 * "Add to cart" on a product card: a visitor gets the login popup; a product with one SKU goes
 * straight in, one with options opens the detail page's SKU picker in a dialog first.
 */
export function QuickAddButton({ prodId, prodName, isLoggedIn }: { prodId: number; prodName: string; isLoggedIn: boolean }) {
  const { t } = useTranslation();
  const [product, setProduct] = useState<ProductDetail | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    if (!ensureLoggedIn(isLoggedIn) || busy) return;
    setBusy(true);
    try {
      const detail = await apiData<ProductDetail>('/prod/prodInfo', { query: { prodId }, silent: true });
      const only = detail.skuList.length === 1 && detail.specs.length === 0 ? detail.skuList[0] : undefined;
      if (only) await addLine(detail, only.skuId, 1, t('product.added'));
      else setProduct(detail);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 204) showToast(error instanceof ApiError && error.text ? error.text : t('quickAdd.loadFailed'), { kind: 'warning' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="sm" variant="secondary" className="quick-add__button" onClick={() => void start()} disabled={busy} aria-label={t('quickAdd.addLabel', { name: prodName })}>
        {t('quickAdd.add')}
      </Button>
      <Dialog open={product !== null} onClose={() => setProduct(null)} title={t('quickAdd.choose')}>
        {product ? <ChooseSku product={product} onDone={() => setProduct(null)} /> : null}
      </Dialog>
    </>
  );
}
