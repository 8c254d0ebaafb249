// A personal loader's API calls, run on the server with the request's token (user-loader.server.ts)
// or, on a shared page (decision 052), in the browser with the browser's token.
import type { UserInfo } from '@bazaar/shared/schemas/account';
import { ApiError, apiData, type ApiOptions } from '../../lib/api.ts';
import { getBrowserToken } from '../../lib/cookies.ts';

/** What a personal loader's API calls need: the shopper's token, and on the server the API's origin, the language and the visitor's address. */
export type UserApiContext = Pick<ApiOptions, 'baseUrl' | 'lang' | 'clientIp' | 'noLoginPrompt'> & { token: string };

/** The load's answer, or null when the API refused the token. */
export async function answerOrNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * In the browser: runs a personal loader's calls with the browser's token; null without one or
 * when the API refuses it (the page then shows its login panel, as the server's render would).
 */
export function fetchAsBrowserUser<T>(load: (ctx: UserApiContext) => Promise<T>): Promise<T | null> {
  const token = getBrowserToken();
  return token ? answerOrNull(() => load({ token, noLoginPrompt: true })) : Promise.resolve(null);
}

/**
 * The root data of a shared page with the user the browser's token belongs to (root.tsx
 * clientLoader): none without a token; a token the API refuses is dropped by the API client, and
 * an API that cannot answer leaves the page logged out too, as the root loader does on the server.
 */
export async function withBrowserUser<D extends { user: UserInfo | null; isLoggedIn: boolean; userInBrowser: boolean }>(data: D): Promise<D> {
  const user = await fetchAsBrowserUser((ctx) => apiData<UserInfo>('/p/user/userInfo', { ...ctx, silent: true })).catch(() => null);
  return { ...data, user, isLoggedIn: !!user, userInBrowser: false };
}
