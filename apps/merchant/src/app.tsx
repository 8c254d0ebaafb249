import { useEffect, useMemo, useRef, useState } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Badge, Button, ConfigProvider, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { consoleTheme } from '@bazaar/shared/console/theme';
import { MerchantProfileSchema } from '@bazaar/shared/schemas/merchant';
import { api, ApiError, session, whenUnauthorized } from './lib/api.ts';
import { landingPage, mayOpen, PermissionsContext, type MenuPage } from './lib/access.tsx';
import { I18nContext, storedLang, storeLang, translator, useI18n, type Lang } from './lib/i18n.tsx';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { PageBoundary } from '@bazaar/console-ui/page-boundary.tsx';
import { LoginPage } from './features/login.tsx';
import { OrdersPage } from './features/orders.tsx';
import { OrderDetailPage } from './features/order-detail.tsx';
import { PasswordPage } from './features/password.tsx';
import { SHOP_PAGES, ShopSettingsPage, type ShopPage } from './features/shop-settings-pages.tsx';
import { DashboardPage } from './features/dashboard.tsx';
import { WriteOffPage } from './features/write-off.tsx';
import { ProductsPage } from './features/products.tsx';
import { ProductEditPage } from './features/products-edit.tsx';
import { PromotionsPage } from './features/promotions.tsx';
import { PromotionEditPage } from './features/promotions-edit.tsx';
import { CouponEditPage, CouponsPage } from './features/coupons.tsx';
import { CombosPage } from './features/combos.tsx';
import { ComboEditPage } from './features/combos-edit.tsx';
import { ReviewsPage } from './features/reviews.tsx';
import { InvoicesPage } from './features/invoices.tsx';
import { RefundsPage } from './features/refunds.tsx';
import { RefundDetailPage } from './features/refund-detail.tsx';
import { StaffPage } from './features/staff.tsx';
import { SeckillDetailPage, SeckillsPage } from './features/seckill.tsx';
import { SeckillCreatePage } from './features/seckill-create.tsx';
import { GroupActivitiesPage, GroupActivityDetailPage } from './features/groupbuy.tsx';
import { GroupActivityCreatePage } from './features/groupbuy-create.tsx';
import { ChatInboxPage } from './features/chat.tsx';
import { ConsoleChatProvider, useConsoleChat } from '@bazaar/console-ui/chat-socket.tsx';

/** A 403 means the account's role changed under it (decision 057): its profile is read again, so the menu follows. */
const onForbidden = (err: unknown) => {
  if (err instanceof ApiError && err.status === 403) void queryClient.invalidateQueries({ queryKey: ['me'] });
};
const queryClient: QueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  queryCache: new QueryCache({ onError: onForbidden }),
  mutationCache: new MutationCache({ onError: onForbidden }),
});

/**
 * Where the merchant is, kept in the address's hash: #dashboard (the landing page), #orders,
 * #orders/paid, #order/<number>, #refunds, #refunds/<tab>, #refund/<refundSn>, #products, #product/<id|new>, #reviews, #invoices, #promotions, #promotion/<id|new>, #coupons, #coupon/<id|new>, #combos, #combo/<id|new>, #seckills, #seckill/<id|new>, #groupbuys, #groupbuy/<id|new>, #chat, #write-off, #staff, #password, #shop-info
 * (and the other shop pages). An account lands on the first page its role may open (lib/access.tsx).
 */
type Place =
  | { page: 'dashboard' }
  | { page: 'orders'; toShip?: boolean }
  | { page: 'order'; orderNumber: string }
  | { page: 'refunds'; tab?: string }
  | { page: 'refund'; refundSn: string }
  | { page: 'products' }
  | { page: 'product'; prodId: number | null }
  | { page: 'reviews' }
  | { page: 'invoices' }
  | { page: 'promotions' }
  | { page: 'promotion'; discountId: number | null }
  | { page: 'coupons' }
  | { page: 'coupon'; couponId: number | null }
  | { page: 'combos' }
  | { page: 'combo'; comboId: number | null }
  | { page: 'seckills' }
  | { page: 'chat' }
  | { page: 'seckill'; seckillId: number | null }
  | { page: 'groupbuys' }
  | { page: 'groupbuy'; groupActivityId: number | null }
  | { page: 'writeOff' }
  | { page: 'staff' }
  | { page: 'password' }
  | { page: ShopPage };

