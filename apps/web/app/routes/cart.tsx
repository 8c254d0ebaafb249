import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import { z } from 'zod';
import type { Route } from './+types/cart';
import { CartExpiryItemSchema, CartInfoSchema, CartTotalSchema } from '@bazaar/shared/schemas/cart-view';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { openLogin } from '../features/account/login-store.ts';
import { CartPage } from '../features/cart/cart-page.tsx';
import { CartSignIn } from '../features/cart/cart-sign-in.tsx';
import { checkedIds, hasTickedPackage, shopLinesOf } from '../features/cart/cart-state.ts';
import '../features/cart/cart.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'cartPage.title' });
}

/** The cart and its unavailable lines in parallel; the total needs the ticked lines, so it follows. */
export async function loader({ request }: Route.LoaderArgs) {
  const cart = await fetchAsUser(request, async (ctx) => {
    const [shops, expired] = await Promise.all([
      api('/p/shopCart/info', { ...ctx, method: 'POST', body: [], schema: CartInfoSchema }),
      api('/p/shopCart/getShopCartExpiryProdList', { ...ctx, schema: z.array(CartExpiryItemSchema) }),
    ]);
    const lines = shopLinesOf(shops);
    const ids = checkedIds(lines);
    // totalPay counts the ticked discount packages itself.
    const total = ids.length > 0 || hasTickedPackage(lines) ? await api('/p/shopCart/totalPay', { ...ctx, method: 'POST', body: ids, schema: CartTotalSchema }) : { totalMoney: 0, finalMoney: 0, subtractMoney: 0, count: 0 };
    return { shops, expired, total };
  });
  return { cart };
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  if (!root?.isLoggedIn || !loaderData.cart) return <CartSignIn onLogin={openLogin} />;
  return <CartPage data={loaderData.cart} />;
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <div className="container page-section">
      <p className="card message-panel" role="alert">
        {t('cartPage.loadFailed')}
      </p>
    </div>
  );
}
