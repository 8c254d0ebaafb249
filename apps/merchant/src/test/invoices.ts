// An invoice row as GET /merchant/invoices answers it, for the invoice queue's tests.
import type { Page } from '@bazaar/shared/schemas/common';
import type { MerchantInvoice } from '@bazaar/shared/schemas/invoice';

export const invoiceRow = (overrides: Partial<MerchantInvoice> = {}): MerchantInvoice => ({
  orderInvoiceId: 5,
  orderNumber: '1900000000000000005',
  shopId: 1,
  shopName: '茶具小店',
  invoiceType: 1,
  invoiceContext: 1,
  headerType: 1,
  headerName: '杭州某某科技有限公司',
  invoiceTaxNumber: '91350100M000100Y43',
  amount: 12_800,
  invoiceState: 1,
  failReason: null,
  endReason: null,
  fileId: null,
  applicationTime: '2026-12-01 10:00:00',
  uploadTime: null,
  nickName: '王小明',
  fileUrl: null,
  ...overrides,
});

export const invoicePage = (records: MerchantInvoice[], total = records.length): Page<MerchantInvoice> => ({ records, total, size: 10, current: 1, pages: Math.ceil(total / 10) });
