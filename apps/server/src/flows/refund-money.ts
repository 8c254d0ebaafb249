// The money of an after-sales refund, back to where it came from, exactly once (decision 060).
//
// S1's flows decide a request in the buyer's favour (returnMoneySts 2 or 4 with settle_status 1 in
// one update); a balance refund (or one of 0 fen) is settled in that same transaction
// (settleWithDecision), anything else after it committed by executeRefund, which any number of
// callers may run at once:
// - balance (or nothing to send): one transaction credits the balance with its type-4 record and
//   does the settle step;
// - Alipay / WeChat: the refund goes to the gateway under refund number = refundSn, the same on
//   every try, so the gateway pays it once; the request stays refunding (settle 1, or 3 after
//   repeated failures) until the gateway confirms (its answer, a query, or its notification), and
//   then the same settle step runs once.
// The settle step (settleRefund) is one transaction: the request, then its order locked, settle 1|3 -> 2 with
// returnMoneySts 5 (one conditional update: whoever comes second finds nothing to move), the
// ledger row, and what a refund undoes: the points spent come back in proportion (source 9), the
// points earned go, the coupons come back on a whole refund, the stock comes back when the goods
// never left or came back, and the order's refundStatus (2/3) and close (6, closeType 2).
// Tries that fail are retried by jobs with backoff (refund.retry per try, refund.sweep as the net
// that also finds requests a crash left behind); finance staff see the failing ones.
import { PAY_TYPE, ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import { REFUND_SETTLE_STATUS, REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { executeTogether, type StatementPart } from '../db/one-statement.ts';
import type { Tx } from '../db/client.ts';
import { notFound } from '../lib/app-error.ts';
import { scheduleJob, type JobHandler } from '../lib/jobs.ts';
import * as settlement from '../modules/aftersale/settlement.ts';
import { everyPieceRefunded, findOrderForRefund, lockOrderWithLines, markOrderRefundedStatement, markOrderRefundFailing, type OrderForRefund } from '../modules/order/refunds.ts';
import * as ledger from '../modules/payment/refund-ledger.ts';
import * as paymentRepo from '../modules/payment/repository.ts';
import { createPaymentService, type Log } from '../modules/payment/service.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { lockStockRows, releaseStockPart } from '../modules/product/stock.ts';
import { returnRefundedOrderCouponsPart } from '../modules/promotion/coupon-refunds.ts';
import { endOrderInvoiceStatement, invoiceAmountOf, invoiceAmountStatement } from '../modules/invoice/service.ts';
import { creditRefundStatements, earnedPointsHeldOf, earnedPointsHeldPart, returnSpentPoints, takeBackFromWalletPart, type EarnedPointsHeld } from '../modules/wallet/refunds.ts';
import type { AckReply, GatewayRefund, NotificationInput } from '../providers/payment/payment-provider.ts';

export type RefundOutcome = 'refunded' | 'refunding';

/** One try of one refund, at its backoff time (ref: refundSn#try). */
export const REFUND_RETRY_JOB = 'refund.retry';
/** The safety net, every minute: due tries whose job was lost, and requests a crash left before their first try. */
export const REFUND_SWEEP_JOB = 'refund.sweep';
const SWEEP_EVERY_MS = 60_000;
/** A request decided this long ago with no ledger row is taken up by the sweep (its own caller crashed). */
const ORPHAN_AFTER_MS = 30_000;

const isGateway = (payType: number | null): payType is 2 | 3 => payType === PAY_TYPE.alipay || payType === PAY_TYPE.wechat;

/** Where the gateways post refund results: the storefront origin proxies /api to this API. */
function refundNotifyUrl(ctx: AppContext, payType: number): string {
  const origin = ctx.env.PUBLIC_WEB_URL ? new URL(ctx.env.PUBLIC_WEB_URL).origin : `http://localhost:${ctx.env.WEB_PORT}`;
  return `${origin}/api/notice/refund/${payType}`;
}

interface Settled {
  settled: boolean;
  productIds: number[];
}

/**
 * The settle step, in the caller's transaction: answers settled=false when another caller did it
 * (or the request is no longer due). `gateway` carries the gateway's refund number when confirmed there.
 */
async function settleInTx(ctx: AppContext, tx: Tx, refundSn: string, orderNumber: string, gateway: { providerRefundNo: string | null } | null): Promise<Settled> {
  // Lock order (decision 060): the request, then its order, as every after-sales transaction takes
  // them (a decision's update locks its request, then settleWithDecision or the request trigger the
  // order), so no two of them can each hold what the other waits for. Two refunds of one order still
  // settle one after the other on the order's lock, and read the order's requests after it, so their
  // sums add up. (flows/refund-money.lock-order.test.ts)
  const prior = await settlement.lockRefundForMoney(tx, refundSn);
  const locked = prior ? await lockOrderWithLines(tx, orderNumber) : undefined;
  if (!locked || !prior) return { settled: false, productIds: [] };
  return settleLocked(ctx, tx, locked, prior, gateway);
}

/**
 * The settle step once the order is locked (with its lines) and the request held, as it stood before
 * (`prior`: decided, 2 or 4). `inDecision`: the request was decided in this transaction (settleWithDecision),
 * so the mark cannot miss it without the transaction failing; the ledger row and the balance credit
 * then go with the mark's own statement (one round trip less).
 */
async function settleLocked(ctx: AppContext, tx: Tx, locked: OrderLocked, prior: settlement.RefundForMoney, gateway: { providerRefundNo: string | null } | null, inDecision = false): Promise<Settled> {
  const now = ctx.now();
  const { order, lines } = locked;
  const refundSn = prior.refundSn;
  const money = gateway ? [] : moneyBack(tx, order, prior, now);
  const withMark = inDecision ? money : [];
  // Points the order earned are taken back (undo): the wallet's points and what earlier refunds
  // took are read by the mark's statement too, the wallet row locked by it (or by the credit in it,
  // the second of moneyBack's writes, when the shopper's own wallet is credited there). The row is
  // locked there too when only growth (earned at receipt) may be taken back: undo's last statement
  // writes the wallet and the coupon rows, in no order PostgreSQL promises, and the mall's lock order
  // takes the wallet before the coupons (decision 008's amendment), as a balance payment of another
  // order of the checkout does.
  const credited = withMark.length > 1 && prior.userId === order.userId ? 1 : undefined;
  const earning = lines.some((l) => l.gainScore > 0);
  const walletWritten = earning || order.finallyTime !== null;
  const reading = walletWritten ? (sent: SQL[]) => earnedPointsHeldPart({ userId: order.userId, orderNumber: order.orderNumber }, credited === undefined ? undefined : sent[credited]) : undefined;
  // Lock order (decision 060): stock coming back takes its SKUs and products before the mark's
  // statement takes the wallet (a balance credit, or points), as payment and cancel take them;
  // otherwise a payment of the same product by the same shopper could deadlock with this refund.
  if (goodsComeBack(order, prior)) await lockStockRows(tx, refundedLines(prior, lines));
  // The order's requests come back with the move: read once, under the order's lock, so they stand until the transaction ends.
  const marked = await settlement.markRefundedReadingOrder(tx, { refundSn, orderNumber: order.orderNumber, now }, withMark, reading);
  if (!marked) {
    // The money went with the mark: the transaction must not commit (settleWithDecision throws too).
    if (withMark.length) throw new Error(`refund ${refundSn}: decided in this transaction but not due`);
    return { settled: false, productIds: [] };
  }

  if (gateway) {
    await ledger.markRefundPaid(tx, { refundNo: refundSn, providerRefundNo: gateway.providerRefundNo, now });
  } else if (!inDecision) {
    await executeTogether(tx, money);
  }
  const productIds = await undo(tx, order, prior, lines, marked.requests, now, walletWritten ? earnedPointsHeldOf(marked.read) : undefined);
  return { settled: true, productIds };
}

/** The ledger row written refunded and the balance credit with its record (a balance refund), unsent: one statement's writes. */
function moneyBack(tx: Tx, order: OrderForRefund, prior: settlement.RefundForMoney, now: Date): SQLWrapper[] {
  const refundSn = prior.refundSn;
  const balance = order.payType === PAY_TYPE.balance;
  const row = ledger.insertRefundPaymentStatement(tx, {
    refundNo: refundSn,
    refundSn,
    orderNumber: order.orderNumber,
    userId: prior.userId,
    payNo: order.payNo,
    payType: order.payType ?? PAY_TYPE.balance,
    amount: prior.refundAmount,
    payAmount: Math.max(prior.refundAmount, order.actualTotal),
    status: ledger.REFUND_PAYMENT_STATUS.refunded,
    attempts: 1,
    refundedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return [row, ...(balance ? creditRefundStatements(tx, { userId: prior.userId, amount: prior.refundAmount, refundSn, payNo: order.payNo, now }) : [])];
}

/** What a decision in the buyer's favour does with the money in its own transaction. */
export type DecisionMoney = { kind: 'settled'; productIds: number[] } | { kind: 'gateway'; order: OrderForRefund };

/**
 * The money of a refund decided in the caller's transaction (`decided`: the request as its
 * conditional update just left it, 2 or 4 with settle 1, its row held by that update). Balance, or
 * nothing to send: the settle step runs in the same transaction, so the decision and the money
 * commit together or not at all (one transaction, not two; decision 060). A gateway refund answers
 * 'gateway' with the order: it is sent once the decision committed (executeRefund). The order is
 * locked after the request (here, or by the decision's own statement: `lockedWithDecision`), as
 * refuse, withdraw and the settle step (settleInTx) take them; no
 * other settle step of this request can run meanwhile, since nobody sees it due before this
 * transaction commits.
 */
export async function settleWithDecision(ctx: AppContext, tx: Tx, decided: settlement.RefundForMoney, lockedWithDecision?: OrderLocked): Promise<DecisionMoney> {
  // Locked by the decision's own statement (lockOrderWithLinesPart, after its move), or here.
  const locked = lockedWithDecision ?? (await lockOrderWithLines(tx, decided.orderNumber));
  if (!locked) throw notFound();
  if (isGateway(locked.order.payType) && decided.refundAmount > 0) return { kind: 'gateway', order: locked.order };
  const settled = await settleLocked(ctx, tx, locked, decided, null, true);
  if (!settled.settled) throw new Error(`refund ${decided.refundSn}: decided in this transaction but not due`);
  return { kind: 'settled', productIds: settled.productIds };
}

/** After the transaction of settleWithDecision committed: the product pages whose stock came back. */
export function settledWithDecision(ctx: AppContext, money: { productIds: number[] }): void {
  if (money.productIds.length) invalidateProductDetail(ctx, ...money.productIds);
}

type OrderRefunds = settlement.OrderRequest[];
export type OrderLocked = NonNullable<Awaited<ReturnType<typeof lockOrderWithLines>>>;

/**
 * How much of the order's goods is refunded so far, as a part of a whole: fen of the lines' actual
 * totals, the goods the points were earned and spent on, without the shipping (QA 2026-12-08,
 * decision 060's amendment: refunding 1 of 3 equal pieces gives back exactly a third). Shipping
 * comes back only with the last item, so the refunded money counts up to the goods' total. Goods
 * paid wholly with points and coupons (their total 0) are measured in pieces instead, so returning
 * one of its items gives back its share of the points, and the coupons only with the last piece
 * (decision 059, requests of 0 fen).
 */
function refundedShare(order: OrderForRefund, lines: Array<{ prodCount: number; actualTotal: number }>, settled: OrderRefunds): { refunded: number; orderTotal: number } {
  const goods = lines.reduce((n, l) => n + l.actualTotal, 0);
  if (goods > 0) return { refunded: Math.min(goods, settled.reduce((n, r) => n + r.refundAmount, 0)), orderTotal: goods };
  const pieces = lines.reduce((n, l) => n + l.prodCount, 0);
  const back = settled.some((r) => r.orderItemId === 0) ? pieces : settled.reduce((n, r) => n + r.goodsNum, 0);
  return { refunded: Math.min(back, pieces), orderTotal: pieces };
}

/**
 * What a settled refund undoes on the order (decision 060). Answers the products whose stock came
 * back. `held`: the wallet's points and what earlier refunds took, read (the row locked) by the
 * settle mark's statement, when the order earned points.
 */
async function undo(tx: Tx, order: OrderForRefund, refund: settlement.RefundForMoney, lines: OrderLocked['lines'], requests: OrderRefunds, now: Date, held?: EarnedPointsHeld): Promise<number[]> {
  // The order's lines (read with its lock) and its requests (read with this one's settle mark): each
  // read once, under the order's lock, which every request of the order takes to be applied for,
  // withdrawn, refused or settled, so they stand until the transaction ends.
  const settled = requests.filter((r) => r.settleStatus === REFUND_SETTLE_STATUS.refunded);
  const share = refundedShare(order, lines, settled);
  // Wholly refunded once every piece is back, whatever the amounts (each piece may have been refunded
  // for less than its share): the order closes, its coupons and all its points follow (decision 059).
  const money = settled.reduce((n, r) => n + r.refundAmount, 0);
  const all = (order.actualTotal > 0 ? money >= order.actualTotal : share.refunded >= share.orderTotal) || everyPieceRefunded(lines, settled);
  const { refunded, orderTotal } = all ? { refunded: share.orderTotal, orderTotal: share.orderTotal } : share;
  // Points given back now add to the points held (the wallet row is locked since the mark).
  const returned = order.orderType !== ORDER_TYPE.points ? await returnSpentPoints(tx, { userId: order.userId, orderNumber: order.orderNumber, useScore: order.useScore, refunded, orderTotal, now }) : 0;
  const gained = lines.reduce((n, l) => n + l.gainScore, 0);
  // The writes left go in one statement at the end (one round trip instead of up to nine: decision
  // 060): each a CTE on rows of its own, none needing another's result. Never two writes of one row
  // in it (PostgreSQL would keep only one): the wallet's is one write, the points taken back and the growth.
  const last: SQLWrapper[] = [];
  const parts: StatementPart[] = [];
  const wallet = takeBackFromWalletPart({
    userId: order.userId,
    orderNumber: order.orderNumber,
    now,
    points: gained > 0 ? { gainScore: gained, refunded, orderTotal, held: { score: heldFor(held).score + returned, taken: heldFor(held).taken } } : null,
    // Growth is earned at receipt, in the transaction that sets finallyTime: an order never received has none to give back.
    growth: order.finallyTime !== null ? { userId: order.userId, orderNumber: order.orderNumber, refunded, orderTotal, now } : null,
  });
  if (wallet) parts.push(wallet);
  if (all) {
    parts.push(returnRefundedOrderCouponsPart({ orderNumber: order.orderNumber, now }));
    // Nothing is left to invoice: an invoice still applying ends ("order refunded"); an issued one stays (decision 061).
    last.push(endOrderInvoiceStatement(tx, { orderNumber: order.orderNumber, reason: 'refunded', now }));
  } else {
    // An invoice not issued yet is for what is left of the order's money (decision 061, 2026-12-08).
    last.push(invoiceAmountStatement(tx, { orderNumber: order.orderNumber, amount: invoiceAmountOf({ actualTotal: order.actualTotal, refunded: money }), now }));
  }

  let productIds: number[] = [];
  if (goodsComeBack(order, refund)) {
    // A whole-order request covers only the pieces earlier item refunds left: theirs came back with them.
    const earlier = refund.orderItemId ? [] : settled.filter((r) => r.refundSn !== refund.refundSn && r.orderItemId !== 0);
    const left = (lineId: number, prodCount: number) => Math.max(0, prodCount - earlier.filter((r) => r.orderItemId === lineId).reduce((n, r) => n + r.goodsNum, 0));
    const back = refundedLines(refund, lines)
      .map((l) => ({ skuId: l.skuId, productId: l.productId, count: refund.orderItemId ? Math.min(refund.goodsNum, l.prodCount) : left(l.id, l.prodCount) }))
      .filter((l) => l.count > 0);
    const released = releaseStockPart(back);
    if (released) parts.push(released);
    productIds = [...new Set(back.map((l) => l.productId))];
  }
  const stillApplying = !all && requests.some((r) => r.refundSn !== refund.refundSn && r.returnMoneySts >= 1 && r.returnMoneySts <= 4);
  last.push(markOrderRefundedStatement(tx, { orderNumber: order.orderNumber, all, stillApplying, now }));
  await executeTogether(tx, last, parts);
  return productIds;
}

/** The goods come back on sale: they never left (paid, or a group order still grouping when its team failed; not shipped), or the seller received them back. */
function goodsComeBack(order: OrderForRefund, refund: settlement.RefundForMoney): boolean {
  return ((order.status === ORDER_STATUS.paid || order.status === ORDER_STATUS.grouping) && order.dvyTime === null) || refund.returnMoneySts === REFUND_STATUS.sellerReceived;
}

/** The order's lines a request covers: its item, or every line for a whole-order request. */
function refundedLines(refund: settlement.RefundForMoney, lines: OrderLocked['lines']): OrderLocked['lines'] {
  return refund.orderItemId ? lines.filter((l) => l.id === refund.orderItemId) : lines;
}

/** The points held, which the settle mark read for an order that earned points. */
function heldFor(held: EarnedPointsHeld | undefined): EarnedPointsHeld {
  if (!held) throw new Error('the settle mark read no points for an order that earned some');
  return held;
}

/** The settle step in its own transaction. Answers whether this call did it. */
async function settleRefund(ctx: AppContext, refundSn: string, orderNumber: string, gateway: { providerRefundNo: string | null } | null): Promise<boolean> {
  const result = await ctx.db.transaction((tx) => settleInTx(ctx, tx, refundSn, orderNumber, gateway));
  if (result.productIds.length) invalidateProductDetail(ctx, ...result.productIds);
  return result.settled;
}

async function outcomeOf(ctx: AppContext, refundSn: string): Promise<RefundOutcome> {
  const now = await settlement.findRefundForMoney(ctx.db, refundSn);
  return now?.settleStatus === REFUND_SETTLE_STATUS.refunded ? 'refunded' : 'refunding';
}

/**
 * Pays a decided refund back, once, however often and wherever it is called. Answers 'refunded'
 * once the money is back (settle 2), 'refunding' while a gateway has not confirmed it. `decided` is
 * the request as the caller's own decision just committed it (saves reading it again), and
 * `decidedOrder` the order that decision read; the settle step locks and checks both anyway, so a
 * caller that raced another one still pays once.
 */
export async function executeRefund(ctx: AppContext, refundSn: string, decided?: settlement.RefundForMoney, decidedOrder?: OrderForRefund): Promise<RefundOutcome> {
  const refund = decided?.refundSn === refundSn ? decided : await settlement.findRefundForMoney(ctx.db, refundSn);
  if (!refund) throw notFound();
  if (refund.settleStatus === REFUND_SETTLE_STATUS.refunded) return 'refunded';
  if (refund.settleStatus === REFUND_SETTLE_STATUS.none) throw new Error(`refund ${refundSn} is not due (settle_status 0)`);
  // The order as the decision's transaction locked it (its payment never changes), or read now.
  const order = decidedOrder?.orderNumber === refund.orderNumber ? decidedOrder : await findOrderForRefund(ctx.db, refund.orderNumber);
  if (!order) throw notFound();
  if (!isGateway(order.payType) || refund.refundAmount === 0) {
    // Settled by this call: refunded, without reading it again; settled by another: as it stands now.
    if (await settleRefund(ctx, refundSn, refund.orderNumber, null)) return 'refunded';
    return outcomeOf(ctx, refundSn);
  }
  const payment = order.payNo ? await ledger.findPaymentForRefund(ctx.db, order.payNo) : undefined;
  if (!payment) throw new Error(`refund ${refundSn}: the order's payment ${order.payNo ?? '(none)'} is unknown`);
  const now = ctx.now();
  await ledger.ensureRefundPayment(ctx.db, {
    refundNo: refundSn,
    refundSn,
    orderNumber: refund.orderNumber,
    userId: refund.userId,
    payNo: payment.payNo,
    payType: order.payType,
    amount: refund.refundAmount,
    payAmount: payment.amount,
    status: ledger.REFUND_PAYMENT_STATUS.toSend,
    nextTryAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return tryGateway(ctx, refundSn);
}

/**
 * One try at the gateway: claims the ledger row (one sender at a time), books the next try first
 * (so a crash mid-call is retried), asks the gateway what it knows when tried before, sends when it
 * knows nothing (the same refund number), and settles on success.
 */
async function tryGateway(ctx: AppContext, refundSn: string): Promise<RefundOutcome> {
  const now = ctx.now();
  const row = await ledger.claimForSend(ctx.db, { refundNo: refundSn, now });
  if (!row) return outcomeOf(ctx, refundSn);
  const retryAt = new Date(now.getTime() + Math.max(ledger.backoffMs(row.attempts), ledger.SEND_LEASE_MS + 1_000));
  await scheduleJob(ctx.db, { kind: REFUND_RETRY_JOB, ref: `${refundSn}#${row.attempts}`, runAt: retryAt });
  const provider = createPaymentService(ctx).providerFor(row.payType);
  if (!provider) throw new Error(`refund ${refundSn}: no gateway for pay type ${row.payType}`);
  let answer: GatewayRefund | null = null;
  let error: string | null = null;
  try {
    if (row.attempts > 1) answer = await provider.queryRefund({ refundNo: refundSn, payNo: row.payNo ?? '' });
    if (!answer || answer.state === 'absent') {
      answer = await provider.refund({
        refundNo: refundSn,
        payNo: row.payNo ?? '',
        providerTradeNo: row.payNo ? ((await paymentRepo.findPayment(ctx.db, row.payNo))?.providerTradeNo ?? null) : null,
        amount: row.amount,
        payAmount: row.payAmount,
        reason: `Bazaar refund ${refundSn}`,
        notifyUrl: refundNotifyUrl(ctx, row.payType),
      });
    }
  } catch (err) {
    error = String((err as Error)?.message ?? err).slice(0, 1000);
  }
  if (answer?.state === 'success') {
    await settleRefund(ctx, refundSn, row.orderNumber, { providerRefundNo: answer.providerRefundNo ?? null });
    return outcomeOf(ctx, refundSn);
  }
  const ok = answer?.state === 'processing';
  if (!ok && !error) error = answer?.message ?? `gateway answered ${answer?.state ?? 'nothing'}`;
  const { failing } = await ledger.recordTry(ctx.db, { refundNo: refundSn, ok, error, providerRefundNo: answer?.providerRefundNo ?? null, attempts: row.attempts, now });
  if (failing) await markFailing(ctx, refundSn, row.orderNumber);
  return 'refunding';
}

async function markFailing(ctx: AppContext, refundSn: string, orderNumber: string): Promise<void> {
  const now = ctx.now();
  if (await settlement.markFailing(ctx.db, { refundSn, now })) await markOrderRefundFailing(ctx.db, { orderNumber, now });
}

/** `refund.retry`: the try a refund booked. A refund settled meanwhile has nothing left to do. */
export function refundRetryHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const refundSn = job.ref.split('#')[0]!;
    const refund = await settlement.findRefundForMoney(ctx.db, refundSn);
    if (!refund || refund.settleStatus === REFUND_SETTLE_STATUS.refunded || refund.settleStatus === REFUND_SETTLE_STATUS.none) return;
    await executeRefund(ctx, refundSn);
  };
}

/** Books the next sweep (a no-op when that minute is booked). */
export async function scheduleNextRefundSweep(ctx: AppContext, from: Date): Promise<void> {
  const runAt = new Date(Math.floor(from.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS + SWEEP_EVERY_MS);
  await scheduleJob(ctx.db, { kind: REFUND_SWEEP_JOB, ref: runAt.toISOString(), runAt });
}

/** Runs what is due: tries whose time came and requests decided but never tried. Answers how many it ran. */
export async function sweepRefunds(ctx: AppContext, log?: Pick<Log, 'warn'>): Promise<number> {
  const now = ctx.now();
  const due = await ledger.listDueTries(ctx.db, now, 50);
  const decided = await settlement.listDueRefunds(ctx.db, new Date(now.getTime() - ORPHAN_AFTER_MS), 50);
  const known = new Set(await ledger.existingRefundNos(ctx.db, decided));
  const todo = [...new Set([...due, ...decided.filter((sn) => !known.has(sn))])];
  for (const refundSn of todo) {
    try {
      await executeRefund(ctx, refundSn);
    } catch (err) {
      log?.warn({ err, refundSn }, 'refund try failed');
    }
  }
  return todo.length;
}

/** `refund.sweep`: one minute's sweep, which books the next. */
export function refundSweepHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    await sweepRefunds(ctx);
    await scheduleNextRefundSweep(ctx, new Date(Math.max(ctx.now().getTime(), Date.parse(job.ref))));
  };
}

/**
 * POST /notice/refund/{payType}: a gateway's refund result, verified like a payment notification,
 * recorded once by (payType, notifyId) in the same transaction as the settle step, so a notification
 * replayed any number of times settles once.
 */
export async function handleRefundNotification(ctx: AppContext, payType: number, input: NotificationInput, log: Log): Promise<AckReply> {
  const payments = createPaymentService(ctx);
  const provider = payments.providerFor(payType);
  if (!provider) throw notFound();
  const verified = await provider.verifyRefundNotification(input);
  if (!verified) {
    await payments.recordForgery(-1, payType, input, log);
    return provider.ack.fail;
  }
  const row = await ledger.findRefundPayment(ctx.db, verified.refundNo);
  const problem = !row ? 'unknown refund' : row.payType !== payType ? 'pay type mismatch' : row.amount !== verified.amount ? 'amount mismatch' : null;
  const record = { payType, payEntry: null, notifyId: `refund:${verified.notifyId}`, payNo: row?.payNo ?? null, providerTradeNo: verified.providerRefundNo, amount: verified.amount, raw: input.rawBody.slice(0, 20_000), verified: true };
  if (problem || !row) {
    await paymentRepo.recordRefusedNotification(ctx.db, { ...record, error: problem });
    log.warn({ payType, refundNo: verified.refundNo, problem }, 'refund notification refused');
    return provider.ack.fail;
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const id = await paymentRepo.recordNotification(tx, record);
    if (id === null) return { kind: 'repeat' as const, productIds: [] as number[] };
    if (!verified.success) {
      await paymentRepo.updateNotification(tx, id, { processed: true, error: 'refund not successful' });
      return { kind: 'unsuccessful' as const, productIds: [] as number[] };
    }
    const settled = await settleInTx(ctx, tx, row.refundSn, row.orderNumber, { providerRefundNo: verified.providerRefundNo });
    await paymentRepo.updateNotification(tx, id, { processed: true });
    return { kind: 'settled' as const, productIds: settled.productIds };
  });
  if (outcome.productIds.length) invalidateProductDetail(ctx, ...outcome.productIds);
  if (outcome.kind === 'unsuccessful') {
    // Closed or abnormal at the gateway: recorded; the retries go on and finance staff see it.
    const now = ctx.now();
    const { failing } = await ledger.recordTry(ctx.db, { refundNo: row.refundSn, ok: false, error: 'the gateway reported the refund closed or abnormal', attempts: Math.max(row.attempts, ledger.FAILING_AFTER_ATTEMPTS), now });
    if (failing) await markFailing(ctx, row.refundSn, row.orderNumber);
  }
  if (outcome.kind === 'repeat') {
    const first = await paymentRepo.findNotification(ctx.db, payType, record.notifyId);
    return first?.processed ? provider.ack.ok : provider.ack.fail;
  }
  return provider.ack.ok;
}

/** POST /admin/refund-payments/{refundNo}/retry: a try now (the same refund number). */
export async function retryRefundNow(ctx: AppContext, refundNo: string): Promise<RefundOutcome> {
  const row = await ledger.findRefundPayment(ctx.db, refundNo);
  if (!row) throw notFound();
  if (row.status === ledger.REFUND_PAYMENT_STATUS.refunded) return 'refunded';
  await ledger.dueNow(ctx.db, { refundNo, now: ctx.now() });
  return executeRefund(ctx, row.refundSn);
}
