import { useEffect, useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Space, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { consoleTheme } from '@bazaar/shared/console/theme';
import { AdminProfileSchema } from '@bazaar/shared/schemas/admin';
import { api, session, whenUnauthorized } from './lib/api.ts';
import { I18nContext, storedLang, storeLang, translator, useI18n, type Lang } from './lib/i18n.tsx';
import { PageBoundary } from '@bazaar/console-ui/page-boundary.tsx';
import { LoginPage } from './features/login.tsx';
import { ApplicationsPage } from './features/applications.tsx';
import { AuditLogPage } from './features/audit-log.tsx';
import { CategoriesPage } from './features/categories.tsx';
import { NoticesPage } from './features/notices.tsx';
import { BannersPage } from './features/banners.tsx';
import { SiteConfigPage } from './features/site-config.tsx';
import { ProductsPage } from './features/products.tsx';
import { ReviewsPage } from './features/reviews.tsx';
import { ShopsPage } from './features/shops.tsx';
import { UsersPage } from './features/users.tsx';
import { PointsRulesPage } from './features/points-rules.tsx';
import { BalanceOptionsPage } from './features/balance-options.tsx';
import { BalanceApprovalsPage } from './features/balance-approvals.tsx';
import { OrdersPage } from './features/orders.tsx';
import { RefundsPage } from './features/refunds.tsx';
import { AftersaleSettingsPage } from './features/aftersale-settings.tsx';
import { RefundPaymentsPage } from './features/refund-payments.tsx';
import { MemberLevelsPage } from './features/member-levels.tsx';
import { CouponsPage } from './features/coupons.tsx';
import { PromotionsPage } from './features/promotions.tsx';
import { StaffPage } from './features/staff.tsx';
import { RolesPage } from './features/roles.tsx';
import { SeckillPage } from './features/seckill.tsx';
import { GroupBuyPage } from './features/groupbuy.tsx';
import { PointsMallPage } from './features/points-mall.tsx';
import { ChatServicePage } from './features/chat.tsx';
import { ConsoleChatProvider } from '@bazaar/console-ui/chat-socket.tsx';
import { landingPage, pageAllowed, PermissionsContext } from './lib/permissions.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

const PAGES = ['applications', 'shops', 'users', 'products', 'reviews', 'orders', 'refunds', 'aftersale-settings', 'refund-payments', 'categories', 'banners', 'notices', 'site-config', 'points-rules', 'balance-options', 'balance-approvals', 'member-levels', 'coupons', 'promotions', 'seckill', 'groupbuy', 'points-mall', 'chat', 'audit', 'staff', 'roles'] as const;
type Page = (typeof PAGES)[number];
const pageOfHash = (): Page | null => PAGES.find((p) => `#${p}` === location.hash) ?? null;

function Console({ onLogout }: { onLogout: () => void }) {
  const { t, lang, setLang } = useI18n();
  const [asked, setPage] = useState<Page | null>(pageOfHash);
  const me = useQuery({ queryKey: ['me', lang], queryFn: () => api('/admin/me', { lang, schema: AdminProfileSchema }), placeholderData: (previous) => previous });
  // The role's permissions (decision 057) pick the menu and the page: the one asked for when the
  // role may see it, else its first page. Nothing shows before they are known.
  const granted = me.data?.permissions;
  const page = granted ? landingPage(asked, PAGES, granted) : null;
  const may = (key: Page) => (granted ? pageAllowed(key, granted) : false);
  useEffect(() => {
    if (page) history.replaceState(null, '', `#${page}`);
  }, [page]);
  return (
    <ConsoleChatProvider userId={granted?.includes('chat.service') && me.data ? me.data.adminId : null} token={session.token} lang={lang}>
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Title level={1} style={{ color: '#fff', margin: 0, fontSize: 18 }}>
          {t('app.title')}
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
              selectedKeys={page ? [page] : []}
              onClick={(e) => setPage(e.key as Page)}
              items={([
                { key: 'applications', label: t('menu.applications') },
                { key: 'shops', label: t('menu.shops') },
                { key: 'users', label: t('menu.users') },
                { key: 'products', label: t('products.menu') },
                { key: 'reviews', label: t('reviews.menu') },
                { key: 'orders', label: t('orders.menu') },
                { key: 'refunds', label: t('refundsMenu') },
                { key: 'aftersale-settings', label: t('aftersaleSettingsMenu') },
                { key: 'refund-payments', label: t('refundPaymentsUi.menu') },
                { key: 'categories', label: t('contentMenu.categories') },
                { key: 'banners', label: t('banners.menu') },
                { key: 'notices', label: t('contentMenu.notices') },
                { key: 'site-config', label: t('contentMenu.siteConfig') },
                { key: 'points-rules', label: t('pointsMenu') },
                { key: 'balance-options', label: t('balanceMenu') },
                { key: 'balance-approvals', label: t('balanceApprovals.menu') },
                { key: 'member-levels', label: t('memberMenu') },
                { key: 'coupons', label: t('couponsMenu') },
                { key: 'promotions', label: t('promotionsMenu') },
                { key: 'seckill', label: t('seckillAdmin.menu') },
                { key: 'groupbuy', label: t('groupbuyPlatform.menu') },
                { key: 'points-mall', label: t('pointsmallAdmin.menu') },
                { key: 'chat', label: t('chat.service.menu') },
                { key: 'audit', label: t('menu.auditLog') },
                { key: 'staff', label: t('staffAdmin.menu') },
                { key: 'roles', label: t('rolesAdmin.menu') },
              ] satisfies Array<{ key: Page; label: string }>).filter((item) => may(item.key))}
            />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <main>
            <PermissionsContext.Provider value={granted ?? []}>
            {me.data && !page ? <Typography.Paragraph>{t('staffAdmin.noPages')}</Typography.Paragraph> : null}
            {me.isError && !me.data ? <Typography.Paragraph>{t('app.loadFailed')}</Typography.Paragraph> : null}
            <PageBoundary resetKey={page ?? ''}>
            {page === 'applications' ? <ApplicationsPage /> : null}
            {page === 'shops' ? <ShopsPage /> : null}
            {page === 'users' ? <UsersPage /> : null}
            {page === 'products' ? <ProductsPage /> : null}
            {page === 'reviews' ? <ReviewsPage /> : null}
            {page === 'orders' ? <OrdersPage /> : null}
            {page === 'refunds' ? <RefundsPage /> : null}
            {page === 'aftersale-settings' ? <AftersaleSettingsPage /> : null}
            {page === 'refund-payments' ? <RefundPaymentsPage /> : null}
            {page === 'categories' ? <CategoriesPage /> : null}
            {page === 'banners' ? <BannersPage /> : null}
            {page === 'notices' ? <NoticesPage /> : null}
            {page === 'site-config' ? <SiteConfigPage /> : null}
            {page === 'points-rules' ? <PointsRulesPage /> : null}
            {page === 'balance-options' ? <BalanceOptionsPage /> : null}
            {page === 'balance-approvals' ? <BalanceApprovalsPage /> : null}
            {page === 'member-levels' ? <MemberLevelsPage /> : null}
            {page === 'coupons' ? <CouponsPage /> : null}
            {page === 'promotions' ? <PromotionsPage /> : null}
            {page === 'seckill' ? <SeckillPage api={api} /> : null}
            {page === 'groupbuy' ? <GroupBuyPage api={api} /> : null}
            {page === 'points-mall' ? <PointsMallPage api={api} /> : null}
            {page === 'chat' && me.data ? <ChatServicePage adminId={me.data.adminId} /> : null}
            {page === 'audit' ? <AuditLogPage /> : null}
            {page === 'staff' ? <StaffPage /> : null}
            {page === 'roles' ? <RolesPage /> : null}
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
    document.title = i18n.t('app.title');
  }, [lang, i18n]);
  useEffect(() => whenUnauthorized(() => setLoggedIn(false)), []);
  // Marks the page as running, as the storefront does after hydration (the journeys' axe scans wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  async function logout() {
    await api('/admin/logout', { lang, method: 'POST', body: {} }).catch(() => undefined);
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
