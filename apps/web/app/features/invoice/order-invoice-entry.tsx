// The order detail's invoice entry: "view invoice" once one was asked, otherwise "request invoice"
// for a paid order neither cancelled nor refunded in full, opening the request dialog (its own chunk).
import { lazy, Suspense, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { canRequestInvoice } from './invoice-check.ts';
import { invoiceDetailPath } from './paths.ts';

const InvoiceDialog = lazy(() => import('./invoice-dialog.tsx'));

export function OrderInvoiceEntry({ order }: { order: { orderNumber: string; shopId: number; status: number; isPayed: boolean; refundStatus?: number | null; orderInvoiceId?: number | null } }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  if (order.orderInvoiceId) {
    return (
      <Link className={buttonClass({ variant: 'secondary', size: 'sm' })} to={invoiceDetailPath(order.orderInvoiceId)}>
        {t('invoice.order.view')}
      </Link>
    );
  }
  if (!canRequestInvoice(order)) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t('invoice.order.apply')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <InvoiceDialog
            target={{ kind: 'apply', orderNumber: order.orderNumber, shopId: order.shopId }}
            onClose={() => setOpen(false)}
            onDone={() => {
              setOpen(false);
              void revalidator.revalidate();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
