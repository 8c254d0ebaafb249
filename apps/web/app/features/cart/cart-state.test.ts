import { describe, expect, it } from 'vitest';
import type { CartItem, CartShop } from '@bazaar/shared/schemas/cart-view';
import { allChecked, checkedIds, clampCount, shopLinesOf, withChecked, withCount } from './cart-state.ts';

const item = (basketId: number, over: Partial<CartItem> = {}): CartItem => ({
  basketId,
  prodId: basketId * 10,
  skuId: basketId * 100,
  prodName: `p${basketId}`,
  skuName: '',
  pic: '/p.png',
  price: 1_250,
  prodCount: 2,
  productTotalAmount: 2_500,
  stocks: 9,
  isChecked: 1,
  discountIds: [],
  shareReduce: 0,
  ...over,
});
const shop = (shopId: number, items: CartItem[]): CartShop => ({ shopId, shopName: `s${shopId}`, shopCartItemDiscounts: [{ chooseDiscountItemDto: null, shopCartItems: items }], discounts: [] });

describe('the cart page rules', () => {
  const shops = shopLinesOf([shop(1, [item(1), item(2, { isChecked: 0 })]), shop(2, [item(3)])]);

  it('flattens the promotion groups and lists the ticked lines', () => {
    expect(shops.map((s) => s.items.map((i) => i.basketId))).toEqual([[1, 2], [3]]);
    expect(checkedIds(shops)).toEqual([1, 3]);
    expect(allChecked(shops[0]!.items)).toBe(false);
    expect(allChecked(shops[1]!.items)).toBe(true);
    expect(allChecked([])).toBe(false);
  });

  it('ticks and unticks lines without touching the others', () => {
    expect(checkedIds(withChecked(shops, [2], true))).toEqual([1, 2, 3]);
    expect(checkedIds(withChecked(shops, [1, 3], false))).toEqual([]);
    expect(shops[0]!.items[0]!.isChecked).toBe(1);
  });

  it('changes a quantity and its amount in fen', () => {
    const next = withCount(shops, 3, 5);
    expect(next[1]!.items[0]).toMatchObject({ prodCount: 5, productTotalAmount: 6_250 });
    expect(next[0]!.items).toEqual(shops[0]!.items);
  });

  it('keeps a typed quantity within 1..max', () => {
    expect(clampCount(0, 5)).toBe(1);
    expect(clampCount(Number.NaN, 5)).toBe(1);
    expect(clampCount(3.7, 5)).toBe(3);
    expect(clampCount(99, 5)).toBe(5);
    expect(clampCount(2, 0)).toBe(1);
  });
});
