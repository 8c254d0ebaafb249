// The other sides of an after-sales request (decision 059): the shop accepts, refuses or confirms
// the returned goods (each written to the shop's log); platform staff step in after a refusal
// (audited); and the deadlines decide when nobody acted. A decision in the buyer's favour sets the
// new status and settle_status 1 in one conditional update; a refund to the balance (or of 0 fen) is
// settled in that same transaction (settleWithDecision), a gateway's is sent once it committed
// (executeRefund, flows/refund-money.ts): either way the money goes back exactly once.
import type { SQL } from 'drizzle-orm';
import type { Language } from '@bazaar/shared/constants/limits';
import { APPLY_TYPE, REFUND_SETTLE_STATUS, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { Page } from '@bazaar/shared/schemas/common';
import {
  MERCHANT_REFUND_TAB_STATUSES,
  type AdminRefundDecide,
  type AdminRefundDetail,
  type AdminRefundListItem,
  type AdminRefundQuery,
  type AftersaleSettings,
  type MerchantRefundAccept,
  type MerchantRefundDecision,
  type MerchantRefundDetail,
  type MerchantRefundPage,
  type MerchantRefundQuery,
  type RefundCounts,
  type ReturnAddress,
  type ReturnAddressInput,
} from '@bazaar/shared/schemas/refund';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { invalid, notFound } from '../lib/app-error.ts';
import { getProfile } from '../modules/admin/service.ts';
import * as repo from '../modules/aftersale/repository.ts';
import { ceilingFor, type Periods } from '../modules/aftersale/rules.ts';
import { recordChange } from '../modules/audit/service.ts';
import { auditLogPart, insertAuditLog } from '../modules/merchant/repository.ts';
import { markOrderApplying } from '../modules/order/aftersale-reads.ts';
import { lockOrderForRefund, lockOrderWithLinesPart, orderWithLinesOf } from '../modules/order/refunds.ts';
import { mallDayStart } from '../modules/order/shop-orders.ts';
import { findShopContact } from '../modules/shop/contact.ts';
import { executeRefund, settledWithDecision, settleWithDecision, type DecisionMoney } from './refund-money.ts';
import { bookStep, deadlineOf, detailOf, enteredStepPart, forgetAftersaleSettings, leftStepPart, listItemsOf, loadOrderState, loadPeriods, nameParts, rethrowApp, settleOrderApplying } from './refund-parts.ts';

export interface Actor {
  actor: 'seller' | 'platform' | 'system';
  id: string | null;
  name: string | null;
}

/** Where a request stands after a decision: what the merchant's decisions answer. */
const standing = (row: { refundSn: string; returnMoneySts: number; settleStatus: number }): MerchantRefundDecision => ({
  refundSn: row.refundSn,
  returnMoneySts: row.returnMoneySts,
  settleStatus: row.settleStatus,
});

const REFUNDED = (refundSn: string): MerchantRefundDecision => ({ refundSn, returnMoneySts: REFUND_STATUS.success, settleStatus: REFUND_SETTLE_STATUS.refunded });

/**
 * Pays a decided refund after its decision committed (`row`, as the decision left it; `order`, as
 * it read it). A failure is left to the retry sweep (refund-money.ts), which finds settle_status 1.
 * The settle step also sets the order's refundStatus, under the order's lock: 2 or 3, or 1 while
 * another request is open. Answers where the request stands: refunded, or (a gateway not yet
 * confirmed) as it is now.
 */
async function payBack(ctx: AppContext, row: repo.RefundRow, order?: Parameters<typeof executeRefund>[3]): Promise<MerchantRefundDecision> {
  try {
    if ((await executeRefund(ctx, row.refundSn, row, order)) === 'refunded') {
      return REFUNDED(row.refundSn);
    }
  } catch {
    // settle_status stays 1 (or 3): the refund sweep sends it again with the same refund number.
  }
  return standing((await repo.findRefund(ctx.db, row.refundSn)) ?? row);
}

/** The shop's return address: its own setting, or its address and phone; null when it has neither. */
async function returnAddressOf(ctx: AppContext, db: AppContext['db'] | Tx, shopId: number): Promise<ReturnAddress | null> {
  const saved = await repo.findReturnAddress(db, shopId);
  if (saved) return saved;
  const shop = await findShopContact(db, shopId);
  if (!shop || !shop.tel || shop.address.trim().length < 5) return null;
  return { receiverName: shop.nameZh, receiverMobile: shop.tel, receiverAddr: shop.address };
}

/** A decision's row, and its money when it decided one: settled in its transaction, or for the gateway. */
type Decided = { row: repo.RefundRow; money: DecisionMoney | null } | undefined;

/** What agree answers when the move of a guessed request (not read first) found nothing: nothing was done. */
const MISSED = Symbol('missed');

/** What a decision writes beside the move, by the move's own statement (the shop's log): other owners' parts, held to repo.MOVED. */
type Alongside = SQL[];

/** Where a decided request stands once its transaction committed: refunded, sent to the gateway, or as decided. */
async function afterDecision(ctx: AppContext, decided: NonNullable<Decided>): Promise<MerchantRefundDecision> {
  const { row, money } = decided;
  if (!money) return standing(row);
  if (money.kind === 'gateway') return payBack(ctx, row, money.order);
  settledWithDecision(ctx, money);
  return REFUNDED(row.refundSn);
}

/**
 * Agrees to a request in 1 (the seller, or the handling deadline): a refund only is decided
 * (2, settle 1); a return waits for the buyer's waybill (2, with the address it goes to and the
 * shipping deadline). `current` is the request as the caller read it: the move is conditional on
 * its state and service type. The periods are read only for a return (a refund only gets no deadline).
 */
async function agree(
  ctx: AppContext,
  current: Pick<repo.RefundRow, 'refundSn' | 'shopId' | 'applyType'>,
  input: { shopId?: number; actor: Actor; action: 'accept' | 'autoAgree'; address?: ReturnAddress | null; periods?: Periods; alongside?: Alongside; guessed?: boolean },
): Promise<Decided | typeof MISSED> {
  const now = ctx.now();
  if (input.shopId !== undefined && current.shopId !== input.shopId) return undefined;
  const isReturn = current.applyType === APPLY_TYPE.returnAndRefund;
  const [periods, address] = isReturn
    ? await Promise.all([input.periods ?? loadPeriods(ctx), input.address ?? returnAddressOf(ctx, ctx.db, current.shopId)])
    : [input.periods, null];
  if (isReturn && !address) throw invalid('refundErrors.returnAddressMissing');
  const deadline = isReturn ? deadlineOf(REFUND_STATUS.accepted, current.applyType, periods!, now) : null;
  const decision = (db: AppContext['db'] | Tx) => ({
    refundSn: current.refundSn,
    from: [REFUND_STATUS.applied],
    owner: input.shopId !== undefined ? { shopId: input.shopId } : undefined,
    // As read: an edit in between (refund only <-> return) must not be decided as the other kind.
    applyType: current.applyType,
    set: {
      returnMoneySts: REFUND_STATUS.accepted,
      handleTime: now,
      deadline,
      ...(isReturn ? {} : { settleStatus: REFUND_SETTLE_STATUS.refunding }),
    },
    now,
    history: { actor: input.actor.actor, actorId: input.actor.id, actorName: input.actor.name, action: input.action, note: address ? `${address.receiverName} ${address.receiverMobile} ${address.receiverAddr}` : null },
    // The old step's jobs go with the move's own statement, and for a return the address it goes to and the new step's jobs.
    alongside: [
      leftStepPart(current.refundSn, REFUND_STATUS.applied, REFUND_STATUS.accepted),
      address ? repo.deliveryOfMovedPart({ receiverName: address.receiverName, receiverMobile: address.receiverMobile, receiverAddr: address.receiverAddr }, now) : null,
      deadline ? enteredStepPart(db, { refundSn: current.refundSn, status: REFUND_STATUS.accepted, deadline, periods, now }, repo.MOVED) : null,
      ...(input.alongside ?? []),
    ].filter((part): part is SQL => part !== null),
  });
  /** The move found nothing: still waiting but edited to the other service type is "changed" (a deadline job is retried and decides it from a fresh read). */
  const missed = async (db: AppContext['db'] | Tx): Promise<undefined | typeof MISSED> => {
    // A guess (`current` not read): the caller reads the request and tells why.
    if (input.guessed) return MISSED;
    const edited = await repo.findRefund(db, current.refundSn);
    if (edited?.returnMoneySts === REFUND_STATUS.applied && edited.applyType !== current.applyType) throw invalid('refundErrors.statusChanged');
    return undefined;
  };
  if (isReturn) {
    // No money yet: the decision is its one statement (the move, its history row, the address, the jobs, the shop's log), so no transaction.
    const row = await repo.moveRefund(ctx.db, decision(ctx.db));
    return row ? { row, money: null } : missed(ctx.db);
  }
  return ctx.db.transaction(async (tx) => {
    // A refund only's money is decided here: its order is locked by the same statement, after the move.
    const moved = await repo.moveRefundReading(tx, { ...decision(tx), reading: lockOrderWithLinesPart(repo.MOVED_ORDER_NUMBER) });
    if (!moved) return missed(tx);
    return { row: moved.row, money: await settleWithDecision(ctx, tx, moved.row, orderWithLinesOf(moved.reading)) };
  });
}

/**
 * The returned goods arrived (the seller, or the receipt deadline): 3 -> 4, settle 1, and the money
 * in the same transaction as agree's. No new deadline, so no periods.
 */
async function receive(ctx: AppContext, input: { refundSn: string; shopId?: number; actor: Actor; action: 'receive' | 'autoReceive'; alongside?: Alongside }): Promise<Decided> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const moved = await repo.moveRefundReading(tx, {
      refundSn: input.refundSn,
      from: [REFUND_STATUS.buyerShipped],
      owner: input.shopId !== undefined ? { shopId: input.shopId } : undefined,
      set: { returnMoneySts: REFUND_STATUS.sellerReceived, receiveTime: now, deadline: null, settleStatus: REFUND_SETTLE_STATUS.refunding },
      now,
      history: { actor: input.actor.actor, actorId: input.actor.id, actorName: input.actor.name, action: input.action },
      alongside: [leftStepPart(input.refundSn, REFUND_STATUS.buyerShipped, REFUND_STATUS.sellerReceived), ...(input.alongside ?? [])].filter((part): part is SQL => part !== null),
      // The order locked with its lines by the same statement, after the move (the request first, then its order).
      reading: lockOrderWithLinesPart(repo.MOVED_ORDER_NUMBER),
    });
    if (!moved) return undefined;
    return { row: moved.row, money: await settleWithDecision(ctx, tx, moved.row, orderWithLinesOf(moved.reading)) };
  });
}

