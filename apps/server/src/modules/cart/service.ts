import type { Language } from '@bazaar/shared/constants/limits';
import { notForSaleReason, unbuyableReason, UNLIMITED_STOCK } from '@bazaar/shared/constants/product-status';
import { CART_ITEM_MAX, type ChangeItem } from '@bazaar/shared/schemas/cart';
import type { CartExpiryItem, CartExpiryReason, CheckItemsBody } from '@bazaar/shared/schemas/cart-view';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import { localizeSku } from '../../lib/sku-text.ts';
import * as repo from './repository.ts';
import { localized } from '../../lib/localized.ts';

/** The product and shop modules' named queries, handed in by flows/cart.ts. */
export type CatalogParts = repo.CatalogParts;


/** A change that lost a race with another change of the same line is decided again on fresh state, this often at most. */
const CHANGE_ATTEMPTS = 3;

/**
 * Adds `count` pieces of a SKU to the user's cart (a negative count takes some off; a line that
 * reaches 0 is removed). Stock and shelf state are read live (never from the detail cache) in the
 * same statement as the line; the write then carries its own guard (cap or minimum), so two parallel
 * changes can never push a line past the stock or the maximum. Two statements, no transaction.
 */
export async function changeItem(ctx: AppContext, userId: string, change: ChangeItem, parts: repo.CatalogParts): Promise<void> {
  if (change.discountId !== undefined && change.basketId > 0) {
    // The promotion is checked when the cart is priced: one the line does not qualify for counts as "the best".
    if (!(await repo.setLineDiscount(ctx.db, userId, change.basketId, change.discountId, ctx.now()))) throw invalid('cart.errors.itemNotFound');
    if (change.count === 0) return;
  }
  for (let attempt = 1; ; attempt++) {
    const { sku, line } = await repo.readChange(ctx.db, userId, change, parts);
    if (change.basketId > 0 && !line) throw invalid('cart.errors.itemNotFound');

    const next = (line?.count ?? 0) + change.count;
    if (next <= 0) {
      // Taking more off than the line holds removes it; nothing to take from no line is an error.
      if (!line || change.count >= 0) throw invalid('cart.errors.count');
      await repo.deleteLine(ctx.db, userId, line.id);
      return;
    }
    if (next > CART_ITEM_MAX) throw invalid('cart.errors.count');

    const saleable = sku && sku.prodId === change.prodId && sku.shopId === change.shopId && notForSaleReason(sku) === null;
    if (!saleable) throw invalid('cart.errors.cannotBuy');
    // Only growing a line is refused for stock; taking pieces off is always allowed.
    const limited = change.count > 0 && sku.stocks !== UNLIMITED_STOCK;
    if (limited) {
      if (sku.stocks === 0) throw invalid('cart.errors.notInStock');
      if (next > sku.stocks) throw invalid('cart.errors.insufficient');
    }

    const written =
      change.count > 0
        ? await repo.addToLine(ctx.db, { userId, shopId: sku.shopId, prodId: sku.prodId, skuId: sku.skuId, count: change.count }, limited ? Math.min(CART_ITEM_MAX, sku.stocks) : CART_ITEM_MAX, ctx.now())
        : await repo.takeFromLine(ctx.db, userId, line!.id, -change.count, ctx.now());
    if (written !== null) return;
    // The line changed under this request (a parallel change): decide again on what is there now.
    if (attempt >= CHANGE_ATTEMPTS) throw invalid('cart.errors.count');
  }
}

export function cartCount(ctx: AppContext, userId: string): Promise<number> {
  return repo.sumCartCount(ctx.db, userId);
}

// ---- The cart page (reference 2.3) ----


/** Why a line can no longer be bought, or null while it can (the shared rule, constants/product-status.ts). */
export function expiryReason(line: repo.CartLineRow): CartExpiryReason | null {
  return unbuyableReason(line);
}

function lineView(line: repo.CartLineRow, lang: Language) {
  return {
    basketId: line.basketId,
    prodId: line.prodId,
    skuId: line.skuId,
    prodName: localized(lang, line.nameZh, line.nameEn),
    skuName: localizeSku({ properties: line.properties, nameZh: line.skuNameZh, nameEn: line.skuNameEn }, lang).skuName,
    pic: line.skuPic || line.pic,
    price: line.price,
    prodCount: line.count,
    isChecked: line.isChecked ? (1 as const) : (0 as const),
  };
}

/**
 * The lines that can still be bought, newest first (POST /p/shopCart/info, and among `basketIds`
 * POST /p/shopCart/totalPay): flows/cart.ts prices and groups them.
 */
export async function buyableLines(ctx: AppContext, userId: string, parts: repo.CatalogParts, basketIds?: number[]): Promise<repo.CartLineRow[]> {
  const lines = await repo.listCartLines(ctx.db, userId, parts, basketIds);
  return lines.filter((line) => !expiryReason(line));
}

/** A line as the cart page shows it, without money beyond its unit price. */
export function cartLineView(line: repo.CartLineRow, lang: Language) {
  return { ...lineView(line, lang), stocks: line.stocks };
}

export const shopName = (line: repo.CartLineRow, lang: Language) => localized(lang, line.shopNameZh, line.shopNameEn);

/** The cart's lines read once, split into those that can be bought and those that no longer can (newest first). */
export async function linesByState(ctx: AppContext, userId: string, lang: Language, parts: repo.CatalogParts): Promise<{ buyable: repo.CartLineRow[]; expired: CartExpiryItem[] }> {
  const buyable: repo.CartLineRow[] = [];
  const expired: CartExpiryItem[] = [];
  for (const line of await repo.listCartLines(ctx.db, userId, parts)) {
    const reason = expiryReason(line);
    if (reason) expired.push({ ...lineView(line, lang), shopId: line.shopId, shopName: localized(lang, line.shopNameZh, line.shopNameEn), reason });
    else buyable.push(line);
  }
  return { buyable, expired };
}

/** GET /p/shopCart/getShopCartExpiryProdList: the lines that can no longer be bought, newest first. */
export async function expiredItems(ctx: AppContext, userId: string, lang: Language, parts: repo.CatalogParts): Promise<CartExpiryItem[]> {
  return (await linesByState(ctx, userId, lang, parts)).expired;
}

/** POST /p/shopCart/checkItems: ticks or unticks the caller's lines; other ids change nothing. */
export async function checkItems(ctx: AppContext, userId: string, items: CheckItemsBody): Promise<void> {
  // The last entry for a basketId wins.
  const wanted = new Map(items.map((item) => [item.basketId, item.isChecked]));
  if (wanted.size === 0) return;
  const checked = [...wanted].filter(([, on]) => on).map(([id]) => id);
  await repo.setLinesChecked(ctx.db, userId, [...wanted.keys()], checked, ctx.now());
}

/** DELETE /p/shopCart/deleteItem: removes the caller's lines among `basketIds`. */
export async function deleteItems(ctx: AppContext, userId: string, basketIds: number[]): Promise<void> {
  if (basketIds.length === 0) throw invalid('cartPage.errors.selectOne');
  await repo.deleteLines(ctx.db, userId, [...new Set(basketIds)]);
}

/** DELETE /p/shopCart/deleteAll: clears the invalid lines (the cart page's "clear unavailable items"). */
export async function clearExpiredItems(ctx: AppContext, userId: string, parts: repo.CatalogParts): Promise<void> {
  const lines = await repo.listCartLines(ctx.db, userId, parts);
  const ids = lines.filter((line) => expiryReason(line)).map((line) => line.basketId);
  if (ids.length > 0) await repo.deleteLines(ctx.db, userId, ids);
}
