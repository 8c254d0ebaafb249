// The shopper's after-sales requests (reference 2.7, decision 059): what may be applied for, the
// request itself, its list and detail, withdrawing, editing and resubmitting after a refusal, the
// amount, the return waybill, and asking the platform to step in. Each move is one transaction:
// the conditional update on the status it expects, its history row, the order's refundStatus and
// the deadline jobs of the step entered. The database refuses what the code might let through
// (one open request per item, the order's total, the allowed moves).
import type { SQL } from 'drizzle-orm';
import type { Language } from '@bazaar/shared/constants/limits';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { APPLY_TYPE, BUYER_REASONS, REFUND_STATUS, REFUND_TYPE } from '@bazaar/shared/constants/refund';
import type { Page } from '@bazaar/shared/schemas/common';
import {
  REFUND_TAB_STATUSES,
  type RefundAmountUpdate,
  type RefundApply,
  type RefundApplyInfo,
  type RefundApplyInfoQuery,
  type RefundApplyPlatform,
  type RefundDetail,
  type RefundEditLimits,
  type RefundExpress,
  type RefundListItem,
  type RefundListQuery,
  type RefundUpdate,
} from '@bazaar/shared/schemas/refund';
import type { AppContext } from '../context.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { invalid } from '../lib/app-error.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { readUserById } from '../modules/account/repository.ts';
import * as repo from '../modules/aftersale/repository.ts';
import { allowedApplyTypes, applyDeadline, ceilingFor, orderBlock, unitAmount, type OrderState, type Periods } from '../modules/aftersale/rules.ts';
import { markOrderApplying, markOrderApplyingPart, type OrderForAftersale } from '../modules/order/aftersale-reads.ts';
import { findShopContact } from '../modules/shop/contact.ts';
import { ownedPaths, PUBLIC_PREFIX } from '../modules/upload/service.ts';
import { allCouriers, type Courier } from '../modules/logistics/service.ts';
import { localized } from '../lib/localized.ts';
import {
  bookStep,
  deadlineOf,
  detailOf,
  enteredStepPart,
  itemsOf,
  leftStepPart,
  listItemsOf,
  loadOrderState,
  loadOrderStateAndPeriods,
  loadPeriods,
  nameParts,
  rethrowApp,
  settleOrderApplying,
} from './refund-parts.ts';

/** The order of the shopper (not deleted), or "order not found". */
async function shopperOrder(ctx: AppContext, userId: string, orderNumber: string, except?: string) {
  return shopperOnly(userId, await loadOrderState(ctx.db, orderNumber, except));
}

/** shopperOrder with the periods, read by the same statement. */
async function shopperOrderAndPeriods(ctx: AppContext, userId: string, orderNumber: string) {
  const { loaded, periods } = await loadOrderStateAndPeriods(ctx, orderNumber);
  return { ...shopperOnly(userId, loaded), periods };
}

function shopperOnly<T extends { order: OrderForAftersale }>(userId: string, loaded: T | undefined): T {
  if (!loaded || loaded.order.userId !== userId || loaded.order.deleteStatus !== 0) throw invalid('refundErrors.orderNotFound');
  return loaded;
}

