import { useEffect, useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Space, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { consoleTheme } from '@bazaar/shared/console/theme';
import { MerchantProfileSchema } from '@bazaar/shared/schemas/merchant';
import { api, session, whenUnauthorized } from './lib/api.ts';
import { I18nContext, storedLang, storeLang, translator, useI18n, type Lang } from './lib/i18n.tsx';
import { LoginPage } from './features/login.tsx';
import { OrdersPage } from './features/orders.tsx';
import { OrderDetailPage } from './features/order-detail.tsx';
import { PasswordPage } from './features/password.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** Where the merchant is, kept in the address's hash: #orders, #order/<number>, #password. */
type Place = { page: 'orders' } | { page: 'order'; orderNumber: string } | { page: 'password' };

function placeOf(hash: string): Place {
  const order = /^#order\/(\d{1,32})$/.exec(hash);
  if (order) return { page: 'order', orderNumber: order[1]! };
  return hash === '#password' ? { page: 'password' } : { page: 'orders' };
}
const hashOf = (place: Place) => (place.page === 'order' ? `#order/${place.orderNumber}` : `#${place.page}`);

function Console({ onLogout }: { onLogout: () => void }) {
  const { t, lang, setLang } = useI18n();
  const [place, setPlace] = useState<Place>(() => placeOf(location.hash));
  const me = useQuery({ queryKey: ['me', lang], queryFn: () => api('/merchant/me', { lang, schema: MerchantProfileSchema }) });
  useEffect(() => {
    if (location.hash !== hashOf(place)) history.pushState(null, '', hashOf(place));
  }, [place]);
  useEffect(() => {
    const onPop = () => setPlace(placeOf(location.hash));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Title level={1} style={{ color: '#fff', margin: 0, fontSize: 18 }}>
          {t('app.title')}
          {me.data ? <span data-testid="shop-name">{` · ${me.data.shopName}`}</span> : null}
        </Typography.Title>
        <Space>
          <Typography.Text style={{ color: '#fff' }}>{me.data?.username}</Typography.Text>
          <Button onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>{t('app.language')}</Button>
          <Button onClick={onLogout}>{t('app.logout')}</Button>
        </Space>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} theme="light">
          <nav aria-label={t('app.title')}>
            <Menu
              mode="inline"
              selectedKeys={[place.page === 'password' ? 'password' : 'orders']}
              onClick={(e) => setPlace(e.key === 'password' ? { page: 'password' } : { page: 'orders' })}
              items={[
                { key: 'orders', label: t('menu.orders') },
                { key: 'password', label: t('menu.password') },
              ]}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <main>
            {place.page === 'order' ? (
              <OrderDetailPage orderNumber={place.orderNumber} onBack={() => setPlace({ page: 'orders' })} />
            ) : place.page === 'password' ? (
              <PasswordPage onChanged={onLogout} />
            ) : (
              <OrdersPage onOpen={(orderNumber) => setPlace({ page: 'order', orderNumber })} />
            )}
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
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
