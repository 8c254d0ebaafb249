import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-address';
import { AddressSchema, AreaSchema } from '@bazaar/shared/schemas/address';
import { pageTitle } from '../components/page-meta.ts';
import { api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { AddressBook } from '../features/address/address-book.tsx';
import '../features/address/address.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'address.title' });
}

export async function loader({ request }: Route.LoaderArgs) {
  const context = apiContextFor(request);
  // A visitor sees the user center's sign-in gate (the layout); nothing to load then.
  if (!context.token) return null;
  const [addresses, provinces] = await Promise.all([
    api('/p/address/list', { ...context, schema: AddressSchema.array() }),
    api('/p/area/listByPid', { ...context, query: { pid: 0 }, schema: AreaSchema.array() }),
  ]).catch(() => [null, null] as const);
  if (!addresses || !provinces) return null;
  return { addresses, provinces };
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
