// Coupons managed by their issuers (issue 11 §5, decision 044): a merchant's shop coupons and the
// platform's (shopId 0) in the console. The promotion module writes and counts them; the product
// module says which listed products may be listed (the shop's own, or any shop's for the platform)
// and names them; staff changes are audited in their transaction (staffChange). Another issuer's
// coupon, or none, answers 404 and changes nothing.
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page } from '@bazaar/shared/schemas/common';
import { COUPON_VALIDITY } from '@bazaar/shared/schemas/coupon';
import { couponFaceLabel, type CouponAdminDetail, type CouponAdminInput, type CouponAdminQuery, type CouponAdminRow } from '@bazaar/shared/schemas/coupon-admin';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { invalid, notFound } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import * as admin from '../modules/promotion/coupon-admin.ts';
import { existingProductIds, productCardsOf } from '../modules/product/coupon-reads.ts';
import { ownProductIds, shopProductCards } from '../modules/product/promotion-reads.ts';
import { staffChange } from './staff-change.ts';
import { localized } from '../lib/localized.ts';

/** The platform's coupons are shop 0's. */
export const PLATFORM = 0;

const missing = () => notFound('couponAdmin.errors.notFound');

function toRow(r: admin.CouponRecord, now: Date, lang: Language): CouponAdminRow {
  const fixed = r.validTimeType === COUPON_VALIDITY.fixed;
  return {
    couponId: r.id,
    shopId: r.shopId,
    nameZh: r.nameZh,
    nameEn: r.nameEn ?? '',
    couponType: r.couponType,
    cashCondition: r.cashCondition,
    reduceAmount: r.reduceAmount,
    couponDiscount: r.couponDiscount,
    label: couponFaceLabel(r, lang),
    suitableProdType: r.suitableProdType,
    productCount: r.productCount,
    validTimeType: r.validTimeType,
    startTime: fixed && r.startTime ? formatApiTime(r.startTime) : null,
    endTime: fixed && r.endTime ? formatApiTime(r.endTime) : null,
    afterReceiveDays: r.afterReceiveDays,
    validDays: fixed ? null : r.validDays,
    totalStock: r.totalStock,
    stocks: r.stocks,
    limitNum: r.limitNum,
    getWay: r.getWay,
    putonStatus: r.putonStatus,
    state: admin.stateOf(r, now),
    usage: r.usage,
  };
}

