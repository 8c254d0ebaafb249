import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@bazaar/shared/schemas/address';
import { notifyAddressesChanged } from './address-events.ts';
import { defaultAddressProvince, forgetDefaultAddressProvince } from './default-address-province.ts';

const address = (provinceId: number, commonAddr: boolean) => ({ provinceId, commonAddr }) as Address;

beforeEach(() => forgetDefaultAddressProvince());

describe('defaultAddressProvince', () => {
  it('asks the API once for any number of product views', async () => {
    const load = vi.fn(async () => [address(310000, false), address(330000, true)]);
    expect(await defaultAddressProvince(load)).toBe(330000);
    expect(await defaultAddressProvince(load)).toBe(330000);
    expect(await defaultAddressProvince(load)).toBe(330000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after the addresses changed in this tab', async () => {
    const load = vi.fn().mockResolvedValueOnce([address(330000, true)]).mockResolvedValueOnce([address(110000, true)]);
    expect(await defaultAddressProvince(load)).toBe(330000);
    notifyAddressesChanged();
    expect(await defaultAddressProvince(load)).toBe(110000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps no failure and takes the first address when none is the default', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([address(440000, false), address(110000, false)]);
    expect(await defaultAddressProvince(load)).toBeUndefined();
    expect(await defaultAddressProvince(load)).toBe(440000);
    expect(await defaultAddressProvince(async () => [])).toBe(440000);
  });
});
