import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-footprint';
import { FootprintPageSchema } from '@bazaar/shared/schemas/collection';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { FootprintList } from '../features/collection/footprint-list.tsx';
import '../features/collection/collection.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'footprint.title' });
}

/** The whole footprint in one page: the API keeps at most 50 products. */
export async function loader({ request }: Route.LoaderArgs) {
  const footprint = await fetchAsUser(request, (ctx) => api('/p/prodBrowseLog/page', { ...ctx, schema: FootprintPageSchema }));
  // 'Today' in GMT+8, decided once on the server so the page hydrates with the same labels.
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  return { footprint, today };
}

export default function UserCenterFootprint({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const { footprint, today } = loaderData;
  if (!root?.user || !footprint) return null;
  return (
    <section className="card uc-panel collection-page" aria-labelledby="uc-footprint-title">
      <h1 id="uc-footprint-title" className="uc-panel__title">
        {t('footprint.title')}
      </h1>
      <FootprintList days={footprint.records} today={today} />
    </section>
  );
}
