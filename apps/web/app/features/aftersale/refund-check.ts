// The apply form's checks, made in the browser before anything is sent (specification section 5:
// quantity 1 to the number ordered, an amount within the maximum refundable, 11-digit mobile,
// instructions up to 200, up to 5 vouchers). The API checks the same again.

import type { RefundApplyInfo } from '@bazaar/shared/schemas/refund';
import { REFUND_DESC_MAX, REFUND_EXPRESS_NO_PATTERN, REFUND_PHOTOS_MAX } from './limits.ts';

const MOBILE = /^1\d{10}$/;

/** '12', '12.5', '12.50' -> fen; anything else (negative, 3 decimals, letters) -> null. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Fen -> the amount as typed in the box ('12.5' -> '12.50'). */
export function fenToYuanText(fen: number): string {
  return (fen / 100).toFixed(2);
}

export interface ApplyFormValues {
  applyType: number | null;
  isReceiver: number | null;
  buyerReason: number | null;
  goodsNum: number;
  amount: string;
  buyerMobile: string;
  buyerDesc: string;
  vouchers: number;
}

export interface ApplyLimits {
  /** How many may be refunded (the line's count; the order's item count for a whole-order refund). */
  maxGoodsNum: number;
  /** The maximum refundable for the chosen quantity, fen. */
  maxAmount: number;
}

export type ApplyField = 'applyType' | 'isReceiver' | 'buyerReason' | 'goodsNum' | 'refundAmount' | 'buyerMobile' | 'buyerDesc' | 'photoFiles' | 'form';

export interface ApplyProblem {
  field: ApplyField;
  key: string;
  values?: Record<string, string | number>;
}

/** Every problem of the form, in the order of its fields (empty = fine to send). */
export function checkApply(v: ApplyFormValues, limits: ApplyLimits): ApplyProblem[] {
  const problems: ApplyProblem[] = [];
  if (v.applyType === null) problems.push({ field: 'applyType', key: 'aftersale.apply.errors.applyType' });
  if (v.isReceiver === null) problems.push({ field: 'isReceiver', key: 'aftersale.apply.errors.cargo' });
  if (v.buyerReason === null || v.buyerReason < 0 || v.buyerReason > 6) problems.push({ field: 'buyerReason', key: 'aftersale.apply.errors.reason' });
  const quantityOk = Number.isInteger(v.goodsNum) && v.goodsNum >= 1 && v.goodsNum <= limits.maxGoodsNum;
  if (!quantityOk) problems.push({ field: 'goodsNum', key: 'aftersale.apply.errors.quantity', values: { max: limits.maxGoodsNum } });
  const amount = v.amount.trim() === '' ? undefined : yuanToFen(v.amount);
  if (amount === undefined) problems.push({ field: 'refundAmount', key: 'aftersale.apply.errors.amountRequired' });
  else if (amount === null) problems.push({ field: 'refundAmount', key: 'aftersale.apply.errors.amountInvalid' });
  else if (amount <= 0) problems.push({ field: 'refundAmount', key: 'aftersale.apply.errors.amountTooLow' });
  // The ceiling follows the quantity: a wrong quantity has none to compare with, its own message says what to fix.
  else if (quantityOk && amount > limits.maxAmount) problems.push({ field: 'refundAmount', key: 'aftersale.apply.errors.amountTooHigh', values: { maxFen: limits.maxAmount } });
  if (!MOBILE.test(v.buyerMobile.trim())) problems.push({ field: 'buyerMobile', key: 'aftersale.apply.errors.mobile' });
  if (v.buyerDesc.length > REFUND_DESC_MAX) problems.push({ field: 'buyerDesc', key: 'aftersale.apply.errors.descTooLong' });
  if (v.vouchers > REFUND_PHOTOS_MAX) problems.push({ field: 'photoFiles', key: 'aftersale.apply.errors.tooManyVouchers' });
  return problems;
}

