import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { RootData } from '../root.tsx';
import { onApiEvent } from '../lib/api-events.ts';
import { openLogin, useLoginOpen } from '../features/account/login-store.ts';
import { LOGIN_RESULT_KEY, readLoginResult, storeLoginResult } from '../features/account/login-session.ts';
import { useTrafficLog } from '../features/analytics/use-traffic-log.ts';
import { ToastHost, showToast } from './ui/toast.tsx';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload.ts';
import { documentLanguage, loadMoreTexts } from '../lib/texts.ts';
import { useFocusOnNavigate } from './focus-on-navigate.ts';
import { useClientLinks } from './ui/page-link.tsx';

// The login popup (its forms, schemas and the password cipher) loads the first time it opens,
// so pages that never need it do not ship it.
const LoginDialog = lazy(() =>
  Promise.all([import('../features/account/login-dialog.tsx'), loadMoreTexts(documentLanguage())]).then(([m]) => ({ default: m.LoginDialog })),
);

/** App-wide behaviour around every page: API events, toasts, the login popup, the traffic log. */
export function AppShell({ data, children }: { data: RootData; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  useClientLinks(navigate);

  // Section 8: what the API client reports.
  useEffect(
    () =>
      onApiEvent((event) => {
        switch (event.type) {
          case 'warning':
            showToast(event.message, { kind: 'warning' });
            break;
          case 'error':
            showToast(event.message || t('errors.server'), { kind: 'error' });
            break;
          case 'activity-ended':
            showToast(t('errors.activityEnded'), { kind: 'error' });
            void navigate('/');
            break;
          case 'login-required':
            openLogin();
            break;
          case 'session-ended':
            // The token is gone: the root data (top bar, gated links) and the page's own data are
            // asked again without it, so everything shows a visitor without a reload.
            try {
              localStorage.removeItem(LOGIN_RESULT_KEY);
            } catch {
              // Storage may be unavailable.
            }
            // Not on /chat: it shows no top bar, and tells of an ended session itself (spec §4, code 10
            // 'account offline, login again'), which the page's data asked again would replace.
            if (!/^(\/en)?\/chat(\/|$)/.test(window.location.pathname)) void revalidate();
            break;
        }
      }),
    [t, navigate, revalidate],
  );

  // A route chunk that fails to load reloads the page (rate-limited in reloadForChunkError).
  useEffect(() => {
    function onPreloadError(event: Event) {
      if (reloadForChunkError()) event.preventDefault();
    }
    function onRejection(event: PromiseRejectionEvent) {
      if (isChunkLoadError(event.reason)) reloadForChunkError();
    }
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  // loginResult follows the token the server accepted (a refused token was dropped by the root
  // loader). A shared page does not know its user until the browser has asked (root.tsx).
  const user = data.user;
  const userKnown = !data.userInBrowser;
  useEffect(() => {
    if (!userKnown) return;
    try {
      if (!user) localStorage.removeItem(LOGIN_RESULT_KEY);
      else {
        const stored = readLoginResult();
        if (stored?.userId !== user.userId || stored.nickName !== user.nickName || stored.pic !== user.pic) storeLoginResult(user);
      }
    } catch {
      // Storage may be unavailable; nothing depends on it for rendering.
    }
  }, [user, userKnown]);

  useTrafficLog(data.lang, () => readLoginResult()?.userId ?? user?.userId ?? null);
  useFocusOnNavigate();

  // Once loaded the popup stays mounted, so closing it keeps its focus handling and state.
  const loginOpen = useLoginOpen();
  const [loginLoaded, setLoginLoaded] = useState(false);
  useEffect(() => {
    if (loginOpen) setLoginLoaded(true);
  }, [loginOpen]);

  return (
    <>
      {children}
      <ToastHost />
      {loginOpen || loginLoaded ? (
        <Suspense fallback={<DialogPending />}>
          <LoginDialog />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Marks the document while an opened dialog's code is still loading (data-dialog-pending), so
 * whoever checks the page as shown (the journeys' accessibility scan) can wait for the dialog.
 */
function DialogPending() {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.dialogPending = 'true';
    return () => {
      delete root.dataset.dialogPending;
    };
  }, []);
  return null;
}
