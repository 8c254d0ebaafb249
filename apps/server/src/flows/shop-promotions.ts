// Shop promotions in the merchant center and the platform console (issue 11 §5, decision 037): the
// promotion module writes them; the product module says which listed products are the shop's own;
// the shop module names the shops; the order module counts their usage (paid orders, shares); the
// audit module records a takedown in its transaction. Every change drops the home page's cached
// activity blocks, which show running promotions.
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page } from '@bazaar/shared/schemas/common';
import type { StaffReasonInput } from '@bazaar/shared/schemas/admin-shops';
import {
  discountTierLabel,
  type AdminDiscountQuery,
  type DiscountRow,
  type MerchantDiscountDetail,
  type MerchantDiscountInput,
  type MerchantDiscountQuery,
} from '@bazaar/shared/schemas/shop-promotion';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';
import { dropHomeCache } from '../modules/catalog/service.ts';
import { promotionUsage, type PromotionUsage } from '../modules/order/promotion-usage.ts';
import { ownProductIds, shopProductCards } from '../modules/product/promotion-reads.ts';
import * as promotions from '../modules/promotion/discount-admin.ts';
import { findShopNames } from '../modules/shop/product-reads.ts';
import { localized } from '../lib/localized.ts';


function toRow(r: promotions.DiscountRecord, shopName: string, usage: PromotionUsage | undefined, now: Date, lang: Language): DiscountRow {
  return {
    discountId: r.id,
    shopId: r.shopId,
    shopName,
    nameZh: r.nameZh,
    nameEn: r.nameEn ?? '',
    discountRule: r.discountRule,
    discountType: r.discountType,
    suitableProdType: r.suitableProdType,
    productCount: r.productCount,
    tiers: r.tiers,
    labels: r.tiers.map((tier) => discountTierLabel(r.discountRule, r.discountType, tier, lang)),
    maxReduceAmount: r.maxReduceAmount,
    startTime: formatApiTime(r.startTime),
    endTime: formatApiTime(r.endTime),
    state: promotions.stateOf(r, now),
    offenceReason: r.status === 2 ? r.offenceReason : null,
    usage: usage ?? { orders: 0, reducedAmount: 0 },
  };
}

async function rowsWithShops(ctx: AppContext, rows: promotions.DiscountRecord[], now: Date, lang: Language): Promise<DiscountRow[]> {
  const [names, usage] = await Promise.all([findShopNames(ctx.db, rows.map((r) => r.shopId)), promotionUsage(ctx.db, rows.map((r) => r.id))]);
  return rows.map((r) => {
    const shop = names.get(r.shopId);
    return toRow(r, shop ? localized(lang, shop.nameZh, shop.nameEn) : '', usage.get(r.id), now, lang);
  });
}

