// The coupon form's values and the API's shapes (CouponAdminDetail in, CouponAdminInput out):
// yuan in the form, fen in the API; the wall-clock time picked is Beijing time, as the API reads
// and answers it.
import dayjs, { type Dayjs } from 'dayjs';
import type { CouponAdminDetail } from '@bazaar/shared/schemas/coupon-admin';
import type { DiscountProduct } from '@bazaar/shared/schemas/shop-promotion';

export const API_TIME = 'YYYY-MM-DD HH:mm:ss';
const toFen = (value: number | null | undefined) => (value === null || value === undefined ? 0 : Math.round(value * 100));

export interface CouponFormValues {
  nameZh: string;
  nameEn: string;
  couponType: 1 | 2;
  condition: number | null;
  reduce: number | null;
  rate: number | null;
  suitableProdType: 0 | 1 | 2;
  validTimeType: 1 | 2;
  start: Dayjs | null;
  end: Dayjs | null;
  afterDays: number | null;
  validDays: number | null;
  totalStock: number | null;
  limitNum: number | null;
  getWay: 0 | 1;
  putonStatus: 0 | 1;
}

/** A new coupon: a cash coupon without threshold for every product, valid on fixed dates, 100 of them, one each, on. */
export const NEW_COUPON: CouponFormValues = {
  nameZh: '',
  nameEn: '',
  couponType: 1,
  condition: 0,
  reduce: null,
  rate: null,
  suitableProdType: 0,
  validTimeType: 1,
  start: null,
  end: null,
  afterDays: 0,
  validDays: 7,
  totalStock: 100,
  limitNum: 1,
  getWay: 0,
  putonStatus: 1,
};

/** A stored coupon as the form shows it. */
export function couponFormValues(d: CouponAdminDetail): CouponFormValues {
  return {
    nameZh: d.nameZh,
    nameEn: d.nameEn,
    couponType: d.couponType === 2 ? 2 : 1,
    condition: d.cashCondition / 100,
    reduce: d.couponType === 1 ? d.reduceAmount / 100 : null,
    rate: d.couponDiscount,
    suitableProdType: d.suitableProdType as 0 | 1 | 2,
    validTimeType: d.validTimeType === 2 ? 2 : 1,
    start: d.startTime ? dayjs(d.startTime) : null,
    end: d.endTime ? dayjs(d.endTime) : null,
    afterDays: d.afterReceiveDays,
    validDays: d.validDays,
    totalStock: d.totalStock,
    limitNum: d.limitNum,
    getWay: d.getWay === 1 ? 1 : 0,
    putonStatus: d.putonStatus === 0 ? 0 : 1,
  };
}

/** The body of a create or an edit: only the fields the chosen kind, scope and validity use. */
export function couponInput(values: CouponFormValues, products: DiscountProduct[]) {
  const fixed = values.validTimeType === 1;
  return {
    nameZh: values.nameZh,
    nameEn: values.nameEn ?? '',
    couponType: values.couponType,
    cashCondition: toFen(values.condition),
    reduceAmount: values.couponType === 1 ? toFen(values.reduce) : 0,
    couponDiscount: values.couponType === 2 ? values.rate : null,
    suitableProdType: values.suitableProdType,
    productIds: values.suitableProdType === 0 ? [] : products.map((p) => p.prodId),
    validTimeType: values.validTimeType,
    startTime: fixed && values.start ? values.start.format(API_TIME) : null,
    endTime: fixed && values.end ? values.end.format(API_TIME) : null,
    afterReceiveDays: fixed ? 0 : (values.afterDays ?? 0),
    validDays: fixed ? null : values.validDays,
    totalStock: values.totalStock ?? 0,
    limitNum: values.limitNum ?? 1,
    getWay: values.getWay,
    putonStatus: values.putonStatus,
  };
}
