import { keywordTooLong } from '../../lib/search-keyword.ts';
import { SEARCH_TAB } from '@bazaar/shared/constants/page-ids';
import { stripLanguagePrefix } from '../../lib/paths.ts';

// Section 2: the search's tab type follows the page the search is made from.
const TAB_BY_SECTION: Record<string, number> = {
  'group-buy': SEARCH_TAB.groupBuy,
  'special-discount': SEARCH_TAB.specialDiscount,
  'flash-sale': SEARCH_TAB.flashSale,
  coupons: SEARCH_TAB.coupons,
};

export function searchTabFor(pathname: string): number {
  const section = stripLanguagePrefix(pathname).split('/')[1] ?? '';
  return TAB_BY_SECTION[section] ?? SEARCH_TAB.all;
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
