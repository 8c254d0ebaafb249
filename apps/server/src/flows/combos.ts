// Discount packages for shoppers (issue 11 §4, decision 046): the promotion module's packages with
// their lines' SKUs as they are now (the product and shop modules' cards, through checkout's SKU
// read), for the product page, the cart and checkout. Whether a package can be bought is the rule
// of every line ("can this line be bought", product-status.ts) plus the package's time window.
import type { Language } from '@bazaar/shared/constants/limits';
import { CART_ITEM_MAX } from '@bazaar/shared/constants/limits';
import { notForSaleReason, UNLIMITED_STOCK } from '@bazaar/shared/constants/product-status';
import type { Combo, ComboUnavailable } from '@bazaar/shared/schemas/combo';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { findSkuLines, type CheckoutParts, type SkuLine } from '../modules/order/repository.ts';
import { checkedCartLines } from '../modules/cart/repository.ts';
import { skuCard } from '../modules/product/repository.ts';
import { anyShopCard } from '../modules/shop/repository.ts';
import { comboStateOf, findCombos, listRunningCombosOfProduct, type ComboLineRecord, type ComboRecord } from '../modules/promotion/combos.ts';
import type { PackageDeal, PricingLine } from '../modules/pricing/types.ts';
import { localized } from '../lib/localized.ts';
import { propertyValues } from '../lib/sku-text.ts';

const parts: CheckoutParts = { skuCard, anyShopCard, checkedCartLines };

/** A package with each line's SKU as it is now. */
export interface LiveCombo {
  record: ComboRecord;
  lines: Array<{ line: ComboLineRecord; sku: SkuLine }>;
  unavailable: ComboUnavailable | null;
  /** One set's lines at their prices now, fen. */
  original: number;
  /** The most sets the stock allows (the cart's maximum at most). */
  maxSets: number;
}

/** Why none of a package can be bought now, most decisive first; null while it can. */
function unavailableOf(record: ComboRecord, lines: LiveCombo['lines'], complete: boolean, now: Date): ComboUnavailable | null {
  const state = comboStateOf(record, now);
  if (state !== 'running') return state === 'upcoming' ? 'notStarted' : 'ended';
  if (!complete || lines.length < 2) return 'offShelf';
  for (const { line, sku } of lines) {
    if (sku.prodId !== line.productId || sku.shopId !== record.shopId || notForSaleReason(sku) !== null) return 'offShelf';
  }
  for (const { line, sku } of lines) if (sku.stocks !== UNLIMITED_STOCK && sku.stocks < line.count) return 'soldOut';
  return null;
}

/** The packages with their SKUs read in one statement. */
export async function liveCombos(ctx: AppContext, records: ComboRecord[]): Promise<Map<number, LiveCombo>> {
  const skuIds = [...new Set(records.flatMap((r) => r.lines.map((l) => l.skuId)))];
  const skus = new Map((skuIds.length > 0 ? await findSkuLines(ctx.db, skuIds, parts) : []).map((s) => [s.skuId, s]));
  const now = ctx.now();
  const map = new Map<number, LiveCombo>();
  for (const record of records) {
    const lines = record.lines.flatMap((line) => {
      const sku = skus.get(line.skuId);
      return sku ? [{ line, sku }] : [];
    });
    const unavailable = unavailableOf(record, lines, lines.length === record.lines.length, now);
    const original = lines.reduce((n, { line, sku }) => n + sku.price * line.count, 0);
    let maxSets = CART_ITEM_MAX;
    for (const { line, sku } of lines) if (sku.stocks !== UNLIMITED_STOCK) maxSets = Math.min(maxSets, Math.floor(sku.stocks / line.count));
    map.set(record.id, { record, lines, unavailable, original, maxSets: unavailable ? 0 : maxSets });
  }
  return map;
}

export async function liveCombosById(ctx: AppContext, ids: number[]): Promise<Map<number, LiveCombo>> {
  return liveCombos(ctx, await findCombos(ctx.db, [...new Set(ids)]));
}



export const skuNameOf = (sku: SkuLine, lang: Language) => localized(lang, sku.skuNameZh ?? propertyValues(sku.properties), sku.skuNameEn);
export const comboNameOf = (record: ComboRecord, lang: Language) => localized(lang, record.nameZh, record.nameEn);

export function toComboView(live: LiveCombo, lang: Language): Combo {
  const { record } = live;
  return {
    comboId: record.id,
    shopId: record.shopId,
    comboName: comboNameOf(record, lang),
    comboAmount: record.comboAmount,
    originalAmount: live.original,
    saveAmount: Math.max(0, live.original - record.comboAmount),
    startTime: formatApiTime(record.startTime),
    endTime: formatApiTime(record.endTime),
    unavailable: live.unavailable,
    maxSets: live.maxSets,
    lines: live.lines.map(({ line, sku }) => ({
      prodId: sku.prodId,
      skuId: sku.skuId,
      prodName: localized(lang, sku.prodNameZh, sku.prodNameEn),
      skuName: skuNameOf(sku, lang),
      pic: sku.skuPic ?? sku.prodPic,
      price: sku.price,
      count: line.count,
      stocks: sku.stocks,
      isMain: line.isMain,
    })),
  };
}

/**
 * GET /combo/prodCombos: the running packages containing the product whose every line is on sale
 * (a sold-out one is listed, marked, so the shopper knows it exists).
 */
export async function productCombos(ctx: AppContext, prodId: number, lang: Language): Promise<Combo[]> {
  const records = await listRunningCombosOfProduct(ctx.db, prodId, ctx.now());
  const live = await liveCombos(ctx, records);
  return records
    .map((r) => live.get(r.id)!)
    .filter((c) => c.unavailable === null || c.unavailable === 'soldOut')
    .map((c) => toComboView(c, lang));
}

/** GET /combo/getComboByComboId: one package, running or not (its `unavailable` says). */
export async function comboById(ctx: AppContext, comboId: number, lang: Language): Promise<Combo> {
  const live = (await liveCombosById(ctx, [comboId])).get(comboId);
  if (!live) throw invalid('combo.errors.notFound');
  return toComboView(live, lang);
}

/** The message for a package that cannot be bought. */
export function refusal(unavailable: ComboUnavailable) {
  return invalid(`combo.errors.${unavailable}`);
}

/** `sets` sets of a package as the pipeline's lines and deal: keys `combo:<id>` and `combo:<id>:<skuId>`. */
export function comboPricing(live: LiveCombo, sets: number, checked: boolean): { lines: PricingLine[]; deal: PackageDeal } {
  const key = `combo:${live.record.id}`;
  return {
    deal: { key, comboId: live.record.id, shopId: live.record.shopId, price: live.record.comboAmount, sets, nameZh: live.record.nameZh, nameEn: live.record.nameEn },
    lines: live.lines.map(({ line, sku }) => ({
      key: `${key}:${sku.skuId}`,
      shopId: live.record.shopId,
      productId: sku.prodId,
      skuId: sku.skuId,
      unitPrice: sku.price,
      count: line.count * sets,
      checked,
      packageKey: key,
    })),
  };
}
