// The province of the shopper's default address, for the product page's delivery estimate. It is
// asked of the API once per page load and kept, not on every product viewed; an address change in
// this tab (address-events) or a logout forgets it. A failed ask is not kept: the next view asks again.
import type { Address } from '@bazaar/shared/schemas/address';
import { onAddressesChanged } from './address-events.ts';

let pending: Promise<number | undefined> | undefined;

/** The default address's province id (the first address when none is marked default), or undefined. */
export function defaultAddressProvince(load: () => Promise<Address[]>): Promise<number | undefined> {
  pending ??= load().then(
    (list) => (list.find((a) => a.commonAddr) ?? list[0])?.provinceId,
    () => {
      pending = undefined;
      return undefined;
    },
  );
  return pending;
}

export function forgetDefaultAddressProvince(): void {
  pending = undefined;
}

onAddressesChanged(forgetDefaultAddressProvince);
