import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { invoicePage, invoiceRow } from '../test/invoices.ts';
import { InvoicesPage } from './invoices.tsx';
import type { UploadInvoice } from '../lib/merchant-invoices.ts';

const pdf = (name = 'invoice.pdf', size = 1000) => {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the invoice queue', () => {
  it('lists the requests with header, tax id, amount and state, and filters them by state', async () => {
    const rows = [
      invoiceRow(),
      invoiceRow({ orderInvoiceId: 6, orderNumber: '1900000000000000006', headerType: 2, headerName: '张三', invoiceTaxNumber: null, invoiceState: 3, failReason: '名称与税号不符' }),
      invoiceRow({ orderInvoiceId: 7, orderNumber: '1900000000000000007', invoiceState: 2, fileId: 9, fileUrl: '/uploads/private/abc.pdf?exp=1&sig=x' }),
    ];
    const api = fakeApi(() => invoicePage(rows));
    renderInConsole(<InvoicesPage api={api} upload={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'invoices.title' })).toBeTruthy();
    expect(await screen.findAllByText('杭州某某科技有限公司')).toHaveLength(2);
    expect(screen.getAllByText('91350100M000100Y43')).toHaveLength(2);
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getAllByText('¥128.00')).toHaveLength(3);
    expect(screen.getByTestId('invoice-state-5').textContent).toBe('invoices.state.1');
    expect(screen.getByText('invoices.failReason{"reason":"名称与税号不符"}')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'invoices.view' }).getAttribute('href')).toBe('/uploads/private/abc.pdf?exp=1&sig=x');
    // Only an applying request can be issued or refused.
    expect(screen.getAllByRole('button', { name: /^invoices.upload / })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^invoices.fail / })).toHaveLength(1);
    expect(api).toHaveBeenLastCalledWith('/merchant/invoices', expect.objectContaining({ query: { invoiceState: undefined, current: 1, size: 10 } }));

    fireEvent.click(screen.getByRole('tab', { name: 'invoices.tabs.applying' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/invoices', expect.objectContaining({ query: { invoiceState: 1, current: 1, size: 10 } })));
  });

  it('fits a 1280 px screen: every column has a width, they add up to the room beside the menu, and the actions stay in sight at the right', async () => {
    const long = '北京某某某某某某某某网络科技股份有限公司上海分公司';
    const api = fakeApi(() => invoicePage([invoiceRow({ headerName: long }), invoiceRow({ orderInvoiceId: 6, invoiceState: 3, failReason: '名称与税号不符' })]));
    renderInConsole(<InvoicesPage api={api} upload={vi.fn()} />);
    await screen.findByText(long);
    // 1280 px less the menu (200), the page's padding (2 × 24) and a scrollbar (16).
    const widths = [...document.querySelectorAll('.ant-table-content colgroup col')].map((col) => Number.parseFloat((col as HTMLElement).style.width));
    expect(widths).toHaveLength(screen.getAllByRole('columnheader').length);
    expect(widths.every((w) => w > 0)).toBe(true);
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1280 - 200 - 48 - 16);
    const actions = screen.getAllByRole('columnheader').at(-1)!;
    expect(actions.textContent).toBe('invoices.columns.actions');
    expect(actions.className).toContain('ant-table-cell-fix-end');
    // Long texts are cut, the whole text in a tooltip.
    expect(screen.getByText(long).className).toContain('ant-typography-ellipsis');
    expect(screen.getByText('invoices.failReason{"reason":"名称与税号不符"}').className).toContain('ant-typography-ellipsis');
  });

  it('checks the file before sending it, then uploads it and reads the queue again', async () => {
    const upload = vi.fn<UploadInvoice>(async () => invoiceRow({ invoiceState: 2, fileId: 9, fileUrl: '/uploads/private/abc.pdf?exp=1&sig=x' }));
    const api = fakeApi(() => invoicePage([invoiceRow()]));
    const { invalidated } = renderInConsole(<InvoicesPage api={api} upload={upload} />);
    const input = await screen.findByTestId('invoice-file-5');

    fireEvent.change(input, { target: { files: [new File(['x'], 'invoice.docx')] } });
    expect(await screen.findByText('invoices.badFormat')).toBeTruthy();
    fireEvent.change(input, { target: { files: [pdf('invoice.pdf', 6 * 1024 * 1024)] } });
    expect(await screen.findByText('invoices.tooLarge')).toBeTruthy();
    fireEvent.change(input, { target: { files: [pdf('photo.png', 3 * 1024 * 1024)] } });
    expect(upload).not.toHaveBeenCalled();

    const file = pdf();
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith(5, file, 'zh'));
    expect(await screen.findByText('invoices.uploaded')).toBeTruthy();
    expect(invalidated).toContainEqual(['invoices']);
  });

  it('shows the API\'s message when the upload is refused', async () => {
    const { ApiError } = await import('@bazaar/shared/console/api-client');
    const upload = vi.fn<UploadInvoice>(async () => {
      throw new ApiError(400, '发票文件格式不正确，请上传 PDF、JPG 或 PNG 文件');
    });
    renderInConsole(<InvoicesPage api={fakeApi(() => invoicePage([invoiceRow()]))} upload={upload} />);
    fireEvent.change(await screen.findByTestId('invoice-file-5'), { target: { files: [pdf()] } });
    expect(await screen.findByText('发票文件格式不正确，请上传 PDF、JPG 或 PNG 文件')).toBeTruthy();
  });

  it('marks a request failed with a reason, which it requires', async () => {
    const api = fakeApi((path, options) => (options.method === 'PUT' ? invoiceRow({ invoiceState: 3, failReason: (options.body as { failReason: string }).failReason }) : invoicePage([invoiceRow()])));
    renderInConsole(<InvoicesPage api={api} upload={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'invoices.fail 1900000000000000005' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('invoices.modal.invoice{"header":"杭州某某科技有限公司","orderNumber":"1900000000000000005"}')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'invoices.modal.submit' }));
    expect(await within(dialog).findByText('invoices.modal.reasonRequired')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('/merchant/invoices/5/fail', expect.anything());

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'invoices.modal.reason' }), { target: { value: ' 名称与税号不符 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'invoices.modal.submit' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/merchant/invoices/5/fail', expect.objectContaining({ method: 'PUT', body: { failReason: '名称与税号不符' } })));
    expect(await screen.findByText('invoices.modal.done')).toBeTruthy();
  });
});