// ---- The deadlines (jobs) ----

/** The handling deadline passed with the request still in 1: it counts as agreed. */
export async function autoAgreeRefund(ctx: AppContext, refundSn: string): Promise<void> {
  const row = await repo.findRefund(ctx.db, refundSn);
  if (!row || row.returnMoneySts !== REFUND_STATUS.applied || !row.deadline || row.deadline > ctx.now()) return;
  let decided: Decided | typeof MISSED;
  try {
    // The row was read, so not a guess: a miss answers undefined (or 'changed'), never MISSED.
    decided = await agree(ctx, row, { actor: SYSTEM, action: 'autoAgree' });
  } catch (err) {
    // A return to a shop without any address: it waits for the seller, who is reminded anyway.
    if (err instanceof Error && 'messageKey' in err && (err as { messageKey: string }).messageKey === 'refundErrors.returnAddressMissing') return;
    throw err;
  }
  if (decided && decided !== MISSED) await afterDecision(ctx, decided);
}

/** The buyer sent no waybill in time: the return closes (2 -> -1). */
export async function autoCloseRefund(ctx: AppContext, refundSn: string): Promise<void> {
  const now = ctx.now();
  const row = await repo.findRefund(ctx.db, refundSn);
  if (!row || row.returnMoneySts !== REFUND_STATUS.accepted || row.applyType !== APPLY_TYPE.returnAndRefund || !row.deadline || row.deadline > now) return;
  const periods = await loadPeriods(ctx);
  await ctx.db.transaction(async (tx) => {
    const moved = await repo.moveRefund(tx, { refundSn, from: [REFUND_STATUS.accepted], set: { returnMoneySts: REFUND_STATUS.closed, closeTime: now, deadline: null }, now });
    if (!moved) return;
    // A return waiting for its waybill owes no money yet; one that does must not close (rolled back).
    if (moved.settleStatus !== REFUND_SETTLE_STATUS.none) throw new Error(`refund ${refundSn}: money is due, it cannot close`);
    await repo.insertHistory(tx, { refundSn, actor: 'system', action: 'autoClose', returnMoneySts: REFUND_STATUS.closed, refundAmount: moved.refundAmount, createdAt: now });
    await bookStep(tx, { refundSn, left: REFUND_STATUS.accepted, status: REFUND_STATUS.closed, deadline: null, periods, now });
    await settleOrderApplying(tx, moved.orderNumber, now);
  });
}

