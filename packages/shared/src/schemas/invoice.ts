// Invoices (issue 26, docs/decisions/061-invoices.md; reference 2.10): one per order, asked at
// checkout (orderInvoiceList of POST /p/order/submit) or afterwards (POST /p/orderInvoice),
// re-issued with a corrected header (PUT), issued or refused by the shop (merchant center).
import { z } from 'zod';
import { INVOICE_HEADER_TYPE, INVOICE_STATE } from '../constants/refund.ts';
import { PageQuerySchema } from './common.ts';
import { textInput } from './text.ts';

/** A header's name (a company's full name, or a person's): at most this many characters. */
export const INVOICE_HEADER_NAME_MAX = 100;
/** A refusal's reason, as the shopper reads it. */
export const INVOICE_FAIL_REASON_MAX = 200;
/** An invoice file: a PDF or an image, at most this many bytes. */
export const INVOICE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const INVOICE_FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

/**
 * GB 32100-2015, the unified social credit code: 18 characters from these 31 (no I, O, Z, S, V);
 * the last is the check character of the first 17 with weights 3^i mod 31.
 */
const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const USCC_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character the first 17 characters of a code call for. */
export function usccCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARSET.indexOf(first17[i]!) * USCC_WEIGHTS[i]!;
  return USCC_CHARSET[(31 - (sum % 31)) % 31]!;
}

/** True for a well-formed unified social credit code whose check character matches. */
export function isUnifiedSocialCreditCode(code: string): boolean {
  return USCC_PATTERN.test(code) && usccCheckCharacter(code.slice(0, 17)) === code[17];
}

export const InvoiceHeaderTypeSchema = z.union([z.literal(INVOICE_HEADER_TYPE.unit), z.literal(INVOICE_HEADER_TYPE.personal)], { error: 'invoice.errors.headerType' });

/**
 * The header: a unit needs its name and taxpayer id (checked); a personal header needs a name
 * and drops any tax id it was sent. invoiceType 1 (ordinary electronic) and invoiceContext 1
 * (goods details) are the only kinds.
 */
const headerFields = {
  invoiceType: z.literal(1, { error: 'invoice.errors.invoiceType' }).default(1),
  invoiceContext: z.literal(1, { error: 'invoice.errors.invoiceContext' }).default(1),
  headerType: z.coerce.number('invoice.errors.headerType').pipe(InvoiceHeaderTypeSchema),
  headerName: textInput('invoice.errors.headerNameRequired')
    .trim()
    .min(1, 'invoice.errors.headerNameRequired')
    .max(INVOICE_HEADER_NAME_MAX, 'invoice.errors.headerNameTooLong'),
  invoiceTaxNumber: textInput('invoice.errors.taxNumber').trim().toUpperCase().nullish(),
};

function checkHeader<T extends { headerType: number; invoiceTaxNumber?: string | null }>(value: T, ctx: z.RefinementCtx) {
  if (value.headerType !== INVOICE_HEADER_TYPE.unit) return;
  if (!value.invoiceTaxNumber) ctx.addIssue({ code: 'custom', path: ['invoiceTaxNumber'], message: 'invoice.errors.taxNumberRequired' });
  else if (!isUnifiedSocialCreditCode(value.invoiceTaxNumber)) ctx.addIssue({ code: 'custom', path: ['invoiceTaxNumber'], message: 'invoice.errors.taxNumber' });
}

function dropPersonalTaxNumber<T extends { headerType: number; invoiceTaxNumber?: string | null }>(value: T) {
  return { ...value, invoiceTaxNumber: value.headerType === INVOICE_HEADER_TYPE.unit ? (value.invoiceTaxNumber ?? null) : null };
}

export const InvoiceHeaderSchema = z.object(headerFields).superRefine(checkHeader).transform(dropPersonalTaxNumber);
export type InvoiceHeader = z.output<typeof InvoiceHeaderSchema>;
export type InvoiceHeaderInput = z.input<typeof InvoiceHeaderSchema>;

const OrderNumberField = z.string('invoice.errors.orderNotFound').regex(/^\d{1,20}$/, 'invoice.errors.orderNotFound');
const ShopIdField = z.coerce.number('invoice.errors.orderNotFound').int('invoice.errors.orderNotFound').min(1, 'invoice.errors.orderNotFound').max(2_147_483_647, 'invoice.errors.orderNotFound');

/** One element of POST /p/order/submit's orderInvoiceList: the invoice of that shop's order. */
export const CheckoutInvoiceSchema = z.object({ shopId: ShopIdField, ...headerFields }).superRefine(checkHeader).transform(dropPersonalTaxNumber);
export type CheckoutInvoice = z.output<typeof CheckoutInvoiceSchema>;

