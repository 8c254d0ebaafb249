import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigFen, createdAt, serialNumber, tstz, updatedAt, userIdColumn } from './columns.ts';
import { orders } from './order.ts';
import { files } from './upload.ts';

/**
 * Invoices (order_invoice, modules/invoice, decision 061): one per order (the unique order
 * number). headerType 1 unit (with its checked taxpayer id), 2 personal (none); invoiceType 1
 * ordinary electronic; invoiceContext 1 goods details; invoiceState 1 applying, 2 invoiced (its
 * file set), 3 failed (its reason set). amount: the order's actual total, in fen.
 */
export const orderInvoices = pgTable(
  'order_invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNumber: serialNumber('order_number')
      .notNull()
      .references(() => orders.orderNumber, { onDelete: 'cascade' }),
    userId: userIdColumn().notNull(),
    shopId: integer('shop_id').notNull(),
    invoiceType: smallint('invoice_type').notNull().default(1),
    headerType: smallint('header_type').notNull(),
    headerName: varchar('header_name', { length: 100 }).notNull(),
    invoiceTaxNumber: varchar('invoice_tax_number', { length: 32 }),
    invoiceContext: smallint('invoice_context').notNull().default(1),
    invoiceState: smallint('invoice_state').notNull().default(1),
    amount: bigFen('amount').notNull().default(0),
    failReason: varchar('fail_reason', { length: 200 }),
    /** The issued file (files row, private, uploaded by the shop). */
    fileId: integer('file_id').references(() => files.id),
    applicationTime: createdAt(),
    uploadTime: tstz('upload_time'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_invoices_order_uq').on(t.orderNumber),
    index('order_invoices_user_idx').on(t.userId, t.applicationTime),
    // The merchant center's queue: one shop's invoices by state, newest first.
    index('order_invoices_shop_idx').on(t.shopId, t.invoiceState, t.id),
    check('order_invoices_header_ck', sql`${t.headerType} in (1, 2) and ${t.invoiceState} in (1, 2, 3)`),
    check('order_invoices_tax_ck', sql`(${t.headerType} = 1) = (${t.invoiceTaxNumber} is not null)`),
    check('order_invoices_done_ck', sql`(${t.invoiceState} <> 2 or ${t.fileId} is not null) and (${t.invoiceState} <> 3 or ${t.failReason} is not null)`),
  ],
);