function pageOf(records: DiscountRow[], total: number, current: number, size: number): Page<DiscountRow> {
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

/** GET /merchant/discounts: the shop's promotions by state and name, newest first. */
export async function pageShopDiscounts(ctx: AppContext, shopId: number, query: MerchantDiscountQuery, lang: Language): Promise<Page<DiscountRow>> {
  const now = ctx.now();
  const { rows, total } = await promotions.pageDiscounts(ctx.db, { shopId, state: query.state, keyword: query.keyword }, now, query.current, query.size);
  return pageOf(await rowsWithShops(ctx, rows, now, lang), total, query.current, query.size);
}

/** GET /merchant/discounts/:id: one of the shop's promotions with its listed products. */
export async function shopDiscount(ctx: AppContext, shopId: number, id: number, lang: Language): Promise<MerchantDiscountDetail> {
  const found = await promotions.findDiscount(ctx.db, shopId, id);
  if (!found) throw invalid('promotion.errors.notFound');
  const [[row], cards] = await Promise.all([rowsWithShops(ctx, [found], ctx.now(), lang), shopProductCards(ctx.db, shopId, found.productIds)]);
  return {
    ...row!,
    products: cards.map((c) => ({ prodId: c.id, prodName: localized(lang, c.nameZh, c.nameEn), pic: c.pic, price: c.price, onShelf: c.status === PRODUCT_STATUS.onShelf })),
  };
}

/** Refuses an end already past and products of another shop (or deleted ones). */
async function checkInput(ctx: AppContext, shopId: number, input: MerchantDiscountInput, now: Date): Promise<void> {
  if (input.endTime <= now) throw invalid('promotion.errors.endPassed');
  if (input.suitableProdType !== 1) return;
  const own = await ownProductIds(ctx.db, shopId, input.productIds);
  if (input.productIds.some((id) => !own.has(id))) throw invalid('promotion.errors.productNotOwned');
}

/** POST /merchant/discounts. */
export async function createShopDiscount(ctx: AppContext, shopId: number, input: MerchantDiscountInput, lang: Language): Promise<MerchantDiscountDetail> {
  const now = ctx.now();
  await checkInput(ctx, shopId, input, now);
  const id = await ctx.db.transaction((tx) => promotions.insertDiscount(tx, shopId, input, now));
  await dropHomeCache(ctx);
  return shopDiscount(ctx, shopId, id, lang);
}

/** PUT /merchant/discounts/:id: an upcoming or running promotion only. */
export async function updateShopDiscount(ctx: AppContext, shopId: number, id: number, input: MerchantDiscountInput, lang: Language): Promise<MerchantDiscountDetail> {
  const now = ctx.now();
  await checkInput(ctx, shopId, input, now);
  const outcome = await ctx.db.transaction((tx) => promotions.updateDiscount(tx, shopId, id, input, now));
  if (outcome === 'missing') throw invalid('promotion.errors.notFound');
  if (outcome === 'locked') throw invalid('promotion.errors.notEditable');
  await dropHomeCache(ctx);
  return shopDiscount(ctx, shopId, id, lang);
}

/** POST /merchant/discounts/:id/end: stops an upcoming or running promotion now. */
export async function endShopDiscount(ctx: AppContext, shopId: number, id: number, lang: Language): Promise<MerchantDiscountDetail> {
  const moved = await promotions.endDiscount(ctx.db, shopId, id, ctx.now());
  if (!moved) {
    const found = await promotions.findDiscount(ctx.db, shopId, id);
    throw invalid(found ? 'promotion.errors.alreadyEnded' : 'promotion.errors.notFound');
  }
  await dropHomeCache(ctx);
  return shopDiscount(ctx, shopId, id, lang);
}

/** GET /admin/discounts: every shop's promotions (running by default), by shop, state and name. */
export async function pageAllDiscounts(ctx: AppContext, query: AdminDiscountQuery, lang: Language): Promise<Page<DiscountRow>> {
  const now = ctx.now();
  const { rows, total } = await promotions.pageDiscounts(ctx.db, { shopId: query.shopId ?? null, state: query.state, keyword: query.keyword }, now, query.current, query.size);
  return pageOf(await rowsWithShops(ctx, rows, now, lang), total, query.current, query.size);
}

/** POST /admin/discounts/:id/takedown: the promotion stops at once; its merchant sees the reason. Audited. */
export async function takeDownDiscount(ctx: AppContext, adminId: number, id: number, input: StaffReasonInput): Promise<void> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const moved = await promotions.takeDownDiscount(tx, id, input.reason, now);
    if (!moved) {
      const found = await promotions.findDiscount(tx, null, id);
      throw invalid(found ? 'promotion.errors.alreadyEnded' : 'promotion.errors.notFound');
    }
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: 'discount.takedown',
        targetType: 'discount',
        targetId: id,
        before: { state: moved.before, shopId: moved.shopId, offenceReason: null },
        after: { state: 'takenDown', offenceReason: input.reason },
      },
      now,
    );
  });
  await dropHomeCache(ctx);
}
