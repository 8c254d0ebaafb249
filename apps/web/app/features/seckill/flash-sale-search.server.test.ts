import { describe, expect, it } from 'vitest';
import { nameMatches } from './flash-sale-search.server.ts';

describe('nameMatches', () => {
  it('needs every word of the term in the name, case aside', () => {
    expect(nameMatches('美的 低糖电饭煲 4L', '电饭煲')).toBe(true);
    expect(nameMatches('美的 低糖电饭煲 4L', '美的  4l')).toBe(true);
    expect(nameMatches('Midea Rice Cooker 4L', 'rice cooker')).toBe(true);
    expect(nameMatches('美的 低糖电饭煲 4L', '电饭煲 5L')).toBe(false);
  });

  it('matches everything for a term without words', () => {
    expect(nameMatches('任何商品', '   ')).toBe(true);
  });
});
