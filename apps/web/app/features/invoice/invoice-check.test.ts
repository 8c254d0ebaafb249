import { describe, expect, it } from 'vitest';
import { headerBody, headerErrors } from './invoice-check.ts';

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
