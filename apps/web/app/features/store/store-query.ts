// The store page's query (/shopIndex?sid=&shopCategoryId=&keyword=&sort=&current=), read leniently:
// a malformed optional value is dropped rather than failing the page.
import { SEARCH_SORT } from '@bazaar/shared/schemas/catalog';
import { SEARCH_KEYWORD_MAX_LENGTH } from '@bazaar/shared/constants/limits';
import { positiveId } from '../../lib/positive-id.ts';

/** Pages are capped so a hand-typed huge number still makes a sane request. */
const PAGE_MAX = 100_000;

export const STORE_SORTS = [
  { key: 'default', sort: undefined },
  { key: 'sales', sort: SEARCH_SORT.salesDesc },
  { key: 'newest', sort: SEARCH_SORT.createdDesc },
  { key: 'priceAsc', sort: SEARCH_SORT.priceAsc },
  { key: 'priceDesc', sort: SEARCH_SORT.priceDesc },
] as const;

export interface StoreQuery {
  shopCategoryId?: number;
  keyword?: string;
  sort?: number;
  current: number;
}

export function parseStoreQuery(params: URLSearchParams): StoreQuery {
  const shopCategoryId = positiveId(params.get('shopCategoryId')) ?? undefined;
  const keyword = params.get('keyword')?.trim().slice(0, SEARCH_KEYWORD_MAX_LENGTH) || undefined;
  const sortValue = Number(params.get('sort'));
  const sort = params.get('sort') !== null && STORE_SORTS.some((s) => s.sort === sortValue) ? sortValue : undefined;
  const page = Number(params.get('current') ?? 1);
  const current = Number.isInteger(page) && page >= 1 ? Math.min(page, PAGE_MAX) : 1;
  return { shopCategoryId, keyword, sort, current };
}

/** A store page URL; undefined values are left out. */
export function storeHref(shopId: number, query: Partial<StoreQuery> = {}): string {
  const params = new URLSearchParams({ sid: String(shopId) });
  if (query.shopCategoryId) params.set('shopCategoryId', String(query.shopCategoryId));
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.sort !== undefined) params.set('sort', String(query.sort));
  if (query.current && query.current > 1) params.set('current', String(query.current));
  return `/shopIndex?${params.toString()}`;
}
