// The cart page's rules, free of React so they are tested on their own.
import type { CartItem, CartShop } from '@bazaar/shared/schemas/cart-view';

/** A shop with its lines, flattened from the promotion groups (one group per shop for now). */
export interface ShopLines {
  shopId: number;
  shopName: string;
  items: CartItem[];
}

export function shopLinesOf(shops: CartShop[]): ShopLines[] {
  return shops.map((shop) => ({
    shopId: shop.shopId,
    shopName: shop.shopName,
    items: shop.shopCartItemDiscounts.flatMap((group) => group.shopCartItems),
  }));
}

export const allItems = (shops: ShopLines[]) => shops.flatMap((shop) => shop.items);

export const checkedIds = (shops: ShopLines[]) =>
  allItems(shops)
    .filter((item) => item.isChecked === 1)
    .map((item) => item.basketId);

/** Whether every line in `items` is ticked (false for none). */
export const allChecked = (items: CartItem[]) => items.length > 0 && items.every((item) => item.isChecked === 1);

/** The same shops with the lines of `ids` ticked or unticked. */
export function withChecked(shops: ShopLines[], ids: number[], on: boolean): ShopLines[] {
  const set = new Set(ids);
  return shops.map((shop) => ({
    ...shop,
    items: shop.items.map((item) => (set.has(item.basketId) ? { ...item, isChecked: on ? 1 : 0 } : item)),
  }));
}

/** The same shops with one line's quantity (and so its amount) changed. */
export function withCount(shops: ShopLines[], basketId: number, count: number): ShopLines[] {
  return shops.map((shop) => ({
    ...shop,
    items: shop.items.map((item) => (item.basketId === basketId ? { ...item, prodCount: count, productTotalAmount: item.price * count } : item)),
  }));
}

/** A typed or stepped quantity brought into 1..max (max may be below the line's count when stock fell). */
export function clampCount(value: number, max: number): number {
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(Math.floor(value), Math.max(max, 1));
}
