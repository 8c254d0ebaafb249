// The console's language and translator, provided by each console's root (its catalog, its switch)
// and read by its pages and by the shared components here.
import { createContext, useContext } from 'react';
import type { ConsoleLang } from '@bazaar/shared/console/api-client';
import type { T } from '@bazaar/shared/console/translator';

export interface ConsoleI18n {
  lang: ConsoleLang;
  t: T;
  setLang: (lang: ConsoleLang) => void;
}

export const I18nContext = createContext<ConsoleI18n>({ lang: 'zh', t: (key) => key, setLang: () => undefined });
export const useI18n = () => useContext(I18nContext);
