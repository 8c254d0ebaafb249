import { describe, expect, it } from 'vitest';
import { deliveryDays, PROVINCES, provinceOf } from './delivery.ts';

describe('delivery estimates', () => {
  it('knows the 34 provinces by code, by a district code and by name', () => {
    expect(PROVINCES).toHaveLength(34);
    expect(provinceOf(330106)?.zh).toBe('浙江省');
    expect(provinceOf('江西省')?.en).toBe('Jiangxi');
    expect(provinceOf('Nowhere')).toBeUndefined();
  });

  it('takes longer the further the parcel goes', () => {
    expect(deliveryDays(330000, 330106)).toEqual([1, 2]); // within Zhejiang
    expect(deliveryDays(360000, 310000)).toEqual([2, 3]); // Jiangxi to Shanghai
    expect(deliveryDays(440000, 420000)).toEqual([3, 4]); // Guangdong to Hubei
    expect(deliveryDays(440000, 230000)).toEqual([4, 5]); // Guangdong to Heilongjiang
    expect(deliveryDays(310000, 650000)).toEqual([5, 7]); // to Xinjiang
    expect(deliveryDays(310000, 810000)).toEqual([5, 8]); // to Hong Kong
    expect(deliveryDays(undefined, 110000)).toEqual([4, 5]);
  });
});
