// The flash-sale rows both consoles show (issue 27, decision 062): the seckill module's activities
// with the product module's names and pictures, the shop module's names and the live counts.
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page } from '@bazaar/shared/schemas/common';
import type { SeckillCounts, SeckillRow, SeckillRowDetail } from '@bazaar/shared/schemas/seckill';
import type { AppContext } from '../context.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { localized } from '../lib/localized.ts';
import { localizeSku } from '../lib/sku-text.ts';
import { productCardsOf } from '../modules/product/coupon-reads.ts';
import { productIdsByName, skuTextsOf } from '../modules/product/seckill-console-reads.ts';
import * as seckills from '../modules/seckill/admin.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import { findShopNames } from '../modules/shop/product-reads.ts';

/** How many products a name search may match before the list says nothing more precise. */
const NAME_MATCH_LIMIT = 500;

/** The product ids a product-name search stands for (undefined: no search). */
export async function productFilter(ctx: AppContext, shopId: number | null, prodName: string | undefined): Promise<number[] | undefined> {
  const keyword = prodName?.trim();
  return keyword ? productIdsByName(ctx.db, shopId, keyword, NAME_MATCH_LIMIT) : undefined;
}

/**
 * The counts of each activity. While an activity sits in the stock gate (loaded, not settled yet),
 * the stock left is the gate's, and the units it accepted that no order holds yet are the queued
 * ones (a cancelled or failed unit went back to the gate); otherwise the stock left is PostgreSQL's
 * flash stock, which drops as each queued attempt is written and rises as an order is cancelled.
 * Sold = unpaid + paid + queued units.
 */
export async function countsOf(ctx: AppContext, records: seckills.SeckillRecord[], skuMap?: Map<number, seckills.SeckillSkuRecord[]>): Promise<Map<number, SeckillCounts>> {
  const ids = records.map((r) => r.id);
  const [skuBy, orders] = await Promise.all([skuMap ? Promise.resolve(skuMap) : seckills.skusOf(ctx.db, ids), seckills.orderCountsOf(ctx.db, ids)]);
  const inGate = records.filter((r) => r.gateLoadedAt !== null && r.settledAt === null);
  const gateLeft = new Map<number, number>();
  await Promise.all(
    inGate.map(async (r) => {
      const list = skuBy.get(r.id) ?? [];
      const left = await seckillGate(ctx).stocks(r.id, list.map((s) => s.id));
      // A SKU missing from the gate (flushed) leaves PostgreSQL's count to stand for it.
      if (left.every((n) => n !== null)) gateLeft.set(r.id, left.reduce<number>((sum, n) => sum + (n ?? 0), 0));
    }),
  );
  const map = new Map<number, SeckillCounts>();
  for (const id of ids) {
    const list = skuBy.get(id) ?? [];
    const o = orders.get(id) ?? { unpaidNum: 0, paidNum: 0, cancelledNum: 0 };
    const totalStocks = list.reduce((n, s) => n + s.originalStocks, 0);
    const gate = gateLeft.get(id);
    const queuedNum = gate === undefined ? 0 : Math.max(0, totalStocks - gate - o.unpaidNum - o.paidNum);
    map.set(id, {
      seckillId: id,
      totalStocks,
      stocksLeft: gate ?? list.reduce((n, s) => n + s.seckillStocks, 0),
      soldNum: o.unpaidNum + o.paidNum + queuedNum,
      unpaidNum: o.unpaidNum,
      paidNum: o.paidNum,
      cancelledNum: o.cancelledNum,
      queuedNum,
    });
  }
  return map;
}

/** The rows of these activities as both consoles show them. */
export async function rowsOf(ctx: AppContext, records: seckills.SeckillRecord[], lang: Language): Promise<{ rows: SeckillRow[]; skuMap: Map<number, seckills.SeckillSkuRecord[]> }> {
  const now = ctx.now();
  const skuMap = await seckills.skusOf(ctx.db, records.map((r) => r.id));
  const [cards, names, counts] = await Promise.all([
    productCardsOf(ctx.db, [...new Set(records.map((r) => r.productId))]),
    findShopNames(ctx.db, [...new Set(records.map((r) => r.shopId))]),
    countsOf(ctx, records, skuMap),
  ]);
  const cardBy = new Map(cards.map((c) => [c.id, c]));
  const rows = records.map((r): SeckillRow => {
    const card = cardBy.get(r.productId);
    const shop = names.get(r.shopId);
    const skus = skuMap.get(r.id) ?? [];
    return {
      seckillId: r.id,
      shopId: r.shopId,
      shopName: shop ? localized(lang, shop.nameZh, shop.nameEn) : '',
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      prodId: r.productId,
      prodName: card ? localized(lang, card.nameZh, card.nameEn) : '',
      pic: card?.pic ?? '',
      startTime: formatApiTime(r.startTime),
      endTime: formatApiTime(r.endTime),
      listState: seckills.listStateOf(r, now),
      status: r.status,
      auditStatus: r.auditStatus,
      auditReason: r.auditReason,
      offlineReason: r.offlineReason,
      maxNum: r.maxNum,
      maxCancelTime: r.maxCancelTime,
      minSeckillPrice: skus.length ? Math.min(...skus.map((s) => s.seckillPrice)) : 0,
      counts: counts.get(r.id)!,
      createdAt: formatApiTime(r.createdAt),
    };
  });
  return { rows, skuMap };
}

export async function pageOfRows(ctx: AppContext, result: { rows: seckills.SeckillRecord[]; total: number }, current: number, size: number, lang: Language): Promise<Page<SeckillRow>> {
  const { rows } = await rowsOf(ctx, result.rows, lang);
  return { records: rows, total: result.total, size, current, pages: Math.ceil(result.total / size) };
}

/** One activity with its SKUs (names, usual and flash prices, stock at the start and now). */
export async function detailOf(ctx: AppContext, record: seckills.SeckillRecord, lang: Language): Promise<SeckillRowDetail> {
  const { rows, skuMap } = await rowsOf(ctx, [record], lang);
  const skus = skuMap.get(record.id) ?? [];
  const texts = new Map((await skuTextsOf(ctx.db, skus.map((s) => s.skuId))).map((s) => [s.id, s]));
  return {
    ...rows[0]!,
    skus: skus.map((s) => {
      const text = texts.get(s.skuId);
      return {
        seckillSkuId: s.id,
        skuId: s.skuId,
        skuName: text ? localizeSku(text, lang).skuName : '',
        price: text?.price ?? 0,
        seckillPrice: s.seckillPrice,
        totalStocks: s.originalStocks,
        seckillStocks: s.seckillStocks,
      };
    }),
  };
}
