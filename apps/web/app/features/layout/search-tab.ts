import { keywordTooLong } from '../../lib/search-keyword.ts';
import { stripLanguagePrefix } from '../../lib/paths.ts';

// Section 2: the search's tab type follows the page the search is made from. The numbers are
// SEARCH_TAB's (@bazaar/shared/constants/search-tab), written out: this is in the shell of every page,
// whose weight decision 011 bounds; search-tab.test.ts keeps them equal.
const TAB_BY_SECTION: Record<string, number> = {
  'group-buy': 3,
  'special-discount': 2,
  'flash-sale': 4,
  coupons: 5,
};

export function searchTabFor(pathname: string): number {
  const section = stripLanguagePrefix(pathname).split('/')[1] ?? '';
  return TAB_BY_SECTION[section] ?? 0;
}

export type SearchKind = 'product' | 'store';

/** Where a search goes, or the i18n key of the problem with the term. */
export function searchTarget(kind: SearchKind, term: string, pathname: string): { to: string } | { error: string } {
  const trimmed = term.trim();
  if (keywordTooLong(trimmed)) return { error: 'validation.keywordTooLong' };
  if (kind === 'store') {
    if (!trimmed) return { error: 'validation.storeNameEmpty' };
    return { to: `/shopList?${new URLSearchParams({ shopName: trimmed })}` };
  }
  if (!trimmed) return { error: 'validation.productNameEmpty' };
  return { to: `/list?${new URLSearchParams({ pn: trimmed, st: String(searchTabFor(pathname)) })}` };
}
