import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../constants/limits.ts';
import { messages as zhMessages } from './zh/messages.ts';
import { messages as enMessages } from './en/messages.ts';
import { ui as zhUi } from './zh/ui.ts';
import { ui as enUi } from './en/ui.ts';
import { uiAccount as zhUiAccount } from './zh/ui-account.ts';
import { uiAccount as enUiAccount } from './en/ui-account.ts';
import { uiCatalog as zhUiCatalog } from './zh/ui-catalog.ts';
import { uiCatalog as enUiCatalog } from './en/ui-catalog.ts';

export const catalogs = {
  zh: { ...zhMessages, ...zhUi, ...zhUiAccount, ...zhUiCatalog },
  en: { ...enMessages, ...enUi, ...enUiAccount, ...enUiCatalog },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Accept-Language carries zh or en; anything else counts as zh (reference section 1). */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const first = header.split(',')[0]?.trim().toLowerCase().slice(0, 2);
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** An initialised i18next instance over the shared catalogs. */
export function createI18n(lng: Language = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: {
      zh: { translation: catalogs.zh },
      en: { translation: catalogs.en },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
