// The cart: the cart module's lines and changes, with the product module's SKU card and the shop
// module's shop card joined into the same statements in place of their tables.
import type { Language } from '@bazaar/shared/constants/limits';
import type { ChangeItem } from '@bazaar/shared/schemas/cart';
import type { AppContext } from '../context.ts';
import * as cart from '../modules/cart/service.ts';
import { skuCard } from '../modules/product/repository.ts';
import { anyShopCard } from '../modules/shop/repository.ts';

/** One constant set: the cart prepares its change read once per database handle for it. */
const parts: cart.CatalogParts = { skuCard, anyShopCard };

export const changeItem = (ctx: AppContext, userId: string, change: ChangeItem) => cart.changeItem(ctx, userId, change, parts);
export const cartInfo = (ctx: AppContext, userId: string, lang: Language) => cart.cartInfo(ctx, userId, lang, parts);
export const expiredItems = (ctx: AppContext, userId: string, lang: Language) => cart.expiredItems(ctx, userId, lang, parts);
export const totalPay = (ctx: AppContext, userId: string, basketIds: number[]) => cart.totalPay(ctx, userId, basketIds, parts);
export const clearExpiredItems = (ctx: AppContext, userId: string) => cart.clearExpiredItems(ctx, userId, parts);
