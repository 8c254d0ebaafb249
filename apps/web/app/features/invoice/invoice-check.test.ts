import { describe, expect, it } from 'vitest';
import { canReissueInvoice, canRequestInvoice, headerBody, headerErrors } from './invoice-check.ts';

describe('the invoice header checks in the browser', () => {
  it('asks nothing of "no invoice", a name of a unit, and a valid unified social credit code', () => {
    expect(headerErrors({ headerType: 0, headerName: '', invoiceTaxNumber: '' })).toEqual({});
    expect(headerErrors({ headerType: 1, headerName: ' ', invoiceTaxNumber: '' })).toEqual({ headerName: 'invoice.errors.headerNameRequired', invoiceTaxNumber: 'invoice.errors.taxNumberRequired' });
    expect(headerErrors({ headerType: 1, headerName: '某某公司', invoiceTaxNumber: '91350100M000100Y44' })).toEqual({ invoiceTaxNumber: 'invoice.errors.taxNumber' });
    expect(headerErrors({ headerType: 1, headerName: '某某公司', invoiceTaxNumber: ' 91350100m000100y43 ' })).toEqual({});
    expect(headerErrors({ headerType: 1, headerName: 'x'.repeat(101), invoiceTaxNumber: '91350100M000100Y43' })).toEqual({ headerName: 'invoice.errors.headerNameTooLong' });
  });

  it('lets a personal header go without a name or tax id, and never sends a tax id for it', () => {
    expect(headerErrors({ headerType: 2, headerName: '', invoiceTaxNumber: 'anything' })).toEqual({});
    expect(headerBody({ headerType: 2, headerName: '', invoiceTaxNumber: '91350100M000100Y43' }, '个人')).toEqual({ invoiceType: 1, invoiceContext: 1, headerType: 2, headerName: '个人' });
    expect(headerBody({ headerType: 1, headerName: ' 某某公司 ', invoiceTaxNumber: '91350100m000100y43' }, '个人')).toEqual({
      invoiceType: 1,
      invoiceContext: 1,
      headerType: 1,
      headerName: '某某公司',
      invoiceTaxNumber: '91350100M000100Y43',
    });
  });
});

describe('the invoice buttons that could only fail', () => {
  it('offers no invoice request for an order refunded in full (QA item 3), cancelled or unpaid', () => {
    expect(canRequestInvoice({ status: 3, isPayed: true, refundStatus: 2 })).toBe(false);
    expect(canRequestInvoice({ status: 6, isPayed: true, refundStatus: 0 })).toBe(false);
    expect(canRequestInvoice({ status: 1, isPayed: false })).toBe(false);
    expect(canRequestInvoice({ status: 5, isPayed: true, refundStatus: 3 })).toBe(true);
    expect(canRequestInvoice({ status: 2, isPayed: true, refundStatus: null })).toBe(true);
  });

  it('offers no corrected header for an invoice the mall ended (QA item 6)', () => {
    expect(canReissueInvoice({ endReason: 'refunded' })).toBe(false);
    expect(canReissueInvoice({ endReason: 'cancelled' })).toBe(false);
    expect(canReissueInvoice({ endReason: null })).toBe(true);
  });
});
