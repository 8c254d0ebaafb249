import { TOKEN_COOKIE, readCookie } from './cookies.ts';
import { serverEnv } from './env.server.ts';
import { resolveLanguage } from './root-data.server.ts';

/** The api() options a loader needs to call the API as the visitor: origin, language, token and address. */
export function apiContextFor(request: Request) {
  return {
    baseUrl: serverEnv.apiUrl,
    lang: resolveLanguage(request).lang,
    token: readCookie(request.headers.get('Cookie'), TOKEN_COOKIE),
    // server.js has set this to the visitor's address (forwarded.js); the API trusts it from loopback.
    clientIp: request.headers.get('X-Forwarded-For'),
  };
}
