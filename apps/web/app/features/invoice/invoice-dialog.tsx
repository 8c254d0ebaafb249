// The request dialog (from the order detail) and the re-issue dialog (from /invoice-detail): the
// header, checked here as on the server, sent as POST or PUT /p/orderInvoice.
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { OrderInvoiceSchema, type OrderInvoice } from '@bazaar/shared/schemas/invoice';
import { api, ApiError } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { headerBody, headerErrors, type HeaderDraft } from './invoice-check.ts';
import { InvoiceHeaderFields } from './invoice-header-fields.tsx';
import './invoice.css';

export type InvoiceDialogTarget = { kind: 'apply'; orderNumber: string; shopId: number } | { kind: 'reissue'; invoice: OrderInvoice };

export default function InvoiceDialog({ target, onClose, onDone }: { target: InvoiceDialogTarget; onClose: () => void; onDone: (invoice: OrderInvoice) => void }) {
  const { t } = useTranslation();
  const start: HeaderDraft =
    target.kind === 'reissue'
      ? { headerType: target.invoice.headerType as 1 | 2, headerName: target.invoice.headerName, invoiceTaxNumber: target.invoice.invoiceTaxNumber ?? '' }
      : { headerType: 2, headerName: '', invoiceTaxNumber: '' };
  const [draft, setDraft] = useState(start);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(headerErrors(draft)).length > 0 || busy) return;
    setBusy(true);
    try {
      const header = headerBody(draft, t('invoice.form.personal'));
      const invoice =
        target.kind === 'apply'
          ? await api('/p/orderInvoice', { method: 'POST', body: { orderNumber: target.orderNumber, shopId: target.shopId, ...header }, schema: OrderInvoiceSchema })
          : await api('/p/orderInvoice', { method: 'PUT', body: { orderInvoiceId: target.invoice.orderInvoiceId, ...header }, schema: OrderInvoiceSchema });
      showToast(t(target.kind === 'apply' ? 'invoice.dialog.applied' : 'invoice.dialog.reissued'), { kind: 'success' });
      onDone(invoice);
    } catch (err) {
      // The API client showed the server's message.
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} title={t(target.kind === 'apply' ? 'invoice.dialog.title' : 'invoice.dialog.reissueTitle')} className="invoice-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <InvoiceHeaderFields draft={draft} onChange={setDraft} allowNone={false} showErrors={showErrors} disabled={busy} />
        <div className="invoice-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('invoice.dialog.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('invoice.dialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