function placeOf(hash: string): Place {
  const order = /^#order\/(\d{1,32})$/.exec(hash);
  if (order) return { page: 'order', orderNumber: order[1]! };
  const refund = /^#refund\/(\d{1,32})$/.exec(hash);
  if (refund) return { page: 'refund', refundSn: refund[1]! };
  const refunds = /^#refunds(?:\/([A-Za-z]{1,20}))?$/.exec(hash);
  if (refunds) return refunds[1] === undefined ? { page: 'refunds' } : { page: 'refunds', tab: refunds[1] };
  const shopPage = SHOP_PAGES.find((p) => hash === `#${p}`);
  if (shopPage) return { page: shopPage };
  if (hash === '#orders') return { page: 'orders' };
  if (hash === '#orders/paid') return { page: 'orders', toShip: true };
  if (hash === '#write-off' || hash === '#writeOff') return { page: 'writeOff' };
  const product = /^#product\/(new|\d{1,10})$/.exec(hash);
  if (product) return { page: 'product', prodId: product[1] === 'new' ? null : Number(product[1]) };
  if (hash === '#products') return { page: 'products' };
  if (hash === '#reviews') return { page: 'reviews' };
  if (hash === '#invoices') return { page: 'invoices' };
  const promotion = /^#promotion\/(new|\d{1,10})$/.exec(hash);
  if (promotion) return { page: 'promotion', discountId: promotion[1] === 'new' ? null : Number(promotion[1]) };
  if (hash === '#promotions') return { page: 'promotions' };
  const coupon = /^#coupon\/(new|\d{1,10})$/.exec(hash);
  if (coupon) return { page: 'coupon', couponId: coupon[1] === 'new' ? null : Number(coupon[1]) };
  if (hash === '#coupons') return { page: 'coupons' };
  const combo = /^#combo\/(new|\d{1,10})$/.exec(hash);
  if (combo) return { page: 'combo', comboId: combo[1] === 'new' ? null : Number(combo[1]) };
  if (hash === '#combos') return { page: 'combos' };
  const seckill = /^#seckill\/(new|\d{1,10})$/.exec(hash);
  if (seckill) return { page: 'seckill', seckillId: seckill[1] === 'new' ? null : Number(seckill[1]) };
  if (hash === '#seckills') return { page: 'seckills' };
  const groupbuy = /^#groupbuy\/(new|\d{1,10})$/.exec(hash);
  if (groupbuy) return { page: 'groupbuy', groupActivityId: groupbuy[1] === 'new' ? null : Number(groupbuy[1]) };
  if (hash === '#groupbuys') return { page: 'groupbuys' };
  if (hash === '#chat') return { page: 'chat' };
  if (hash === '#staff') return { page: 'staff' };
  return hash === '#password' ? { page: 'password' } : { page: 'dashboard' };
}
function hashOf(place: Place): string {
  if (place.page === 'order') return `#order/${place.orderNumber}`;
  if (place.page === 'refund') return `#refund/${place.refundSn}`;
  if (place.page === 'refunds') return place.tab === undefined ? '#refunds' : `#refunds/${place.tab}`;
  if (place.page === 'orders') return place.toShip ? '#orders/paid' : '#orders';
  if (place.page === 'product') return `#product/${place.prodId ?? 'new'}`;
  if (place.page === 'promotion') return `#promotion/${place.discountId ?? 'new'}`;
  if (place.page === 'coupon') return `#coupon/${place.couponId ?? 'new'}`;
  if (place.page === 'combo') return `#combo/${place.comboId ?? 'new'}`;
  if (place.page === 'seckill') return `#seckill/${place.seckillId ?? 'new'}`;
  if (place.page === 'groupbuy') return `#groupbuy/${place.groupActivityId ?? 'new'}`;
  return place.page === 'writeOff' ? '#write-off' : `#${place.page}`;
}
/** The menu entry a place belongs to. */
const menuOf = (place: Place): MenuPage => (place.page === 'order' ? 'orders' : place.page === 'refund' ? 'refunds' : place.page === 'product' ? 'products' : place.page === 'promotion' ? 'promotions' : place.page === 'coupon' ? 'coupons' : place.page === 'combo' ? 'combos' : place.page === 'seckill' ? 'seckills' : place.page === 'groupbuy' ? 'groupbuys' : place.page);

