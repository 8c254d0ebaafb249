// What every after-sales flow shares (decision 059): the periods, the order's state read from its
// owners (order module lines and figures, aftersale module requests), the deadline jobs of a step,
// and the answers (list rows and details) built from the rows with the shop's and buyer's names.
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@bazaar/shared/constants/limits';
import { APPLY_TYPE, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { AftersaleSettings, RefundDeadlineAction, RefundDetail, RefundHistory, RefundItem, RefundListItem } from '@bazaar/shared/schemas/refund';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { failedCheck, uniqueViolation } from '../db/errors.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { AppError, invalid, notFound } from '../lib/app-error.ts';
import { cancelJobs, cancelJobsPart, rescheduleJobs, rescheduleJobsPart } from '../lib/jobs.ts';
import { localized } from '../lib/localized.ts';
import { userNickName } from '../modules/account/repository.ts';
import * as repo from '../modules/aftersale/repository.ts';
import { orderState, periodsOf, type OrderState, type Periods } from '../modules/aftersale/rules.ts';
import { aftersaleLinesOf, aftersaleLinesPart, clearOrderApplying, findOrderForAftersale, linesForAftersale, orderForAftersaleOf, orderForAftersalePart, type AftersaleLine, type OrderForAftersale } from '../modules/order/aftersale-reads.ts';
import { everyPieceRefunded, lockOrderForRefund, orderLinesForRefund } from '../modules/order/refunds.ts';
import { anyShopName } from '../modules/shop/repository.ts';
import { allCouriers, courierName, type Courier } from '../modules/logistics/service.ts';

export const timeOrNull = (date: Date | null) => (date ? formatApiTime(date) : null);

/**
 * The after-sales settings, kept in memory: every accept of a return, waybill, edit and withdrawal
 * needs the periods, and staff seldom change them. writeAftersaleSettings drops every instance's
 * copy once its change committed (lib/cache.ts: through Redis, as site configuration's); the TTL
 * only bounds a missed invalidation. Running deadlines keep the time they were given either way.
 */
export const AFTERSALE_SETTINGS_CACHE = 'aftersale-settings';
const SETTINGS_CACHE_OPTIONS = { ttlMs: 5 * 60_000, max: 1 };

export async function loadPeriods(ctx: AppContext): Promise<Periods> {
  const cache = ctx.caches.named<AftersaleSettings>(AFTERSALE_SETTINGS_CACHE, SETTINGS_CACHE_OPTIONS);
  const settings = cache.cached('settings') ?? (await cache.get('settings', () => repo.readSettings(ctx.db)));
  return periodsOf(settings, ctx.env);
}

/** After a change of the settings committed: every instance reads them again. */
export function forgetAftersaleSettings(ctx: AppContext): Promise<void> {
  return ctx.caches.invalidate(AFTERSALE_SETTINGS_CACHE);
}

/** The shop's name and the buyer's nickname, joined by column into the request rows. */
export const nameParts = (lang: Language): repo.RefundNameParts => ({ shopName: (col) => anyShopName(col, lang), nickName: userNickName });

/**
 * The order, its lines and its requests (all, or without `except`), and where it stands; with
 * `withPeriods`, the periods too. One statement: each owner's read is a part of it (the order
 * module's order and lines, this module's requests and settings; db/json-rows.ts), one round trip
 * instead of three or four on the pool.
 */
export async function loadOrderState(db: Db | Tx, orderNumber: string, except?: string) {
  return (await readOrderState(db, orderNumber, except, false)).loaded;
}

/** loadOrderState and loadPeriods in one statement (the shopper's applyInfo and apply). */
export async function loadOrderStateAndPeriods(ctx: AppContext, orderNumber: string, except?: string) {
  const { loaded, settings } = await readOrderState(ctx.db, orderNumber, except, true);
  return { loaded, periods: periodsOf(repo.settingsOf(settings), ctx.env) };
}

async function readOrderState(db: Db | Tx, orderNumber: string, except: string | undefined, withSettings: boolean) {
  const settings = withSettings ? sql`, ${repo.settingsPart()} as "settings"` : sql``;
  const result = await db.execute<{ order: unknown; lines: unknown; refunds: unknown; settings?: unknown }>(
    sql`select ${orderForAftersalePart(orderNumber)} as "order", ${aftersaleLinesPart(orderNumber)} as "lines", ${repo.refundsOfOrderPart(orderNumber)} as "refunds"${settings}`,
  );
  const row = result.rows[0]!;
  const order = orderForAftersaleOf(row.order);
  const loaded = order ? stateOf(order, aftersaleLinesOf(row.lines), repo.refundRowsOf(row.refunds), except) : undefined;
  return { loaded, settings: row.settings };
}

function stateOf(order: OrderForAftersale, lines: AftersaleLine[], refunds: repo.RefundRow[], except: string | undefined) {
  const others = except ? refunds.filter((r) => r.refundSn !== except) : refunds;
  return { order, lines, refunds, state: orderState(order, lines, others) };
}

// ---- The steps' deadlines ----

/** The deadline job and the reminder job of each waiting step. */
export const DEADLINE_JOBS = { 1: 'refund.sellerHandle', 2: 'refund.buyerShip', 3: 'refund.sellerReceive' } as const;
export const REMINDER_JOBS = { 1: 'refund.remindHandle', 2: 'refund.remindShip', 3: 'refund.remindReceive' } as const;
type Step = keyof typeof DEADLINE_JOBS;

/** When the step a request is now in runs out (null: nobody must act against a clock). */
export function deadlineOf(status: number, applyType: number, periods: Periods, now: Date): Date | null {
  if (status === REFUND_STATUS.applied) return new Date(now.getTime() + periods.sellerHandleMs);
  if (status === REFUND_STATUS.accepted && applyType === APPLY_TYPE.returnAndRefund) return new Date(now.getTime() + periods.buyerShipMs);
  if (status === REFUND_STATUS.buyerShipped) return new Date(now.getTime() + periods.sellerReceiveMs);
  return null;
}

export function deadlineActionOf(status: number, applyType: number): RefundDeadlineAction | null {
  if (status === REFUND_STATUS.applied) return 'agree';
  if (status === REFUND_STATUS.accepted && applyType === APPLY_TYPE.returnAndRefund) return 'close';
  if (status === REFUND_STATUS.buyerShipped) return 'receive';
  return null;
}

/**
 * Books the jobs of the step the request just entered (its deadline and the reminder before it)
 * and cancels those of the step it left; in the move's transaction, so both stand or fall together.
 * One statement for each (decision 059, the after-sales bench). `periods` is needed only with a deadline.
 */
export async function bookStep(tx: Tx, input: { refundSn: string; left?: number; status: number; deadline: Date | null; periods?: Periods; now: Date }): Promise<void> {
  if (input.left !== undefined && input.left !== input.status && input.left in DEADLINE_JOBS) {
    await cancelJobs(tx, [DEADLINE_JOBS[input.left as Step], REMINDER_JOBS[input.left as Step]], input.refundSn);
  }
  const entered = enteredStepJobs(input);
  if (entered.length) await rescheduleJobs(tx, entered);
}

/** The deadline job and the reminder of the step a request enters (none without a deadline). */
function enteredStepJobs(input: { refundSn: string; status: number; deadline: Date | null; periods?: Periods; now: Date }): Array<{ kind: string; ref: string; runAt: Date }> {
  if (!input.deadline || !(input.status in DEADLINE_JOBS)) return [];
  if (!input.periods) throw new Error(`refund ${input.refundSn}: a deadline needs the periods`);
  const step = input.status as Step;
  const remindAt = Math.max(input.deadline.getTime() - input.periods.reminderMs, input.now.getTime());
  return [
    { kind: DEADLINE_JOBS[step], ref: input.refundSn, runAt: input.deadline },
    { kind: REMINDER_JOBS[step], ref: input.refundSn, runAt: new Date(remindAt) },
  ];
}

/**
 * bookStep's jobs of the step entered as a part of the statement that writes the request
 * (insertRefund's or moveRefund's `alongside`; a move's must pass `when`, repo.MOVED); null
 * without a deadline.
 */
export function enteredStepPart(tx: Db | Tx, input: { refundSn: string; status: number; deadline: Date | null; periods?: Periods; now: Date }, when?: SQL): SQL | null {
  const entered = enteredStepJobs(input);
  return entered.length ? rescheduleJobsPart(tx, entered, when) : null;
}

/**
 * The cancel of the jobs of the step a request left, as a part of the move's own statement
 * (moveRefund's `alongside`, held to its MOVED): one round trip less than bookStep's. Null when the
 * step left has no jobs.
 */
export function leftStepPart(refundSn: string, left: number, status: number): SQL | null {
  if (left === status || !(left in DEADLINE_JOBS)) return null;
  return cancelJobsPart([DEADLINE_JOBS[left as Step], REMINDER_JOBS[left as Step]], refundSn, repo.MOVED);
}

/** A request ended without money: the order's refundStatus leaves 1 when no other request is open. */
export async function settleOrderApplying(tx: Tx, orderNumber: string, now: Date): Promise<void> {
  // The order's lock first (as an apply's trigger takes it): a request made meanwhile is either seen here or sets 1 after.
  await lockOrderForRefund(tx, orderNumber);
  const refunds = await repo.refundsOfOrders(tx, [orderNumber]);
  if (refunds.some((r) => r.returnMoneySts >= 1 && r.returnMoneySts <= 4)) return;
  const settled = refunds.filter((r) => r.returnMoneySts === REFUND_STATUS.success);
  const refunded = settled.reduce((n, r) => n + r.refundAmount, 0);
  const everyPiece = settled.length > 0 && everyPieceRefunded(await orderLinesForRefund(tx, orderNumber), settled);
  await clearOrderApplying(tx, { orderNumber, refunded, everyPiece, now });
}

/** Database refusals of a move (triggers, the one-open-request index) as the shopper's messages. */
export function translateDbError(err: unknown): never {
  const check = failedCheck(err);
  if (check && check.startsWith('refundErrors.')) throw invalid(check);
  if (uniqueViolation(err) === 'refunds_open_item_uq') throw invalid('refundErrors.openRequest');
  throw err;
}

export function rethrowApp(err: unknown): never {
  if (err instanceof AppError) throw err;
  translateDbError(err);
}

// ---- Answers ----

function itemOf(line: AftersaleLine, lang: Language): RefundItem {
  return {
    orderItemId: line.id,
    prodId: line.productId,
    prodName: localized(lang, line.prodNameZh, line.prodNameEn),
    skuName: localized(lang, line.skuNameZh ?? '', line.skuNameEn),
    pic: line.pic ?? '',
    price: line.price,
    prodCount: line.prodCount,
    actualTotal: line.actualTotal,
  };
}

export function itemsOf(row: { orderItemId: number }, lines: AftersaleLine[], lang: Language): RefundItem[] {
  return lines.filter((l) => row.orderItemId === 0 || l.id === row.orderItemId).map((l) => itemOf(l, lang));
}

export function listItemOf(row: repo.NamedRefundRow, lines: AftersaleLine[], lang: Language): RefundListItem {
  const open = row.returnMoneySts >= 1 && row.returnMoneySts <= 4;
  return {
    refundSn: row.refundSn,
    orderNumber: row.orderNumber,
    orderItemId: row.orderItemId,
    refundType: row.refundType,
    applyType: row.applyType,
    returnMoneySts: row.returnMoneySts,
    settleStatus: row.settleStatus,
    goodsNum: row.goodsNum,
    refundAmount: row.refundAmount,
    shopId: row.shopId,
    shopName: row.shopName,
    applyTime: formatApiTime(row.applyTime),
    deadline: open ? timeOrNull(row.deadline) : null,
    deadlineAction: open && row.deadline ? deadlineActionOf(row.returnMoneySts, row.applyType) : null,
    platformStatus: row.platformStatus,
    items: itemsOf(row, lines, lang),
  };
}

/** A page of list rows: the lines of every order on the page in one read. */
export async function listItemsOf(db: Db, rows: repo.NamedRefundRow[], lang: Language): Promise<Array<RefundListItem & { row: repo.NamedRefundRow }>> {
  const lines = await linesForAftersale(db, [...new Set(rows.map((r) => r.orderNumber))]);
  return rows.map((row) => ({ ...listItemOf(row, lines.filter((l) => l.orderNumber === row.orderNumber), lang), row }));
}

/** The courier of this id in the reader's language (GET /p/delivery/list's name), or null for none or an unknown one. */
function courierNamed(couriers: Courier[], id: number | null, lang: Language): string | null {
  const courier = id === null ? undefined : couriers.find((c) => c.id === id);
  return courier ? courierName(courier, lang) : null;
}

/** A waybill's history note ("<courier> <number>") with its courier named in the reader's language, whichever language it was written in. */
function courierNoteIn(couriers: Courier[], lang: Language): (note: string | null) => string | null {
  return (note) => {
    if (!note) return note;
    const courier = couriers.find((c) => note.startsWith(`${c.nameZh} `) || (c.nameEn !== null && note.startsWith(`${c.nameEn} `)));
    if (!courier) return note;
    const written = note.startsWith(`${courier.nameZh} `) ? courier.nameZh : courier.nameEn!;
    return `${courierName(courier, lang)}${note.slice(written.length)}`;
  };
}

export type DetailBase = Omit<RefundDetail, 'canCancel' | 'canEdit' | 'canUpdateAmount' | 'canSubmitExpress' | 'canEditExpress' | 'canApplyPlatform' | 'otherOpenRequest' | 'editLimits'>;

/** A request with its order, parcel and history: what every detail page shows. */
export async function detailOf(ctx: AppContext, row: repo.NamedRefundRow, lang: Language): Promise<{ detail: DetailBase; order: OrderForAftersale }> {
  const [order, lines, delivery, history, couriers] = await Promise.all([
    findOrderForAftersale(ctx.db, row.orderNumber),
    linesForAftersale(ctx.db, [row.orderNumber]),
    repo.findDelivery(ctx.db, row.refundSn),
    repo.historyOf(ctx.db, row.refundSn),
    allCouriers(ctx),
  ]);
  const waybillNote = courierNoteIn(couriers, lang);
  if (!order) throw notFound('refundErrors.notFound');
  return {
    order,
    detail: {
      ...listItemOf(row, lines, lang),
      isReceiver: row.isReceiver,
      buyerReason: row.buyerReason,
      buyerDesc: row.buyerDesc ?? '',
      buyerMobile: row.buyerMobile,
      photoFiles: row.photoFiles,
      maxRefundAmount: row.maxRefundAmount,
      freightAmount: row.freightAmount,
      sellerMsg: row.sellerMsg,
      platformReason: row.platformReason,
      orderStatus: order.status,
      orderActualTotal: order.actualTotal,
      handleTime: timeOrNull(row.handleTime),
      shipTime: timeOrNull(row.shipTime),
      receiveTime: timeOrNull(row.receiveTime),
      refundTime: timeOrNull(row.refundTime),
      cancelTime: timeOrNull(row.cancelTime),
      closeTime: timeOrNull(row.closeTime),
      delivery: delivery
        ? {
            dvyId: delivery.dvyId,
            // The courier named from its id in the reader's language, not as stored (QA 2026-12-08).
            dvyName: courierNamed(couriers, delivery.dvyId, lang) ?? delivery.dvyName,
            dvyFlowId: delivery.dvyFlowId,
            senderMobile: delivery.senderMobile,
            senderRemarks: delivery.senderRemarks,
            imgs: delivery.imgs,
            receiverName: delivery.receiverName,
            receiverMobile: delivery.receiverMobile,
            receiverAddr: delivery.receiverAddr,
          }
        : null,
      history: history.map(
        (h): RefundHistory => ({
          id: h.id,
          actor: h.actor as RefundHistory['actor'],
          action: h.action as RefundHistory['action'],
          returnMoneySts: h.returnMoneySts,
          note: h.action === 'ship' || h.action === 'reship' ? waybillNote(h.note) : h.note,
          refundAmount: h.refundAmount,
          createTime: formatApiTime(h.createdAt),
        }),
      ),
    },
  };
}

export type { OrderState };
