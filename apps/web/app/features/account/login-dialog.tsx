import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { stripLanguagePrefix } from '../../lib/paths.ts';
import { LoginForm } from './login-form.tsx';
import { closeLogin, useLoginOpen } from './login-store.ts';

/** The login popup, hosted once by the app shell; openLogin() shows it from anywhere. */
export function LoginDialog() {
  const { t } = useTranslation();
  const open = useLoginOpen();
  const location = useLocation();
  const navigate = useNavigate();

  // Section 2: dismissing the popup on a user-center page leaves that page for home.
  function dismiss() {
    closeLogin();
    if (stripLanguagePrefix(location.pathname).startsWith('/user-center')) void navigate('/');
  }

  return (
    <Dialog open={open} onClose={dismiss} title={t('login.dialog.title')} className="login-dialog">
      <LoginForm onLeave={closeLogin} />
    </Dialog>
  );
}
