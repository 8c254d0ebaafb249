import { Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-collection';
import { pageOf } from '@bazaar/shared/schemas/common';
import { CollectedProductSchema, CollectedShopSchema } from '@bazaar/shared/schemas/collection';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { CollectedProducts } from '../features/collection/collected-products.tsx';
import { CollectedShops } from '../features/collection/collected-shops.tsx';
import '../features/collection/collection.css';

const PAGE_SIZE = 20;
type Tab = 'products' | 'shops';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'collection.title' });
}

/** ?tab=shops shows followed stores (products otherwise); ?current= pages. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get('tab') === 'shops' ? 'shops' : 'products';
  const requested = Number(url.searchParams.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const query = { current, size: PAGE_SIZE };
  const page = await fetchAsUser(request, async (ctx) =>
    tab === 'shops'
      ? { tab, products: null, shops: await api('/p/shop/collection/page', { ...ctx, query, schema: pageOf(CollectedShopSchema) }) }
      : { tab, shops: null, products: await api('/p/user/collection/prods', { ...ctx, query, schema: pageOf(CollectedProductSchema) }) },
  );
  return { page };
}

export default function UserCenterCollection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const { page } = loaderData;
  // Logged out (or the token was refused): the layout shows its login panel instead.
  if (!root?.user || !page) return null;
  const tabs: { name: Tab; key: string }[] = [
    { name: 'products', key: 'collection.tabs.products' },
    { name: 'shops', key: 'collection.tabs.shops' },
  ];
  const data = page.shops ?? page.products;

  return (
    <section className="card uc-panel collection-page" aria-labelledby="uc-collection-title">
      <h1 id="uc-collection-title" className="uc-panel__title">
        {t('collection.title')}
      </h1>
      <nav className="tabs" aria-label={t('collection.tabs.label')}>
        {tabs.map((tab) => (
          <Link key={tab.name} to={tab.name === 'shops' ? '?tab=shops' : '?tab=products'} className="tabs__tab" aria-current={page.tab === tab.name ? 'page' : undefined}>
            {t(tab.key)}
          </Link>
        ))}
      </nav>
      {page.shops ? <CollectedShops key={`shops-${page.shops.current}`} records={page.shops.records} total={page.shops.total} /> : null}
      {page.products ? <CollectedProducts key={`products-${page.products.current}`} records={page.products.records} total={page.products.total} /> : null}
      {data ? <Pagination current={data.current} pages={data.pages} /> : null}
    </section>
  );
}
