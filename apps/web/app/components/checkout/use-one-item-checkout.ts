import { useEffect, useRef, useState } from 'react';
import type { Address } from '@bazaar/shared/schemas/address';
import { ApiError } from '../../lib/api.ts';
import type { TFunction } from 'i18next';
import { remarksTooLong } from './remarks-field.tsx';
import { withAddedAddress } from './ship-to.tsx';
import { showToast } from '../ui/toast.tsx';

/**
 * The state of a one-item checkout (the flash sale's, the group buy's and the points mall's): the
 * shopper's addresses, the API's last good pricing and its count, the message to the shop, and
 * whether a pricing or the submit is on its way. `confirm` prices the order again for another
 * address or count (the API client shows a refusal; the last good pricing then stays, with its
 * count); count steps settle for `debounceMs` first.
 */
export function useOneItemCheckout<R extends { userAddr: Address | null }>({
  loadedAddresses,
  loadedResult,
  countOf,
  confirm,
  debounceMs,
}: {
  loadedAddresses: Address[];
  loadedResult: R;
  countOf: (result: R) => number;
  confirm: (addrId: number, prodCount: number) => Promise<R>;
  debounceMs: number;
}) {
  const [addresses, setAddresses] = useState(loadedAddresses);
  const [result, setResult] = useState(loadedResult);
  const [count, setCount] = useState(countOf(loadedResult));
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const debounce = useRef(0);
  useEffect(() => () => window.clearTimeout(debounce.current), []);

  async function reconfirm(addrId: number, prodCount: number) {
    setBusy(true);
    try {
      const next = await confirm(addrId, prodCount);
      setResult(next);
      setCount(countOf(next));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setCount(countOf(result));
    } finally {
      setBusy(false);
    }
  }

  function changeCount(value: number) {
    setCount(value);
    window.clearTimeout(debounce.current);
    if (value === countOf(result)) return;
    debounce.current = window.setTimeout(() => void reconfirm(result.userAddr?.addrId ?? 0, value), debounceMs);
  }

  /** A new address joins the list and prices the order for it. */
  function addAddress(address: Address) {
    setAddresses((list) => withAddedAddress(list, address));
    void reconfirm(address.addrId, count);
  }

  /**
   * Whether the order may go: goods need an address, and a message over the limit stays as typed
   * (never cut) with the rule's message. Each refusal is said in a toast.
   */
  function readyToSubmit(t: TFunction, needsAddress: boolean): boolean {
    if (needsAddress) {
      showToast(t(addresses.length === 0 ? 'checkout.errors.addAddress' : 'checkout.errors.selectAddress'), { kind: 'warning' });
      return false;
    }
    if (remarksTooLong(remarks)) {
      showToast(t('checkout.errors.remarksTooLong'), { kind: 'warning' });
      return false;
    }
    return true;
  }

  return { addresses, result, count, remarks, setRemarks, busy, submitting, setSubmitting, reconfirm, changeCount, addAddress, readyToSubmit };
}
