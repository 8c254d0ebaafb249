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
  translators.get(lang)?.forget();
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

type Translator = { t: TFunction; i18n: I18n; forget: () => void };

/**
 * A language's `t` that remembers each text asked for by key alone: a page asks for the same
 * labels hundreds of times (every card's "sold", every link's title), and i18next resolves each
 * call anew (a CPU profile of the home page put `t` at 6%). Calls with values go to i18next.
 * The memory is dropped when more texts arrive (provideCatalog), and a key not found is never kept.
 */
function translatorFor(lang: Language): Translator {
  let translator = translators.get(lang);
  if (translator) return translator;
  const i18n = i18nFor(lang);
  const texts = new Map<string, string>();
  const t = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return (i18n.t as unknown as (...args: unknown[]) => string)(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = i18n.t(key);
      if (text !== key) texts.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
  translator = { t, i18n, forget: () => texts.clear() };
  translators.set(lang, translator);
  return translator;
}
const translators = new Map<Language, Translator>();

const I18nContext = createContext<Translator>(null as unknown as Translator);

export function I18nProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  return <I18nContext.Provider value={translatorFor(lang)}>{children}</I18nContext.Provider>;
}

/**
 * The page's translator: the language's i18next instance and its remembering `t`, from context.
 * Our language never changes in place (the switch reloads), so nothing needs to re-render on a
 * language change (docs/decisions/012).
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  return useContext(I18nContext);
}
