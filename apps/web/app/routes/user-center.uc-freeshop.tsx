import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-freeshop';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import { ShopApplicationSchema } from '@bazaar/shared/schemas/shop-application';
import { pageTitle } from '../components/page-meta.ts';
import { api } from '../lib/api.ts';
import { serverEnv } from '../lib/env.server.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { loadProvinces } from '../lib/provinces.server.ts';
import { ApplicationStatus } from '../features/seller/application-status.tsx';
import { ShopApplyForm } from '../features/seller/shop-apply-form.tsx';
import '../features/seller/seller.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'shopApply.title' });
}

export async function loader({ request }: Route.LoaderArgs) {
  // A visitor (or a refused token) sees the user center's sign-in gate, the layout's; any other
  // failure reaches the user center's error panel with its retry, not a blank page.
  return fetchAsUser(request, async (ctx) => {
    const [application, provinces] = await Promise.all([api('/p/shop', { ...ctx, schema: ShopApplicationSchema.nullable() }), loadProvinces(ctx)]);
    return { application, provinces, amap: serverEnv.amap };
  });
}

/** The free store application (section 3): the form, or where the application stands. */
export default function UserCenterFreeShop({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData) return null;
  const { application, provinces, amap } = loaderData;
  const editable = !application || application.status === SHOP_STATUS.none;
  return (
    <section className="card uc-panel" aria-labelledby="uc-freeshop-title">
      <h1 id="uc-freeshop-title" className="uc-panel__title">
        {t('shopApply.title')}
      </h1>
      {application ? <ApplicationStatus application={application} /> : <p className="shop-apply__note">{t('shopApply.intro')}</p>}
      {/* A new form after each save: its fields start from what the server now holds. */}
      {editable ? <ShopApplyForm key={application?.updatedAt ?? 'new'} provinces={provinces} application={application} amap={amap} /> : null}
    </section>
  );
}