/** The seller did not confirm the returned goods in time: they count as received, and the money goes back. */
export async function autoReceiveRefund(ctx: AppContext, refundSn: string): Promise<void> {
  const row = await repo.findRefund(ctx.db, refundSn);
  if (!row || row.returnMoneySts !== REFUND_STATUS.buyerShipped || !row.deadline || row.deadline > ctx.now()) return;
  const decided = await receive(ctx, { refundSn, actor: SYSTEM, action: 'autoReceive' });
  if (decided) await afterDecision(ctx, decided);
}

const SYSTEM: Actor = { actor: 'system', id: null, name: null };

// ---- The merchant center ----

/** A merchant's session: its shop, its account and the login name its token read (what the logs copy). */
type Merchant = { shopId: number; accountId: number; username: string };

function merchantActor(session: Merchant): Actor {
  return { actor: 'seller', id: String(session.accountId), name: session.username };
}

/** The account's name (from the session) and the request (prepared): what a decision reads before it moves. */
async function actorAndRequest(ctx: AppContext, session: Merchant, refundSn: string): Promise<[Actor, repo.RefundRow | undefined]> {
  return [merchantActor(session), await repo.readRefund(ctx.db, refundSn)];
}

/** A decision's entry in the shop's log, written by the decision's own statement once it moved the request. */
function shopLogPart(ctx: AppContext, session: Merchant, action: string, refundSn: string, before: number, after: number): SQL {
  return auditLogPart(
    { shopId: session.shopId, accountId: session.accountId, accountName: session.username, action, targetType: 'refund', targetId: refundSn, before: { returnMoneySts: before }, after: { returnMoneySts: after }, createdAt: ctx.now() },
    repo.MOVED,
  );
}

