// Invoices (decision 061): one per order, asked at checkout or afterwards, re-issued with a
// corrected header (back to applying), issued with a file or refused with a reason by the shop.
// Every move is a conditional update on the row's state and owner; another user's or another
// shop's invoice answers 404 as a missing one does.
import { INVOICE_STATE } from '@bazaar/shared/constants/refund';
import type { Page } from '@bazaar/shared/schemas/common';
import type { CheckoutInvoice, InvoiceHeader, InvoicePageQuery, MerchantInvoice, OrderInvoice } from '@bazaar/shared/schemas/invoice';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, invalid, notFound } from '../../lib/app-error.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { and, type SQLWrapper } from 'drizzle-orm';
import * as repo from './repository.ts';

export type { InvoiceParts } from './repository.ts';

/** What an invoice needs of its order (the order module's row, handed in by the flow). */
export interface InvoicedOrder {
  orderNumber: string;
  userId: string;
  shopId: number;
  actualTotal: number;
  /** Fen of the order refunded so far (the after-sales module's sum, handed in by the flow). */
  refunded?: number;
}

/** What an invoice is for: the order's actual total less what was refunded (decision 061's 2026-12-08 amendment). */
export const invoiceAmountOf = (order: { actualTotal: number; refunded?: number }) => Math.max(0, order.actualTotal - (order.refunded ?? 0));

function headerValues(header: InvoiceHeader) {
  return {
    invoiceType: header.invoiceType,
    invoiceContext: header.invoiceContext,
    headerType: header.headerType,
    headerName: header.headerName,
    invoiceTaxNumber: header.invoiceTaxNumber,
  };
}

function toInvoice(row: { invoice: repo.InvoiceRow; shopName: string }): OrderInvoice {
  const i = row.invoice;
  return {
    orderInvoiceId: i.id,
    orderNumber: i.orderNumber,
    shopId: i.shopId,
    shopName: row.shopName,
    invoiceType: i.invoiceType,
    invoiceContext: i.invoiceContext,
    headerType: i.headerType,
    headerName: i.headerName,
    invoiceTaxNumber: i.invoiceTaxNumber,
    amount: i.amount,
    invoiceState: i.invoiceState,
    failReason: i.failReason,
    fileId: i.invoiceState === INVOICE_STATE.invoiced ? i.fileId : null,
    endReason: endReasonOf(i.failReason),
    applicationTime: formatApiTime(i.applicationTime),
    uploadTime: i.uploadTime ? formatApiTime(i.uploadTime) : null,
  };
}

/**
 * The rows of the invoices asked at checkout, one per placed order of the shops named in the list.
 * A shop the checkout has no order of is refused (the page sent a stale list).
 */
export function checkoutInvoiceRows(placed: InvoicedOrder[], list: CheckoutInvoice[]): repo.NewInvoice[] {
  const byShop = new Map(placed.map((o) => [o.shopId, o]));
  const seen = new Set<number>();
  return list.map((item) => {
    const order = byShop.get(item.shopId);
    if (!order || seen.has(item.shopId)) throw invalid('invoice.errors.orderNotFound');
    seen.add(item.shopId);
    return { orderNumber: order.orderNumber, userId: order.userId, shopId: order.shopId, amount: order.actualTotal, ...headerValues(item) };
  });
}

export const insertInvoicesStatement = (db: Db, rows: repo.NewInvoice[]) => repo.insertInvoicesStatement(db, rows);

/** POST /p/orderInvoice: the order's one invoice; a second answers the "already asked" message. */
export async function applyInvoice(ctx: Pick<AppContext, 'db'>, order: InvoicedOrder, header: InvoiceHeader): Promise<number> {
  try {
    return await repo.insertInvoice(ctx.db, { orderNumber: order.orderNumber, userId: order.userId, shopId: order.shopId, amount: invoiceAmountOf(order), ...headerValues(header) });
  } catch (err) {
    if (uniqueViolation(err) === repo.ORDER_INVOICE_KEY) throw conflict('invoice.errors.exists');
    throw err;
  }
}

