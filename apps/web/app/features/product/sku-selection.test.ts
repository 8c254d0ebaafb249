import { describe, expect, it } from 'vitest';
import type { Sku, SpecGroup } from '@bazaar/shared/schemas/product';
import { choose, clampQuantity, initialSelection, isValueAvailable, maxQuantity, selectedSku } from './sku-selection.ts';

const sku = (skuId: number, properties: string, stocks: number): Sku => ({ skuId, properties, skuName: properties, price: 100 * skuId, oriPrice: 0, stocks, pic: '' });
const skus = [
  sku(1, '颜色:黑;尺码:M', 0),
  sku(2, '颜色:黑;尺码:L', 4),
  sku(3, '颜色:白;尺码:M', 9),
  // 白 L does not exist.
];
const groups: SpecGroup[] = [
  { name: '颜色', values: ['黑', '白'] },
  { name: '尺码', values: ['M', 'L'] },
];

describe('sku selection', () => {
  it('starts on the first SKU in stock', () => {
    expect(initialSelection(skus, groups)).toEqual(['黑', 'L']);
    expect(selectedSku(skus, ['黑', 'L'])?.skuId).toBe(2);
  });

  it('disables sold-out and impossible combinations', () => {
    // With 黑 chosen, M is sold out; with 白 chosen, L does not exist.
    expect(isValueAvailable(skus, ['黑', 'L'], 1, 'M')).toBe(false);
    expect(isValueAvailable(skus, ['黑', 'L'], 1, 'L')).toBe(true);
    expect(isValueAvailable(skus, ['白', 'M'], 1, 'L')).toBe(false);
    expect(isValueAvailable(skus, ['黑', 'L'], 0, '白')).toBe(false);
    expect(isValueAvailable(skus, ['黑', 'M'], 0, '白')).toBe(true);
  });

  it('moves the other choices to a SKU in stock when needed', () => {
    expect(choose(skus, ['黑', 'L'], 0, '白')).toEqual(['白', 'M']);
    expect(choose(skus, ['白', 'M'], 0, '黑')).toEqual(['黑', 'L']);
    expect(choose(skus, ['黑', 'L'], 1, 'L')).toEqual(['黑', 'L']);
  });

  it('handles a product without spec groups', () => {
    const single = [sku(7, '', 3)];
    expect(initialSelection(single, [])).toEqual([]);
    expect(selectedSku(single, [])?.skuId).toBe(7);
  });

  it('limits the quantity by stock', () => {
    expect(maxQuantity({ stocks: 4 })).toBe(4);
    expect(maxQuantity({ stocks: -1 })).toBe(9_999);
    expect(maxQuantity({ stocks: 0 })).toBe(0);
    expect(clampQuantity(7, 4)).toBe(4);
    expect(clampQuantity(0, 4)).toBe(1);
    expect(clampQuantity(-3, 4)).toBe(1);
    expect(clampQuantity(2.7, 4)).toBe(2);
    expect(clampQuantity(Number.NaN, 4)).toBe(1);
    expect(clampQuantity(3, 0)).toBe(0);
  });
});