/** POST /p/orderInvoice: an invoice for an order placed without one. */
export const ApplyInvoiceSchema = z
  .object({ orderNumber: OrderNumberField, shopId: ShopIdField.optional(), ...headerFields })
  .superRefine(checkHeader)
  .transform(dropPersonalTaxNumber);
export type ApplyInvoice = z.output<typeof ApplyInvoiceSchema>;

export const InvoiceIdSchema = z.coerce
  .number('invoice.errors.notFound')
  .int('invoice.errors.notFound')
  .min(1, 'invoice.errors.notFound')
  .max(2_147_483_647, 'invoice.errors.notFound');
export const InvoiceIdParamSchema = z.object({ id: InvoiceIdSchema });

/** PUT /p/orderInvoice: a re-issue with a corrected header; the invoice goes back to applying. */
export const ReissueInvoiceSchema = z
  .object({ orderInvoiceId: InvoiceIdSchema, orderNumber: OrderNumberField.optional(), shopId: ShopIdField.optional(), ...headerFields })
  .superRefine(checkHeader)
  .transform(dropPersonalTaxNumber);
export type ReissueInvoice = z.output<typeof ReissueInvoiceSchema>;

const invoiceStates = [INVOICE_STATE.applying, INVOICE_STATE.invoiced, INVOICE_STATE.failed] as const;

/** GET /p/orderInvoice/page and GET /merchant/invoices: newest first, optionally by state. */
export const InvoicePageQuerySchema = PageQuerySchema.extend({
  invoiceState: z.coerce
    .number('invoice.errors.state')
    .int('invoice.errors.state')
    .refine((v) => (invoiceStates as readonly number[]).includes(v), 'invoice.errors.state')
    .optional(),
});
export type InvoicePageQuery = z.infer<typeof InvoicePageQuerySchema>;

/** One invoice as its shopper and its shop see it. amount: what the shopper paid less what was refunded, in fen (kept so while it is not issued: decision 061, 2026-12-08). */
export const OrderInvoiceSchema = z.object({
  orderInvoiceId: z.number().int(),
  orderNumber: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  invoiceType: z.number().int(),
  invoiceContext: z.number().int(),
  headerType: z.number().int(),
  headerName: z.string(),
  invoiceTaxNumber: z.string().nullable(),
  amount: z.number().int(),
  /** 1 applying, 2 invoiced, 3 failed. */
  invoiceState: z.number().int(),
  failReason: z.string().nullable(),
  /**
   * Why it cannot be asked again, when the mall ended it: its order was cancelled or refunded in
   * full (the detail, GET /p/orderInvoice/info, also names it when the order closed after the
   * shop refused or issued it). Null: a corrected header may be sent.
   */
  endReason: z.enum(['cancelled', 'refunded']).nullable(),
  /** The issued file's id (GET /p/file/get_file_by_id), null until issued. */
  fileId: z.number().int().nullable(),
  applicationTime: z.string(),
  uploadTime: z.string().nullable(),
});
export type OrderInvoice = z.infer<typeof OrderInvoiceSchema>;

/** GET /p/file/get_file_by_id: a file the shopper may open (an issued invoice of an own order). */
export const FileIdQuerySchema = z.object({
  fileId: z.coerce.number('invoice.errors.fileNotFound').int('invoice.errors.fileNotFound').min(1, 'invoice.errors.fileNotFound').max(2_147_483_647, 'invoice.errors.fileNotFound'),
});
/** A short-lived signed link (decision 023). */
export const FileLinkSchema = z.object({ fileId: z.number().int(), url: z.string(), fileName: z.string() });
export type FileLink = z.infer<typeof FileLinkSchema>;

/** The merchant center's view adds the buyer's nickname and, once issued, a signed link to the file. */
export const MerchantInvoiceSchema = OrderInvoiceSchema.extend({ nickName: z.string(), fileUrl: z.string().nullable() });
export type MerchantInvoice = z.infer<typeof MerchantInvoiceSchema>;

/** PUT /merchant/invoices/{id}/fail: refuse the request with a reason the shopper reads. */
export const FailInvoiceSchema = z.object({
  failReason: textInput('invoice.errors.failReasonRequired')
    .trim()
    .min(1, 'invoice.errors.failReasonRequired')
    .max(INVOICE_FAIL_REASON_MAX, 'invoice.errors.failReasonTooLong'),
});
export type FailInvoice = z.infer<typeof FailInvoiceSchema>;
