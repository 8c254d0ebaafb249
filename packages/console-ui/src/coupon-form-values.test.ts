import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { couponFormValues, couponInput, NEW_COUPON } from './coupon-form-values.ts';
import { couponDetail } from './test/coupons.ts';

const product = { prodId: 5, prodName: '茶', pic: '', price: 1990, onShelf: true };

describe('the coupon form values', () => {
  it('shows a stored cash coupon in yuan, with its fixed dates', () => {
    const values = couponFormValues(couponDetail({ cashCondition: 29990, reduceAmount: 5050 }));
    expect(values).toMatchObject({ couponType: 1, condition: 299.9, reduce: 50.5, validTimeType: 1, getWay: 0, putonStatus: 1 });
    expect(values.start?.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-01 00:00:00');
  });

  it('sends fen, rounded, and only the fields of the chosen kind, scope and validity', () => {
    const cash = couponInput({ ...NEW_COUPON, nameZh: '券', condition: 299.9, reduce: 50.5, start: dayjs('2026-12-01 08:00:00'), end: dayjs('2026-12-31 23:59:59') }, [product]);
    expect(cash).toMatchObject({ cashCondition: 29990, reduceAmount: 5050, couponDiscount: null, productIds: [], startTime: '2026-12-01 08:00:00', endTime: '2026-12-31 23:59:59', afterReceiveDays: 0, validDays: null, totalStock: 100, limitNum: 1 });

    const rate = couponInput({ ...NEW_COUPON, couponType: 2, reduce: 10, rate: 8.5, suitableProdType: 1, validTimeType: 2, afterDays: 1, validDays: 7 }, [product]);
    expect(rate).toMatchObject({ couponType: 2, reduceAmount: 0, couponDiscount: 8.5, productIds: [5], startTime: null, endTime: null, afterReceiveDays: 1, validDays: 7 });
  });

  it('reads back what it would send', () => {
    const detail = couponDetail({ couponType: 2, reduceAmount: 0, couponDiscount: 9, suitableProdType: 2, products: [product], getWay: 1, putonStatus: 0 });
    const body = couponInput(couponFormValues(detail), detail.products);
    expect(body).toMatchObject({ couponType: 2, cashCondition: detail.cashCondition, couponDiscount: 9, suitableProdType: 2, productIds: [5], startTime: detail.startTime, endTime: detail.endTime, getWay: 1, putonStatus: 0 });
  });
});
