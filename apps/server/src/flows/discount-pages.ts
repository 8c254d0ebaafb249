// The storefront's shop promotions (issue 11 §3, decision 037): /special-discount's running
// promotions, /discount-detail's products and the promotion tags of product pages and list cards.
// The promotion module's statements join the product module's on-shelf cards and the shop module's
// open-shop cards, handed in here. Labels are written by the server in the reader's language.
import type { Language } from '@bazaar/shared/constants/limits';
import type { ProductCard } from '@bazaar/shared/schemas/catalog';
import type { Page } from '@bazaar/shared/schemas/common';
import { DISCOUNT_STATUS, discountTierLabel, type DiscountProductQuery, type DiscountSearchQuery, type DiscountSummary, type ProductDiscountTag } from '@bazaar/shared/schemas/shop-promotion';
import type { AppContext } from '../context.ts';
import { activityEnded, invalid } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { onShelfProductCard } from '../modules/product/repository.ts';
import * as pages from '../modules/promotion/discount-pages.ts';
import { tiersOf } from '../modules/promotion/discount-admin.ts';
import { openShopCard } from '../modules/shop/repository.ts';
import { localized } from '../lib/localized.ts';

const parts: pages.DiscountPageParts = { onShelfProductCard, openShopCard };


type SummaryRow = Awaited<ReturnType<typeof pages.pageRunningDiscounts>>['rows'][number];

async function summaries(ctx: AppContext, rows: (Omit<SummaryRow, 'pic'> & { pic: string | null })[], lang: Language): Promise<DiscountSummary[]> {
  const tiers = await tiersOf(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => {
    const items = tiers.get(r.id) ?? [];
    return {
      discountId: r.id,
      discountName: localized(lang, r.nameZh, r.nameEn),
      discountRule: r.discountRule,
      discountType: r.discountType,
      suitableProdType: r.suitableProdType,
      discountItems: items,
      labels: items.map((tier) => discountTierLabel(r.discountRule, r.discountType, tier, lang)),
      maxReduceAmount: r.maxReduceAmount,
      shopId: r.shopId,
      shopName: localized(lang, r.shopNameZh, r.shopNameEn),
      shopLogo: r.shopLogo,
      pic: r.pic,
      startTime: formatApiTime(r.startTime),
      endTime: formatApiTime(r.endTime),
    };
  });
}

/** GET /marking/discount/getDiscountList: running promotions of open shops, ending soonest first. */
export async function pageRunningDiscounts(ctx: AppContext, query: { shopId?: number; current: number; size: number }, lang: Language): Promise<Page<DiscountSummary>> {
  const { rows, total } = await pages.pageRunningDiscounts(ctx.db, ctx.now(), query.shopId, query.current, query.size, parts);
  return { records: await summaries(ctx, rows, lang), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** A running promotion, 204 (activity ended) when it ended or was taken down, 400 when there is none to show. */
async function runningDiscount(ctx: AppContext, id: number) {
  const row = await pages.findShopperDiscount(ctx.db, id, parts);
  const now = ctx.now();
  if (!row || (row.status === DISCOUNT_STATUS.on && row.startTime > now)) throw invalid('promotion.errors.notFound');
  if (row.status !== DISCOUNT_STATUS.on || row.endTime <= now) throw activityEnded();
  return row;
}

/** GET /marking/discount/getDiscountByDiscountId/:id. */
export async function discountSummary(ctx: AppContext, id: number, lang: Language): Promise<DiscountSummary> {
  const row = await runningDiscount(ctx, id);
  const [summary] = await summaries(ctx, [{ ...row, pic: null }], lang);
  return summary!;
}

/** GET /marking/discount/prodList: the promotion's products on the shelf, by name and sort. */
export async function pageDiscountProducts(ctx: AppContext, query: DiscountProductQuery, lang: Language): Promise<Page<ProductCard>> {
  const discount = await runningDiscount(ctx, query.discountId);
  const shopName = localized(lang, discount.shopNameZh, discount.shopNameEn);
  const { rows, total } = await pages.pageDiscountProducts(ctx.db, { discountId: query.discountId, keyword: query.keyword, sort: query.sort }, query.current, query.size, parts);
  return {
    records: rows.map((r) => ({
      prodId: r.prodId,
      prodName: localized(lang, r.nameZh, r.nameEn),
      pic: r.pic,
      price: r.price,
      oriPrice: r.oriPrice,
      soldNum: r.soldNum,
      totalStocks: r.totalStocks,
      shopId: r.shopId,
      shopName,
    })),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}

/** GET /marking/discount/searchProd: the products of every running promotion (the list page's st=2), by name, price, stock and sort. */
export async function searchDiscountProducts(ctx: AppContext, query: DiscountSearchQuery, lang: Language): Promise<Page<ProductCard>> {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) throw invalid('listPage.errors.priceRange');
  const { rows, total } = await pages.pageRunningDiscountProducts(ctx.db, ctx.now(), query, query.current, query.size, parts);
  return {
    records: rows.map((r) => ({
      prodId: r.prodId,
      prodName: localized(lang, r.nameZh, r.nameEn),
      pic: r.pic,
      price: r.price,
      oriPrice: r.oriPrice,
      soldNum: r.soldNum,
      totalStocks: r.totalStocks,
      shopId: r.shopId,
      shopName: localized(lang, r.shopNameZh, r.shopNameEn),
    })),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}

/** The running promotions of each product, as tags with the first tier's label (product pages, list cards). */
export async function discountTagsOf(ctx: AppContext, prodIds: number[], lang: Language): Promise<Map<number, ProductDiscountTag[]>> {
  const rows = await pages.runningDiscountsOfProducts(ctx.db, ctx.now(), [...new Set(prodIds)], parts);
  const tiers = await tiersOf(ctx.db, [...new Set(rows.map((r) => r.id))]);
  const map = new Map<number, ProductDiscountTag[]>();
  for (const r of rows) {
    const list = map.get(r.prodId) ?? [];
    list.push({
      discountId: r.id,
      discountName: localized(lang, r.nameZh, r.nameEn),
      labels: (tiers.get(r.id) ?? []).map((tier) => discountTierLabel(r.discountRule, r.discountType, tier, lang)),
      endTime: formatApiTime(r.endTime),
    });
    map.set(r.prodId, list);
  }
  return map;
}
