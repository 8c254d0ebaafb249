import { describe, expect, it } from 'vitest';
import { parseStoreQuery, storeHref } from './store-query.ts';

describe('the store page query', () => {
  it('keeps good values and drops bad ones', () => {
    expect(parseStoreQuery(new URLSearchParams('sid=3&shopCategoryId=7&keyword=%20杯%20&sort=5&current=2'))).toEqual({
      shopCategoryId: 7,
      keyword: '杯',
      sort: 5,
      current: 2,
    });
    expect(parseStoreQuery(new URLSearchParams(`shopCategoryId=x&keyword=${'a'.repeat(80)}&sort=9&current=-1`))).toEqual({
      shopCategoryId: undefined,
      keyword: 'a'.repeat(50),
      sort: undefined,
      current: 1,
    });
    expect(parseStoreQuery(new URLSearchParams('keyword=%20%20&current=999999999')).keyword).toBeUndefined();
    expect(parseStoreQuery(new URLSearchParams('current=999999999')).current).toBe(100_000);
  });

  it('builds store links without empty parameters', () => {
    expect(storeHref(3)).toBe('/shopIndex?sid=3');
    expect(storeHref(3, { keyword: '茶 杯', sort: 0, current: 1 })).toBe('/shopIndex?sid=3&keyword=%E8%8C%B6+%E6%9D%AF&sort=0');
    expect(storeHref(3, { shopCategoryId: 9, current: 4 })).toBe('/shopIndex?sid=3&shopCategoryId=9&current=4');
  });
});
