// The cart: the cart module's lines and changes, with the product module's SKU card and the shop
// module's shop card joined into the same statements in place of their tables; the page's groups
// and totals priced by the one pricing flow (flows/price-cart.ts: shop promotions; coupons wait for checkout).
import type { Language } from '@bazaar/shared/constants/limits';
import { CART_ITEM_MAX } from '@bazaar/shared/constants/limits';
import type { ChangeItem } from '@bazaar/shared/schemas/cart';
import type { CartItem, CartShop, CartTotal, CartView } from '@bazaar/shared/schemas/cart-view';
import type { CartCombo, ChangeCombo, CheckCombosBody } from '@bazaar/shared/schemas/combo';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import * as cart from '../modules/cart/service.ts';
import * as cartRepo from '../modules/cart/repository.ts';
import type { CartLineRow } from '../modules/cart/repository.ts';
import type { PackageDeal, PricedCart, PricedLine, PricingLine } from '../modules/pricing/types.ts';
import { skuCard } from '../modules/product/repository.ts';
import { anyShopCard } from '../modules/shop/repository.ts';
import { comboNameOf, comboPricing, liveCombosById, refusal, skuNameOf, type LiveCombo } from './combos.ts';
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

/** The shopper's packages in the cart with their lines as they are now (decision 046). */
async function cartPackages(ctx: AppContext, userId: string) {
  const rows = await cartRepo.listCartCombos(ctx.db, userId);
  const live = await liveCombosById(
    ctx,
    rows.map((r) => r.comboId),
  );
  // A package whose row outlived its definition has nothing to show.
  return rows.flatMap((row) => {
    const combo = live.get(row.comboId);
    return combo ? [{ row, combo }] : [];
  });
}
type CartPackage = Awaited<ReturnType<typeof cartPackages>>[number];

/** The packages as the pipeline's lines and deals: one that cannot be bought counts for nothing. */
function packagePricing(packages: CartPackage[], ticked: (p: CartPackage) => boolean) {
  const lines: PricingLine[] = [];
  const deals: PackageDeal[] = [];
  for (const p of packages) {
    const { lines: l, deal } = comboPricing(p.combo, p.row.count, ticked(p) && p.combo.unavailable === null);
    lines.push(...l);
    deals.push(deal);
  }
  return { lines, deals };
}

function toCartCombo(p: CartPackage, priced: PricedCart, lang: Language): CartCombo {
  const applied = priced.shops.flatMap((s) => s.groups).find((g) => g.package?.comboId === p.combo.record.id)?.package;
  return {
    comboId: p.combo.record.id,
    comboName: comboNameOf(p.combo.record, lang),
    comboAmount: p.combo.record.comboAmount,
    prodCount: p.row.count,
    isChecked: p.row.isChecked ? 1 : 0,
    originalAmount: applied?.original ?? 0,
    comboReduce: applied?.saving ?? 0,
    maxSets: p.combo.maxSets,
    unavailable: p.combo.unavailable,
  };
}

function packageLineView(combo: LiveCombo, l: PricedLine, checked: boolean, lang: Language): CartItem {
  const { sku } = combo.lines.find((x) => x.sku.skuId === l.skuId)!;
  return {
    basketId: 0,
    prodId: l.productId,
    skuId: l.skuId,
    prodName: lang === 'en' && sku.prodNameEn ? sku.prodNameEn : sku.prodNameZh,
    skuName: skuNameOf(sku, lang),
    pic: sku.skuPic ?? sku.prodPic,
    price: l.unitPrice,
    prodCount: l.count,
    productTotalAmount: l.goods,
    stocks: sku.stocks,
    isChecked: checked ? 1 : 0,
    discountIds: [],
    shareReduce: l.shares.package,
  };
}

const NO_TOTAL: CartTotal = { totalMoney: 0, finalMoney: 0, subtractMoney: 0, count: 0 };

/** The pipeline's totals of the ticked lines as the cart's total: goods, reductions and what is left, fen. */
const toCartTotal = (totals: PricedCart['totals']): CartTotal => ({ totalMoney: totals.goods, finalMoney: totals.payable, subtractMoney: totals.goods + totals.freight - totals.payable, count: totals.count });

/**
 * The buyable lines by shop (shops in the order of their newest line), each
 * shop's lines under their promotion with its label data, reduction and hint, from the ticked lines;
 * each discount package in the cart is a group of its own (`combo`), first in its shop; with the
 * totals of the ticked lines and packages (what totalPay answers for them).
 */
