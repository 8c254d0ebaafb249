import { LANGUAGES } from '@bazaar/shared/constants/limits';

/** The path without a leading language prefix (/en/list -> /list), so features can match routes. */
export function stripLanguagePrefix(pathname: string): string {
  const first = pathname.split('/')[1];
  if (first && (LANGUAGES as readonly string[]).includes(first)) return pathname.slice(first.length + 1) || '/';
  return pathname || '/';
}

/** The same page in another language: ?lang=xx (the root loader sets the cookie), other query kept. */
export function languageSwitchUrl(pathname: string, search: string, lang: string): string {
  const params = new URLSearchParams(search);
  params.set('lang', lang);
  // The query decides the language, so an /en prefix is dropped rather than contradicting it.
  return `${stripLanguagePrefix(pathname)}?${params.toString()}`;
}

/** Only same-site absolute paths may be used as a redirect target (no //host or scheme). */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
