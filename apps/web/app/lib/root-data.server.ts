import { data, redirect } from 'react-router';
import { FALLBACK_LANGUAGE, type Language } from '@bazaar/shared/constants/limits';
import { isLanguage } from '@bazaar/shared/i18n/language';
import { UserInfoSchema } from '@bazaar/shared/schemas/account';
import { ServiceSwitchSchema, WebConfigSchema } from '@bazaar/shared/schemas/site';
import { api, setServerTransport } from './api.ts';
import { nodeTransport } from './api-transport.server.ts';
import { LANGUAGE_COOKIE, TOKEN_COOKIE, clearedCookie, isHttps, languageCookie, languageFromCookie, readCookie } from './cookies.ts';
import { serverEnv } from './env.server.ts';
import { sharedData } from './shared-data.server.ts';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import { provideCatalog } from './i18n.tsx';
import { isSharedRender } from './shared-request.server.ts';

// Loaders reach the API over node:http rather than fetch (api-transport.server.ts).
setServerTransport(nodeTransport);

// The server renders either language, so it holds both catalogs.
provideCatalog('zh', catalogs.zh);
provideCatalog('en', catalogs.en);

/** React Router's data request suffix: '/a/b.data' for /a/b, '/a/b/_.data' for /a/b/ and '/_.data' for / (v8 URL format). */
const DATA_SUFFIX = /(?:\/_)?\.data$/;
/** React Router's own query parameters on data requests. */
const ROUTER_PARAMS = ['_routes', 'index'];

/**
 * The page a request is for. Loaders get the raw request (future.v8_passThroughRequests): a data
 * request's path ends in '.data' and its query carries the router's own parameters.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (!DATA_SUFFIX.test(url.pathname)) return url;
  url.pathname = url.pathname.replace(DATA_SUFFIX, (suffix) => (suffix.startsWith('/') ? '/' : '')) || '/';
  for (const name of ROUTER_PARAMS) url.searchParams.delete(name);
  return url;
}

/**
 * The language of a request: ?lang= (unknown -> 404), then an /en path prefix, then the cookie,
 * then zh. A prefix equal to the fallback language is removed by redirect, and the URL always says
 * the language the page is in: the fallback's pages have no prefix, any other language's have
 * theirs. So ?lang=en or an English cookie on an unprefixed page redirects to its /en page (and
 * ?lang=zh on an /en page to the unprefixed one), and the links of an English page, unprefixed
 * in the markup, lead to English URLs.
 */
export function resolveLanguage(request: Request): { lang: Language; setCookie: boolean } {
  const url = pageUrl(request);
  const query = url.searchParams.get('lang');
  if (query !== null && !isLanguage(query)) throw data(null, { status: 404 });
  const prefix = url.pathname.split('/')[1];
  if (prefix === FALLBACK_LANGUAGE) {
    // Leading slashes collapse to one: '/zh//evil.example/' must not become '//evil.example/'.
    const rest = `/${url.pathname.slice(prefix.length + 1).replace(/^[/\\]+/, '')}`;
    throw redirect(`${rest}${url.search}`, 301);
  }
  const prefixed = isLanguage(prefix) ? prefix : null;
  const cookies = request.headers.get('Cookie');
  const lang = query ?? prefixed ?? languageFromCookie(cookies);
  if (lang !== (prefixed ?? FALLBACK_LANGUAGE)) {
    // Found by the cookie or the query: 302, never stored by a shared cache (it depends on the
    // Cookie header), nor by the page cache (page-cache.js keeps 200s only). The /en page sets the
    // cookie itself; the unprefixed page keeps ?lang=zh to set it.
    const page = prefixed ? url.pathname.slice(prefixed.length + 1) || '/' : url.pathname;
    if (lang !== FALLBACK_LANGUAGE) url.searchParams.delete('lang');
    const path = lang === FALLBACK_LANGUAGE ? `/${page.replace(/^[/\\]+/, '')}` : `/${lang}${page === '/' ? '' : page}`;
    throw redirect(`${path}${url.searchParams.size > 0 ? `?${url.searchParams}` : ''}`, {
      status: 302,
      headers: { 'Cache-Control': 'private, no-store', Vary: 'Cookie' },
    });
  }
  // The cookie is written only when the URL chose a language it does not already hold, so an /en
  // page asked with the English cookie sets none and the page cache may keep it like a Chinese one.
  const chosen = query !== null || prefixed !== null;
  return { lang, setCookie: chosen && readCookie(cookies, LANGUAGE_COOKIE) !== lang };
}

/**
 * What every page needs: the language, the site config, switches and the logged-in user. On a
 * shared page (shared-pages.js: the page cache removed the token and marked the request) there is
 * no user here: `userInBrowser` tells the browser to ask for it (root.tsx clientLoader).
 */
export async function loadRootData(request: Request) {
  const { lang, setCookie } = resolveLanguage(request);
  const userInBrowser = isSharedRender(request);
  const token = userInBrowser ? null : readCookie(request.headers.get('Cookie'), TOKEN_COOKIE);
  const common = { lang, baseUrl: serverEnv.apiUrl } as const;
  const [webConfig, serviceSwitch, user] = await Promise.all([
    sharedData('webConfig', () => api('/webConfig/getPcWebConfig', { ...common, schema: WebConfigSchema })),
    sharedData('serviceSwitch', () => api('/sys/config/info/getSysServiceSwitch', { ...common, schema: ServiceSwitchSchema })),
    token ? api('/p/user/userInfo', { ...common, token, schema: UserInfoSchema }).catch(() => null) : Promise.resolve(null),
  ]);
  const headers = new Headers();
  if (setCookie) headers.append('Set-Cookie', languageCookie(lang, isHttps(request)));
  // A token the API refuses is dropped, so the page renders logged out.
  if (token && !user) headers.append('Set-Cookie', clearedCookie(TOKEN_COOKIE, isHttps(request)));
  return data({ lang, webConfig, serviceSwitch, user, isLoggedIn: !!user, userInBrowser }, { headers });
}
