import { lazy, Suspense, useState } from 'react';
import { Link, data, useRevalidator, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/invoice-detail';
import { INVOICE_STATE } from '@bazaar/shared/constants/refund';
import { OrderInvoiceSchema, type OrderInvoice } from '@bazaar/shared/schemas/invoice';
import type { RootData } from '../root.tsx';
import { api, ApiError } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { DownloadInvoice, InvoiceFacts } from '../features/invoice/invoice-views.tsx';
import { MY_INVOICES_PATH } from '../features/invoice/paths.ts';
import { canReissueInvoice } from '../features/invoice/invoice-check.ts';
import { positiveId } from '../lib/positive-id.ts';
import '../features/invoice/invoice.css';

const InvoiceDialog = lazy(() => import('../features/invoice/invoice-dialog.tsx'));

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'invoice.detail.title' });
}

/** /invoice-detail?orderInvoiceId=: an unknown or someone else's invoice is a 404 message. */
export async function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('orderInvoiceId') ?? '';
  const missing = () => data({ loggedIn: true, invoice: null }, { status: 404 });
  if (positiveId(id) === null) return missing();
  try {
    const invoice = await fetchAsUser(request, (ctx) => api(`/p/orderInvoice/info/${id}`, { ...ctx, schema: OrderInvoiceSchema }));
    return invoice ? { loggedIn: true, invoice } : { loggedIn: false, invoice: null };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return missing();
    throw error;
  }
}

export default function InvoiceDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  if (!root?.isLoggedIn || !loaderData.loggedIn) return <UserCenterSignIn />;
  const { invoice } = loaderData;
  if (!invoice) {
    return (
      <div className="container page-section">
        <section className="card message-panel" aria-labelledby="invoice-missing-title">
          <h1 id="invoice-missing-title" className="message-panel__title">
            {t('invoice.detail.notFound')}
          </h1>
          <Link className={buttonClass({ variant: 'secondary' })} to={MY_INVOICES_PATH}>
            {t('invoice.detail.back')}
          </Link>
        </section>
      </div>
    );
  }
  return <InvoiceDetailView key={invoice.orderInvoiceId} invoice={invoice} />;
}

function InvoiceDetailView({ invoice }: { invoice: OrderInvoice }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [reissuing, setReissuing] = useState(false);
  return (
    <div className="container page-section">
      <nav className="breadcrumb" aria-label={t('invoice.detail.title')}>
        <Link to={MY_INVOICES_PATH}>{t('invoice.list.title')}</Link>
        <span aria-hidden="true"> / </span>
        <span>{t('invoice.detail.title')}</span>
      </nav>
      <section className="card uc-panel" aria-labelledby="invoice-detail-title">
        <h1 id="invoice-detail-title" className="uc-panel__title">
          {t('invoice.detail.title')}
        </h1>
        <InvoiceFacts invoice={invoice} />
        <div className="invoice-detail__actions">
          {invoice.invoiceState === INVOICE_STATE.invoiced && invoice.fileId ? <DownloadInvoice fileId={invoice.fileId} /> : null}
          {canReissueInvoice(invoice) ? (
            <Button variant="secondary" onClick={() => setReissuing(true)}>
              {t('invoice.detail.reissue')}
            </Button>
          ) : null}
        </div>
      </section>
      {reissuing ? (
        <Suspense fallback={null}>
          <InvoiceDialog
            target={{ kind: 'reissue', invoice }}
            onClose={() => setReissuing(false)}
            onDone={() => {
              setReissuing(false);
              void revalidator.revalidate();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
