import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
import { ConsoleLoginPage } from '@bazaar/console-ui/login-page.tsx';
import { api, session } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

/** A store account logs in with the same encrypted password transport as shoppers (decision 015). */
export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { lang } = useI18n();
  async function logIn(userName: string, password: string) {
    const token = await api('/merchant/login', {
      lang,
      method: 'POST',
      body: { username: userName, password: encryptPassword(password) },
      schema: MerchantTokenSchema,
    });
    session.set(token.accessToken);
  }
  return <ConsoleLoginPage logIn={logIn} onLoggedIn={onLoggedIn} hint />;
}
