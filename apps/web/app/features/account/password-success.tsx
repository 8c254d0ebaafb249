import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { PASSWORD_SUCCESS_REDIRECT_MS } from '@bazaar/shared/constants/limits';
import { useCountdown } from './sms-code-button.tsx';

export interface PasswordSuccessProps {
  title: string;
  text: string;
}

/**
 * Section 2: after a successful password change the user is redirected after 3 seconds. Every
 * token was revoked, so the page is loaded afresh at / (logged out) rather than navigated to.
 */
export function PasswordSuccess({ title, text }: PasswordSuccessProps) {
  const { t } = useTranslation();
  const { secondsLeft } = useCountdown(PASSWORD_SUCCESS_REDIRECT_MS, true);

  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign('/'), PASSWORD_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className="account-result" role="status">
      <span className="account-result__icon" aria-hidden="true">
        ✓
      </span>
      <h2 className="account-result__title">{title}</h2>
      <p className="account-result__text">{text}</p>
      <p className="account-result__countdown">{t('passwordSuccess.redirect', { seconds: Math.max(secondsLeft, 1) })}</p>
      <a href="/" className="btn btn--primary btn--md">
        {t('passwordSuccess.now')}
      </a>
    </div>
  );
}
