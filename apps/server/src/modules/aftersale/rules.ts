// What may be refunded (reference 5.4, the specification wins): pure functions over an order, its
// lines and its requests, shared by the apply page, the apply call and the order pages.
import { ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import { APPLY_TYPE, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { AftersaleSettings } from '@bazaar/shared/schemas/refund';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface RuleOrder {
  status: number;
  orderType: number;
  orderMold: number;
  isPayed: boolean;
  actualTotal: number;
  freight: number;
  finallyTime: Date | null;
}

export interface RuleLine {
  id: number;
  prodCount: number;
  actualTotal: number;
  isRefund: number;
}

export interface RuleRefund {
  refundSn: string;
  orderItemId: number;
  returnMoneySts: number;
  refundAmount: number;
  goodsNum: number;
  freightAmount: number;
}

/** The periods in milliseconds: the settings, or the environment's shortened ones (tests). */
export interface Periods {
  applyMs: number;
  sellerHandleMs: number;
  buyerShipMs: number;
  sellerReceiveMs: number;
  reminderMs: number;
}

export interface PeriodOverrides {
  AFTERSALE_APPLY_SECONDS?: number;
  AFTERSALE_SELLER_HANDLE_SECONDS?: number;
  AFTERSALE_BUYER_SHIP_SECONDS?: number;
  AFTERSALE_SELLER_RECEIVE_SECONDS?: number;
  AFTERSALE_REMINDER_SECONDS?: number;
}

export function periodsOf(settings: AftersaleSettings, env: PeriodOverrides): Periods {
  const pick = (seconds: number | undefined, fallback: number) => (seconds !== undefined ? seconds * 1000 : fallback);
  return {
    applyMs: pick(env.AFTERSALE_APPLY_SECONDS, settings.applyDays * DAY_MS),
    sellerHandleMs: pick(env.AFTERSALE_SELLER_HANDLE_SECONDS, settings.sellerHandleDays * DAY_MS),
    buyerShipMs: pick(env.AFTERSALE_BUYER_SHIP_SECONDS, settings.buyerShipDays * DAY_MS),
    sellerReceiveMs: pick(env.AFTERSALE_SELLER_RECEIVE_SECONDS, settings.sellerReceiveDays * DAY_MS),
    reminderMs: pick(env.AFTERSALE_REMINDER_SECONDS, settings.reminderHours * HOUR_MS),
  };
}

const OPEN = new Set<number>([1, 2, 3, 4]);
/** Requests that hold part of the order's money: in progress or refunded. */
const ACTIVE = new Set<number>([1, 2, 3, 4, 5]);

export type OrderBlock = 'notPaid' | 'orderClosed' | 'pointsOrder' | 'expired' | null;

/** Why no request at all may be made for the order now (null: requests may be made). */
export function orderBlock(order: RuleOrder, periods: Periods, now: Date): OrderBlock {
  if (order.status === ORDER_STATUS.cancelled || order.status === ORDER_STATUS.grouping) return 'orderClosed';
  if (!order.isPayed || order.status === ORDER_STATUS.unpaid) return 'notPaid';
  if (order.orderType === ORDER_TYPE.points) return 'pointsOrder';
  if (order.status === ORDER_STATUS.completed && order.finallyTime && now.getTime() > order.finallyTime.getTime() + periods.applyMs) return 'expired';
  return null;
}

/** The last moment a request may be made, once received. */
export function applyDeadline(order: RuleOrder, periods: Periods): Date | null {
  return order.status === ORDER_STATUS.completed && order.finallyTime ? new Date(order.finallyTime.getTime() + periods.applyMs) : null;
}

export interface LineState {
  line: RuleLine;
  /** Pieces not yet refunded or asked for. */
  remainingCount: number;
  /** Fen of the line not yet refunded or asked for. */
  remainingAmount: number;
  /** The line's open request, or the order's open whole-order request. */
  open: RuleRefund | null;
  /** The line's latest request (its own or the whole order's), for the order pages. */
  latest: RuleRefund | null;
}

export interface OrderState {
  lines: LineState[];
  /** Fen of the order not yet refunded or asked for (shipping included). */
  remainingTotal: number;
  /** Shipping not yet refunded or asked for. */
  remainingFreight: number;
  openWhole: RuleRefund | null;
  anyOpenItem: boolean;
  /** Fen refunded (status 5). */
  refunded: number;
}

/** Where every line of the order stands. `refunds` are the order's requests, oldest first. */
export function orderState(order: RuleOrder, lines: RuleLine[], refunds: RuleRefund[]): OrderState {
  const active = refunds.filter((r) => ACTIVE.has(r.returnMoneySts));
  const wholeActive = active.filter((r) => r.orderItemId === 0);
  const openWhole = refunds.find((r) => r.orderItemId === 0 && OPEN.has(r.returnMoneySts)) ?? null;
  const wholeLatest = refunds.filter((r) => r.orderItemId === 0).at(-1) ?? null;
  const usedTotal = active.reduce((n, r) => n + r.refundAmount, 0);
  const usedFreight = active.reduce((n, r) => n + r.freightAmount, 0);
  const states = lines.map((line): LineState => {
    const own = refunds.filter((r) => r.orderItemId === line.id);
    const ownActive = own.filter((r) => ACTIVE.has(r.returnMoneySts));
    // A whole-order request takes every line.
    const takenByWhole = wholeActive.length > 0;
    const usedCount = ownActive.reduce((n, r) => n + r.goodsNum, 0);
    const usedAmount = ownActive.reduce((n, r) => n + r.refundAmount - r.freightAmount, 0);
    const ownLatest = own.at(-1) ?? null;
    const latest = wholeLatest && (!ownLatest || wholeLatest.refundSn > ownLatest.refundSn) ? wholeLatest : ownLatest;
    return {
      line,
      remainingCount: takenByWhole ? 0 : Math.max(0, line.prodCount - usedCount),
      remainingAmount: takenByWhole ? 0 : Math.max(0, line.actualTotal - usedAmount),
      open: own.find((r) => OPEN.has(r.returnMoneySts)) ?? openWhole,
      latest,
    };
  });
  return {
    lines: states,
    remainingTotal: Math.max(0, order.actualTotal - usedTotal),
    remainingFreight: Math.max(0, order.freight - usedFreight),
    openWhole,
    anyOpenItem: refunds.some((r) => r.orderItemId !== 0 && OPEN.has(r.returnMoneySts)),
    refunded: refunds.filter((r) => r.returnMoneySts === REFUND_STATUS.success).reduce((n, r) => n + r.refundAmount, 0),
  };
}

/** The unit's actual price, rounded down (the last pieces take the rest). */
export const unitAmount = (line: RuleLine) => Math.floor(line.actualTotal / line.prodCount);

/** The most `goodsNum` pieces of the line may get back, shipping apart. */
export function itemCeiling(state: LineState, goodsNum: number): number {
  if (goodsNum >= state.remainingCount) return state.remainingAmount;
  return Math.min(state.remainingAmount, unitAmount(state.line) * goodsNum);
}

/** Whether taking `goodsNum` pieces of this line leaves nothing else of the order to refund: the shipping comes with it. */
export function isLastItem(order: OrderState, lineId: number, goodsNum: number): boolean {
  return order.lines.every((s) => (s.line.id === lineId ? goodsNum >= s.remainingCount : s.remainingCount === 0));
}

export type LineBlock = 'notRefundable' | 'openRequest' | 'itemBlocked' | 'nothingLeft' | null;

export function lineBlock(order: OrderState, state: LineState): LineBlock {
  if (state.line.isRefund !== 1) return 'notRefundable';
  if (order.openWhole) return 'itemBlocked';
  if (state.open) return 'openRequest';
  if (state.remainingCount <= 0) return 'nothingLeft';
  return null;
}

export type WholeBlock = 'wholeOrderBlocked' | 'openRequest' | 'notRefundable' | 'nothingLeft' | null;

export function wholeBlock(order: OrderState): WholeBlock {
  if (order.openWhole) return 'openRequest';
  if (order.anyOpenItem) return 'wholeOrderBlocked';
  if (order.lines.some((s) => s.line.isRefund !== 1)) return 'notRefundable';
  if (order.lines.every((s) => s.remainingCount === 0) || order.remainingTotal <= 0) return 'nothingLeft';
  return null;
}

/** Service types the order allows: refund only before the goods leave (and for virtual goods); return too after. */
export function allowedApplyTypes(order: RuleOrder): number[] {
  const shipped = order.status === ORDER_STATUS.shipped || order.status === ORDER_STATUS.completed;
  return shipped && order.orderMold === 0 ? [APPLY_TYPE.refundOnly, APPLY_TYPE.returnAndRefund] : [APPLY_TYPE.refundOnly];
}

export interface CeilingInput {
  refundType: number;
  orderItemId: number;
  goodsNum: number;
  freightConfirmed: boolean;
}

export type Ceiling =
  | { ok: true; goodsNum: number; maxRefundAmount: number; freightAmount: number; lines: LineState[] }
  | { ok: false; key: string; params?: Record<string, string | number> };

/**
 * What a request may ask for: the pieces, the ceiling (shipping included when it comes with the
 * last item and the shopper confirmed it) and the shipping in it. `state` is the order without the
 * request itself (an edit does not count its own amount).
 */
export function ceilingFor(state: OrderState, input: CeilingInput): Ceiling {
  if (input.refundType === 1) {
    const block = wholeBlock(state);
    if (block) return { ok: false, key: `refundErrors.${block}` };
    const goodsNum = state.lines.reduce((n, s) => n + s.remainingCount, 0);
    return { ok: true, goodsNum, maxRefundAmount: state.remainingTotal, freightAmount: state.remainingFreight, lines: state.lines };
  }
  const ls = state.lines.find((s) => s.line.id === input.orderItemId);
  if (!ls) return { ok: false, key: 'refundErrors.itemNotFound' };
  const block = lineBlock(state, ls);
  if (block) return { ok: false, key: `refundErrors.${block}` };
  if (input.goodsNum < 1 || input.goodsNum > ls.remainingCount) return { ok: false, key: 'refundErrors.goodsNum' };
  const base = itemCeiling(ls, input.goodsNum);
  const freight = isLastItem(state, ls.line.id, input.goodsNum) ? state.remainingFreight : 0;
  if (freight > 0 && !input.freightConfirmed) return { ok: false, key: 'refundErrors.freightConfirm' };
  const max = Math.min(base + freight, state.remainingTotal);
  return { ok: true, goodsNum: input.goodsNum, maxRefundAmount: max, freightAmount: Math.min(freight, max), lines: [ls] };
}
