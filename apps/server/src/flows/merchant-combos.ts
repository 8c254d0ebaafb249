// Discount packages in the merchant center (issue 11 §4-5, decision 046): the promotion module
// writes them; checkout's SKU read (product and shop cards) says which SKUs are the shop's own and
// on sale; the order module counts their usage. Another shop's package answers 404.
import type { Language } from '@bazaar/shared/constants/limits';
import { notForSaleReason } from '@bazaar/shared/constants/product-status';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { Page } from '@bazaar/shared/schemas/common';
import type { ComboRow, MerchantComboDetail, MerchantComboInput, MerchantComboQuery } from '@bazaar/shared/schemas/combo';
import type { AppContext } from '../context.ts';
import { invalid, notFound } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { comboUsage, findSkuLines } from '../modules/order/repository.ts';
import * as combos from '../modules/promotion/combos.ts';
import { checkedCartLines } from '../modules/cart/repository.ts';
import { skuCard } from '../modules/product/repository.ts';
import { anyShopCard } from '../modules/shop/repository.ts';
import { liveCombos, skuNameOf, type LiveCombo } from './combos.ts';
import { localized } from '../lib/localized.ts';

const parts = { skuCard, anyShopCard, checkedCartLines };

function toRow(live: LiveCombo, usage: { orders: number; pieces: number; reduced: number } | undefined, now: Date): ComboRow {
  const r = live.record;
  const main = live.lines[0]?.sku;
  return {
    comboId: r.id,
    nameZh: r.nameZh,
    nameEn: r.nameEn ?? '',
    comboAmount: r.comboAmount,
    originalAmount: live.original,
    lineCount: r.lines.length,
    mainPic: main ? (main.skuPic ?? main.prodPic) : '',
    startTime: formatApiTime(r.startTime),
    endTime: formatApiTime(r.endTime),
    state: combos.comboStateOf(r, now),
    orderCount: usage?.orders ?? 0,
    piecesSold: usage?.pieces ?? 0,
    reduceAmount: usage?.reduced ?? 0,
  };
}

/** GET /merchant/combos: the shop's packages by state and name, newest first, with their usage. */
export async function pageShopCombos(ctx: AppContext, shopId: number, query: MerchantComboQuery): Promise<Page<ComboRow>> {
  const now = ctx.now();
  const { rows, total } = await combos.pageShopCombos(ctx.db, shopId, { state: query.state, keyword: query.keyword }, now, query.current, query.size);
  const [live, usage] = await Promise.all([
    liveCombos(ctx, rows),
    comboUsage(
      ctx.db,
      shopId,
      rows.map((r) => r.id),
    ),
  ]);
  return { records: rows.map((r) => toRow(live.get(r.id)!, usage.get(r.id), now)), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /merchant/combos/:id: one of the shop's packages with its lines. */
export async function shopCombo(ctx: AppContext, shopId: number, id: number, lang: Language): Promise<MerchantComboDetail> {
  const record = await combos.findShopCombo(ctx.db, shopId, id);
  if (!record) throw notFound('combo.errors.notFound');
  const [live, usage] = await Promise.all([liveCombos(ctx, [record]), comboUsage(ctx.db, shopId, [id])]);
  const combo = live.get(id)!;
  return {
    ...toRow(combo, usage.get(id), ctx.now()),
    lines: combo.lines.map(({ line, sku }) => ({
      prodId: sku.prodId,
      skuId: sku.skuId,
      prodName: localized(lang, sku.prodNameZh, sku.prodNameEn),
      skuName: skuNameOf(sku, lang),
      pic: sku.skuPic ?? sku.prodPic,
      price: sku.price,
      count: line.count,
      onShelf: sku.prodStatus === PRODUCT_STATUS.onShelf,
    })),
  };
}

/** Refuses an end already past, SKUs of another shop, lines not on sale and a price that saves nothing. */
async function checkInput(ctx: AppContext, shopId: number, input: MerchantComboInput, now: Date): Promise<void> {
  if (input.endTime <= now) throw invalid('combo.errors.endPassed');
  const skus = new Map((await findSkuLines(ctx.db, input.lines.map((l) => l.skuId), parts)).map((s) => [s.skuId, s]));
  let original = 0;
  for (const line of input.lines) {
    const sku = skus.get(line.skuId);
    if (!sku || sku.prodId !== line.prodId || sku.shopId !== shopId || sku.prodStatus === PRODUCT_STATUS.deleted) throw invalid('combo.errors.productNotOwned');
    if (notForSaleReason(sku) !== null) throw invalid('combo.errors.notOnSale');
    original += sku.price * line.count;
  }
  if (input.comboAmount >= original) throw invalid('combo.errors.amountNotBelow', { original: (original / 100).toFixed(2) });
}

/** POST /merchant/combos. */
export async function createShopCombo(ctx: AppContext, shopId: number, input: MerchantComboInput, lang: Language): Promise<MerchantComboDetail> {
  const now = ctx.now();
  await checkInput(ctx, shopId, input, now);
  const id = await ctx.db.transaction((tx) => combos.insertCombo(tx, shopId, input, now));
  return shopCombo(ctx, shopId, id, lang);
}

/** PUT /merchant/combos/:id: an upcoming or running package only. */
export async function updateShopCombo(ctx: AppContext, shopId: number, id: number, input: MerchantComboInput, lang: Language): Promise<MerchantComboDetail> {
  const now = ctx.now();
  if (!(await combos.findShopCombo(ctx.db, shopId, id))) throw notFound('combo.errors.notFound');
  await checkInput(ctx, shopId, input, now);
  const outcome = await ctx.db.transaction((tx) => combos.updateCombo(tx, shopId, id, input, now));
  if (outcome === 'missing') throw notFound('combo.errors.notFound');
  if (outcome === 'locked') throw invalid('combo.errors.notEditable');
  return shopCombo(ctx, shopId, id, lang);
}

/** POST /merchant/combos/:id/end: stops an upcoming or running package now. */
export async function endShopCombo(ctx: AppContext, shopId: number, id: number, lang: Language): Promise<MerchantComboDetail> {
  const moved = await combos.endCombo(ctx.db, shopId, id, ctx.now());
  if (!moved) {
    const found = await combos.findShopCombo(ctx.db, shopId, id);
    if (!found) throw notFound('combo.errors.notFound');
    throw invalid('combo.errors.alreadyEnded');
  }
  return shopCombo(ctx, shopId, id, lang);
}
