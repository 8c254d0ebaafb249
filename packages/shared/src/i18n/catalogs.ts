import type { i18n } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../constants/limits.ts';
import { createI18nInstance } from './instance.ts';
import { catalog as zh } from './zh/catalog.ts';
import { catalog as en } from './en/catalog.ts';
export { isLanguage, languageFromHeader } from './language.ts';

/** Both languages (the server and tests). The storefront's browser code loads one: see web lib/i18n.tsx. */
export const catalogs = { zh, en } as const;

/** An initialised i18next instance over both catalogs. */
export function createI18n(lng: Language = DEFAULT_LANGUAGE): i18n {
  return createI18nInstance(lng, catalogs);
}
