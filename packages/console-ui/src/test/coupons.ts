// Coupons as the merchant and console APIs answer them, and the two issuers the consoles configure.
import type { CouponAdminDetail, CouponAdminRow } from '@bazaar/shared/schemas/coupon-admin';
import type { ConsoleApi } from '../console-api.ts';
import type { CouponIssuer } from '../coupon-issuer.ts';

export function couponRow(over: Partial<CouponAdminRow> = {}): CouponAdminRow {
  return {
    couponId: 7,
    shopId: 1,
    nameZh: '满100减10',
    nameEn: '10 off 100',
    couponType: 1,
    cashCondition: 10000,
    reduceAmount: 1000,
    couponDiscount: null,
    label: '满100减10',
    suitableProdType: 0,
    productCount: 0,
    validTimeType: 1,
    startTime: '2026-11-01 00:00:00',
    endTime: '2026-12-31 23:59:59',
    afterReceiveDays: 0,
    validDays: null,
    totalStock: 100,
    stocks: 90,
    limitNum: 1,
    getWay: 0,
    putonStatus: 1,
    state: 'on',
    usage: { received: 10, used: 3, reducedAmount: 3000 },
    ...over,
  };
}

export function couponDetail(over: Partial<CouponAdminDetail> = {}): CouponAdminDetail {
  return { ...couponRow(), products: [], ...over };
}

const Picker = () => null;

export const shopIssuer = (api: ConsoleApi): CouponIssuer => ({
  api,
  path: '/merchant/coupons',
  listKey: 'coupons',
  detailKey: 'coupon',
  prefix: 'coupons',
  idPrefix: '',
  productTexts: { empty: 'promotions.picker.empty', name: 'promotions.picker.name', price: 'promotions.picker.price', offShelf: 'promotions.form.offShelf', remove: 'promotions.form.remove' },
  ProductPicker: Picker,
});

export const platformIssuer = (api: ConsoleApi): CouponIssuer => ({
  api,
  path: '/admin/coupons',
  listKey: 'platform-coupons',
  detailKey: 'platform-coupon',
  alsoInvalidate: [['audit']],
  prefix: 'platformCoupons',
  idPrefix: 'platform-',
  productTexts: { empty: 'platformCoupons.picker.empty', name: 'platformCoupons.picker.name', price: 'platformCoupons.picker.price', offShelf: 'platformCoupons.picker.offShelf', remove: 'platformCoupons.form.remove' },
  ProductPicker: Picker,
});
