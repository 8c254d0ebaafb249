import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { DEFAULT_LANGUAGE } from '@bazaar/shared/constants/limits';
import { I18nProvider } from './lib/i18n.tsx';
import { loadRootData } from './lib/root-data.server.ts';
import { documentLanguage, loadMoreTexts, needsMoreTexts } from './lib/texts.ts';
import { withBrowserUser } from './features/account/user-data.ts';
import { AppShell } from './components/app-shell.tsx';
import { NotFoundPage, FallbackErrorPage } from './components/error-pages.tsx';
import { isChunkLoadError, reloadForChunkError } from './components/chunk-reload.ts';
import './styles/app.css';

export type RootData = Awaited<ReturnType<typeof loadRootData>>['data'];

export function meta({ data }: Route.MetaArgs) {
  const lang = data?.lang ?? DEFAULT_LANGUAGE;
  return [{ title: lang === 'en' ? 'Bazaar Mall' : 'Bazaar 商城' }];
}

export function links() {
  return [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  return loadRootData(request);
}

// In the browser, a page that needs the texts the first page did not load gets them here, while
// its data loads. A shared page (decision 052) came without the user: the browser asks for it
// while the page hydrates, when it holds a token.
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), needsMoreTexts(new URL(request.url).pathname) ? loadMoreTexts(documentLanguage()) : null]);
  return data.userInBrowser ? withBrowserUser(data) : data;
}
clientLoader.hydrate = true as const;

// The site config is fetched again on every route change (specification section 7).
export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  // Without the root's data (its loader failed, e.g. a navigation's data request), the browser keeps
  // the language the page was in: only that language's texts were downloaded.
  const lang = data?.lang ?? (typeof document === 'undefined' ? DEFAULT_LANGUAGE : documentLanguage());
  return (
    <html lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data?.webConfig.pcTitleImg ? <link rel="icon" href={data.webConfig.pcTitleImg} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider lang={lang}>{children}</I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Marks the document once React has hydrated it and run the first effects (a page's own effects,
 * such as the cart opening the login popup, ran before this one), and a shared page knows its
 * user: the browser journeys wait for it before they look at a page (tests/e2e/support.ts
 * waitForHydration).
 */
function useHydratedMarker(ready = true) {
  useEffect(() => {
    if (ready) document.documentElement.dataset.hydrated = 'true';
  }, [ready]);
}

/** Whether a route's data is still to be asked for by the browser (a shared page, decision 052). */
const askedInBrowser = (data: unknown) => typeof data === 'object' && data !== null && 'userInBrowser' in data && data.userInBrowser === true;

export default function App({ loaderData }: Route.ComponentProps) {
  // The root is one of the matches.
  useHydratedMarker(!useMatches().some((match) => askedInBrowser(match.data)));
  return (
    <AppShell data={loaderData}>
      <Outlet />
    </AppShell>
  );
}

// Reached when the root loader itself failed (no site config: plain page, default language)
// or when the lang-scope error page failed too.
export function ErrorBoundary() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  useHydratedMarker();
  useEffect(() => {
    if (chunkError) reloadForChunkError();
  }, [chunkError]);
  return (
    <main id="main" className="page page--bare">
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <FallbackErrorPage />}
    </main>
  );
}
