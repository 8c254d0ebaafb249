import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-address';
import { AddressSchema } from '@bazaar/shared/schemas/address';
import { pageTitle } from '../components/page-meta.ts';
import { api } from '../lib/api.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { loadProvinces } from '../lib/provinces.server.ts';
import { AddressBook } from '../features/address/address-book.tsx';
import '../features/address/address.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'address.title' });
}

export async function loader({ request }: Route.LoaderArgs) {
  // A visitor (or a refused token) sees the user center's sign-in gate, the layout's; any other
  // failure reaches the user center's error panel with its retry, not a blank page.
  return fetchAsUser(request, async (ctx) => {
    const [addresses, provinces] = await Promise.all([api('/p/address/list', { ...ctx, schema: AddressSchema.array() }), loadProvinces(ctx)]);
    return { addresses, provinces };
  });
}

export default function UserCenterAddress({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData) return null;
  return (
    <section className="card uc-panel" aria-labelledby="uc-address-title">
      <h1 id="uc-address-title" className="uc-panel__title">
        {t('address.title')}
      </h1>
      <AddressBook addresses={loaderData.addresses} provinces={loaderData.provinces} />
    </section>
  );
}