/**
 * The ceiling for `goodsNum` pieces (reference 5.4): n times the unit's actual price, the whole
 * remaining amount for all of them, plus the shipping when this is the order's last unrefunded
 * item and every piece goes back (the page then asks for a confirmation).
 */
export function ceilingFor(info: Pick<RefundApplyInfo, 'maxGoodsNum' | 'maxRefundAmount' | 'unitAmount' | 'freightAmount'>, goodsNum: number): { amount: number; freight: number } {
  const n = Math.min(Math.max(Math.trunc(goodsNum) || 0, 0), info.maxGoodsNum);
  if (n === info.maxGoodsNum) return { amount: info.maxRefundAmount + info.freightAmount, freight: info.freightAmount };
  return { amount: Math.min(info.maxRefundAmount, n * info.unitAmount), freight: 0 };
}

export interface ExpressFormValues {
  expressId: number | null;
  expressNo: string;
  mobile: string;
  senderRemarks: string;
}
export type ExpressField = 'expressId' | 'expressNo' | 'mobile' | 'senderRemarks' | 'imgs' | 'form';

/** The return waybill form's checks: a courier, a waybill number, an 11-digit mobile, remarks up to 200. */
export function checkExpress(v: ExpressFormValues): ApplyProblemOf<ExpressField>[] {
  const problems: ApplyProblemOf<ExpressField>[] = [];
  if (v.expressId === null) problems.push({ field: 'expressId', key: 'aftersale.detail.express.errors.company' });
  const no = v.expressNo.trim();
  if (no === '') problems.push({ field: 'expressNo', key: 'aftersale.detail.express.errors.number' });
  else if (!REFUND_EXPRESS_NO_PATTERN.test(no)) problems.push({ field: 'expressNo', key: 'aftersale.detail.express.errors.numberInvalid' });
  if (!MOBILE.test(v.mobile.trim())) problems.push({ field: 'mobile', key: 'aftersale.detail.express.errors.mobile' });
  if (v.senderRemarks.length > REFUND_DESC_MAX) problems.push({ field: 'senderRemarks', key: 'aftersale.detail.express.errors.remarksTooLong' });
  return problems;
}

export interface ApplyProblemOf<F extends string> {
  field: F;
  key: string;
  values?: Record<string, string | number>;
}

/** Where the API's error code (a message key of schemas/refund.ts) is shown on the apply form. */
export function applyFieldOf(code: string | null): ApplyField {
  switch (code) {
    case 'refundErrors.applyType':
      return 'applyType';
    case 'refundErrors.isReceiver':
      return 'isReceiver';
    case 'refundErrors.reason':
      return 'buyerReason';
    case 'refundErrors.goodsNum':
      return 'goodsNum';
    case 'refundErrors.amountRequired':
    case 'refundErrors.amountInvalid':
    case 'refundErrors.amountTooHigh':
    case 'refundErrors.amountTooLow':
      return 'refundAmount';
    case 'refundErrors.mobileRequired':
    case 'refundErrors.mobileInvalid':
      return 'buyerMobile';
    case 'refundErrors.descTooLong':
      return 'buyerDesc';
    case 'refundErrors.photoInvalid':
    case 'refundErrors.tooManyPhotos':
      return 'photoFiles';
    default:
      return 'form';
  }
}

/** Where the API's error code is shown on the waybill form. */
export function expressFieldOf(code: string | null): ExpressField {
  switch (code) {
    case 'refundErrors.expressRequired':
      return 'expressId';
    case 'refundErrors.expressNoRequired':
    case 'refundErrors.expressNoInvalid':
      return 'expressNo';
    case 'refundErrors.mobileRequired':
    case 'refundErrors.mobileInvalid':
      return 'mobile';
    case 'refundErrors.remarksTooLong':
      return 'senderRemarks';
    case 'refundErrors.photoInvalid':
    case 'refundErrors.tooManyPhotos':
      return 'imgs';
    default:
      return 'form';
  }
}
