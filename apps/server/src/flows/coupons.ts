// The shopper's coupons (issue 11 §2, decision 041): the coupon center, a product's and a shop's
// coupons, receiving, and my coupons. The coupon module's queries join the shop module's open-shop
// card, handed in here; names and times are written in the reader's language.
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page } from '@bazaar/shared/schemas/common';
import { COUPON_VALIDITY, USER_COUPON_STATUS, type CouponCard, type CouponCenterQuery, type GeneralCouponQuery, type MyCoupon, type MyCouponCounts, type MyCouponQuery, type ReceiveResult } from '@bazaar/shared/schemas/coupon';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import * as coupons from '../modules/promotion/coupons.ts';
import { openShopCard, openShopIds } from '../modules/shop/repository.ts';
import { localized } from '../lib/localized.ts';

const parts: coupons.CouponParts = { openShopCard };

const asType = (n: number) => (n === 2 ? 2 : 1) as 1 | 2;
const asScope = (n: number) => (n === 1 || n === 2 ? n : 0) as 0 | 1 | 2;

export function toCouponCard(r: coupons.CouponRow, lang: Language): CouponCard {
  const fixed = r.validTimeType === COUPON_VALIDITY.fixed;
  return {
    couponId: r.id,
    shopId: r.shopId,
    shopName: r.shopId === 0 || r.shopNameZh === null ? null : localized(lang, r.shopNameZh, r.shopNameEn),
    couponName: localized(lang, r.nameZh, r.nameEn),
    couponType: asType(r.couponType),
    cashCondition: r.cashCondition,
    reduceAmount: r.reduceAmount,
    couponDiscount: r.couponType === 2 ? r.couponDiscount : null,
    suitableProdType: asScope(r.suitableProdType),
    validTimeType: fixed ? 1 : 2,
    startTime: fixed && r.startTime ? formatApiTime(r.startTime) : null,
    endTime: fixed && r.endTime ? formatApiTime(r.endTime) : null,
    afterReceiveDays: r.afterReceiveDays,
    validDays: fixed ? null : r.validDays,
    stocks: r.stocks,
    limitNum: r.limitNum,
    receivedCount: r.received,
    state: r.received >= r.limitNum ? 'received' : r.stocks <= 0 ? 'soldOut' : 'receivable',
  };
}

/** GET /coupon/getCouponPage and its /p/myCoupon twin (with the reader's received counts). */
export async function pageCouponCenter(ctx: AppContext, userId: string | null, query: CouponCenterQuery, lang: Language): Promise<Page<CouponCard>> {
  const { rows, total } = await coupons.pageCenterCoupons(
    ctx.db,
    {
      userId,
      now: ctx.now(),
      filter: { shopType: query.shopType, couponType: query.couponType, receivableOnly: query.receivableOnly === '1' && userId !== null },
      limit: query.size,
      offset: (query.current - 1) * query.size,
    },
    parts,
  );
  return { records: rows.map((r) => toCouponCard(r, lang)), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /coupon/generalCouponList and its /p/myCoupon twin: the coupon center's page of the platform's coupons. */
export function pageGeneralCoupons(ctx: AppContext, userId: string | null, query: GeneralCouponQuery, lang: Language): Promise<Page<CouponCard>> {
  return pageCouponCenter(ctx, userId, { ...query, shopType: 1 }, lang);
}

/** GET /coupon/listShopCoupon (shopId 0: the platform's coupons). */
export async function shopCoupons(ctx: AppContext, userId: string | null, shopId: number, lang: Language): Promise<CouponCard[]> {
  const rows = await coupons.listShopCoupons(ctx.db, { userId, now: ctx.now(), shopId }, parts);
  return rows.map((r) => toCouponCard(r, lang));
}

/** GET /coupon/listByProdId: the platform's and the shop's coupons that apply to the product. */
export async function productCoupons(ctx: AppContext, userId: string | null, input: { shopId: number; prodId: number }, lang: Language): Promise<CouponCard[]> {
  const rows = await coupons.listProductCoupons(ctx.db, { userId, now: ctx.now(), ...input }, parts);
  return rows.map((r) => toCouponCard(r, lang));
}

const REFUSALS = { unavailable: 'coupon.errors.unavailable', limit: 'coupon.errors.limitReached', soldOut: 'coupon.errors.soldOut' } as const;

/** POST /p/myCoupon/receive: one click, one statement; a refusal says why (limit, sold out, not receivable). */
export async function receiveCoupon(ctx: AppContext, userId: string, couponId: number, lang: Language): Promise<ReceiveResult> {
  const outcome = await coupons.receiveCoupon(ctx.db, { userId, couponId, now: ctx.now() }, openShopIds);
  if (!outcome.ok) throw invalid(REFUSALS[outcome.reason]);
  const card = await coupons.findCouponCard(ctx.db, { userId, couponId }, parts);
  return { couponUserId: outcome.userCouponId, coupon: toCouponCard(card!, lang) };
}

/** GET /p/myCoupon/getCouponList. */
export async function pageMyCoupons(ctx: AppContext, userId: string, query: MyCouponQuery, lang: Language): Promise<Page<MyCoupon>> {
  const now = ctx.now();
  const { rows, total } = await coupons.pageMyCoupons(ctx.db, { userId, status: query.status, now, limit: query.size, offset: (query.current - 1) * query.size }, parts);
  const records: MyCoupon[] = rows.map((r) => ({
    couponUserId: r.id,
    couponId: r.couponId,
    shopId: r.shopId,
    shopName: r.shopId === 0 || r.shopNameZh === null ? null : localized(lang, r.shopNameZh, r.shopNameEn),
    couponName: localized(lang, r.nameZh, r.nameEn),
    couponType: asType(r.couponType),
    cashCondition: r.cashCondition,
    reduceAmount: r.reduceAmount,
    couponDiscount: r.couponType === 2 ? r.couponDiscount : null,
    suitableProdType: asScope(r.suitableProdType),
    prodIds: r.productIds,
    status: query.status,
    userStartTime: formatApiTime(r.userStartTime),
    userEndTime: formatApiTime(r.userEndTime),
    notStarted: query.status === USER_COUPON_STATUS.unused && r.userStartTime.getTime() > now.getTime(),
    receiveTime: formatApiTime(r.receiveTime),
    usedTime: r.usedTime ? formatApiTime(r.usedTime) : null,
  }));
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /p/myCoupon/getMyCouponsStatusCount. */
export async function myCouponCounts(ctx: AppContext, userId: string): Promise<MyCouponCounts> {
  const c = await coupons.countMyCoupons(ctx.db, userId, ctx.now());
  return { unUseCount: c.unused, useCount: c.used, expiredCount: c.expired };
}

/** DELETE /p/myCoupon/deleteCoupon/{couponUserId}: a used or expired coupon of mine. */
export async function deleteMyCoupon(ctx: AppContext, userId: string, userCouponId: number): Promise<void> {
  if (!(await coupons.deleteMyCoupon(ctx.db, { userId, userCouponId, now: ctx.now() }))) throw invalid('coupon.errors.cannotDelete');
}
