import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/forget-password';
import { pageTitle } from '../components/page-meta.ts';
import { ForgetPasswordFlow } from '../features/account/forget-password-flow.tsx';
import { openLogin } from '../features/account/login-store.ts';
import '../features/account/account.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'forgetPassword.title' });
}

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  return (
    <div className="container page-section account-page">
      <section className="card account-page__panel" aria-labelledby="forget-password-title">
        <h1 id="forget-password-title" className="account-page__title">
          {t('forgetPassword.title')}
        </h1>
        <p className="account-page__subtitle">{t('forgetPassword.subtitle')}</p>
        <ForgetPasswordFlow />
        <p className="account-page__footer">
          {t('forgetPassword.backToLogin')}{' '}
          <button type="button" className="text-link" onClick={openLogin}>
            {t('forgetPassword.login')}
          </button>
        </p>
      </section>
    </div>
  );
}
