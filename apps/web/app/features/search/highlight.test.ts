import { describe, expect, it } from 'vitest';
import { splitMatches } from './highlight.tsx';
import { SEARCH_SORT } from '@bazaar/shared/schemas/catalog';
import { fenToYuan, listHref, readListState, SORT_OPTIONS, yuanToFen } from './list-query.ts';

describe('splitMatches', () => {
  it('marks every keyword, case-insensitively, longest first', () => {
    expect(splitMatches('华为 Mate 旗舰手机', ['手机', 'mate'])).toEqual([
      { text: '华为 ', match: false },
      { text: 'Mate', match: true },
      { text: ' 旗舰', match: false },
      { text: '手机', match: true },
    ]);
    expect(splitMatches('青花瓷茶杯', ['青花', '青花瓷']).filter((p) => p.match).map((p) => p.text)).toEqual(['青花瓷']);
  });

  it('treats keywords as text, not patterns', () => {
    expect(splitMatches('a.b (c)', ['.', '(c)'])).toEqual([
      { text: 'a', match: false },
      { text: '.', match: true },
      { text: 'b ', match: false },
      { text: '(c)', match: true },
    ]);
    expect(splitMatches('plain', [])).toEqual([{ text: 'plain', match: false }]);
  });
});

describe('list URL state', () => {
  it('turns yuan into fen and back', () => {
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen(' 12.5 ')).toBe(1250);
    expect(yuanToFen('0.05')).toBe(5);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '１２']) expect(yuanToFen(bad)).toBeNull();
    expect(fenToYuan(1250)).toBe('12.5');
  });

  it('drops malformed parameters instead of failing', () => {
    const state = readListState(new URLSearchParams('pn=%20茶杯%20&categoryId=abc&current=-2&sort=9&minPrice=x&maxPrice=99.9&hasStock=1'));
    expect(state).toMatchObject({ pn: '茶杯', categoryId: undefined, current: 1, sort: undefined, minPrice: undefined, maxPrice: 9990, hasStock: true });
  });

  it('uses the API sort codes', () => {
    expect(Object.fromEntries(SORT_OPTIONS.map((o) => [o.key, o.code]))).toEqual({
      overall: null,
      sales: SEARCH_SORT.salesDesc,
      newest: SEARCH_SORT.createdDesc,
      priceAsc: SEARCH_SORT.priceAsc,
      priceDesc: SEARCH_SORT.priceDesc,
    });
  });

  it('goes back to page 1 on any change but paging', () => {
    expect(listHref('?pn=a&current=3', { sort: '2' })).toBe('/list?pn=a&sort=2');
    expect(listHref('?pn=a&sort=2', { sort: null })).toBe('/list?pn=a');
  });
});
