// @vitest-environment happy-dom
// Section 4: the login state is the token's. When the API refuses the token (a 401: revoked,
// expired), the token cookie goes, the login popup opens, and the whole page shows a visitor at
// once, without a reload: the top bar's greeting and account menu give way to login / register,
// and loginResult is cleared.
import { createElement } from 'react';
import { Outlet, createRoutesStub, useRouteLoaderData } from 'react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RootData } from '../root.tsx';
import { I18nProvider } from '../lib/i18n.tsx';
import { api } from '../lib/api.ts';
import { getBrowserToken, readCookie } from '../lib/cookies.ts';
import { closeLogin } from '../features/account/login-store.ts';
import { LOGIN_RESULT_KEY } from '../features/account/login-session.ts';
import { t } from '../test/server-render.ts';
import { AppShell } from './app-shell.tsx';
import { SiteChrome } from './site-chrome.tsx';
import { dismissToast } from './ui/toast.tsx';

const USER = { userId: 'u1', nickName: '小北', pic: null };

afterEach(() => {
  cleanup();
  dismissToast();
  closeLogin();
  vi.unstubAllGlobals();
  document.cookie = 'token=; Max-Age=0; Path=/';
  localStorage.clear();
});

/** The root loader as the server runs it: the user is whoever the token cookie belongs to. */
function rootData(lang: 'zh' | 'en'): RootData {
  const user = readCookie(document.cookie, 'token') ? USER : null;
  return {
    lang,
    webConfig: { pcWelcomeCn: '欢迎', pcWelcomeEn: 'Welcome', pcLogoImgText: '', pcCompanyInfoCn: '', pcCompanyInfoEn: '', pcTitleImg: '' },
    serviceSwitch: { serviceTermsSwitch: false, privacyPolicySwitch: false },
    user,
    isLoggedIn: !!user,
    userInBrowser: false,
  } as unknown as RootData;
}

function Root() {
  const data = useRouteLoaderData<RootData>('root')!;
  return createElement(AppShell, { data, children: createElement(SiteChrome, { topBar: true, children: createElement(Outlet) }) });
}

/** A page whose button calls the API, as the product page's "add to cart" does. */
function Page() {
  return createElement('button', { type: 'button', onClick: () => void api('/p/shopCart/changeItem', { method: 'POST', body: {} }).catch(() => undefined) }, 'add');
}

for (const lang of ['zh', 'en'] as const) {
  describe(`a 401 in the browser (${lang})`, () => {
    it('shows the visitor as logged out everywhere without a reload', async () => {
      document.cookie = 'token=revoked; Path=/';
      localStorage.setItem(LOGIN_RESULT_KEY, JSON.stringify(USER));
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => (url.startsWith('/api/p/shopCart/changeItem') ? new Response('', { status: 401 }) : Response.json([]))),
      );
      const Stub = createRoutesStub([{ id: 'root', path: '/', loader: () => rootData(lang), HydrateFallback: () => null, Component: Root, children: [{ index: true, Component: Page }] }]);
      render(createElement(I18nProvider, { lang, children: createElement(Stub) }));

      const hello = t(lang, 'layout.topBar.hello', { name: USER.nickName });
      await screen.findByText(hello);
      expect(screen.queryByRole('button', { name: t(lang, 'layout.topBar.login') })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'add' }));

      await waitFor(() => expect(screen.queryByText(hello)).toBeNull());
      expect(screen.getByRole('button', { name: t(lang, 'layout.topBar.login') })).toBeTruthy();
      expect(getBrowserToken()).toBeNull();
      expect(localStorage.getItem(LOGIN_RESULT_KEY)).toBeNull();
    });
  });
}