/** The inbox's menu entry, with the shop's unread total from the socket. */
function ChatMenuLabel() {
  const { t } = useI18n();
  const chat = useConsoleChat();
  return (
    <span data-testid="chat-menu">
      {t('chat.inbox.menu')}
      {chat?.unread ? <Badge count={chat.unread} size="small" style={{ marginInlineStart: 6 }} /> : null}
    </span>
  );
}

function Console({ onLogout }: { onLogout: () => void }) {
  const { t, lang, setLang } = useI18n();
  const [place, setPlace] = useState<Place>(() => placeOf(location.hash));
  const me = useQuery({ queryKey: ['me', lang], queryFn: () => api('/merchant/me', { lang, schema: MerchantProfileSchema }) });
  const granted = me.data?.permissions;
  // Once the role is known: a place it may not open (the last account's, or none) becomes its landing page.
  const landed = useRef(false);
  useEffect(() => {
    if (!granted || landed.current) return;
    landed.current = true;
    if (!mayOpen(granted, menuOf(place))) setPlace(placeOf(`#${landingPage(granted)}`));
  }, [granted, place]);
  const allowed = (page: MenuPage) => (granted ? mayOpen(granted, page) : false);
  useEffect(() => {
    if (location.hash !== hashOf(place)) history.pushState(null, '', hashOf(place));
  }, [place]);
  useEffect(() => {
    const onPop = () => setPlace(placeOf(location.hash));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return (
    <ConsoleChatProvider userId={granted?.includes('chat.reply') && me.data ? me.data.accountId : null} token={session.token} lang={lang}>
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Title level={1} style={{ color: '#fff', margin: 0, fontSize: 18 }}>
          {t('app.title')}
          {me.data ? <span data-testid="shop-name">{` · ${me.data.shopName}`}</span> : null}
        </Typography.Title>
        <Space>
          <Typography.Text style={{ color: '#fff' }}>{me.data?.username}</Typography.Text>
          {me.data ? <Tag data-testid="account-role">{t(`staff.roles.${me.data.role}`)}</Tag> : null}
          <Button onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>{t('app.language')}</Button>
          <Button onClick={onLogout}>{t('app.logout')}</Button>
        </Space>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} theme="light">
          <nav aria-label={t('app.title')}>
            <Menu
              mode="inline"
              selectedKeys={[menuOf(place)]}
              onClick={(e) => setPlace(placeOf(`#${e.key}`))}
              items={[
                ...([
                  ['dashboard', t('menu.dashboard')],
                  ['orders', t('menu.orders')],
                  ['refunds', t('refunds.menu')],
                  ['products', t(granted?.includes('products.manage') ? 'products.menu' : 'staff.stockMenu')],
                  ['reviews', t('reviews.menu')],
                  ['invoices', t('invoices.menu')],
                  ['promotions', t('promotions.menu')],
                  ['coupons', t('coupons.menu')],
                  ['combos', t('combos.menu')],
                  ['seckills', t('seckill.menu')],
                  ['groupbuys', t('groupbuy.menu')],
                  ['chat', <ChatMenuLabel key="chat" />],
                  ['writeOff', t('menu.writeOff')],
                ] as const)
                  .filter(([key]) => allowed(key))
                  .map(([key, label]) => ({ key, label })),
                ...(SHOP_PAGES.some(allowed)
                  ? [{ type: 'group' as const, label: t('shopSettings.menu.group'), children: SHOP_PAGES.filter(allowed).map((key) => ({ key, label: t(`shopSettings.menu.${key.slice('shop-'.length)}`) })) }]
                  : []),
                ...(allowed('staff') ? [{ key: 'staff', label: t('staff.menu') }] : []),
                { key: 'password', label: t('menu.password') },
              ]}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <main>
            <PermissionsContext.Provider value={granted ?? []}>
            <PageBoundary resetKey={hashOf(place)}>
            {!granted ? (
              me.error ? (
                <Result status="warning" title={me.error instanceof ApiError && me.error.text ? me.error.text : t('app.loadFailed')} extra={<Button onClick={() => void me.refetch()}>{t('app.reload')}</Button>} />
              ) : (
                <Spin />
              )
            ) : !allowed(menuOf(place)) ? (
              <Result
                status="403"
                title={<h2 style={{ fontSize: 20, margin: 0 }}>{t('access.forbidden')}</h2>}
                subTitle={t('access.forbiddenText')}
                extra={<Button type="primary" onClick={() => setPlace(placeOf(`#${landingPage(granted)}`))}>{t('access.home')}</Button>}
              />
            ) : place.page === 'staff' ? (
              <StaffPage api={api} />
            ) : place.page === 'order' ? (
              <OrderDetailPage orderNumber={place.orderNumber} onBack={() => setPlace({ page: 'orders' })} />
            ) : place.page === 'refunds' ? (
              <RefundsPage key={place.tab ?? 'all'} api={api} initialTab={place.tab} onOpen={(refundSn) => setPlace({ page: 'refund', refundSn })} />
            ) : place.page === 'refund' ? (
              <RefundDetailPage
                key={place.refundSn}
                api={api}
                refundSn={place.refundSn}
                onBack={() => setPlace({ page: 'refunds' })}
                onOrder={allowed('orders') ? (orderNumber) => setPlace({ page: 'order', orderNumber }) : undefined}
              />
            ) : place.page === 'products' ? (
              <ProductsPage onEdit={(prodId) => setPlace({ page: 'product', prodId })} onCreate={() => setPlace({ page: 'product', prodId: null })} />
            ) : place.page === 'product' ? (
              <ProductEditPage key={place.prodId ?? 'new'} prodId={place.prodId} onDone={() => setPlace({ page: 'products' })} />
            ) : place.page === 'reviews' ? (
              <ReviewsPage api={api} />
            ) : place.page === 'invoices' ? (
              <InvoicesPage api={api} />
            ) : place.page === 'promotions' ? (
              <PromotionsPage onOpen={(discountId) => setPlace({ page: 'promotion', discountId })} onCreate={() => setPlace({ page: 'promotion', discountId: null })} />
            ) : place.page === 'promotion' ? (
              <PromotionEditPage key={place.discountId ?? 'new'} discountId={place.discountId} onDone={() => setPlace({ page: 'promotions' })} />
            ) : place.page === 'coupons' ? (
              <CouponsPage onOpen={(couponId) => setPlace({ page: 'coupon', couponId })} onCreate={() => setPlace({ page: 'coupon', couponId: null })} />
            ) : place.page === 'coupon' ? (
              <CouponEditPage key={place.couponId ?? 'new'} couponId={place.couponId} onDone={() => setPlace({ page: 'coupons' })} />
            ) : place.page === 'combos' ? (
              <CombosPage onOpen={(comboId) => setPlace({ page: 'combo', comboId })} onCreate={() => setPlace({ page: 'combo', comboId: null })} />
            ) : place.page === 'combo' ? (
              <ComboEditPage key={place.comboId ?? 'new'} comboId={place.comboId} onDone={() => setPlace({ page: 'combos' })} />
            ) : place.page === 'chat' ? (
              <ChatInboxPage api={api} />
            ) : place.page === 'seckills' ? (
              <SeckillsPage api={api} onOpen={(seckillId) => setPlace({ page: 'seckill', seckillId })} onCreate={() => setPlace({ page: 'seckill', seckillId: null })} />
            ) : place.page === 'seckill' ? (
              place.seckillId === null ? (
                <SeckillCreatePage api={api} onDone={(seckillId) => setPlace(seckillId === undefined ? { page: 'seckills' } : { page: 'seckill', seckillId })} />
              ) : (
                <SeckillDetailPage key={place.seckillId} api={api} seckillId={place.seckillId} onBack={() => setPlace({ page: 'seckills' })} />
              )
            ) : place.page === 'groupbuys' ? (
              <GroupActivitiesPage api={api} onOpen={(groupActivityId) => setPlace({ page: 'groupbuy', groupActivityId })} onCreate={() => setPlace({ page: 'groupbuy', groupActivityId: null })} />
            ) : place.page === 'groupbuy' ? (
              place.groupActivityId === null ? (
                <GroupActivityCreatePage api={api} onDone={(groupActivityId) => setPlace(groupActivityId === undefined ? { page: 'groupbuys' } : { page: 'groupbuy', groupActivityId })} />
              ) : (
                <GroupActivityDetailPage key={place.groupActivityId} api={api} groupActivityId={place.groupActivityId} onBack={() => setPlace({ page: 'groupbuys' })} />
              )
            ) : place.page === 'password' ? (
              <PasswordPage onChanged={onLogout} />
            ) : place.page === 'dashboard' ? (
              <DashboardPage
                onToShip={allowed('orders') ? () => setPlace({ page: 'orders', toShip: true }) : undefined}
                onRefunds={allowed('refunds') ? (tab) => setPlace({ page: 'refunds', tab }) : undefined}
              />
            ) : place.page === 'writeOff' ? (
              <WriteOffPage />
            ) : place.page === 'orders' ? (
              <OrdersPage
                key={place.toShip ? 'to-ship' : 'all'}
                initialTab={place.toShip ? 'paid' : 'all'}
                onOpen={(orderNumber) => setPlace({ page: 'order', orderNumber })}
              />
            ) : (
              <ShopSettingsPage page={place.page} />
            )}
            </PageBoundary>
            </PermissionsContext.Provider>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
    </ConsoleChatProvider>
  );
}

function Root() {
  const [lang, setLangState] = useState<Lang>(storedLang);
  const [loggedIn, setLoggedIn] = useState(() => Boolean(session.token()));
  const client = useQueryClient();
  const i18n = useMemo(
    () => ({
      lang,
      t: translator(lang),
      setLang: (next: Lang) => {
        storeLang(next);
        setLangState(next);
      },
    }),
    [lang],
  );
  useEffect(() => {
    document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
    // antd's date pickers take weekday and month names from dayjs.
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
    document.title = i18n.t('app.title');
  }, [lang, i18n]);
  useEffect(() => whenUnauthorized(() => setLoggedIn(false)), []);
  // Marks the page as running, as the storefront does after hydration (the journeys' axe scans wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  async function logout() {
    if (session.token()) await api('/merchant/logout', { lang, method: 'POST', body: {} }).catch(() => undefined);
    session.clear();
    client.clear();
    setLoggedIn(false);
  }

  return (
    <I18nContext.Provider value={i18n}>
      <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={consoleTheme} button={{ autoInsertSpace: false }}>
        <AntApp>{loggedIn ? <Console onLogout={() => void logout()} /> : <LoginPage onLoggedIn={() => setLoggedIn(true)} />}</AntApp>
      </ConfigProvider>
    </I18nContext.Provider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Root />
    </QueryClientProvider>
  );
}
