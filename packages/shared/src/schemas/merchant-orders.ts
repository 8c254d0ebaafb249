// The merchant center's dashboard, order search and export, and the write-off of virtual goods'
// voucher codes (issue 10; docs/decisions/028-merchant-dashboard-orders.md).
import { z } from 'zod';
import { ORDER_STATUS } from '../constants/order-status.ts';
import { textInput } from './text.ts';

/** A SKU with this many pieces or fewer (and not unlimited) is "low stock" on the dashboard. */
export const LOW_STOCK_THRESHOLD = 10;
/** The dashboard lists at most this many low-stock SKUs (the count covers all of them). */
export const LOW_STOCK_LIST_MAX = 10;
/** The dashboard's chart: today and the days before it. */
export const DASHBOARD_DAYS = 30;
/** An export refuses a filter matching more orders than this (narrow it, e.g. by dates). */
export const ORDER_EXPORT_MAX_ROWS = 5000;
export const ORDER_SEARCH_TEXT_MAX = 30;

const ORDER_STATUSES = Object.values(ORDER_STATUS) as number[];

/** 'yyyy-MM-dd', a real calendar day. */
const day = z
  .string({ error: 'merchantOrders.errors.date' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'merchantOrders.errors.date')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'merchantOrders.errors.date');

const searchText = (message: string) => textInput(message).trim().max(ORDER_SEARCH_TEXT_MAX, message).optional();

/** What narrows the shop's order list (and its export): status tab, number, product, buyer, days. */
export const MerchantOrderFilterFields = z.object({
    /** 0 or absent: every order; otherwise one ORDER_STATUS. */
    status: z.coerce
      .number('merchant.errors.status')
      .int('merchant.errors.status')
      .refine((s) => s === 0 || ORDER_STATUSES.includes(s), 'merchant.errors.status')
      .default(0),
    /** Part of an order number (digits), to find one order. */
    orderNumber: z
      .string({ error: 'merchant.errors.orderNumberSearch' })
      .trim()
      .regex(/^\d{0,32}$/, 'merchant.errors.orderNumberSearch')
      .optional(),
    /** Part of a product's name (Chinese or English) on one of the order's lines. */
    prodName: searchText('merchantOrders.errors.prodName'),
    /** Part of the buyer's nickname, or part of the buyer's mobile number (digits). */
    buyer: searchText('merchantOrders.errors.buyer'),
    /** Orders placed on or after this day (the mall's time zone). */
    dateFrom: day.optional(),
    /** Orders placed on or before this day (the mall's time zone). */
    dateTo: day.optional(),
});
export type MerchantOrderFilter = z.infer<typeof MerchantOrderFilterFields>;

/** The day range reads forwards (each query schema built on the fields adds it). */
export const dateRangeInOrder: [(f: { dateFrom?: string; dateTo?: string }) => boolean, { message: string; path: string[] }] = [
  (f) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo,
  { message: 'merchantOrders.errors.dateRange', path: ['dateTo'] },
];

/** GET /merchant/order/export: the filter and the format. */
export const MerchantOrderExportQuerySchema = MerchantOrderFilterFields.extend({
  format: z.enum(['csv'], { error: 'merchantOrders.errors.format' }).default('csv'),
}).refine(...dateRangeInOrder);
export type MerchantOrderExportQuery = z.infer<typeof MerchantOrderExportQuerySchema>;

const Totals = z.object({ orders: z.number().int(), sales: z.number().int() });

/** GET /merchant/dashboard: money in fen; days in the mall's time zone. */
export const MerchantDashboardSchema = z.object({
  /** The mall's current day, 'yyyy-MM-dd'. */
  today: z.string(),
  todayPaid: Totals,
  monthPaid: Totals,
  toShip: z.number().int(),
  lowStock: z.object({
    threshold: z.number().int(),
    count: z.number().int(),
    skus: z.array(
      z.object({ skuId: z.number().int(), prodId: z.number().int(), prodName: z.string(), skuName: z.string(), stocks: z.number().int() }),
    ),
  }),
  /** DASHBOARD_DAYS entries, oldest first, days without paid orders as zero. */
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), sales: z.number().int() })),
});
export type MerchantDashboard = z.infer<typeof MerchantDashboardSchema>;

/** A voucher code as printed (letters and digits; spaces and dashes a person types are dropped, case ignored). */
export const VoucherWriteOffSchema = z.object({
  code: textInput('merchantOrders.errors.codeInvalid')
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{6,64}$/, 'merchantOrders.errors.codeInvalid')),
});
export type VoucherWriteOff = z.infer<typeof VoucherWriteOffSchema>;

export const VoucherWriteOffResultSchema = z.object({
  code: z.string(),
  orderNumber: z.string(),
  prodName: z.string(),
  skuName: z.string(),
  usedAt: z.string(),
  /** Codes of the same order still to be written off. */
  remaining: z.number().int(),
});
export type VoucherWriteOffResult = z.infer<typeof VoucherWriteOffResultSchema>;
