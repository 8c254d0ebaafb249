import { describe, expect, it } from 'vitest';
import { SearchPageSchema, type SearchPage } from '@bazaar/shared/schemas/catalog';
import { fastSerializerCompiler, fastStringify } from './fast-json.ts';

const card = { prodId: 7, prodName: '青花瓷"茶杯"\n\u2028', pic: '/p/7.jpg', price: 1990, oriPrice: 2990, soldNum: 12, totalStocks: -1, shopId: 3, shopName: '景德镇' };
const page: SearchPage = { records: [card, { ...card, prodId: 8, discountTag: '满300减50' }], total: 2, totalCapped: false, size: 20, current: 1, pages: 1, keywords: ['青花瓷'] };
const route = { schema: SearchPageSchema, method: 'GET', url: '/search/page' };

describe('fastStringify', () => {
  it('writes the same JSON as zod then JSON.stringify, optional fields only when present', () => {
    expect(fastStringify(SearchPageSchema)(page)).toBe(JSON.stringify(SearchPageSchema.parse(page)));
    expect(JSON.parse(fastStringify(SearchPageSchema)(page))).toEqual(page);
  });

  it('leaves out every field the schema does not name, at every depth', () => {
    const leaky = { ...page, secret: 'x', records: page.records.map((r) => ({ ...r, passwordHash: 'h', costPrice: 1 })) };
    const json = fastStringify(SearchPageSchema)(leaky);
    expect(json).not.toMatch(/secret|passwordHash|costPrice/);
    expect(JSON.parse(json)).toEqual(page);
  });
});

describe('fastSerializerCompiler', () => {
  it('checks each answer with zod when asked (tests, development), and answers the same JSON', () => {
    const checked = fastSerializerCompiler({ check: true })(route);
    expect(checked(page)).toBe(fastStringify(SearchPageSchema)(page));
    expect(() => checked({ ...page, total: 'many' })).toThrow(/serialize|Response/i);
    expect(() => checked({ ...page, records: [{ ...card, prodName: null }] })).toThrow();
  });

  it('in production writes without the check', () => {
    const fast = fastSerializerCompiler({ check: false })(route);
    expect(fast(page)).toBe(JSON.stringify(page));
  });
});
