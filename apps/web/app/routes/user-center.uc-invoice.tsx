import { Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-invoice';
import { INVOICE_STATE } from '@bazaar/shared/constants/refund';
import { pageOf } from '@bazaar/shared/schemas/common';
import { OrderInvoiceSchema } from '@bazaar/shared/schemas/invoice';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { InvoiceList } from '../features/invoice/invoice-views.tsx';
import '../features/invoice/invoice.css';

const PAGE_SIZE = 10;
const STATES = [0, INVOICE_STATE.applying, INVOICE_STATE.invoiced, INVOICE_STATE.failed] as const;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'invoice.list.title' });
}

/** ?state= (0 all, 1 applying, 2 invoiced, 3 failed) and ?current=. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const wanted = Number(params.get('state'));
  const state = (STATES as readonly number[]).includes(wanted) ? wanted : 0;
  const requested = Number(params.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const page = await fetchAsUser(request, (ctx) =>
    api('/p/orderInvoice/page', { ...ctx, query: { current, size: PAGE_SIZE, ...(state ? { invoiceState: state } : {}) }, schema: pageOf(OrderInvoiceSchema) }),
  );
  return { state, page };
}

export default function UserCenterInvoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const { state, page } = loaderData;
  if (!root?.user || !page) return null;
  return (
    <section className="card uc-panel" aria-labelledby="uc-invoice-title">
      <h1 id="uc-invoice-title" className="uc-panel__title">
        {t('invoice.list.title')}
      </h1>
      <nav className="tabs" aria-label={t('invoice.list.state')}>
        {STATES.map((value) => (
          <Link key={value} to={value ? `?state=${value}` : '?'} className="tabs__tab" aria-current={state === value ? 'page' : undefined}>
            {value ? t(`invoice.state.${value}`) : t('invoice.list.all')}
          </Link>
        ))}
      </nav>
      <InvoiceList invoices={page.records} />
      <Pagination current={page.current} pages={page.pages} />
    </section>
  );
}