async function shopLog(ctx: AppContext, session: Merchant, actor: Actor, action: string, row: repo.RefundRow, before: number, extra: Record<string, unknown> = {}): Promise<void> {
  await insertAuditLog(ctx.db, {
    shopId: session.shopId,
    accountId: session.accountId,
    accountName: actor.name ?? String(session.accountId),
    action,
    targetType: 'refund',
    targetId: row.refundSn,
    before: { returnMoneySts: before },
    after: { returnMoneySts: row.returnMoneySts, ...extra },
    createdAt: ctx.now(),
  });
}

const countsOf = (found: Awaited<ReturnType<typeof repo.countByStatus>>): RefundCounts => {
  const n = (s: number) => found.byStatus.get(s) ?? 0;
  return {
    applied: n(1),
    accepted: n(2),
    buyerShipped: n(3),
    sellerReceived: n(4),
    success: n(5),
    refused: n(7),
    closed: n(6) + n(-1),
    platformRequested: found.platformRequested,
  };
};

/**
 * What a merchant account sees of the shop's requests: `all` with refunds.handle (the owner,
 * customer service); `returns` with refunds.receive only (the warehouse): return requests alone,
 * and of them only what receiving the goods needs (decision 059).
 */
export type MerchantRefundScope = 'all' | 'returns';

export function merchantRefundScope(permissions: readonly string[]): MerchantRefundScope {
  return permissions.includes('refunds.handle') ? 'all' : 'returns';
}

/** The service type a scope is limited to (undefined: any). */
const scopeApplyType = (scope: MerchantRefundScope) => (scope === 'returns' ? APPLY_TYPE.returnAndRefund : undefined);

/** GET /merchant/refunds/counts. */
export async function shopRefundCounts(ctx: AppContext, shopId: number, scope: MerchantRefundScope = 'all'): Promise<RefundCounts> {
  return countsOf(await repo.countByStatus(ctx.db, shopId, scopeApplyType(scope)));
}

