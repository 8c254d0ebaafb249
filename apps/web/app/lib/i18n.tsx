import { createContext, useContext, type ReactNode } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import type { Language } from '@bazaar/shared/constants/limits';
import { createI18nInstance } from '@bazaar/shared/i18n/instance';

// The texts this process has: both languages on the server (root-data.server.ts provides them),
// only the page's language in the browser, in two halves (lib/texts.ts), so a page never ships
// the other language or the texts of pages it does not show.
const catalogs: Partial<Record<Language, Record<string, unknown>>> = {};
export function provideCatalog(lang: Language, texts: object): void {
  catalogs[lang] = { ...catalogs[lang], ...texts };
  // An instance made before these texts arrived learns them in place (deep merge).
  instances.get(lang)?.addResourceBundle(lang, 'translation', texts, true, true);
}

// One instance per language for the life of the process: building one loads the catalogs, which
// is too slow to repeat for each server render. A page's language never changes in place (the
// switch reloads), so sharing is safe.
const instances = new Map<Language, I18n>();
export function i18nFor(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18nInstance(lang, catalogs);
    instances.set(lang, instance);
  }
  return instance;
}

const I18nContext = createContext<I18n>(null as unknown as I18n);

export function I18nProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  return <I18nContext.Provider value={i18nFor(lang)}>{children}</I18nContext.Provider>;
}

/**
 * The page's translator: the language's i18next instance, from context. Its `t` is bound, and
 * our language never changes in place (the switch reloads), so nothing needs to re-render on a
 * language change (docs/decisions/012).
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  return { t: i18n.t, i18n };
}
