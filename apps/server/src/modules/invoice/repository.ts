import { and, count, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderInvoices } from '../../db/schema/invoice.ts';

export type InvoiceRow = typeof orderInvoices.$inferSelect;
export type NewInvoice = typeof orderInvoices.$inferInsert;

/** The shop module's name of a shop and the account module's nickname of a user, for a column (flows/invoices.ts hands them in). */
export interface InvoiceParts {
  shopName: (shopId: AnyColumn) => SQL<string>;
  nickName?: (userId: AnyColumn) => SQL<string>;
}

export const ORDER_INVOICE_KEY = 'order_invoices_order_uq';

/** The checkout's invoices, as one statement to run with the orders (flows/place-order.ts). */
export function insertInvoicesStatement(db: Db, rows: NewInvoice[]) {
  if (rows.length === 0) return null;
  return db.insert(orderInvoices).values(rows);
}

export async function insertInvoice(db: Db, row: NewInvoice): Promise<number> {
  const [inserted] = await db.insert(orderInvoices).values(row).returning({ id: orderInvoices.id });
  return inserted!.id;
}

function selection(parts: InvoiceParts) {
  return {
    invoice: orderInvoices,
    shopName: parts.shopName(orderInvoices.shopId),
    nickName: parts.nickName ? parts.nickName(orderInvoices.userId) : sql<string>`''`,
  };
}

export async function pageInvoices(db: Db, where: SQL | undefined, limit: number, offset: number, parts: InvoiceParts) {
  const [rows, [total]] = await Promise.all([
    db.select(selection(parts)).from(orderInvoices).where(where).orderBy(desc(orderInvoices.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(orderInvoices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findInvoice(db: Db, where: SQL | undefined, parts: InvoiceParts) {
  const [row] = await db.select(selection(parts)).from(orderInvoices).where(where);
  return row;
}

export const byUser = (userId: string, state?: number) => and(eq(orderInvoices.userId, userId), state ? eq(orderInvoices.invoiceState, state) : undefined);
export const byShop = (shopId: number, state?: number) => and(eq(orderInvoices.shopId, shopId), state ? eq(orderInvoices.invoiceState, state) : undefined);
export const byId = (id: number) => eq(orderInvoices.id, id);
export const byOrder = (orderNumber: string) => eq(orderInvoices.orderNumber, orderNumber);
/** The order's invoice while it waits for the shop (state 1, applying). */
export const applyingOfOrder = (orderNumber: string) => and(eq(orderInvoices.orderNumber, orderNumber), eq(orderInvoices.invoiceState, 1));
/** The order's invoice not issued yet (applying or failed): its amount still follows the refunds. */
export const notIssuedOfOrder = (orderNumber: string) => and(eq(orderInvoices.orderNumber, orderNumber), ne(orderInvoices.invoiceState, 2));
export const byFile = (fileId: number) => and(eq(orderInvoices.fileId, fileId), eq(orderInvoices.invoiceState, 2));

export async function invoiceIdOfOrder(db: Db, orderNumber: string): Promise<number | null> {
  const [row] = await db.select({ id: orderInvoices.id }).from(orderInvoices).where(byOrder(orderNumber));
  return row?.id ?? null;
}

/** A conditional update: moves only a row matching `where`; answers whether one moved. */
export async function updateInvoice(db: Db | Tx, where: SQL | undefined, values: Partial<NewInvoice>): Promise<boolean> {
  const rows = await updateInvoiceStatement(db, where, values);
  return rows.length > 0;
}

/** updateInvoice's statement, not sent: the caller awaits it, or sends it with others (db/one-statement.ts). */
export function updateInvoiceStatement(db: Db | Tx, where: SQL | undefined, values: Partial<NewInvoice>) {
  return db.update(orderInvoices).set(values).where(where).returning({ id: orderInvoices.id });
}