/** GET /merchant/coupons, GET /admin/coupons: the issuer's coupons by state and name, newest first. */
export async function pageIssuerCoupons(ctx: AppContext, shopId: number, query: CouponAdminQuery, lang: Language): Promise<Page<CouponAdminRow>> {
  const now = ctx.now();
  const { rows, total } = await admin.pageCoupons(ctx.db, { shopId, state: query.state, keyword: query.keyword }, now, query.current, query.size);
  return { records: rows.map((r) => toRow(r, now, lang)), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /merchant/coupons/:id, GET /admin/coupons/:id: one coupon with its listed products. */
export async function issuerCoupon(ctx: AppContext, shopId: number, id: number, lang: Language): Promise<CouponAdminDetail> {
  const found = await admin.findCoupon(ctx.db, shopId, id);
  if (!found) throw missing();
  const cards = shopId === PLATFORM ? await productCardsOf(ctx.db, found.productIds) : await shopProductCards(ctx.db, shopId, found.productIds);
  return {
    ...toRow(found, ctx.now(), lang),
    products: cards.map((c) => ({ prodId: c.id, prodName: localized(lang, c.nameZh, c.nameEn), pic: c.pic, price: c.price, onShelf: c.status === PRODUCT_STATUS.onShelf })),
  };
}

/** Refuses a fixed end already past and products that are not the shop's own (any shop's, for the platform; none deleted). */
async function checkInput(ctx: AppContext, shopId: number, input: CouponAdminInput, now: Date): Promise<void> {
  if (input.validTimeType === COUPON_VALIDITY.fixed && input.endTime && input.endTime <= now) throw invalid('couponAdmin.errors.endPassed');
  if (input.suitableProdType === 0) return;
  const allowed = shopId === PLATFORM ? await existingProductIds(ctx.db, input.productIds) : await ownProductIds(ctx.db, shopId, input.productIds);
  if (input.productIds.some((id) => !allowed.has(id))) throw invalid(shopId === PLATFORM ? 'couponAdmin.errors.productNotFound' : 'couponAdmin.errors.productNotOwned');
}

const REFUSALS = {
  locked: 'couponAdmin.errors.notEditable',
  termsLocked: 'couponAdmin.errors.termsLocked',
  stockBelowReceived: 'couponAdmin.errors.stockBelowReceived',
} as const;

async function update(tx: Tx, shopId: number, id: number, input: CouponAdminInput, now: Date): Promise<void> {
  const outcome = await admin.updateCoupon(tx, shopId, id, input, now);
  if (outcome === 'missing') throw missing();
  if (outcome !== 'saved') throw invalid(REFUSALS[outcome]);
}

async function end(db: AppContext['db'] | Tx, shopId: number, id: number, now: Date): Promise<void> {
  if (await admin.endCoupon(db, shopId, id, now)) return;
  if (!(await admin.findCoupon(db, shopId, id))) throw missing();
  throw invalid('couponAdmin.errors.alreadyEnded');
}

// ---- the merchant center: the session's shop --------------------------------------------------

export async function createShopCoupon(ctx: AppContext, shopId: number, input: CouponAdminInput, lang: Language): Promise<CouponAdminDetail> {
  const now = ctx.now();
  await checkInput(ctx, shopId, input, now);
  const id = await ctx.db.transaction((tx) => admin.insertCoupon(tx, shopId, input, now));
  return issuerCoupon(ctx, shopId, id, lang);
}

export async function updateShopCoupon(ctx: AppContext, shopId: number, id: number, input: CouponAdminInput, lang: Language): Promise<CouponAdminDetail> {
  const now = ctx.now();
  if (!(await admin.findCoupon(ctx.db, shopId, id))) throw missing();
  await checkInput(ctx, shopId, input, now);
  await ctx.db.transaction((tx) => update(tx, shopId, id, input, now));
  return issuerCoupon(ctx, shopId, id, lang);
}

export async function endShopCoupon(ctx: AppContext, shopId: number, id: number, lang: Language): Promise<CouponAdminDetail> {
  await end(ctx.db, shopId, id, ctx.now());
  return issuerCoupon(ctx, shopId, id, lang);
}

// ---- the console: the platform's coupons, audited ---------------------------------------------

/** What the audit log keeps of a coupon. */
function auditState(r: admin.CouponRecord & { productIds: number[] }) {
  return {
    nameZh: r.nameZh,
    nameEn: r.nameEn,
    couponType: r.couponType,
    cashCondition: r.cashCondition,
    reduceAmount: r.reduceAmount,
    couponDiscount: r.couponDiscount,
    suitableProdType: r.suitableProdType,
    productIds: r.productIds,
    validTimeType: r.validTimeType,
    startTime: r.startTime ? formatApiTime(r.startTime) : null,
    endTime: r.endTime ? formatApiTime(r.endTime) : null,
    afterReceiveDays: r.afterReceiveDays,
    validDays: r.validDays,
    totalStock: r.totalStock,
    limitNum: r.limitNum,
    getWay: r.getWay,
    putonStatus: r.putonStatus,
  };
}

async function audited(tx: Tx, id: number) {
  const found = await admin.findCoupon(tx, PLATFORM, id);
  if (!found) throw missing();
  return auditState(found);
}

export async function createPlatformCoupon(ctx: AppContext, adminId: number, input: CouponAdminInput, lang: Language): Promise<CouponAdminDetail> {
  await checkInput(ctx, PLATFORM, input, ctx.now());
  const id = await staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const created = await admin.insertCoupon(tx, PLATFORM, input, now);
      return { result: created, action: 'coupon.create', targetType: 'coupon', targetId: created, before: null, after: await audited(tx, created) };
    },
  );
  return issuerCoupon(ctx, PLATFORM, id, lang);
}

export async function updatePlatformCoupon(ctx: AppContext, adminId: number, id: number, input: CouponAdminInput, lang: Language): Promise<CouponAdminDetail> {
  if (!(await admin.findCoupon(ctx.db, PLATFORM, id))) throw missing();
  await checkInput(ctx, PLATFORM, input, ctx.now());
  await staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const before = await audited(tx, id);
      await update(tx, PLATFORM, id, input, now);
      return { result: undefined, action: 'coupon.update', targetType: 'coupon', targetId: id, before, after: await audited(tx, id) };
    },
  );
  return issuerCoupon(ctx, PLATFORM, id, lang);
}

export async function endPlatformCoupon(ctx: AppContext, adminId: number, id: number, lang: Language): Promise<CouponAdminDetail> {
  await staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const before = await audited(tx, id);
      await end(tx, PLATFORM, id, now);
      return { result: undefined, action: 'coupon.end', targetType: 'coupon', targetId: id, before, after: await audited(tx, id) };
    },
  );
  return issuerCoupon(ctx, PLATFORM, id, lang);
}
