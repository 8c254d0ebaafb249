// A personal loader's API calls, run on the server with the request's token (user-loader.server.ts)
// or, on a shared page (decision 052), in the browser with the browser's token.
import { ApiError, type ApiOptions } from '../../lib/api.ts';
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
