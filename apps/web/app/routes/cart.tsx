import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import { z } from 'zod';
import type { Route } from './+types/cart';
import { CartExpiryItemSchema, CartInfoSchema, CartTotalSchema } from '@bazaar/shared/schemas/cart-view';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { fetchAsBrowserUser, type UserApiContext } from '../features/account/user-data.ts';
import { isSharedRender } from '../lib/shared-request.server.ts';
import { PagePending } from '../components/ui/page-pending.tsx';
import { openLogin } from '../features/account/login-store.ts';
import { CartPage } from '../features/cart/cart-page.tsx';
import { CartSignIn } from '../features/cart/cart-sign-in.tsx';
import { checkedIds, hasTickedPackage, shopLinesOf } from '../features/cart/cart-state.ts';
import '../features/cart/cart.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'cartPage.title' });
}

/** The cart and its unavailable lines in parallel; the total needs the ticked lines, so it follows. */
async function loadCart(ctx: UserApiContext) {
  const [shops, expired] = await Promise.all([
    api('/p/shopCart/info', { ...ctx, method: 'POST', body: [], schema: CartInfoSchema }),
    api('/p/shopCart/getShopCartExpiryProdList', { ...ctx, schema: z.array(CartExpiryItemSchema) }),
  ]);
  const lines = shopLinesOf(shops);
  const ids = checkedIds(lines);
  // totalPay counts the ticked discount packages itself.
  const total = ids.length > 0 || hasTickedPackage(lines) ? await api('/p/shopCart/totalPay', { ...ctx, method: 'POST', body: ids, schema: CartTotalSchema }) : { totalMoney: 0, finalMoney: 0, subtractMoney: 0, count: 0 };
  return { shops, expired, total };
}

// A shared page (decision 052): the server renders the page without the cart and the browser asks for it.
export async function loader({ request }: Route.LoaderArgs) {
  if (isSharedRender(request)) return { cart: null, userInBrowser: true };
  return { cart: await fetchAsUser(request, loadCart), userInBrowser: false };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  return data.userInBrowser ? { cart: await fetchAsBrowserUser(loadCart), userInBrowser: false } : data;
}
clientLoader.hydrate = true as const;

export default function Cart({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  if (loaderData.userInBrowser) return <PagePending />;
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