const DAY_MS = 24 * 3_600_000;

/** The list's request days (the mall's time zone) as moments: from the first day's start to the end of the last. */
function appliedBetween(query: { dateFrom?: string; dateTo?: string }): { appliedFrom?: Date; appliedBefore?: Date } {
  return {
    appliedFrom: query.dateFrom ? mallDayStart(query.dateFrom) : undefined,
    appliedBefore: query.dateTo ? new Date(mallDayStart(query.dateTo).getTime() + DAY_MS) : undefined,
  };
}

/** GET /merchant/refunds. */
export async function pageShopRefunds(ctx: AppContext, shopId: number, query: MerchantRefundQuery, lang: Language, scope: MerchantRefundScope = 'all'): Promise<MerchantRefundPage> {
  const offset = (query.current - 1) * query.size;
  const only = scopeApplyType(scope);
  // A warehouse account asking for refunds only gets an empty page, not the shop's refunds only.
  if (only && query.applyType && query.applyType !== only) {
    return { records: [], total: 0, size: query.size, current: query.current, pages: 0, counts: await shopRefundCounts(ctx, shopId, scope) };
  }
  const [{ rows, total }, counts] = await Promise.all([
    repo.pageRefunds(ctx.db, { shopId, statuses: MERCHANT_REFUND_TAB_STATUSES[query.tab], applyType: only ?? (query.applyType || undefined), keyword: query.keyword || undefined, ...appliedBetween(query) }, query.size, offset, nameParts(lang)),
    shopRefundCounts(ctx, shopId, scope),
  ]);
  const records = (await listItemsOf(ctx.db, rows, lang)).map(({ row, ...item }) => ({ ...item, userNickName: row.nickName, buyerReason: row.buyerReason }));
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size), counts };
}

/** GET /merchant/refunds/{refundSn}: the shop's own request only (another shop's answers "not found"). */
export async function shopRefundDetail(ctx: AppContext, shopId: number, refundSn: string, lang: Language, scope: MerchantRefundScope = 'all'): Promise<MerchantRefundDetail> {
  const row = await repo.findNamedRefund(ctx.db, refundSn, nameParts(lang));
  const only = scopeApplyType(scope);
  // Out of the account's scope answers as another shop's request does.
  if (!row || row.shopId !== shopId || (only && row.applyType !== only)) throw notFound('refundErrors.notFound');
  const { detail } = await detailOf(ctx, row, lang);
  const s = row.returnMoneySts;
  const full: MerchantRefundDetail = {
    ...detail,
    userNickName: row.nickName,
    canAccept: s === REFUND_STATUS.applied,
    canRefuse: s === REFUND_STATUS.applied || (s === REFUND_STATUS.buyerShipped && row.applyType === APPLY_TYPE.returnAndRefund),
    canReceive: s === REFUND_STATUS.buyerShipped,
  };
  return scope === 'all' ? full : receivingView(full);
}

/**
 * A return as the warehouse sees it: the goods, the pieces, the parcel (waybill and where it goes),
 * the states and the deadline. The shopper's own words, phone and photos, the platform's reasoning
 * and the notes the shopper wrote in the history are not its business; it may only confirm receipt.
 */
function receivingView(detail: MerchantRefundDetail): MerchantRefundDetail {
  const shopperNotes = new Set(['apply', 'edit', 'applyPlatform', 'platformRefund', 'platformClose']);
  return {
    ...detail,
    buyerDesc: '',
    buyerMobile: null,
    photoFiles: [],
    platformReason: null,
    history: detail.history.map((h) => (shopperNotes.has(h.action) ? { ...h, note: null } : h)),
    canAccept: false,
    canRefuse: false,
  };
}

async function refuseUnlessShops(ctx: AppContext, shopId: number, refundSn: string, key: string, scope: MerchantRefundScope = 'all'): Promise<never> {
  const row = await repo.findRefund(ctx.db, refundSn);
  const only = scopeApplyType(scope);
  if (!row || row.shopId !== shopId || (only && row.applyType !== only)) throw notFound('refundErrors.notFound');
  throw invalid(key);
}

