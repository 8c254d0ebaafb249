import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/register';
import type { RootData } from '../root.tsx';
import { pageTitle } from '../components/page-meta.ts';
import { openLogin } from '../features/account/login-store.ts';
import { RegisterFlow } from '../features/account/register-flow.tsx';
import '../features/account/account.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'register.title' });
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const loggedIn = root?.isLoggedIn ?? false;
  return (
    <div className="container page-section account-page">
      <section className="card account-page__panel" aria-labelledby="register-title">
        <h1 id="register-title" className="account-page__title">
          {t('register.title')}
        </h1>
        <p className="account-page__subtitle">{t('register.subtitle')}</p>
        <RegisterFlow loggedIn={loggedIn} />
        {loggedIn ? null : (
          <p className="account-page__footer">
            {t('register.haveAccount')}{' '}
            <button type="button" className="text-link" onClick={openLogin}>
              {t('register.login')}
            </button>
          </p>
        )}
      </section>
    </div>
  );
}
