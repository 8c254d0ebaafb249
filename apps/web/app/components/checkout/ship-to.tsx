// What every checkout's summary says about delivery (the cart's, the flash sale's, the group buy's
// and the points mall's): where the parcel goes and to whom, or that an address is still needed; and
// how a newly added address joins the shopper's list.
import { formatRegion, type Address } from '@bazaar/shared/schemas/address';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * The "send to" line under the payable amount, or the alert that an address is needed. The alert's
 * id describes the disabled submit button (`aria-describedby`).
 */
export function SummaryShipTo({ address, needsAddress, needsId }: { address: Address | null; needsAddress: boolean; needsId: string }) {
  const { t } = useTranslation();
  return (
    <>
      {address ? (
        <p className="checkout-summary__address">
          {t('checkout.summary.sendTo')}: {formatRegion(address)} {address.addr} · {t('checkout.summary.receiver')}: {address.receiver} {address.mobile}
        </p>
      ) : null}
      {needsAddress ? (
        <p id={needsId} className="checkout-summary__needs" role="alert">
          {t('checkout.errors.addAddress')}
        </p>
      ) : null}
    </>
  );
}

/** The list after an address was added at checkout: the new one first; a new default takes the mark from the others. */
export const withAddedAddress = (list: Address[], added: Address): Address[] => [added, ...list.map((x) => (added.commonAddr ? { ...x, commonAddr: false } : x))];
