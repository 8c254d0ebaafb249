// The checkout's invoice section (/submit-order), its own chunk: loaded when the page shows it, so
// the checkout's first JavaScript does not carry the header checks.
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { headerBody, headerErrors, type HeaderDraft } from './invoice-check.ts';
import { InvoiceHeaderFields } from './invoice-header-fields.tsx';
import './invoice.css';

/** What the checkout sends for every shop's order: the header, an error key to show, or nothing. */
export type CheckoutInvoiceChoice = { body: ReturnType<typeof headerBody> | null; error: string | null };

export default function CheckoutInvoice({ disabled, showErrors, onChange }: { disabled: boolean; showErrors: boolean; onChange: (choice: CheckoutInvoiceChoice) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<HeaderDraft>({ headerType: 0, headerName: '', invoiceTaxNumber: '' });
  function change(next: HeaderDraft) {
    setDraft(next);
    const errors = headerErrors(next);
    const error = errors.headerName ?? errors.invoiceTaxNumber ?? null;
    onChange({ body: next.headerType === 0 ? null : headerBody(next, t('invoice.form.personal')), error });
  }
  return (
    <section className="card checkout-section checkout-invoice" aria-labelledby="checkout-invoice-title" data-testid="checkout-invoice">
      <h2 id="checkout-invoice-title" className="checkout-section__title">
        {t('invoice.form.title')}
      </h2>
      <InvoiceHeaderFields draft={draft} onChange={change} allowNone showErrors={showErrors} disabled={disabled} />
    </section>
  );
}
