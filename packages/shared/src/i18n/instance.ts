import i18next, { type i18n } from 'i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../constants/limits.ts';

/**
 * An initialised i18next instance for one language over the catalogs given: both on the
 * server, only the page's language (and the fallback when loaded) in the browser.
 */
export function createI18nInstance(lng: Language, resources: Partial<Record<Language, object>>): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(Object.entries(resources).map(([l, translation]) => [l, { translation }])),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
