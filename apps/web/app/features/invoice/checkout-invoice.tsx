// The checkout's invoice section (/submit-order). The choice is part of the page and hydrates with
// it, its state held by the page, so a click is never lost; the name and taxpayer-id fields and
// their checks are their own chunk, fetched when the shopper comes near the section or chooses an
// invoice, so the checkout's first JavaScript does not carry them.
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { HeaderDraft, headerBody } from './invoice-check.ts';
import { InvoiceHeaderChoice } from './invoice-header-choice.tsx';

const loadInputs = () => import('./invoice-header-fields.tsx');
const InvoiceHeaderInputs = lazy(() => loadInputs().then((m) => ({ default: m.InvoiceHeaderInputs })));

/** The checkout starts without an invoice. */
export const NO_INVOICE: HeaderDraft = { headerType: 0, headerName: '', invoiceTaxNumber: '' };

/** What the checkout sends for every shop's order: the header, an error key to show, or nothing. */
export type CheckoutInvoiceChoice = { body: ReturnType<typeof headerBody> | null; error: string | null };

/** The draft's header and first error, loading the checks only when an invoice is asked. */
export async function checkCheckoutInvoice(draft: HeaderDraft, personalDefault: string): Promise<CheckoutInvoiceChoice> {
  if (draft.headerType === 0) return { body: null, error: null };
  const { headerBody, headerErrors } = await import('./invoice-check.ts');
  const errors = headerErrors(draft);
  return { body: headerBody(draft, personalDefault), error: errors.headerName ?? errors.invoiceTaxNumber ?? null };
}

export function CheckoutInvoice({ draft, onChange, disabled, showErrors }: { draft: HeaderDraft; onChange: (next: HeaderDraft) => void; disabled: boolean; showErrors: boolean }) {
  const { t } = useTranslation();
  const preload = () => void loadInputs();
  return (
    <section className="card checkout-section checkout-invoice" aria-labelledby="checkout-invoice-title" data-testid="checkout-invoice" onPointerEnter={preload} onFocus={preload}>
      <h2 id="checkout-invoice-title" className="checkout-section__title">
        {t('invoice.form.title')}
      </h2>
      <div className="invoice-fields">
        <InvoiceHeaderChoice draft={draft} onChange={onChange} allowNone disabled={disabled} />
        {draft.headerType === 0 ? null : (
          <Suspense fallback={null}>
            <InvoiceHeaderInputs draft={draft} onChange={onChange} showErrors={showErrors} disabled={disabled} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
