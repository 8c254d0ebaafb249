import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { RootData } from '../root.tsx';
import { openLogin } from '../features/account/login-store.ts';
import { logout } from '../features/account/login-session.ts';
import { TopBar } from '../features/layout/top-bar.tsx';
import { SiteHeader } from '../features/layout/header.tsx';
import { SiteFooter } from '../features/layout/footer.tsx';
import { useChatUnread } from './chat-unread.ts';

export interface SiteChromeProps {
  topBar?: boolean;
  header?: boolean;
  footer?: boolean;
  children: ReactNode;
}

/** The parts around a page (section 2's layouts pick which): top bar, header, footer. */
export function SiteChrome({ topBar = false, header = false, footer = false, children }: SiteChromeProps) {
  const { t } = useTranslation();
  const data = useRouteLoaderData<RootData>('root');
  const chatUnread = useChatUnread(topBar && data?.isLoggedIn ? data.user?.userId : null, data?.lang ?? 'zh');
  if (!data) return <>{children}</>;
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {topBar ? <TopBar data={data} onLogin={openLogin} onLogout={() => void logout()} chatUnread={chatUnread} /> : null}
      {header ? <SiteHeader webConfig={data.webConfig} /> : null}
      <main id="main" className="page__main" tabIndex={-1}>
        {children}
      </main>
      {footer ? <SiteFooter webConfig={data.webConfig} serviceSwitch={data.serviceSwitch} lang={data.lang} /> : null}
    </div>
  );
}
