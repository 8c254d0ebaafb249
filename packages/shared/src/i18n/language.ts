import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants/limits.ts';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Accept-Language carries zh or en; anything else counts as zh (reference section 1). */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const first = header.split(',')[0]?.trim().toLowerCase().slice(0, 2);
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}