/**
 * PUT /p/orderInvoice: the corrected header; the invoice goes back to applying and its old file and
 * reason are dropped. `amount`: what it is for now (invoiceAmountOf), when the flow read the order.
 */
export async function reissueInvoice(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, id: number, header: InvoiceHeader, amount?: number): Promise<void> {
  const moved = await repo.updateInvoice(ctx.db, and(repo.byId(id), repo.byUser(userId)), {
    ...headerValues(header),
    ...(amount === undefined ? {} : { amount }),
    invoiceState: INVOICE_STATE.applying,
    failReason: null,
    fileId: null,
    uploadTime: null,
    updatedAt: ctx.now(),
  });
  if (!moved) throw notFound('invoice.errors.notFound');
}

export async function userInvoicePage(ctx: Pick<AppContext, 'db'>, userId: string, query: InvoicePageQuery, parts: repo.InvoiceParts): Promise<Page<OrderInvoice>> {
  const { current, size } = query;
  const { rows, total } = await repo.pageInvoices(ctx.db, repo.byUser(userId, query.invoiceState), size, (current - 1) * size, parts);
  return { records: rows.map(toInvoice), total, current, size, pages: Math.ceil(total / size) };
}

export async function userInvoice(ctx: Pick<AppContext, 'db'>, userId: string, id: number, parts: repo.InvoiceParts): Promise<OrderInvoice> {
  const row = await repo.findInvoice(ctx.db, and(repo.byId(id), repo.byUser(userId)), parts);
  if (!row) throw notFound('invoice.errors.notFound');
  return toInvoice(row);
}

export function invoiceIdOfOrder(ctx: Pick<AppContext, 'db'>, orderNumber: string): Promise<number | null> {
  return repo.invoiceIdOfOrder(ctx.db, orderNumber);
}

/** The issued invoice whose file this is, when it is this user's; undefined otherwise. */
export async function userInvoiceOfFile(ctx: Pick<AppContext, 'db'>, userId: string, fileId: number, parts: repo.InvoiceParts) {
  const row = await repo.findInvoice(ctx.db, and(repo.byFile(fileId), repo.byUser(userId)), parts);
  return row ? toInvoice(row) : undefined;
}

function toMerchantInvoice(row: { invoice: repo.InvoiceRow; shopName: string; nickName: string }, fileUrl: string | null): MerchantInvoice {
  return { ...toInvoice(row), nickName: row.nickName, fileUrl };
}

/** The shop's queue, newest first; `link` signs the file of an issued one. */
export async function shopInvoicePage(
  ctx: Pick<AppContext, 'db'>,
  shopId: number,
  query: InvoicePageQuery,
  parts: repo.InvoiceParts,
  link: (fileId: number) => Promise<string | null>,
): Promise<Page<MerchantInvoice>> {
  const { current, size } = query;
  const { rows, total } = await repo.pageInvoices(ctx.db, repo.byShop(shopId, query.invoiceState), size, (current - 1) * size, parts);
  const records = await Promise.all(rows.map(async (r) => toMerchantInvoice(r, r.invoice.fileId && r.invoice.invoiceState === INVOICE_STATE.invoiced ? await link(r.invoice.fileId) : null)));
  return { records, total, current, size, pages: Math.ceil(total / size) };
}

/** The shop's invoice, or 404 (another shop's too). */
export async function shopInvoice(ctx: Pick<AppContext, 'db'>, shopId: number, id: number, parts: repo.InvoiceParts) {
  const row = await repo.findInvoice(ctx.db, and(repo.byId(id), repo.byShop(shopId)), parts);
  if (!row) throw notFound('invoice.errors.notFound');
  return row;
}

export function merchantInvoiceOf(row: { invoice: repo.InvoiceRow; shopName: string; nickName: string }, fileUrl: string | null): MerchantInvoice {
  return toMerchantInvoice(row, fileUrl);
}

