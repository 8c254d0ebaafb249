import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-password';
import type { RootData } from '../root.tsx';
import { pageTitle } from '../components/page-meta.ts';
import { ChangePasswordForm } from '../features/account/change-password-form.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'userCenter.password.title' });
}

export default function UserCenterPassword() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  if (!root?.user) return null;
  return (
    <section className="card uc-panel" aria-labelledby="uc-password-title">
      <h1 id="uc-password-title" className="uc-panel__title">
        {t('userCenter.password.title')}
      </h1>
      <ChangePasswordForm maskedMobile={root.user.mobile} />
    </section>
  );
}
