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

export function serializeCookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`;
}

export function languageCookie(lang: Language): string {
  return serializeCookie(LANGUAGE_COOKIE, lang, YEAR_S);
}

export function clearedCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function languageFromCookie(cookieHeader: string | null | undefined): Language {
  const value = readCookie(cookieHeader, LANGUAGE_COOKIE);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

// ---- Browser helpers ----

export function getBrowserToken(): string | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie, TOKEN_COOKIE);
}

export function setBrowserToken(token: string, maxAgeSeconds: number): void {
  document.cookie = serializeCookie(TOKEN_COOKIE, token, maxAgeSeconds);
}

export function removeBrowserToken(): void {
  document.cookie = clearedCookie(TOKEN_COOKIE);
}
