import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-account';
import type { RootData } from '../root.tsx';
import { pageTitle } from '../components/page-meta.ts';
import { ProfileForm } from '../features/account/profile-form.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'userCenter.account.title' });
}

export default function UserCenterAccount() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  // The root loader already holds the full profile (GET /p/user/userInfo).
  if (!root?.user) return null;
  return (
    <section className="card uc-panel" aria-labelledby="uc-account-title">
      <h1 id="uc-account-title" className="uc-panel__title">
        {t('userCenter.account.title')}
      </h1>
      <ProfileForm key={root.user.userId} user={root.user} />
    </section>
  );
}
