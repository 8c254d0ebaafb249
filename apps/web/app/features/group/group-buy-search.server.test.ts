import { describe, expect, it } from 'vitest';
import { nameMatches } from './group-buy-search.server.ts';

describe('the group-buy search', () => {
  it('matches a name holding every word of the term, case aside', () => {
    expect(nameMatches('Bazaar 蓝牙耳机 Pro', '耳机 pro')).toBe(true);
    expect(nameMatches('Bazaar 蓝牙耳机 Pro', '耳机 max')).toBe(false);
    expect(nameMatches('任意商品', '   ')).toBe(true);
  });
});