function checkOrder(order: OrderForAftersale, periods: Periods, now: Date): void {
  // A group-buy order still waiting for its team (reference §5.5): its own message, not "closed".
  if (order.status === ORDER_STATUS.grouping) throw invalid('groupbuy.errors.refundWhileGrouping');
  const block = orderBlock(order, periods, now);
  if (block) throw invalid(`refundErrors.${block}`, block === 'expired' ? { days: Math.round(periods.applyMs / 86_400_000) } : undefined);
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The amount asked for: at most the ceiling, and at least 1 fen while the ceiling has money in it.
 * A ceiling of 0 (the item was paid wholly with points or coupons) takes a request of 0 fen: the
 * goods go back (as Taobao and JD allow) and the settle step gives back the points spent and the
 * coupons by pieces (decision 059).
 */
function checkAmount(amount: number, max: number): void {
  if (amount > max) throw invalid('refundErrors.amountTooHigh', { max: yuan(max) });
  if (amount < 1 && max > 0) throw invalid('refundErrors.amountTooLow');
}

/** The service type and cargo status must fit the order: a return needs goods that left and arrived; goods never shipped were never received. */
function checkService(order: OrderForAftersale, applyType: number, isReceiver: number): void {
  if (!allowedApplyTypes(order).includes(applyType)) throw invalid('refundErrors.returnNeedsGoods');
  if (applyType === APPLY_TYPE.returnAndRefund && isReceiver !== 1) throw invalid('refundErrors.returnNeedsGoods');
  if (isReceiver === 1 && order.status !== ORDER_STATUS.shipped && order.status !== ORDER_STATUS.completed) throw invalid('refundErrors.notShippedReceived');
}

/** Every voucher picture is a public image this shopper uploaded, as a review's pictures (flows/shopper-reviews.ts). */
async function checkVouchers(ctx: AppContext, userId: string, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const owned = await ownedPaths(ctx, userId, paths);
  if (paths.some((path) => !path.startsWith(PUBLIC_PREFIX) || !owned.has(path))) throw invalid('refundErrors.photoInvalid');
}

/**
 * What a request of the line (or the whole order) may ask for on `state`: applyInfo's limits, and
 * an edit's (the state then leaves the request itself out), so both forms offer the same ceilings.
 */
function applyLimitsOf(
  order: OrderForAftersale,
  state: OrderState,
  refundType: number,
  orderItemId: number,
): { ok: true; limits: RefundEditLimits } | { ok: false; key: string; params?: Record<string, string | number> } {
  const ls = state.lines.find((s) => s.line.id === orderItemId);
  if (refundType === REFUND_TYPE.item && !ls) return { ok: false, key: 'refundErrors.itemNotFound' };
  const ceiling = ceilingFor(state, { refundType, orderItemId, goodsNum: ls ? ls.remainingCount : 1, freightConfirmed: true });
  if (!ceiling.ok) return ceiling;
  return {
    ok: true,
    limits: {
      maxGoodsNum: ceiling.goodsNum,
      maxRefundAmount: ceiling.maxRefundAmount - ceiling.freightAmount,
      unitAmount: ls ? unitAmount(ls.line) : ceiling.maxRefundAmount,
      isLastItem: refundType === REFUND_TYPE.order || ceiling.freightAmount > 0,
      freightAmount: ceiling.freightAmount,
      applyTypes: allowedApplyTypes(order),
      isReceiver: order.status === 5 ? 1 : 0,
      reasons: [...BUYER_REASONS],
    },
  };
}

/** GET /p/orderRefund/applyInfo. */
export async function refundApplyInfo(ctx: AppContext, userId: string, query: RefundApplyInfoQuery, lang: Language): Promise<RefundApplyInfo> {
  const now = ctx.now();
  const [{ order, lines, state, periods }, user] = await Promise.all([shopperOrderAndPeriods(ctx, userId, query.orderNumber), readUserById(ctx.db, userId)]);
  checkOrder(order, periods, now);
  const refundType = query.orderItemId === 0 ? REFUND_TYPE.order : REFUND_TYPE.item;
  const limits = applyLimitsOf(order, state, refundType, query.orderItemId);
  if (!limits.ok) throw invalid(limits.key, limits.params);
  const shop = await findShopContact(ctx.db, order.shopId);
  return {
    orderNumber: order.orderNumber,
    orderItemId: query.orderItemId,
    refundType,
    shopId: order.shopId,
    shopName: shop ? localized(lang, shop.nameZh, shop.nameEn) : '',
    orderStatus: order.status,
    items: itemsOf({ orderItemId: query.orderItemId }, lines, lang),
    ...limits.limits,
    mobile: user?.mobile ?? null,
    applyDeadline: (() => {
      const d = applyDeadline(order, periods);
      return d ? formatApiTime(d) : null;
    })(),
  };
}

/** POST /p/orderRefund/apply: answers the new refundSn. */
export async function applyRefund(ctx: AppContext, userId: string, input: RefundApply): Promise<string> {
  const now = ctx.now();
  // The periods with the order, its lines and its requests: one statement.
  const { periods, order, state } = await shopperOrderAndPeriods(ctx, userId, input.orderNumber);
  checkOrder(order, periods, now);
  // A whole-order request names no item, and its pieces are every piece left (ceilingFor), whatever goodsNum says.
  if (input.refundType === REFUND_TYPE.order && input.orderItemId !== 0) throw invalid('refundErrors.wholeOrderItem');
  const orderItemId = input.refundType === REFUND_TYPE.order ? 0 : input.orderItemId;
  if (input.refundType === REFUND_TYPE.item && orderItemId === 0) throw invalid('refundErrors.itemNotFound');
  checkService(order, input.applyType, input.isReceiver);
  await checkVouchers(ctx, userId, input.photoFiles);
  const ceiling = ceilingFor(state, { refundType: input.refundType, orderItemId, goodsNum: input.goodsNum, freightConfirmed: input.freightConfirmed });
  if (!ceiling.ok) throw invalid(ceiling.key, ceiling.params);
  checkAmount(input.refundAmount, ceiling.maxRefundAmount);
  const refundSn = nextSerialNumber(now.getTime());
  const deadline = deadlineOf(REFUND_STATUS.applied, input.applyType, periods, now);
  try {
    // One statement, so no transaction: the request, its history row, the deadline jobs and the order's refund state.
    await repo.insertRefund(
      ctx.db,
      {
        refundSn,
        orderNumber: order.orderNumber,
        orderItemId,
        userId,
        shopId: order.shopId,
        refundType: input.refundType,
        applyType: input.applyType,
        isReceiver: input.isReceiver,
        goodsNum: ceiling.goodsNum,
        refundAmount: input.refundAmount,
        maxRefundAmount: ceiling.maxRefundAmount,
        freightAmount: Math.min(ceiling.freightAmount, input.refundAmount),
        buyerReason: input.buyerReason,
        buyerDesc: input.buyerDesc || null,
        buyerMobile: input.buyerMobile,
        photoFiles: input.photoFiles,
        returnMoneySts: REFUND_STATUS.applied,
        applyTime: now,
        deadline,
        updatedAt: now,
      },
      { actor: 'buyer', actorId: userId, action: 'apply', returnMoneySts: REFUND_STATUS.applied, note: input.buyerDesc || null, refundAmount: input.refundAmount, createdAt: now },
      [enteredStepPart(ctx.db, { refundSn, status: REFUND_STATUS.applied, deadline, periods, now }), markOrderApplyingPart(ctx.db, order.orderNumber, now)].filter((part): part is SQL => part !== null),
    );
  } catch (err) {
    rethrowApp(err);
  }
  return refundSn;
}

/** The shopper's own request, or "not found" (another shopper's answers the same). */
async function ownRefund(ctx: AppContext, userId: string, refundSn: string) {
  const row = await repo.findRefund(ctx.db, refundSn);
  if (!row || row.userId !== userId) throw invalid('refundErrors.notFound');
  return row;
}

/** A move that found the request elsewhere: "not found" if it is not the shopper's, else `key`. */
async function refuseMove(ctx: AppContext, userId: string, refundSn: string, key: string): Promise<never> {
  await ownRefund(ctx, userId, refundSn);
  throw invalid(key);
}

/** GET /p/orderRefund/list. */
export async function pageMyRefunds(ctx: AppContext, userId: string, query: RefundListQuery, lang: Language): Promise<Page<RefundListItem>> {
  const offset = (query.current - 1) * query.size;
  const { rows, total } = await repo.pageRefunds(ctx.db, { userId, statuses: REFUND_TAB_STATUSES[query.tab], applyType: query.applyType || undefined }, query.size, offset, nameParts(lang));
  const records = (await listItemsOf(ctx.db, rows, lang)).map(({ row: _row, ...item }) => item);
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /p/orderRefund/info. */
export async function myRefundDetail(ctx: AppContext, userId: string, refundSn: string, lang: Language): Promise<RefundDetail> {
  const row = await repo.findNamedRefund(ctx.db, refundSn, nameParts(lang));
  if (!row || row.userId !== userId) throw invalid('refundErrors.notFound');
  const [{ detail }, editing] = await Promise.all([detailOf(ctx, row, lang), editingOf(ctx, row)]);
  const s = row.returnMoneySts;
  const isReturn = row.applyType === APPLY_TYPE.returnAndRefund;
  const editable = (s === REFUND_STATUS.applied || (s === REFUND_STATUS.refused && row.platformStatus !== 1)) && editing.limits !== null;
  return {
    ...detail,
    canCancel: s === REFUND_STATUS.applied,
    canEdit: editable,
    canUpdateAmount: s === REFUND_STATUS.applied,
    canSubmitExpress: isReturn && s === REFUND_STATUS.accepted,
    canEditExpress: isReturn && s === REFUND_STATUS.buyerShipped,
    canApplyPlatform: s === REFUND_STATUS.refused && row.platformStatus === 0 && !editing.otherOpen,
    otherOpenRequest: editing.otherOpen,
    editLimits: editable ? editing.limits : null,
  };
}

/**
 * A request the shopper may still change (pending or refused), seen against its order without it:
 * what an edit may ask for (null: nothing, e.g. another request holds the goods or the period
 * ended) and whether another request of the same goods is open (then a refusal can only stand).
 */
async function editingOf(ctx: AppContext, row: { refundSn: string; orderNumber: string; refundType: number; orderItemId: number; returnMoneySts: number }): Promise<{ limits: RefundEditLimits | null; otherOpen: boolean }> {
  if (row.returnMoneySts !== REFUND_STATUS.applied && row.returnMoneySts !== REFUND_STATUS.refused) return { limits: null, otherOpen: false };
  const { loaded, periods } = await loadOrderStateAndPeriods(ctx, row.orderNumber, row.refundSn);
  if (!loaded || loaded.order.deleteStatus !== 0) return { limits: null, otherOpen: false };
  const { order, state } = loaded;
  const otherOpen = state.openWhole !== null || (row.orderItemId === 0 ? state.anyOpenItem : state.lines.some((l) => l.line.id === row.orderItemId && l.open !== null));
  if (order.status === ORDER_STATUS.grouping || orderBlock(order, periods, ctx.now())) return { limits: null, otherOpen };
  const limits = applyLimitsOf(order, state, row.refundType, row.orderItemId);
  return { limits: limits.ok ? limits.limits : null, otherOpen };
}

/** PUT /p/orderRefund/cancel: withdraws a request the seller has not handled (1 -> 6). */
export async function cancelRefund(ctx: AppContext, userId: string, refundSn: string): Promise<void> {
  const now = ctx.now();
  const moved = await ctx.db.transaction(async (tx) => {
    const row = await repo.moveRefund(tx, { refundSn, from: [REFUND_STATUS.applied], owner: { userId }, set: { returnMoneySts: REFUND_STATUS.withdrawn, cancelTime: now, deadline: null }, now });
    if (!row) return false;
    await repo.insertHistory(tx, { refundSn, actor: 'buyer', actorId: userId, action: 'cancel', returnMoneySts: row.returnMoneySts, refundAmount: row.refundAmount, createdAt: now });
    await bookStep(tx, { refundSn, left: REFUND_STATUS.applied, status: row.returnMoneySts, deadline: null, now });
    await settleOrderApplying(tx, row.orderNumber, now);
    return true;
  });
  if (!moved) await refuseMove(ctx, userId, refundSn, 'refundErrors.cannotCancel');
}

/**
 * POST /p/orderRefund/update_refund: edits a request the seller has not handled (1), or resubmits
 * a refused one (7 -> 1, a new handling deadline). The rules are the apply's, without the
 * request's own amount.
 */
export async function updateRefund(ctx: AppContext, userId: string, input: RefundUpdate): Promise<void> {
  const now = ctx.now();
  const current = await ownRefund(ctx, userId, input.refundSn);
  if (current.returnMoneySts !== REFUND_STATUS.applied && !(current.returnMoneySts === REFUND_STATUS.refused && current.platformStatus !== 1)) throw invalid('refundErrors.cannotEdit');
  const periods = await loadPeriods(ctx);
  const { order, state } = await shopperOrder(ctx, userId, current.orderNumber, current.refundSn);
  checkOrder(order, periods, now);
  checkService(order, input.applyType, input.isReceiver);
  await checkVouchers(ctx, userId, input.photoFiles);
  const ceiling = ceilingFor(state, { refundType: current.refundType, orderItemId: current.orderItemId, goodsNum: input.goodsNum, freightConfirmed: input.freightConfirmed });
  if (!ceiling.ok) throw invalid(ceiling.key, ceiling.params);
  checkAmount(input.refundAmount, ceiling.maxRefundAmount);
  const resubmit = current.returnMoneySts === REFUND_STATUS.refused;
  const deadline = resubmit ? deadlineOf(REFUND_STATUS.applied, input.applyType, periods, now) : current.deadline;
  try {
    const moved = await ctx.db.transaction(async (tx) => {
      const row = await repo.moveRefund(tx, {
        refundSn: current.refundSn,
        from: [current.returnMoneySts],
        owner: { userId },
        set: {
          returnMoneySts: REFUND_STATUS.applied,
          applyType: input.applyType,
          isReceiver: input.isReceiver,
          goodsNum: ceiling.goodsNum,
          refundAmount: input.refundAmount,
          maxRefundAmount: ceiling.maxRefundAmount,
          freightAmount: Math.min(ceiling.freightAmount, input.refundAmount),
          buyerReason: input.buyerReason,
          buyerDesc: input.buyerDesc || null,
          buyerMobile: input.buyerMobile,
          photoFiles: input.photoFiles,
          deadline,
          platformStatus: 0,
          ...(resubmit ? { applyTime: current.applyTime, sellerMsg: current.sellerMsg } : {}),
        },
        now,
      });
      if (!row) return false;
      await repo.insertHistory(tx, { refundSn: row.refundSn, actor: 'buyer', actorId: userId, action: 'edit', returnMoneySts: REFUND_STATUS.applied, note: input.buyerDesc || null, refundAmount: input.refundAmount, createdAt: now });
      if (resubmit) {
        await markOrderApplying(tx, row.orderNumber, now);
        await bookStep(tx, { refundSn: row.refundSn, left: REFUND_STATUS.refused, status: REFUND_STATUS.applied, deadline, periods, now });
      }
      return true;
    });
    if (!moved) throw invalid('refundErrors.statusChanged');
  } catch (err) {
    rethrowApp(err);
  }
}

/**
 * PUT /p/orderRefund/updateRefundAmount: only while the seller has not handled the request (1);
 * never above the ceiling. What the seller accepted (amount, pieces, service type) is fixed: after
 * acceptance only the return waybill changes; a refused request is edited through update_refund.
 */
export async function updateRefundAmount(ctx: AppContext, userId: string, input: RefundAmountUpdate): Promise<void> {
  const now = ctx.now();
  const current = await ownRefund(ctx, userId, input.refundSn);
  const from = [REFUND_STATUS.applied];
  if (current.returnMoneySts !== REFUND_STATUS.applied || current.settleStatus !== 0) throw invalid('refundErrors.cannotUpdateAmount');
  checkAmount(input.refundAmount, current.maxRefundAmount);
  try {
    const moved = await ctx.db.transaction(async (tx) => {
      const row = await repo.moveRefund(tx, {
        refundSn: current.refundSn,
        from,
        owner: { userId },
        set: { refundAmount: input.refundAmount, freightAmount: Math.min(current.freightAmount, input.refundAmount) },
        now,
      });
      if (!row) return false;
      await repo.insertHistory(tx, { refundSn: row.refundSn, actor: 'buyer', actorId: userId, action: 'amount', returnMoneySts: row.returnMoneySts, refundAmount: input.refundAmount, createdAt: now });
      return true;
    });
    if (!moved) throw invalid('refundErrors.cannotUpdateAmount');
  } catch (err) {
    rethrowApp(err);
  }
}

/**
 * The waybill's courier: one of GET /p/delivery/list's (QA 2026-12-08), stored by id with its Chinese
 * name; every page names it from the id in its reader's language (refund-parts.ts detailOf), never
 * from the text the browser sent (expressName). Its voucher pictures are the shopper's uploads.
 */
async function checkWaybill(ctx: AppContext, userId: string, input: RefundExpress): Promise<Courier> {
  const courier = (await allCouriers(ctx)).find((c) => c.id === input.expressId && c.active);
  if (!courier) throw invalid('refundErrors.expressUnknown');
  await checkVouchers(ctx, userId, input.imgs);
  return courier;
}

/** The shopper's side of the parcel: the waybill (the return address the acceptance wrote stays). */
const waybillOf = (input: RefundExpress, courier: Courier) => ({
  dvyId: courier.id,
  dvyName: courier.nameZh,
  dvyFlowId: input.expressNo,
  senderMobile: input.mobile,
  senderRemarks: input.senderRemarks || null,
  imgs: input.imgs,
});

/**
 * POST /p/orderRefund/submitExpress: the return's waybill (2 -> 3, the seller's receipt deadline
 * starts). One statement, no transaction (apply's way, decision 060): the move (only of a return),
 * its history row, the waybill, the old step's jobs cancelled and the new step's booked, each
 * written only when the move found its row.
 */
export async function submitRefundExpress(ctx: AppContext, userId: string, input: RefundExpress): Promise<void> {
  const courier = await checkWaybill(ctx, userId, input);
  const now = ctx.now();
  const periods = await loadPeriods(ctx);
  const deadline = new Date(now.getTime() + periods.sellerReceiveMs);
  const row = await repo.moveRefund(ctx.db, {
    refundSn: input.refundSn,
    from: [REFUND_STATUS.accepted],
    owner: { userId },
    applyType: APPLY_TYPE.returnAndRefund,
    set: { returnMoneySts: REFUND_STATUS.buyerShipped, shipTime: now, deadline },
    now,
    history: { actor: 'buyer', actorId: userId, action: 'ship', note: `${courier.nameZh} ${input.expressNo}` },
    alongside: [
      repo.deliveryOfMovedPart(waybillOf(input, courier), now),
      leftStepPart(input.refundSn, REFUND_STATUS.accepted, REFUND_STATUS.buyerShipped),
      enteredStepPart(ctx.db, { refundSn: input.refundSn, status: REFUND_STATUS.buyerShipped, deadline, periods, now }, repo.MOVED),
    ].filter((part): part is SQL => part !== null),
  });
  if (!row) await refuseMove(ctx, userId, input.refundSn, 'refundErrors.cannotShip');
}

/** PUT /p/orderRefund/reSubmitExpress: edits the waybill while the seller has not received the goods (3). */
export async function resubmitRefundExpress(ctx: AppContext, userId: string, input: RefundExpress): Promise<void> {
  const courier = await checkWaybill(ctx, userId, input);
  const now = ctx.now();
  // One statement, as submitExpress: the touch of the request, its history row and the waybill.
  const row = await repo.moveRefund(ctx.db, {
    refundSn: input.refundSn,
    from: [REFUND_STATUS.buyerShipped],
    owner: { userId },
    set: {},
    now,
    history: { actor: 'buyer', actorId: userId, action: 'reship', note: `${courier.nameZh} ${input.expressNo}` },
    alongside: [repo.deliveryOfMovedPart(waybillOf(input, courier), now)],
  });
  if (!row) await refuseMove(ctx, userId, input.refundSn, 'refundErrors.cannotReship');
}

/** POST /p/orderRefund/applyPlatform: after a refusal, the shopper asks the platform to step in (once). */
export async function applyRefundPlatform(ctx: AppContext, userId: string, input: RefundApplyPlatform): Promise<void> {
  const now = ctx.now();
  const current = await ownRefund(ctx, userId, input.refundSn);
  if (current.returnMoneySts !== REFUND_STATUS.refused) throw invalid('refundErrors.cannotApplyPlatform');
  if (current.platformStatus !== 0) throw invalid('refundErrors.platformRequested');
  // Another open request of the same goods: the platform could not refund this one.
  if ((await editingOf(ctx, current)).otherOpen) throw invalid(current.orderItemId === 0 ? 'refundErrors.wholeOrderBlocked' : 'refundErrors.openRequest');
  const moved = await ctx.db.transaction(async (tx) => {
    const row = await repo.moveRefund(tx, {
      refundSn: current.refundSn,
      from: [REFUND_STATUS.refused],
      owner: { userId },
      platformStatus: 0,
      set: { platformStatus: 1, platformApplyReason: input.reason },
      now,
    });
    if (!row) return false;
    await repo.insertHistory(tx, { refundSn: row.refundSn, actor: 'buyer', actorId: userId, action: 'applyPlatform', returnMoneySts: row.returnMoneySts, note: input.reason, refundAmount: row.refundAmount, createdAt: now });
    return true;
  });
  if (!moved) throw invalid('refundErrors.platformRequested');
}

