// The cart: the cart module's lines and changes, with the product module's SKU card and the shop
// module's shop card joined into the same statements in place of their tables; the page's groups
// and totals priced by the one pricing flow (flows/price-cart.ts: shop promotions; coupons wait for checkout).
import type { Language } from '@bazaar/shared/constants/limits';
import type { ChangeItem } from '@bazaar/shared/schemas/cart';
import type { CartShop, CartTotal } from '@bazaar/shared/schemas/cart-view';
import type { AppContext } from '../context.ts';
import * as cart from '../modules/cart/service.ts';
import type { CartLineRow } from '../modules/cart/repository.ts';
import type { PricingLine } from '../modules/pricing/types.ts';
import { skuCard } from '../modules/product/repository.ts';
import { anyShopCard } from '../modules/shop/repository.ts';
import { priceLines, toChooseDiscountItemDto, toDiscountLabel } from './price-cart.ts';

/** One constant set: the cart prepares its change read once per database handle for it. */
const parts: cart.CatalogParts = { skuCard, anyShopCard };

export const changeItem = (ctx: AppContext, userId: string, change: ChangeItem) => cart.changeItem(ctx, userId, change, parts);
export const expiredItems = (ctx: AppContext, userId: string, lang: Language) => cart.expiredItems(ctx, userId, lang, parts);
export const clearExpiredItems = (ctx: AppContext, userId: string) => cart.clearExpiredItems(ctx, userId, parts);

function toPricingLine(line: CartLineRow, checked: boolean): PricingLine {
  return {
    key: String(line.basketId),
    shopId: line.shopId,
    productId: line.prodId,
    skuId: line.skuId,
    unitPrice: line.price,
    count: line.count,
    promotionId: line.discountId,
    checked,
  };
}

/**
 * POST /p/shopCart/info: the buyable lines by shop (shops in the order of their newest line), each
 * shop's lines under their promotion with its label data, reduction and hint, from the ticked lines.
 */
export async function cartInfo(ctx: AppContext, userId: string, lang: Language): Promise<CartShop[]> {
  const lines = await cart.buyableLines(ctx, userId, parts);
  if (lines.length === 0) return [];
  const priced = await priceLines(ctx, userId, { lines: lines.map((l) => toPricingLine(l, l.isChecked)), withCoupons: false });
  const rows = new Map(lines.map((l) => [String(l.basketId), l]));
  const shopOrder = [...new Set(lines.map((l) => l.shopId))];
  return priced.shops
    .sort((a, b) => shopOrder.indexOf(a.shopId) - shopOrder.indexOf(b.shopId))
    .map((shop) => ({
      shopId: shop.shopId,
      shopName: cart.shopName(rows.get(shop.groups[0]!.lines[0]!.key)!, lang),
      shopCartItemDiscounts: shop.groups.map((group) => ({
        chooseDiscountItemDto: group.promotion ? toChooseDiscountItemDto(group.promotion, lang) : null,
        shopCartItems: group.lines.map((l) => ({
          ...cart.cartLineView(rows.get(l.key)!, lang),
          productTotalAmount: l.goods,
          discountIds: l.promotionIds,
          shareReduce: l.shares.promotion,
        })),
      })),
      discounts: shop.promotions.map((p) => toDiscountLabel(p, lang)),
    }));
}

/**
 * POST /p/shopCart/totalPay: the caller's buyable lines among `basketIds`, priced together (a
 * promotion's tier counts the listed lines of its shop): goods, reductions and what is left, fen.
 */
export async function totalPay(ctx: AppContext, userId: string, basketIds: number[]): Promise<CartTotal> {
  const ids = [...new Set(basketIds)];
  const lines = ids.length > 0 ? await cart.buyableLines(ctx, userId, parts, ids) : [];
  if (lines.length === 0) return { totalMoney: 0, finalMoney: 0, subtractMoney: 0, count: 0 };
  const { totals } = await priceLines(ctx, userId, { lines: lines.map((l) => toPricingLine(l, true)), withCoupons: false });
  const subtractMoney = totals.goods + totals.freight - totals.payable;
  return { totalMoney: totals.goods, finalMoney: totals.payable, subtractMoney, count: totals.count };
}
