import { DEFAULT_LANGUAGE, type Language } from '@bazaar/shared/constants/limits';
import { i18nFor } from '../lib/i18n.tsx';

interface MatchLike {
  id: string;
  data?: unknown;
}

/** The page language, from the root loader's data among a meta function's matches. */
export function metaLanguage(matches: ReadonlyArray<MatchLike | undefined>): Language {
  const root = matches.find((m) => m?.id === 'root')?.data as { lang?: Language } | undefined;
  return root?.lang ?? DEFAULT_LANGUAGE;
}

/** A document title: "<page> - <app name>", the page part given as an i18n key or as text. */
export function pageTitle(matches: ReadonlyArray<MatchLike | undefined>, page: { key: string } | { text: string }) {
  const t = i18nFor(metaLanguage(matches)).t;
  const name = 'key' in page ? t(page.key) : page.text;
  return [{ title: `${name} - ${t('common.appName')}` }];
}
