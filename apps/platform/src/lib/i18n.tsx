import { createContext, useContext } from 'react';
import { createTranslator, type T } from '@bazaar/shared/console/translator';
import { consolePlatform as zh } from '@bazaar/shared/i18n/zh/console-platform';
import type { ConsoleLang } from '@bazaar/shared/console/api-client';
import { consolePlatform as en } from '@bazaar/shared/i18n/en/console-platform';

export type Lang = ConsoleLang;
const CATALOGS: Record<Lang, unknown> = { zh, en };
const LANG_KEY = 'bazaar-platform-lang';

/** Chinese by default; the switch is remembered in this browser. */
export function storedLang(): Lang {
  return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'zh';
}
export function storeLang(lang: Lang): void {
  localStorage.setItem(LANG_KEY, lang);
}

export type { T } from '@bazaar/shared/console/translator';
export const translator = createTranslator(CATALOGS);

export const I18nContext = createContext<{ lang: Lang; t: T; setLang: (lang: Lang) => void }>({ lang: 'zh', t: translator('zh'), setLang: () => undefined });
export const useI18n = () => useContext(I18nContext);
