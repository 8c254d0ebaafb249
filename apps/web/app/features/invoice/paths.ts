export const invoiceDetailPath = (orderInvoiceId: number): string => `/invoice-detail?orderInvoiceId=${orderInvoiceId}`;
export const MY_INVOICES_PATH = '/user-center/uc-invoice';