async function pricedCart(ctx: AppContext, userId: string, lang: Language, buyable: Promise<CartLineRow[]>): Promise<{ shops: CartShop[]; total: CartTotal }> {
  const [lines, packages] = await Promise.all([buyable, cartPackages(ctx, userId)]);
  if (lines.length === 0 && packages.length === 0) return { shops: [], total: NO_TOTAL };
  const deals = packagePricing(packages, (p) => p.row.isChecked);
  const priced = await priceLines(ctx, userId, { lines: [...lines.map((l) => toPricingLine(l, l.isChecked)), ...deals.lines], withCoupons: false, packages: deals.deals });
  const rows = new Map(lines.map((l) => [String(l.basketId), l]));
  const byCombo = new Map(packages.map((p) => [p.combo.record.id, p]));
  const shopNames = new Map<number, string>();
  for (const l of lines) if (!shopNames.has(l.shopId)) shopNames.set(l.shopId, cart.shopName(l, lang));
  for (const p of packages) {
    const sku = p.combo.lines[0]?.sku;
    if (sku && !shopNames.has(p.combo.record.shopId)) shopNames.set(p.combo.record.shopId, lang === 'en' && sku.shopNameEn ? sku.shopNameEn : sku.shopNameZh);
  }
  const shopOrder = [...new Set([...lines.map((l) => l.shopId), ...packages.map((p) => p.combo.record.shopId)])];
  const shops = priced.shops
    .sort((a, b) => shopOrder.indexOf(a.shopId) - shopOrder.indexOf(b.shopId))
    .map((shop) => ({
      shopId: shop.shopId,
      shopName: shopNames.get(shop.shopId) ?? '',
      shopCartItemDiscounts: shop.groups.map((group) => {
        const unit = group.package ? byCombo.get(group.package.comboId)! : null;
        return {
          chooseDiscountItemDto: group.promotion ? toChooseDiscountItemDto(group.promotion, lang) : null,
          combo: unit ? toCartCombo(unit, priced, lang) : null,
          shopCartItems: group.lines.map((l) =>
            unit
              ? packageLineView(unit.combo, l, unit.row.isChecked, lang)
              : {
                  ...cart.cartLineView(rows.get(l.key)!, lang),
                  productTotalAmount: l.goods,
                  discountIds: l.promotionIds,
                  shareReduce: l.shares.promotion,
                },
          ),
        };
      }),
      discounts: shop.promotions.map((p) => toDiscountLabel(p, lang)),
    }));
  return { shops, total: toCartTotal(priced.totals) };
}

/** POST /p/shopCart/info: the priced groups by shop. */
export async function cartInfo(ctx: AppContext, userId: string, lang: Language): Promise<CartShop[]> {
  return (await pricedCart(ctx, userId, lang, cart.buyableLines(ctx, userId, parts))).shops;
}

/**
 * GET /p/shopCart/view (Bazaar): the cart page's first paint in one answer: info's groups, the
 * lines that can no longer be bought and totalPay of the ticked lines and packages, from one read of
 * the lines and one pricing (what info, getShopCartExpiryProdList and totalPay answer together).
 */
export async function cartView(ctx: AppContext, userId: string, lang: Language): Promise<CartView> {
  const byState = cart.linesByState(ctx, userId, lang, parts);
  const [{ shops, total }, { expired }] = await Promise.all([pricedCart(ctx, userId, lang, byState.then((s) => s.buyable)), byState]);
  return { shops, expired, total };
}

/**
 * POST /p/shopCart/totalPay: the caller's buyable lines among `basketIds` and its ticked packages
 * that can be bought, priced together (a promotion's tier counts the listed lines of its shop):
 * goods, reductions and what is left, fen.
 */
export async function totalPay(ctx: AppContext, userId: string, basketIds: number[]): Promise<CartTotal> {
  const ids = [...new Set(basketIds)];
  const [lines, packages] = await Promise.all([ids.length > 0 ? cart.buyableLines(ctx, userId, parts, ids) : Promise.resolve([]), cartPackages(ctx, userId)]);
  const ticked = packages.filter((p) => p.row.isChecked && p.combo.unavailable === null);
  if (lines.length === 0 && ticked.length === 0) return NO_TOTAL;
  const deals = packagePricing(ticked, () => true);
  const { totals } = await priceLines(ctx, userId, { lines: [...lines.map((l) => toPricingLine(l, true)), ...deals.lines], withCoupons: false, packages: deals.deals });
  return toCartTotal(totals);
}

/**
 * POST /p/shopCart/changeCombo: adds `count` sets of a package to the cart (a negative count takes
 * some off; reaching 0 removes it). Adding needs the package running and every line on sale with
 * stock for all the sets; the write carries its own cap, so parallel adds never pass it.
 */
export async function changeCombo(ctx: AppContext, userId: string, change: ChangeCombo): Promise<void> {
  const [existing, live] = await Promise.all([cartRepo.findCartCombo(ctx.db, userId, change.comboId), liveCombosById(ctx, [change.comboId])]);
  const combo = live.get(change.comboId);
  const now = ctx.now();
  const next = (existing?.count ?? 0) + change.count;
  if (change.count < 0) {
    if (!existing) throw invalid('combo.errors.notInCart');
    if (next <= 0) {
      await cartRepo.deleteCombos(ctx.db, userId, [change.comboId]);
      return;
    }
    if ((await cartRepo.takeFromCombo(ctx.db, userId, change.comboId, -change.count, now)) === null) throw invalid('combo.errors.count');
    return;
  }
  if (!combo) throw invalid('combo.errors.notFound');
  if (combo.unavailable) throw refusal(combo.unavailable);
  if (next > CART_ITEM_MAX) throw invalid('combo.errors.count');
  if (next > combo.maxSets) throw invalid('combo.errors.insufficient');
  const cap = Math.min(CART_ITEM_MAX, combo.maxSets);
  const written = await cartRepo.addCombo(ctx.db, { userId, shopId: combo.record.shopId, comboId: combo.record.id, count: change.count }, cap, now);
  if (written === null) throw invalid('combo.errors.insufficient');
}

/** DELETE /p/shopCart/deleteCombos: takes the caller's packages among `comboIds` out of the cart. */
export async function deleteCombos(ctx: AppContext, userId: string, comboIds: number[]): Promise<void> {
  await cartRepo.deleteCombos(ctx.db, userId, [...new Set(comboIds)]);
}

/** POST /p/shopCart/checkCombos: ticks or unticks the caller's packages (the last entry per package wins). */
export async function checkCombos(ctx: AppContext, userId: string, items: CheckCombosBody): Promise<void> {
  const wanted = new Map(items.map((item) => [item.comboId, item.isChecked]));
  if (wanted.size === 0) return;
  const checked = [...wanted].filter(([, on]) => on).map(([id]) => id);
  await cartRepo.setCombosChecked(ctx.db, userId, [...wanted.keys()], checked, ctx.now());
}
