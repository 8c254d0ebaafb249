import { createContext, useContext } from 'react';
import { consolePlatform as zh } from '@bazaar/shared/i18n/zh/console-platform';
import { consolePlatform as en } from '@bazaar/shared/i18n/en/console-platform';

export type Lang = 'zh' | 'en';
const CATALOGS: Record<Lang, unknown> = { zh, en };
const LANG_KEY = 'bazaar-platform-lang';

/** Chinese by default; the switch is remembered in this browser. */
export function storedLang(): Lang {
  return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'zh';
}
export function storeLang(lang: Lang): void {
  localStorage.setItem(LANG_KEY, lang);
}

export type T = (key: string, vars?: Record<string, string | number>) => string;

/** Walks the catalog; a key may itself contain dots ('audit.actions.shop.approve'). */
function resolve(node: unknown, parts: string[]): string | undefined {
  if (parts.length === 0) return typeof node === 'string' ? node : undefined;
  if (!node || typeof node !== 'object') return undefined;
  for (let i = parts.length; i >= 1; i--) {
    const child = (node as Record<string, unknown>)[parts.slice(0, i).join('.')];
    const found = child === undefined ? undefined : resolve(child, parts.slice(i));
    if (found !== undefined) return found;
  }
  return undefined;
}

export function translator(lang: Lang): T {
  return (key, vars) => {
    const text = resolve(CATALOGS[lang], key.split('.')) ?? key;
    return vars ? text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? '')) : text;
  };
}

export const I18nContext = createContext<{ lang: Lang; t: T; setLang: (lang: Lang) => void }>({ lang: 'zh', t: translator('zh'), setLang: () => undefined });
export const useI18n = () => useContext(I18nContext);
