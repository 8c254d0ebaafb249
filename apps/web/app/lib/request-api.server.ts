import { TOKEN_COOKIE, readCookie } from './cookies.ts';
import { serverEnv } from './env.server.ts';
import { resolveLanguage } from './root-data.server.ts';

/** The api() options a loader needs to call the API as the visitor: origin, language and token. */
export function apiContextFor(request: Request) {
  return {
    baseUrl: serverEnv.apiUrl,
    lang: resolveLanguage(request).lang,
    token: readCookie(request.headers.get('Cookie'), TOKEN_COOKIE),
  };
}
