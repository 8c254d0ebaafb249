import { describe, expect, it } from 'vitest';
import type { CartItem, CartShop } from '@bazaar/shared/schemas/cart-view';
import { allChecked, checkedIds, clampCount, promotionChoices, shopItems, shopLinesOf, withChecked, withCount } from './cart-state.ts';

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
const shop = (shopId: number, items: CartItem[]): CartShop => ({ shopId, shopName: `s${shopId}`, shopCartItemDiscounts: [{ chooseDiscountItemDto: null, combo: null, shopCartItems: items }], discounts: [] });

describe('the cart page rules', () => {
  const shops = shopLinesOf([shop(1, [item(1), item(2, { isChecked: 0 })]), shop(2, [item(3)])]);

  it('flattens the promotion groups and lists the ticked lines', () => {
    expect(shops.map((s) => shopItems(s).map((i) => i.basketId))).toEqual([[1, 2], [3]]);
    expect(checkedIds(shops)).toEqual([1, 3]);
    expect(allChecked(shopItems(shops[0]!))).toBe(false);
    expect(allChecked(shopItems(shops[1]!))).toBe(true);
    expect(allChecked([])).toBe(false);
  });

  it('ticks and unticks lines without touching the others', () => {
    expect(checkedIds(withChecked(shops, [2], true))).toEqual([1, 2, 3]);
    expect(checkedIds(withChecked(shops, [1, 3], false))).toEqual([]);
    expect(shopItems(shops[0]!)[0]!.isChecked).toBe(1);
  });

  it('changes a quantity and leaves its amount to the server', () => {
    const next = withCount(shops, 3, 5);
    expect(shopItems(next[1]!)[0]).toMatchObject({ prodCount: 5, productTotalAmount: 2_500 });
    expect(shopItems(next[0]!)).toEqual(shopItems(shops[0]!));
  });

  it('offers a line the promotions it qualifies for only when there are several', () => {
    const label = (discountId: number) => ({ discountId, discountName: `d${discountId}`, discountRule: 0 as const, discountType: 0 as const, maxReduceAmount: null, endTime: '2030-01-01 00:00:00', discountItems: [] });
    const [s] = shopLinesOf([{ ...shop(1, [item(1, { discountIds: [7, 8] }), item(2, { discountIds: [7] })]), discounts: [label(7), label(8), label(9)] }]);
    expect(promotionChoices(s!, shopItems(s!)[0]!).map((d) => d.discountId)).toEqual([7, 8]);
    expect(promotionChoices(s!, shopItems(s!)[1]!)).toEqual([]);
  });

  it('keeps a typed quantity within 1..max', () => {
    expect(clampCount(0, 5)).toBe(1);
    expect(clampCount(Number.NaN, 5)).toBe(1);
    expect(clampCount(3.7, 5)).toBe(3);
    expect(clampCount(99, 5)).toBe(5);
    expect(clampCount(2, 0)).toBe(1);
  });
});
