import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { openLogin } from './login-store.ts';
// The panel shows on a dozen pages (user center, checkouts, chat, order pages...): its styles come
// with it, not with each route that uses it.
import './account.css';

/**
 * A login-gated page for a visitor who is not logged in (section 6): the login popup opens at once
 * (closing it on a user-center page goes home, section 2), and this panel offers it again. `text`
 * says what the page needs the login for; by default a neutral "log in to continue".
 */
export function UserCenterSignIn({ text = 'userCenter.login.continue' }: { text?: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    openLogin();
  }, []);
  return (
    <div className="container page-section account-page">
      <section className="card account-page__panel account-result" aria-labelledby="uc-login-title">
        <h1 id="uc-login-title" className="account-result__title">
          {t('userCenter.login.title')}
        </h1>
        <p className="account-result__text">{t(text)}</p>
        <div className="account-result__actions">
          <Button onClick={openLogin}>{t('userCenter.login.button')}</Button>
          <Link to="/" className={buttonClass({ variant: 'secondary' })}>
            {t('userCenter.login.home')}
          </Link>
        </div>
      </section>
    </div>
  );
}
