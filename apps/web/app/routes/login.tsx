import { Navigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/login';
import type { RootData } from '../root.tsx';
import { safeRedirectPath } from '../lib/paths.ts';
import { pageTitle } from '../components/page-meta.ts';
import { LoginForm } from '../features/account/login-form.tsx';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'login.page.title' });
}

/** The /login page: the popup's form inline; afterwards ?redirect= (same-site only) or home. */
export default function LoginPage() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get('redirect'));

  if (root?.isLoggedIn) return <Navigate to={target} replace />;
  return (
    <div className="container page-section login-page">
      <section className="card login-page__panel" aria-labelledby="login-page-title">
        <h1 id="login-page-title" className="login-page__title">
          {t('login.page.title')}
        </h1>
        <p className="login-page__subtitle">{t('login.page.subtitle')}</p>
        {/* A full load, so every loader sees the new token cookie. */}
        <LoginForm onSuccess={() => window.location.assign(target)} />
      </section>
    </div>
  );
}
