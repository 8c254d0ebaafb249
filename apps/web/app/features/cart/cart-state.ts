// The cart page's rules, free of React so they are tested on their own.
import type { CartItem, CartShop } from '@bazaar/shared/schemas/cart-view';
import type { CartCombo } from '@bazaar/shared/schemas/combo';
import type { ChooseDiscountItemDto, DiscountLabel } from '@bazaar/shared/schemas/pricing';

/** A promotion group of a shop (the spec's shopCartItemDiscounts): its promotion as the server priced it, or none. */
export interface CartGroup {
  promotion: ChooseDiscountItemDto | null;
  /** A discount package unit (decision 046): its lines (basketId 0) move only with the package. */
  combo: CartCombo | null;
  items: CartItem[];
}

/** A shop with its lines under their promotion groups, and the promotions a line may choose among. */
export interface ShopLines {
  shopId: number;
  shopName: string;
  groups: CartGroup[];
  discounts: DiscountLabel[];
}

export function shopLinesOf(shops: CartShop[]): ShopLines[] {
  return shops.map((shop) => ({
    shopId: shop.shopId,
    shopName: shop.shopName,
    groups: shop.shopCartItemDiscounts.map((group) => ({ promotion: group.chooseDiscountItemDto, combo: group.combo, items: group.shopCartItems })),
    discounts: shop.discounts,
  }));
}

/** The shop's own cart lines (a package's lines are not: they change with their package). */
export const shopItems = (shop: ShopLines) => shop.groups.flatMap((group) => (group.combo ? [] : group.items));

/** The shop's package units. */
export const shopPackages = (shop: ShopLines) => shop.groups.flatMap((group) => (group.combo ? [{ combo: group.combo, items: group.items }] : []));

/** Whether a ticked package that can be bought is in the cart (the total and checkout then count it). */
export const hasTickedPackage = (shops: ShopLines[]) => shops.some((shop) => shopPackages(shop).some((p) => p.combo.isChecked === 1 && p.combo.unavailable === null));

export const allItems = (shops: ShopLines[]) => shops.flatMap(shopItems);

export const checkedIds = (shops: ShopLines[]) =>
  allItems(shops)
    .filter((item) => item.isChecked === 1)
    .map((item) => item.basketId);

/** Whether every line in `items` is ticked (false for none). */
export const allChecked = (items: CartItem[]) => items.length > 0 && items.every((item) => item.isChecked === 1);

function mapItems(shops: ShopLines[], change: (item: CartItem) => CartItem): ShopLines[] {
  return shops.map((shop) => ({ ...shop, groups: shop.groups.map((group) => ({ ...group, items: group.items.map(change) })) }));
}

/** The same shops with the lines of `ids` ticked or unticked. */
export function withChecked(shops: ShopLines[], ids: number[], on: boolean): ShopLines[] {
  const set = new Set(ids);
  return mapItems(shops, (item) => (set.has(item.basketId) ? { ...item, isChecked: on ? 1 : 0 } : item));
}

/**
 * The same shops with one line's quantity changed. Its amount, the group's reduction and hint stay
 * the server's until the server prices the change (the browser computes no money).
 */
export function withCount(shops: ShopLines[], basketId: number, count: number): ShopLines[] {
  return mapItems(shops, (item) => (item.basketId === basketId ? { ...item, prodCount: count } : item));
}

/** The promotions a line may choose among (its discountIds), named as the shop lists them; none when it has one or none. */
export function promotionChoices(shop: ShopLines, item: CartItem): DiscountLabel[] {
  if (item.discountIds.length < 2) return [];
  return shop.discounts.filter((d) => item.discountIds.includes(d.discountId));
}

/** A typed or stepped quantity brought into 1..max (max may be below the line's count when stock fell). */
export function clampCount(value: number, max: number): number {
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(Math.floor(value), Math.max(max, 1));
}
