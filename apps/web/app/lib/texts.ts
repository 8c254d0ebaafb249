// Which texts the browser downloads, and when. Every page gets the core half of its language
// (layout, home, lists, product, stores, notices); the other half (account, user center, cart,
// checkout, payment, logistics) comes with the first page or popup that needs it.
import type { Language } from '@bazaar/shared/constants/limits';
import { provideCatalog } from './i18n.tsx';
import { stripLanguagePrefix } from './paths.ts';

/** Paths served with the core texts alone; any other page loads the rest before it renders. */
const CORE_PATHS = ['/list', '/detail', '/special-discount', '/discount-detail', '/shopIndex', '/shopList', '/notice-list', '/notice-detail', '/termsPage'];

export function needsMoreTexts(pathname: string): boolean {
  const path = stripLanguagePrefix(pathname);
  return path !== '/' && !CORE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The page's language as the server rendered it. */
export function documentLanguage(): Language {
  return document.documentElement.lang.startsWith('en') ? 'en' : 'zh';
}

let core: Promise<void> | undefined;
let more: Promise<void> | undefined;

export function loadCoreTexts(lang: Language): Promise<void> {
  core ??= (lang === 'en' ? import('@bazaar/shared/i18n/en/catalog-core') : import('@bazaar/shared/i18n/zh/catalog-core')).then((m) =>
    provideCatalog(lang, m.catalogCore),
  );
  return core;
}

export function loadMoreTexts(lang: Language): Promise<void> {
  more ??= (lang === 'en' ? import('@bazaar/shared/i18n/en/catalog-more') : import('@bazaar/shared/i18n/zh/catalog-more')).then((m) =>
    provideCatalog(lang, m.catalogMore),
  );
  // A failed download is tried again by the next page that needs it.
  more.catch(() => {
    more = undefined;
  });
  return more;
}
