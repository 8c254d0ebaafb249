import { describe, expect, it } from 'vitest';
import { SEARCH_TAB } from '@bazaar/shared/constants/search-tab';
import { searchTabFor, searchTarget } from './search-tab.ts';

describe('searchTabFor', () => {
  it("gives the shared SEARCH_TAB's numbers", () => {
    expect([searchTabFor('/'), searchTabFor('/special-discount'), searchTabFor('/group-buy'), searchTabFor('/flash-sale'), searchTabFor('/coupons')]).toEqual([
      SEARCH_TAB.all,
      SEARCH_TAB.specialDiscount,
      SEARCH_TAB.groupBuy,
      SEARCH_TAB.flashSale,
      SEARCH_TAB.coupons,
    ]);
  });

  it.each([
    ['/group-buy', 3],
    ['/special-discount', 2],
    ['/flash-sale', 4],
    ['/coupons', 5],
    ['/en/flash-sale', 4],
    ['/coupons/', 5],
    ['/', 0],
    ['/list', 0],
    ['/detail/12', 0],
    ['/user-center/uc-coupons', 0],
    ['/group-buying', 0],
  ])('%s -> %i', (pathname, expected) => {
    expect(searchTabFor(pathname)).toBe(expected);
  });
});

describe('searchTarget', () => {
  it('searches products with the tab of the current page', () => {
    expect(searchTarget('product', '  green tea ', '/flash-sale')).toEqual({ to: '/list?pn=green+tea&st=4' });
    expect(searchTarget('product', '茶', '/')).toEqual({ to: `/list?pn=${encodeURIComponent('茶')}&st=0` });
  });

  it('searches stores by name', () => {
    expect(searchTarget('store', ' 瓷韵 ', '/list')).toEqual({ to: `/shopList?shopName=${encodeURIComponent('瓷韵')}` });
  });

  it('refuses an empty trimmed term with the message of its kind', () => {
    expect(searchTarget('product', '   ', '/')).toEqual({ error: 'validation.productNameEmpty' });
    expect(searchTarget('store', '', '/')).toEqual({ error: 'validation.storeNameEmpty' });
  });
});
