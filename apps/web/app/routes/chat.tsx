import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import { z } from 'zod';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/chat';
import { ChatConversationSchema } from '@bazaar/shared/schemas/chat';
import { ShopHeadSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { OrderDetailSchema } from '@bazaar/shared/schemas/order';
import type { RootData } from '../root.tsx';
import { api, ApiError } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { openLogin } from '../features/account/login-store.ts';
import { ChatWorkspace, type ChatTarget, type ReadyCard } from '../features/chat/chat-workspace.tsx';
import '../features/chat/chat.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'chat.page.title' });
}

const id = (raw: string | null, pattern: RegExp) => (raw !== null && pattern.test(raw) ? raw : null);
const refused = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401;

/**
 * /chat?toId= (a shop's id; 0 = platform customer service), optionally with prodId= or
 * orderNumber=: the card to ask about, ready to send. The conversations come with the page; a
 * conversation not started yet shows its shop's name and logo.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const toIdRaw = id(params.get('toId'), /^\d{1,9}$/);
  const toId = toIdRaw === null ? null : Number(toIdRaw);
  const prodId = id(params.get('prodId'), /^\d{1,9}$/);
  const orderNumber = id(params.get('orderNumber'), /^\d{1,20}$/);
  const loaded = await fetchAsUser(request, async (ctx) => {
    const conversations = await api('/p/user/conversations', { ...ctx, schema: z.array(ChatConversationSchema) });
    let target: ChatTarget | null = null;
    let missing = false;
    if (toId !== null && toId > 0 && !conversations.some((c) => c.toId === toId)) {
      try {
        const shop = await api('/shop/headInfo', { ...ctx, query: { shopId: toId }, schema: ShopHeadSchema });
        target = { toId, name: shop.shopName, avatar: shop.shopLogo };
      } catch (err) {
        if (!refused(err)) throw err;
        missing = true;
      }
    } else if (toId === 0) {
      target = { toId: 0, name: '', avatar: null };
    }
    let card: ReadyCard | null = null;
    if (toId !== null && !missing && prodId !== null) {
      const product = await api('/prod/prodInfo', { ...ctx, query: { prodId }, schema: ProductDetailSchema }).catch((err: unknown) => {
        if (refused(err)) return null;
        throw err;
      });
      if (product && (toId === 0 || product.shopId === toId)) card = { kind: 'product', card: { prodId: product.prodId, shopId: toId, prodName: product.prodName, prodNameEn: null, pic: product.pic || null, price: product.price } };
    } else if (toId !== null && !missing && orderNumber !== null) {
      const order = await api('/p/myOrder/orderDetail', { ...ctx, query: { orderNumber }, schema: OrderDetailSchema }).catch((err: unknown) => {
        if (refused(err)) return null;
        throw err;
      });
      const first = order?.orderItemDtos[0];
      if (order && (toId === 0 || order.shopId === toId)) {
        card = {
          kind: 'order',
          card: { orderNumber: order.orderNumber, shopId: toId, status: order.status, prodName: first?.prodName ?? '', prodNameEn: null, pic: first?.pic ?? null, productCount: order.productNums, actualTotal: order.actualTotal, createTime: order.createTime },
        };
      }
    }
    return { conversations, target, missing, card };
  });
  return { loggedIn: loaded !== null, toId: loaded?.missing ? null : toId, conversations: loaded?.conversations ?? [], target: loaded?.target ?? null, missing: loaded?.missing ?? false, card: loaded?.card ?? null };
}

/** The chat page: no top bar, header or footer (specification section 2). */
export default function ChatPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const root = useRouteLoaderData<RootData>('root');
  const user = root?.isLoggedIn ? root.user : null;
  const lang = root?.lang ?? 'zh';
  const target = loaderData.target && loaderData.target.toId === 0 ? { ...loaderData.target, name: t('chat.page.service') } : loaderData.target;
  return (
    <main id="main" className="chat-page" tabIndex={-1}>
      <header className="chat-page__head">
        <h1 className="chat-page__title">{t('chat.page.title')}</h1>
        <Link to="/" className="chat-page__home">
          {t('chat.page.home')}
        </Link>
      </header>
      {!user || !loaderData.loggedIn ? (
        <UserCenterSignIn />
      ) : (
        <>
          {loaderData.missing ? (
            <p className="chat-notice chat-notice--warning" role="alert">
              {t('chat.page.shopMissing')}
            </p>
          ) : null}
          <ChatWorkspace
            key={user.userId}
            userId={user.userId}
            lang={lang}
            conversations={loaderData.conversations}
            selected={loaderData.toId}
            target={target}
            readyCard={loaderData.card}
            onSelect={(toId) => void navigate(`${lang === 'zh' ? '' : `/${lang}`}/chat?toId=${toId}`, { replace: true, preventScrollReset: true })}
            onLogin={openLogin}
          />
        </>
      )}
    </main>
  );
}
