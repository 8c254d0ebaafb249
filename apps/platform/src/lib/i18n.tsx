import { createTranslator } from '@bazaar/shared/console/translator';
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

// The context is the shared components' (packages/console-ui); this console provides its catalog.
export { I18nContext, useI18n } from '@bazaar/console-ui/i18n-context.tsx';