/**
 * Applying -> invoiced with the file, for `amount`: what the shopper finally paid (decision 061);
 * anything else is refused (a re-issue brings it back to applying).
 */
export async function issueInvoice(ctx: Pick<AppContext, 'db' | 'now'>, shopId: number, id: number, fileId: number, amount: number): Promise<void> {
  const now = ctx.now();
  const moved = await repo.updateInvoice(ctx.db, and(repo.byId(id), repo.byShop(shopId, INVOICE_STATE.applying)), {
    invoiceState: INVOICE_STATE.invoiced,
    fileId,
    amount,
    failReason: null,
    uploadTime: now,
    updatedAt: now,
  });
  if (!moved) throw conflict('invoice.errors.notApplying');
}

/** Applying -> failed with the reason the shopper reads. */
export async function failInvoice(ctx: Pick<AppContext, 'db' | 'now'>, shopId: number, id: number, failReason: string): Promise<void> {
  const moved = await repo.updateInvoice(ctx.db, and(repo.byId(id), repo.byShop(shopId, INVOICE_STATE.applying)), {
    invoiceState: INVOICE_STATE.failed,
    failReason,
    updatedAt: ctx.now(),
  });
  if (!moved) throw conflict('invoice.errors.notApplying');
}

/**
 * Why the mall ended an invoice that was still applying: its order was cancelled, or refunded in
 * full. Stored in fail_reason as this catalog key (the shop's own reasons are free text) and shown
 * translated for the reader (`endedReasonText`).
 */
export const INVOICE_END_REASONS = { cancelled: 'invoice.ended.orderCancelled', refunded: 'invoice.ended.orderRefunded' } as const;
export type InvoiceEndReason = keyof typeof INVOICE_END_REASONS;

/** Applying -> failed with the mall's reason, in the caller's transaction; an issued or failed invoice stays. Answers whether it moved. */
export function endOrderInvoice(tx: Tx, input: { orderNumber: string; reason: InvoiceEndReason; now: Date }): Promise<boolean> {
  return repo.updateInvoice(tx, repo.applyingOfOrder(input.orderNumber), endedValues(input));
}

/** endOrderInvoice as a statement to send with others (db/one-statement.ts: the after-sales settle step's last one). */
export function endOrderInvoiceStatement(tx: Tx, input: { orderNumber: string; reason: InvoiceEndReason; now: Date }): SQLWrapper {
  return repo.updateInvoiceStatement(tx, repo.applyingOfOrder(input.orderNumber), endedValues(input));
}

/**
 * A refund of part of the order settled: the order's invoice not issued yet (applying, or failed and
 * waiting for a corrected header) is for `amount` now (invoiceAmountOf), as a statement to send with
 * the settle step's others. An issued one keeps what it was issued for.
 */
export function invoiceAmountStatement(tx: Tx, input: { orderNumber: string; amount: number; now: Date }): SQLWrapper {
  return repo.updateInvoiceStatement(tx, repo.notIssuedOfOrder(input.orderNumber), { amount: input.amount, updatedAt: input.now });
}

const endedValues = (input: { reason: InvoiceEndReason; now: Date }) => ({ invoiceState: INVOICE_STATE.failed, failReason: INVOICE_END_REASONS[input.reason], updatedAt: input.now });

const END_KEYS = new Set<string>(Object.values(INVOICE_END_REASONS));

/** Which of the mall's reasons ended the invoice (it cannot be asked again), or null (the shop's own reason, or none). */
function endReasonOf(failReason: string | null): InvoiceEndReason | null {
  const found = Object.entries(INVOICE_END_REASONS).find(([, key]) => key === failReason);
  return found ? (found[0] as InvoiceEndReason) : null;
}

/** The invoice with the mall's end reason in the reader's words (`t` translates a catalog key). */
export function withEndedReason<T extends { failReason: string | null }>(invoice: T, t: (key: string) => string): T {
  return invoice.failReason && END_KEYS.has(invoice.failReason) ? { ...invoice, failReason: t(invoice.failReason) } : invoice;
}
