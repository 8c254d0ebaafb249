// The header's checks in the browser, the same as the server's (shared/schemas/invoice.ts): a
// name, and for a unit the taxpayer id with its GB 32100-2015 check character.
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { INVOICE_HEADER_TYPE, ORDER_REFUND_STATUS } from '@bazaar/shared/constants/refund';
import { INVOICE_HEADER_NAME_MAX, isUnifiedSocialCreditCode } from '@bazaar/shared/schemas/invoice';

/** 0: no invoice (checkout only). */
export type HeaderChoice = 0 | 1 | 2;

export interface HeaderDraft {
  headerType: HeaderChoice;
  headerName: string;
  invoiceTaxNumber: string;
}

/** The field errors (message keys) of a draft; empty when it may be sent. */
export function headerErrors(draft: HeaderDraft): { headerName?: string; invoiceTaxNumber?: string } {
  if (draft.headerType === 0) return {};
  const errors: { headerName?: string; invoiceTaxNumber?: string } = {};
  const name = draft.headerName.trim();
  if (draft.headerType === INVOICE_HEADER_TYPE.unit && !name) errors.headerName = 'invoice.errors.headerNameRequired';
  else if (name.length > INVOICE_HEADER_NAME_MAX) errors.headerName = 'invoice.errors.headerNameTooLong';
  if (draft.headerType === INVOICE_HEADER_TYPE.unit) {
    const code = draft.invoiceTaxNumber.trim().toUpperCase();
    if (!code) errors.invoiceTaxNumber = 'invoice.errors.taxNumberRequired';
    else if (!isUnifiedSocialCreditCode(code)) errors.invoiceTaxNumber = 'invoice.errors.taxNumber';
  }
  return errors;
}

/** The body's header part; a personal header without a name is "个人" / the shopper's choice. */
export function headerBody(draft: HeaderDraft, personalDefault: string) {
  const unit = draft.headerType === INVOICE_HEADER_TYPE.unit;
  return {
    invoiceType: 1,
    invoiceContext: 1,
    headerType: draft.headerType,
    headerName: draft.headerName.trim() || personalDefault,
    ...(unit ? { invoiceTaxNumber: draft.invoiceTaxNumber.trim().toUpperCase() } : {}),
  };
}

/**
 * Whether the order detail offers "request invoice": a paid order neither cancelled nor refunded in
 * full (the server refuses both: "订单已全额退款，不能申请发票").
 */
export function canRequestInvoice(order: { status: number; isPayed: boolean; refundStatus?: number | null }): boolean {
  return order.isPayed && order.status !== ORDER_STATUS.cancelled && order.refundStatus !== ORDER_REFUND_STATUS.allRefunded;
}

/** Whether /invoice-detail offers a corrected header: not once the mall ended it (order cancelled or refunded in full). */
export function canReissueInvoice(invoice: { endReason: string | null }): boolean {
  return invoice.endReason === null;
}
