import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';

/**
 * The cart for a visitor (section 6: the cart needs login): the login popup opens at once, and
 * this panel offers it again. The route passes the opener (features do not import each other).
 */
export function CartSignIn({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation();
  useEffect(onLogin, [onLogin]);
  return (
    <div className="container page-section">
      <section className="card message-panel cart-sign-in" aria-labelledby="cart-login-title">
        <h1 id="cart-login-title" className="message-panel__title">
          {t('cartPage.signIn.title')}
        </h1>
        <p className="message-panel__text">{t('cartPage.signIn.text')}</p>
        <div className="cart-sign-in__actions">
          <Button onClick={onLogin}>{t('cartPage.signIn.button')}</Button>
          <Link to="/" className={buttonClass({ variant: 'secondary' })}>
            {t('cartPage.signIn.home')}
          </Link>
        </div>
      </section>
    </div>
  );
}