/**
 * PUT /merchant/refunds/{refundSn}/accept. Three pages pressing at once decide it once: the others
 * are told it changed. Answers where the request stands (5 once a refund only's money is back); the
 * page reads the request again, so the answer costs no statement of its own (decision 059).
 */
export async function acceptRefund(ctx: AppContext, session: Merchant, refundSn: string, input: MerchantRefundAccept): Promise<MerchantRefundDecision> {
  const actor = merchantActor(session);
  const log = shopLogPart(ctx, session, 'refund.accept', refundSn, REFUND_STATUS.applied, REFUND_STATUS.accepted);
  const decide = (current: Pick<repo.RefundRow, 'refundSn' | 'shopId' | 'applyType'>, guessed: boolean) =>
    agree(ctx, current, { shopId: session.shopId, actor, action: 'accept', address: input.returnAddress ?? null, alongside: [log], guessed }).catch(rethrowApp);
  // Most requests are a refund only (decision 060, seventh pass): decided as one without reading the
  // request first. The move is conditional on the service type as it holds (and the state and the
  // shop), so a return, or an edited request, is never decided as a refund only; a miss changed nothing.
  let decided = await decide({ refundSn, shopId: session.shopId, applyType: APPLY_TYPE.refundOnly }, true);
  if (decided === MISSED) {
    const current = await repo.readRefund(ctx.db, refundSn);
    if (!current || current.shopId !== session.shopId) throw notFound('refundErrors.notFound');
    // A refund only the move missed is not waiting (or was a return at the move and edited since).
    if (current.applyType !== APPLY_TYPE.returnAndRefund) throw invalid(current.returnMoneySts === REFUND_STATUS.applied ? 'refundErrors.statusChanged' : 'refundErrors.cannotAccept');
    decided = await decide(current, false);
  }
  if (!decided || decided === MISSED) throw invalid('refundErrors.cannotAccept');
  return afterDecision(ctx, decided);
}

/** PUT /merchant/refunds/{refundSn}/refuse: a request in 1, or a return whose goods came back wrong (3). */
export async function refuseRefund(ctx: AppContext, session: Merchant, refundSn: string, reason: string): Promise<MerchantRefundDecision> {
  const now = ctx.now();
  const [actor, current] = await actorAndRequest(ctx, session, refundSn);
  if (!current || current.shopId !== session.shopId) throw notFound('refundErrors.notFound');
  const from = current.applyType === APPLY_TYPE.returnAndRefund ? [REFUND_STATUS.applied, REFUND_STATUS.buyerShipped] : [REFUND_STATUS.applied];
  const row = await ctx.db.transaction(async (tx) => {
    const moved = await repo.moveRefund(tx, { refundSn, from, owner: { shopId: session.shopId }, set: { returnMoneySts: REFUND_STATUS.refused, sellerMsg: reason, handleTime: now, deadline: null }, now });
    if (!moved) return undefined;
    await repo.insertHistory(tx, { refundSn, actor: 'seller', actorId: actor.id, actorName: actor.name, action: 'refuse', returnMoneySts: moved.returnMoneySts, note: reason, refundAmount: moved.refundAmount, createdAt: now });
    await bookStep(tx, { refundSn, left: current.returnMoneySts, status: moved.returnMoneySts, deadline: null, now });
    await settleOrderApplying(tx, moved.orderNumber, now);
    return moved;
  });
  if (!row) throw invalid('refundErrors.cannotRefuse');
  await shopLog(ctx, session, actor, 'refund.refuse', row, current.returnMoneySts, { reason });
  return standing(row);
}

/** PUT /merchant/refunds/{refundSn}/receive: the returned goods arrived; the money goes back. Answers as accept does. */
export async function receiveRefund(ctx: AppContext, session: Merchant, refundSn: string, scope: MerchantRefundScope = 'all'): Promise<MerchantRefundDecision> {
  const actor = merchantActor(session);
  const log = shopLogPart(ctx, session, 'refund.receive', refundSn, REFUND_STATUS.buyerShipped, REFUND_STATUS.sellerReceived);
  const decided = await receive(ctx, { refundSn, shopId: session.shopId, actor, action: 'receive', alongside: [log] }).catch(rethrowApp);
  // A warehouse account (scope 'returns') may receive only returns; a refund only is never in 3, so the move found nothing.
  if (!decided) return refuseUnlessShops(ctx, session.shopId, refundSn, 'refundErrors.cannotReceive', scope);
  return afterDecision(ctx, decided);
}

