import type { Language } from '@bazaar/shared/constants/limits';

/**
 * A text stored in both languages, as the reader asked for it: the English one when the reader
 * reads English and there is one, else the Chinese (the fallback language), or '' when neither.
 */
export function localized(lang: Language, zh: string | null | undefined, en: string | null | undefined): string {
  return lang === 'en' && en ? en : (zh ?? '');
}
