import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { ADDRESS_LIMIT, formatRegion, type Address, type Area } from '@bazaar/shared/schemas/address';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { AddressForm } from './address-form.tsx';

const COLLAPSED = 4;

/**
 * The delivery address of a checkout: the shopper's address cards (one selected), and a dialog to
 * add one (the user center's own form). Every checkout uses it: the cart's, the group-buy's, the
 * flash sale's and the points mall's. Its styles are the checkout's (features/order/order.css), which
 * every checkout route loads.
 * A shopper without any address gets that form right here in the section, not behind a button.
 * Choosing or adding re-prices the checkout (freight).
 */
export function CheckoutAddress({
  addresses,
  provinces,
  selectedId,
  disabled,
  onSelect,
  onAdded,
}: {
  addresses: Address[];
  /** The regions of the form that adds an address. */
  provinces: Area[];
  selectedId: number | null;
  disabled: boolean;
  onSelect: (address: Address) => void;
  onAdded: (address: Address) => void;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? addresses : addresses.slice(0, COLLAPSED);
  return (
    <section className="card checkout-section" aria-labelledby="checkout-address-title">
      <div className="checkout-section__head">
        <h2 id="checkout-address-title" className="checkout-section__title">
          {t('checkout.address.title')}
        </h2>
        {addresses.length === 0 ? null : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => (addresses.length >= ADDRESS_LIMIT ? showToast(t('address.errors.limit'), { kind: 'warning' }) : setAdding(true))}
          >
            {t('checkout.address.add')}
          </Button>
        )}
      </div>
      {addresses.length === 0 ? (
        <div className="checkout-address__first">
          <p className="checkout-address__empty">{t('checkout.address.empty')}</p>
          <AddressForm
            provinces={provinces}
            address={null}
            onSaved={(saved) => {
              showToast(t('address.saved'), { kind: 'success' });
              onAdded(saved);
            }}
          />
        </div>
      ) : (
        <ul className="checkout-address" role="radiogroup" aria-label={t('checkout.address.choose')}>
          {shown.map((a) => {
            const selected = a.addrId === selectedId;
            return (
              <li key={a.addrId} role="none">
                <button
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  disabled={disabled}
                  className={`checkout-address__card${selected ? ' checkout-address__card--selected' : ''}`}
                  onClick={() => !selected && onSelect(a)}
                >
                  <span className="checkout-address__head">
                    <strong>{a.receiver}</strong>
                    <span>{a.mobile}</span>
                    {a.commonAddr ? <span className="checkout-address__badge">{t('checkout.address.default')}</span> : null}
                  </span>
                  <span className="checkout-address__text">
                    {formatRegion(a)} {a.addr}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {addresses.length > COLLAPSED ? (
        <Button variant="link" size="sm" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
          {t(expanded ? 'checkout.address.less' : 'checkout.address.more')}
        </Button>
      ) : null}
      <Dialog className="address-dialog" open={adding} onClose={() => setAdding(false)} title={t('checkout.address.addTitle')}>
        {adding ? (
          <AddressForm
            provinces={provinces}
            address={null}
            onCancel={() => setAdding(false)}
            onSaved={(saved) => {
              setAdding(false);
              showToast(t('address.saved'), { kind: 'success' });
              onAdded(saved);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