/** GET /merchant/refunds/return-address: the shop's own, or its address and phone (empty when it has neither). */
export async function shopReturnAddress(ctx: AppContext, shopId: number): Promise<ReturnAddress> {
  return (await returnAddressOf(ctx, ctx.db, shopId)) ?? { receiverName: '', receiverMobile: '', receiverAddr: '' };
}

/** PUT /merchant/refunds/return-address. */
export async function saveShopReturnAddress(ctx: AppContext, session: Merchant, input: ReturnAddressInput): Promise<ReturnAddress> {
  const before = await repo.findReturnAddress(ctx.db, session.shopId);
  await repo.saveReturnAddress(ctx.db, session.shopId, input, ctx.now());
  await insertAuditLog(ctx.db, {
    shopId: session.shopId,
    accountId: session.accountId,
    accountName: session.username,
    action: 'refund.returnAddress',
    targetType: 'shop',
    targetId: String(session.shopId),
    before: before ?? null,
    after: { ...input },
    createdAt: ctx.now(),
  });
  return input;
}

// ---- The platform console ----

/** GET /admin/refunds. */
export async function pageAllRefunds(ctx: AppContext, query: AdminRefundQuery, lang: Language): Promise<Page<AdminRefundListItem>> {
  const offset = (query.current - 1) * query.size;
  const { rows, total } = await repo.pageRefunds(
    ctx.db,
    { shopId: query.shopId, statuses: MERCHANT_REFUND_TAB_STATUSES[query.tab], applyType: query.applyType || undefined, keyword: query.keyword || undefined, platformRequested: query.platform === 1, ...appliedBetween(query) },
    query.size,
    offset,
    nameParts(lang),
  );
  const records = (await listItemsOf(ctx.db, rows, lang)).map(({ row, ...item }) => ({ ...item, userNickName: row.nickName, buyerReason: row.buyerReason, userId: row.userId }));
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /admin/refunds/{refundSn}. */
export async function anyRefundDetail(ctx: AppContext, refundSn: string, lang: Language): Promise<AdminRefundDetail> {
  const row = await repo.findNamedRefund(ctx.db, refundSn, nameParts(lang));
  if (!row) throw notFound('refundErrors.notFound');
  const { detail } = await detailOf(ctx, row, lang);
  return {
    ...detail,
    userNickName: row.nickName,
    userId: row.userId,
    platformApplyReason: row.platformApplyReason,
    canDecide: row.returnMoneySts === REFUND_STATUS.refused && row.platformStatus === 1,
  };
}

/**
 * A refused request holds no part of the order while it waits for the platform, so the shopper may
 * have had the same pieces refunded by a new request meanwhile: a refund decision must still fit the
 * order without it (its pieces left, its amount within their ceiling). Read under the order's lock,
 * which an apply's trigger and the settle step take too, so nothing slips in between. Called after
 * the request's own move (request, then order: decision 060's lock order).
 */
async function checkStillRefundable(tx: Tx, current: repo.RefundRow): Promise<void> {
  await lockOrderForRefund(tx, current.orderNumber);
  const loaded = await loadOrderState(tx, current.orderNumber, current.refundSn);
  if (!loaded) throw notFound('refundErrors.notFound');
  const ceiling = ceilingFor(loaded.state, { refundType: current.refundType, orderItemId: current.orderItemId, goodsNum: current.goodsNum, freightConfirmed: true });
  if (!ceiling.ok) throw invalid(ceiling.key, ceiling.params);
  if (current.refundAmount > ceiling.maxRefundAmount) throw invalid('refundErrors.amountTooHigh', { max: (ceiling.maxRefundAmount / 100).toFixed(2) });
}

/**
 * PUT /admin/refunds/{refundSn}/decide: staff decide a refused request the shopper brought to them.
 * 'refund': a refund only is refunded (2, settle 1); a return whose goods came back counts as
 * received (4, settle 1); a return refused before the goods left goes to 2 (the buyer sends them to
 * the shop's return address). 'close': the request closes (-1). The reason is shown to both sides.
 */
export async function decideRefund(ctx: AppContext, adminId: number, refundSn: string, input: AdminRefundDecide, lang: Language): Promise<AdminRefundDetail> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const periods = await loadPeriods(ctx);
  const current = await repo.findRefund(ctx.db, refundSn);
  if (!current) throw notFound('refundErrors.notFound');
  if (current.returnMoneySts !== REFUND_STATUS.refused || current.platformStatus !== 1) throw invalid('refundErrors.cannotDecide');
  const isReturn = current.applyType === APPLY_TYPE.returnAndRefund;
  const goodsBack = isReturn && current.shipTime !== null;
  const target =
    input.action === 'close' ? REFUND_STATUS.closed : !isReturn ? REFUND_STATUS.accepted : goodsBack ? REFUND_STATUS.sellerReceived : REFUND_STATUS.accepted;
  const pays = input.action === 'refund' && (!isReturn || goodsBack);
  const deadline = input.action === 'refund' && isReturn && !goodsBack ? deadlineOf(REFUND_STATUS.accepted, current.applyType, periods, now) : null;
  const address = deadline ? await returnAddressOf(ctx, ctx.db, current.shopId) : null;
  if (deadline && !address) throw invalid('refundErrors.returnAddressMissing');
  const row = await ctx.db
    .transaction(async (tx) => {
      // The request first, then the order (checkStillRefundable; the move's trigger locks it too when
      // the request leaves "refused"): the lock order of every after-sales transaction (decision 060).
      const moved = await repo.moveRefund(tx, {
        refundSn,
        from: [REFUND_STATUS.refused],
        platformStatus: 1,
        set: {
          returnMoneySts: target,
          platformStatus: 2,
          platformReason: input.reason,
          deadline,
          ...(target === REFUND_STATUS.closed ? { closeTime: now } : { handleTime: now }),
          ...(target === REFUND_STATUS.sellerReceived ? { receiveTime: now } : {}),
          ...(pays ? { settleStatus: REFUND_SETTLE_STATUS.refunding } : {}),
        },
        now,
      });
      if (!moved) return undefined;
      // Checked against the order without this request (as read before the move); a refusal rolls the move back.
      if (input.action === 'refund') await checkStillRefundable(tx, current);
      if (address) await repo.upsertDelivery(tx, { refundSn, ...address }, now);
      await repo.insertHistory(tx, { refundSn, actor: 'platform', actorId: String(admin.adminId), actorName: admin.username, action: input.action === 'refund' ? 'platformRefund' : 'platformClose', returnMoneySts: target, note: input.reason, refundAmount: moved.refundAmount, createdAt: now });
      if (target === REFUND_STATUS.closed) await settleOrderApplying(tx, moved.orderNumber, now);
      else await markOrderApplying(tx, moved.orderNumber, now);
      await bookStep(tx, { refundSn, left: REFUND_STATUS.refused, status: target, deadline, periods, now });
      await recordChange(
        tx,
        {
          admin: { id: admin.adminId, username: admin.username },
          action: 'refund.decide',
          targetType: 'refund',
          targetId: refundSn,
          before: { returnMoneySts: REFUND_STATUS.refused, platformStatus: 1 },
          after: { returnMoneySts: target, platformStatus: 2, action: input.action, reason: input.reason },
        },
        now,
      );
      return moved;
    })
    .catch(rethrowApp);
  if (!row) throw invalid('refundErrors.cannotDecide');
  if (pays) await payBack(ctx, row);
  return anyRefundDetail(ctx, refundSn, lang);
}

/** GET /admin/aftersale-settings. */
export function readAftersaleSettings(ctx: AppContext): Promise<AftersaleSettings> {
  return repo.readSettings(ctx.db);
}

/** PUT /admin/aftersale-settings: the periods, audited. Running deadlines keep the time they were given. */
export async function writeAftersaleSettings(ctx: AppContext, adminId: number, input: AftersaleSettings): Promise<AftersaleSettings> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await repo.readSettings(tx);
    await repo.writeSettings(tx, input, now);
    await recordChange(tx, { admin: { id: admin.adminId, username: admin.username }, action: 'aftersale.settings', targetType: 'aftersale', targetId: 'settings', before: { ...before }, after: { ...input } }, now);
  });
  await forgetAftersaleSettings(ctx);
  return repo.readSettings(ctx.db);
}
