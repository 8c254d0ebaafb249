import { DEFAULT_LANGUAGE, type Language } from '@bazaar/shared/constants/limits';
import { isLanguage } from '@bazaar/shared/i18n/language';

export const TOKEN_COOKIE = 'token';
export const LANGUAGE_COOKIE = 'language';
const YEAR_S = 365 * 24 * 3600;

/** Reads one cookie from a Cookie header (server) or document.cookie (browser). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * A cookie for the whole site, never sent on cross-site subrequests or form posts (SameSite=Lax),
 * and only over TLS when the page was served over TLS. The token cookie stays readable by the
 * page's script: docs/decisions/016 says why and what limits the exposure.
 */
export function serializeCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether a request (server) reached the storefront over https. */
export const isHttps = (request: Request) => new URL(request.url).protocol === 'https:';

export function languageCookie(lang: Language, secure: boolean): string {
  return serializeCookie(LANGUAGE_COOKIE, lang, YEAR_S, secure);
}

export function clearedCookie(name: string, secure: boolean): string {
  return serializeCookie(name, '', 0, secure);
}

export function languageFromCookie(cookieHeader: string | null | undefined): Language {
  const value = readCookie(cookieHeader, LANGUAGE_COOKIE);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

// ---- Browser helpers ----

export function getBrowserToken(): string | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie, TOKEN_COOKIE);
}

const pageIsHttps = () => location.protocol === 'https:';

export function setBrowserToken(token: string, maxAgeSeconds: number): void {
  document.cookie = serializeCookie(TOKEN_COOKIE, token, maxAgeSeconds, pageIsHttps());
}

export function removeBrowserToken(): void {
  document.cookie = clearedCookie(TOKEN_COOKIE, pageIsHttps());
}
