import { useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { LANGUAGES } from '@bazaar/shared/constants/limits';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { CenterInfo } from '@bazaar/shared/schemas/account';
import type { RootData } from '../../root.tsx';
import { apiData } from '../../lib/api.ts';
import { languageSwitchUrl } from '../../lib/paths.ts';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { NoticeTicker } from './notice-ticker.tsx';
import { ACCOUNT_MENU_LINKS } from './account-menu.ts';

/**
 * Section 2: what the shop entry does for each shop status. A shopper who never applied (no shop)
 * goes to the free store application; a rejected one is told so and taken there to resubmit.
 */
export function shopEntryAction(shopStatus: number, shopId: number | null): { to?: string; message?: string } {
  if (shopStatus === SHOP_STATUS.open && shopId !== null) return { to: `/shopIndex?sid=${shopId}` };
  if (shopStatus === SHOP_STATUS.reviewing) return { message: 'layout.topBar.storeReviewing' };
  if (shopStatus === SHOP_STATUS.none) return shopId === null ? { to: FREE_SHOP_PATH } : { message: 'layout.topBar.storeRejected', to: FREE_SHOP_PATH };
  return { message: 'layout.topBar.storeOffline' };
}

export const FREE_SHOP_PATH = '/user-center/uc-freeshop';

export interface TopBarProps {
  data: RootData;
  /** Opens the login popup (features don't import each other: the layout wires the account feature in). */
  onLogin: () => void;
  onLogout: () => void;
  /** The unread chat messages (null: unknown, no entry). */
  chatUnread?: number | null;
}

export function TopBar({ data, onLogin, onLogout, chatUnread }: TopBarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [openingShop, setOpeningShop] = useState(false);
  const { webConfig, user, isLoggedIn, lang } = data;
  const welcome = lang === 'en' ? webConfig.pcWelcomeEn : webConfig.pcWelcomeCn;

  // Login-gated entries open the popup instead of navigating when logged out.
  function requireLogin(event: MouseEvent) {
    if (isLoggedIn) return;
    event.preventDefault();
    onLogin();
  }

  // A real link to the application (it opens in a new tab as any link); a plain click asks for the
  // login or goes where the shopper's shop status leads.
  async function openShop(event: MouseEvent) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!isLoggedIn) {
      onLogin();
      return;
    }
    if (openingShop) return;
    setOpeningShop(true);
    try {
      const info = await apiData<CenterInfo>('/p/user/centerInfo');
      const action = shopEntryAction(info.shopStatus, info.shopId);
      if (action.message) showToast(t(action.message), { kind: 'warning' });
      if (action.to) void navigate(action.to);
    } catch {
      // The API client shows the problem (or opens the login popup on 401).
    } finally {
      setOpeningShop(false);
    }
  }

  return (
    <div className="top-bar">
      <nav className="container top-bar__inner" aria-label={t('layout.topBar.label')}>
        <div className="top-bar__left">
          <span className="top-bar__welcome" title={welcome}>
            {welcome}
          </span>
          {isLoggedIn && user ? (
            <Dropdown
              hover
              className="top-bar__account"
              label={t('layout.topBar.accountMenu')}
              trigger={
                <span className="top-bar__nickname" title={t('layout.topBar.hello', { name: user.nickName })}>
                  {t('layout.topBar.hello', { name: user.nickName })}
                </span>
              }
              items={[
                ...ACCOUNT_MENU_LINKS.map((link) => ({ key: link.key, label: t(link.label), to: link.to })),
                { key: 'logout', label: t('layout.topBar.logout'), onSelect: onLogout },
              ]}
            />
          ) : (
            <>
              <button type="button" className="top-bar__link top-bar__link--accent" onClick={onLogin}>
                {t('layout.topBar.login')}
              </button>
              <Link to="/register" className="top-bar__link">
                {t('layout.topBar.register')}
              </Link>
            </>
          )}
          <NoticeTicker />
        </div>
        <ul className="top-bar__right">
          <li>
            <Link to="/" className="top-bar__link">
              {t('layout.topBar.mallHome')}
            </Link>
          </li>
          <li>
            <Link to="/user-center/uc-order" className="top-bar__link" onClick={requireLogin}>
              {t('layout.topBar.myOrders')}
            </Link>
          </li>
          <li>
            <Link to="/user-center" className="top-bar__link" onClick={requireLogin}>
              {t('layout.topBar.userCenter')}
            </Link>
          </li>
          {chatUnread != null ? (
            <li>
              <Link to="/chat" className={chatUnread ? 'top-bar__link top-bar__link--accent' : 'top-bar__link'}>
                {chatUnread ? t('chat.mark.unread', { count: chatUnread }) : t('chat.mark.label')}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to={FREE_SHOP_PATH} className="top-bar__link" onClick={(event) => void openShop(event)} aria-busy={openingShop || undefined}>
              {t('layout.topBar.myStore')}
            </Link>
          </li>
          <li>
            <Link to="/invite" className="top-bar__link">
              {t('layout.topBar.investorRelations')}
            </Link>
          </li>
          {webConfig.merchantUrl ? (
            <li>
              <a href={webConfig.merchantUrl} className="top-bar__link" target="_blank" rel="noopener noreferrer">
                {t('layout.topBar.merchantCenter')}
              </a>
            </li>
          ) : null}
          <li>
            <Dropdown
              hover
              align="end"
              className="top-bar__language"
              label={t('layout.topBar.language')}
              trigger={
                <>
                  <svg className="top-bar__globe" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
                    <path d="M3 12h18M12 3c2.5 2.7 3.7 5.7 3.7 9s-1.2 6.3-3.7 9c-2.5-2.7-3.7-5.7-3.7-9S9.5 5.7 12 3Z" fill="none" stroke="currentColor" strokeWidth="1.6" />
                  </svg>
                  {t(lang === 'en' ? 'layout.topBar.languageEn' : 'layout.topBar.languageZh')}
                </>
              }
              items={LANGUAGES.map((code) => ({
                key: code,
                label: t(code === 'en' ? 'layout.topBar.languageEn' : 'layout.topBar.languageZh'),
                checked: code === lang,
                onSelect: () => {
                  if (code !== lang) window.location.assign(languageSwitchUrl(location.pathname, location.search, code));
                },
              }))}
            />
          </li>
        </ul>
      </nav>
    </div>
  );
}
