// The user center's invoice list and /invoice-detail's card: header, type, tax id, amount, state,
// and (issued) the download, which asks the API for a short-lived signed link first.
import { useState } from 'react';
import { Link } from 'react-router';
import { INVOICE_STATE } from '@bazaar/shared/constants/refund';
import type { FileLink, OrderInvoice } from '@bazaar/shared/schemas/invoice';
import { useTranslation } from '../../lib/i18n.tsx';
import { apiData, ApiError } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Price } from '../../components/ui/price.tsx';
import { invoiceDetailPath } from './paths.ts';

export function InvoiceStateBadge({ state }: { state: number }) {
  const { t } = useTranslation();
  return <span className={`invoice-state invoice-state--${state}`}>{t(`invoice.state.${state}`)}</span>;
}

export function InvoiceList({ invoices }: { invoices: OrderInvoice[] }) {
  const { t } = useTranslation();
  if (invoices.length === 0) return <p className="invoice-list__empty">{t('invoice.list.empty')}</p>;
  return (
    <table className="invoice-list">
      <thead>
        <tr>
          <th scope="col">{t('invoice.list.orderNumber')}</th>
          <th scope="col">{t('invoice.list.header')}</th>
          <th scope="col">{t('invoice.list.amount')}</th>
          <th scope="col">{t('invoice.list.state')}</th>
          <th scope="col">{t('invoice.list.time')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('invoice.list.view')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.orderInvoiceId} data-testid="invoice-row">
            <td>
              {invoice.orderNumber}
              <div className="invoice-list__shop">{invoice.shopName}</div>
            </td>
            <td>
              {invoice.headerName}
              <div className="invoice-list__shop">{t(`invoice.headerType.${invoice.headerType}`)}</div>
            </td>
            <td>
              <Price fen={invoice.amount} />
            </td>
            <td>
              <InvoiceStateBadge state={invoice.invoiceState} />
            </td>
            <td>{invoice.applicationTime}</td>
            <td>
              <Link className="text-link" to={invoiceDetailPath(invoice.orderInvoiceId)}>
                {t('invoice.list.view')}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Asks for a signed link to the file and follows it (a PDF is served as a download). */
export function DownloadInvoice({ fileId }: { fileId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const link = await apiData<FileLink>('/p/file/get_file_by_id', { query: { fileId } });
      const a = document.createElement('a');
      a.href = link.url;
      a.download = link.fileName;
      a.rel = 'noopener';
      document.body.append(a);
      a.click();
      a.remove();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button onClick={() => void download()} disabled={busy} data-testid="invoice-download">
      {busy ? t('invoice.detail.downloading') : t('invoice.detail.download')}
    </Button>
  );
}

export function InvoiceFacts({ invoice }: { invoice: OrderInvoice }) {
  const { t } = useTranslation();
  const rows: Array<[string, React.ReactNode]> = [
    ['invoice.detail.state', <InvoiceStateBadge key="s" state={invoice.invoiceState} />],
    ['invoice.detail.headerType', t(`invoice.headerType.${invoice.headerType}`)],
    ['invoice.detail.headerName', invoice.headerName],
    ['invoice.detail.taxNumber', invoice.invoiceTaxNumber ?? t('invoice.detail.none')],
    ['invoice.detail.kind', t('invoice.kind')],
    ['invoice.detail.content', t('invoice.content')],
    ['invoice.detail.amount', <Price key="a" fen={invoice.amount} />],
    ['invoice.detail.orderNumber', <Link key="o" className="text-link" to={`/order-detail?orderNumber=${invoice.orderNumber}`}>{invoice.orderNumber}</Link>],
    ['invoice.detail.shop', invoice.shopName],
    ['invoice.detail.applicationTime', invoice.applicationTime],
  ];
  if (invoice.uploadTime && invoice.invoiceState === INVOICE_STATE.invoiced) rows.push(['invoice.detail.uploadTime', invoice.uploadTime]);
  if (invoice.invoiceState === INVOICE_STATE.failed && invoice.failReason) rows.push(['invoice.detail.failReason', invoice.failReason]);
  return (
    <dl className="invoice-facts">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(key)}</dt>
          <dd data-testid={`invoice-${key.split('.').pop()}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
