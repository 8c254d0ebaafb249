// The /list URL is the page's whole state: pn (term), st (tab), categoryId, minPrice/maxPrice in
// yuan, hasStock, sort and current; on the coupon tab (st=5) couponId. This turns it into the API
// query (prices in fen) and back.
import { ID_MAX } from '../../lib/positive-id.ts';

export const LIST_PAGE_SIZE = 20;

/**
 * The sort choices of the sort bar, with their API codes (SEARCH_SORT, copied so the page does not
 * load the zod schemas of the catalogue; a test keeps them equal); 'overall' sends none.
 */
export const SORT_OPTIONS = [
  { key: 'overall', code: null },
  { key: 'sales', code: 2 },
  { key: 'newest', code: 1 },
  { key: 'priceAsc', code: 5 },
  { key: 'priceDesc', code: 4 },
] as const;

/** Yuan as typed ('12', '12.5', '12.50') to fen; null when it is not a price. */
export function yuanToFen(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', cents = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** Fen back to the shortest yuan text for the price inputs: 1250 -> '12.5'. */
export function fenToYuan(fen: number): string {
  return String(fen / 100);
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= ID_MAX ? n : undefined;
}

export interface ListState {
  pn: string;
  st: string;
  categoryId?: number;
  minPrice?: number;
  maxPrice?: number;
  hasStock: boolean;
  sort?: number;
  current: number;
  /** The coupon tab (st=5): the coupon whose products are listed. */
  couponId?: number;
}

/** Reads the URL leniently: a malformed parameter is dropped, never an error page. */
export function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  const sortCode = SORT_OPTIONS.find((o) => o.code !== null && String(o.code) === sort)?.code ?? undefined;
  const min = yuanToFen(params.get('minPrice') ?? '');
  const max = yuanToFen(params.get('maxPrice') ?? '');
  return {
    pn: (params.get('pn') ?? '').trim().slice(0, 50),
    st: params.get('st') ?? '0',
    categoryId: positiveInt(params.get('categoryId')),
    minPrice: min ?? undefined,
    maxPrice: max ?? undefined,
    hasStock: params.get('hasStock') === '1',
    sort: sortCode,
    current: positiveInt(params.get('current')) ?? 1,
    couponId: positiveInt(params.get('couponId')),
  };
}

/** The GET /search/page query for a state. */
export function searchQueryOf(state: ListState) {
  return {
    keyword: state.pn || undefined,
    categoryId: state.categoryId,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    hasStock: state.hasStock ? 1 : undefined,
    sort: state.sort,
    current: state.current,
    size: LIST_PAGE_SIZE,
  };
}

/** The current URL with some parameters changed (null removes one); any change but paging goes back to page 1. */
export function listHref(search: string, changes: Record<string, string | null>, pathname = '/list'): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') params.delete(key);
    else params.set(key, value);
  }
  if (!('current' in changes)) params.delete('current');
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
