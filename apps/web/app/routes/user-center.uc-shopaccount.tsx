import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-shopaccount';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import { ShopAccountSchema } from '@bazaar/shared/schemas/shop-application';
import { pageTitle } from '../components/page-meta.ts';
import { api } from '../lib/api.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { SmsCodeButton } from '../features/account/sms-code-button.tsx';
import { ChangeShopPasswordForm, SetShopAccountForm, type AccountTools } from '../features/seller/shop-account-forms.tsx';
import '../features/seller/seller.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'shopAccount.title' });
}

export async function loader({ request }: Route.LoaderArgs) {
  // A visitor (or a refused token) sees the user center's sign-in gate, the layout's; any other
  // failure reaches the user center's error panel with its retry, not a blank panel.
  return fetchAsUser(request, (ctx) => api('/p/shop/shopAccount', { ...ctx, schema: ShopAccountSchema }));
}

// The account feature's code button, lent to the seller feature's forms.
const tools: AccountTools = {
  codeButton: (props) => <SmsCodeButton {...props} />,
};

/** The store account (section 6): set once after approval, then only the password changes. */
export default function UserCenterShopAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData) return null;
  const { shopStatus, username } = loaderData;
  return (
    <section className="card uc-panel" aria-labelledby="uc-shopaccount-title">
      <h1 id="uc-shopaccount-title" className="uc-panel__title">
        {username ? t('shopAccount.changeTitle') : t('shopAccount.title')}
      </h1>
      {username ? (
        <>
          <p className="shop-apply__note">{t('shopAccount.current', { username })}</p>
          <ChangeShopPasswordForm />
        </>
      ) : shopStatus === SHOP_STATUS.open ? (
        <>
          <p className="shop-apply__note">{t('shopAccount.intro')}</p>
          <SetShopAccountForm tools={tools} />
        </>
      ) : (
        <p className="shop-apply__note">
          {t('shopAccount.notOpen')}{' '}
          <Link to="/user-center/uc-freeshop" className="text-link">
            {t('shopApply.title')}
          </Link>
        </p>
      )}
    </section>
  );
}
