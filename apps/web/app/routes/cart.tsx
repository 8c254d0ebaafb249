import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/cart';
import { CartViewSchema } from '@bazaar/shared/schemas/cart-view';
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
import { LoadFailedPage } from '../components/load-failed.tsx';
import '../features/cart/cart.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'cartPage.title' });
}

/** The cart, its unavailable lines and the ticked lines' total in one call, priced once by the API. */
const loadCart = (ctx: UserApiContext) => api('/p/shopCart/view', { ...ctx, schema: CartViewSchema });

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
  return <LoadFailedPage message="cartPage.loadFailed" />;
}
