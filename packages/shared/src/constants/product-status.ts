// Product, SKU and shop states as stored (schema/catalog.ts, schema/shop.ts), and the one rule
// that says whether a line can be bought: the cart, checkout and search all follow it.
import { SHOP_STATUS } from './shop-status.ts';

export const PRODUCT_STATUS = { deleted: -1, offShelf: 0, onShelf: 1 } as const;
export const SKU_STATUS = { disabled: 0, enabled: 1 } as const;

/** products.prodType (specification section 3). */
export const PROD_TYPE = { normal: 0, group: 1, seckill: 2, points: 3, combo: 4, activity: 5 } as const;

/** Kinds bought through their own flows (seckill, points, combo), never through the cart or checkout. */
export const OWN_FLOW_PROD_TYPES: ReadonlySet<number> = new Set([PROD_TYPE.seckill, PROD_TYPE.points, PROD_TYPE.combo]);

/** Stock -1 means the SKU is never sold out. */
export const UNLIMITED_STOCK = -1;

export type UnbuyableReason = 'offShelf' | 'shopClosed' | 'skuGone' | 'cannotBuy' | 'soldOut';

export interface SaleState {
  prodStatus: number;
  shopStatus: number;
  skuStatus: number;
  prodType: number;
}

/** Why a SKU is not for sale through the cart (stock aside), or null while it is. */
export function notForSaleReason(line: SaleState): Exclude<UnbuyableReason, 'soldOut'> | null {
  if (line.prodStatus !== PRODUCT_STATUS.onShelf) return 'offShelf';
  if (line.shopStatus !== SHOP_STATUS.open) return 'shopClosed';
  if (line.skuStatus !== SKU_STATUS.enabled) return 'skuGone';
  if (OWN_FLOW_PROD_TYPES.has(line.prodType)) return 'cannotBuy';
  return null;
}

/** Why a line cannot be bought now, or null while it can. The one definition of "buyable". */
export function unbuyableReason(line: SaleState & { stocks: number }): UnbuyableReason | null {
  return notForSaleReason(line) ?? (line.stocks === 0 ? 'soldOut' : null);
}
