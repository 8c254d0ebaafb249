import { describe, expect, it } from 'vitest';
import { bestOf, insertSorted, lexemeRank, parseVector, SearchIndex, type IndexedProduct, type IndexQuery } from './search-index.ts';
import { parseKeyword, productSearchVector } from './search-tokenizer.ts';

/** A document as PostgreSQL prints it back: the same text the tokenizer writes, for these names. */
const doc = (nameZh: string, nameEn: string | null = null, categoryZh: string | null = null) => productSearchVector({ nameZh, nameEn, categoryZh, categoryEn: null });

let nextId = 1;
function product(nameZh: string, more: Partial<IndexedProduct> = {}): IndexedProduct {
  return { id: nextId++, status: 1, shopId: 1, categoryId: 10, shopCategoryId: null, price: 1000, totalStocks: 5, soldNum: 0, createdAtUs: nextId * 1000, doc: doc(nameZh), ...more };
}

const byRank: IndexQuery['sort'] = { key: 'rank', desc: true };
const find = (index: SearchIndex, keyword: string, more: Partial<IndexQuery> = {}) => index.search({ items: parseKeyword(keyword).items, sort: byRank, offset: 0, limit: 20, ...more });

function indexOf(...products: IndexedProduct[]) {
  const index = new SearchIndex();
  index.setOpenShops([1, 2]);
  for (const p of products) index.put(p);
  return index;
}

describe('parseVector and lexemeRank', () => {
  it("reads PostgreSQL's text form, quotes and backslashes included", () => {
    const seen: [string, number][] = [];
    parseVector("'it''s':1A 'a\\\\b':2,3B 'plain' '茶':4", (lexeme, rank) => seen.push([lexeme, rank]));
    expect(seen.map(([l]) => l)).toEqual(["it's", 'a\\b', 'plain', '茶']);
    expect(seen[0]![1]).toBe(lexemeRank([3]));
    expect(seen[1]![1]).toBe(lexemeRank([0, 2]));
    // No positions: PostgreSQL counts one position of weight D.
    expect(seen[2]![1]).toBe(lexemeRank([0]));
  });

  it("is ts_rank's term for one item: ts_rank('茶杯':1A, '茶杯') = 0.6079271, and weights order A > B > C > D", () => {
    // select ts_rank('茶杯:1A'::tsvector, '茶杯'::tsquery) -> 0.6079271 (and 0.24317084 for B, 0.12158542 for C, 0.06079271 for D)
    expect(Math.fround(lexemeRank([3]))).toBe(Math.fround(0.6079271));
    expect(Math.fround(lexemeRank([2]))).toBe(Math.fround(0.24317084));
    expect(Math.fround(lexemeRank([1]))).toBe(Math.fround(0.12158542));
    expect(Math.fround(lexemeRank([0]))).toBe(Math.fround(0.06079271));
  });
});

describe('SearchIndex', () => {
  it('ranks a whole-word hit above a bigram hit, then sales, then id', () => {
    // The category (weight B) is what puts a phone above a phone case for 手机, as in the seeded catalogue.
    const phone = product('x', { doc: doc('智能手机', null, '手机'), soldNum: 1 });
    const phoneCase = product('x', { doc: doc('手机壳', null, '手机配件'), soldNum: 500 });
    const broken = product('掌上手 机器人', { soldNum: 900 });
    const twin = product('x', { doc: doc('智能手机', null, '手机'), soldNum: 1 });
    const index = indexOf(phone, phoneCase, broken, twin);
    const { ids, matches } = find(index, '手机');
    // 掌上手 机器人 has no bigram 手机: the run breaks at the space.
    expect(matches).toBe(3);
    expect(ids).toEqual([twin.id, phone.id, phoneCase.id]);
  });

  it('prefix items sum every lexeme they match; every item is required', () => {
    const index = indexOf(product('phone', { doc: doc('手机', 'Smart Phone') }), product('x', { doc: doc('电话', 'Phonebook') }), product('y', { doc: doc('青花瓷 茶杯') }));
    expect(find(index, 'pho').matches).toBe(2);
    expect(find(index, 'smart pho').matches).toBe(1);
    expect(find(index, '青花瓷茶杯').matches).toBe(1);
    expect(find(index, '青花瓷 咖啡').matches).toBe(0);
    expect(find(index, 'p').matches).toBe(0);
  });

  it('only on-shelf products of open shops, and every filter', () => {
    const a = product('茶杯 甲', { price: 500, totalStocks: 0, categoryId: 11, shopCategoryId: 7 });
    const b = product('茶杯 乙', { price: 1500, shopId: 2 });
    const off = product('茶杯 丙', { status: 0 });
    const closed = product('茶杯 丁', { shopId: 3 });
    const index = indexOf(a, b, off, closed);
    expect(find(index, '茶杯').matches).toBe(2);
    expect(find(index, '茶杯', { minPrice: 1000 }).ids).toEqual([b.id]);
    expect(find(index, '茶杯', { maxPrice: 1000 }).ids).toEqual([a.id]);
    expect(find(index, '茶杯', { hasStock: true }).ids).toEqual([b.id]);
    expect(find(index, '茶杯', { shopId: 2 }).ids).toEqual([b.id]);
    expect(find(index, '茶杯', { categoryIds: new Set([11, 12]) }).ids).toEqual([a.id]);
    expect(find(index, '茶杯', { shopCategoryIds: new Set([7]) }).ids).toEqual([a.id]);
    index.setOpenShops([1, 2, 3]);
    expect(find(index, '茶杯').matches).toBe(3);
  });

  it('sorts by price, sales and time with id breaking ties, and pages without overlap', () => {
    const products = Array.from({ length: 60 }, (_, i) => product(`茶杯 ${i}`, { price: (i * 7) % 10, soldNum: (i * 3) % 5, createdAtUs: 1e15 + ((i * 11) % 13) }));
    const index = indexOf(...products);
    const sorts: [IndexQuery['sort'], (p: IndexedProduct) => number][] = [
      [{ key: 'price', desc: false }, (p) => p.price],
      [{ key: 'price', desc: true }, (p) => p.price],
      [{ key: 'sold', desc: true }, (p) => p.soldNum],
      [{ key: 'created', desc: false }, (p) => p.createdAtUs],
    ];
    for (const [sort, key] of sorts) {
      const dir = sort.desc ? -1 : 1;
      const expected = [...products].sort((x, y) => dir * (key(x) - key(y)) || dir * (x.id - y.id)).map((p) => p.id);
      const pages = [0, 1, 2, 3].flatMap((page) => find(index, '茶杯', { sort, offset: page * 20, limit: 20 }).ids);
      expect(pages).toEqual(expected);
      // A short page of a long list (the insertion path) agrees with the full sort.
      expect(find(index, '茶杯', { sort, limit: 3 }).ids).toEqual(expected.slice(0, 3));
    }
  });

  it('follows updates: a new name, a price, taking off the shelf, removal, and compaction keeps it all', () => {
    const p = product('青花 茶杯');
    const index = indexOf(p, ...Array.from({ length: 10 }, (_, i) => product(`茶杯 ${i}`)));
    expect(find(index, '青花').ids).toEqual([p.id]);
    index.put({ ...p, doc: doc('白瓷 茶杯') });
    expect(find(index, '青花').matches).toBe(0);
    expect(find(index, '白瓷').ids).toEqual([p.id]);
    index.put({ ...p, doc: doc('白瓷 茶杯'), price: 99 });
    expect(find(index, '茶杯', { maxPrice: 100 }).ids).toEqual([p.id]);
    index.put({ ...p, doc: doc('白瓷 茶杯'), status: 0 });
    expect(find(index, '白瓷').matches).toBe(0);
    index.put({ ...p, doc: doc('白瓷 茶杯') });
    expect(find(index, '白瓷').matches).toBe(1);
    index.compact();
    expect(find(index, '白瓷').ids).toEqual([p.id]);
    expect(find(index, '茶杯').matches).toBe(11);
    index.remove(p.id);
    expect(find(index, '茶杯').matches).toBe(10);
    index.put({ ...p, doc: null });
    expect(index.size).toBe(10);
  });
});

describe('SearchIndex bulk load', () => {
  it('answers exactly as one built product by product, and takes updates after', () => {
    const products = Array.from({ length: 300 }, (_, i) => product(`${['青花', '白瓷', '紫砂'][i % 3]} 茶杯 ${i}`, { soldNum: i % 7, price: (i * 13) % 100 }));
    const one = indexOf(...products);
    const bulk = new SearchIndex();
    bulk.setOpenShops([1, 2]);
    bulk.beginBulk();
    for (const p of products) bulk.put(p);
    bulk.endBulk();
    for (const keyword of ['茶杯', '青花', '茶', 'chabei', '紫砂茶杯']) {
      for (const sort of [byRank, { key: 'price', desc: false } as const]) expect(find(bulk, keyword, { sort, limit: 50 }), keyword).toEqual(find(one, keyword, { sort, limit: 50 }));
    }
    bulk.put({ ...products[0]!, doc: doc('新名字') });
    expect(find(bulk, '新名字').ids).toEqual([products[0]!.id]);
    expect(find(bulk, '茶杯').matches).toBe(299);
  });
});

describe('bestOf', () => {
  it('keeps the best k in order, as a full sort would, whatever order the slots come in', () => {
    const slots = Int32Array.from({ length: 5_000 }, (_, i) => (i * 7_919) % 5_000);
    const before = (a: number, b: number) => (a % 97) - (b % 97) || b - a;
    for (const k of [1, 20, 640]) expect(bestOf(slots, k, before)).toEqual(Array.from(slots).sort(before).slice(0, k));
    expect(bestOf(slots.subarray(0, 3), 20, before)).toEqual(Array.from(slots.subarray(0, 3)).sort(before));
  });

  it('costs n log k comparisons when every later slot sorts first (newest first over ids in order)', () => {
    const n = 87_000;
    const k = 1_000;
    const slots = Int32Array.from({ length: n }, (_, i) => i);
    let comparisons = 0;
    const newestFirst = (a: number, b: number) => {
      comparisons++;
      return b - a;
    };
    expect(bestOf(slots, k, newestFirst).slice(0, 3)).toEqual([n - 1, n - 2, n - 3]);
    // A sorted-list insert walked the whole list for each slot: about n * k = 87,000,000 comparisons.
    expect(comparisons).toBeLessThan(n * 2 * Math.ceil(Math.log2(k)) + k * Math.ceil(Math.log2(k)) * 2);
  });
});

describe('insertSorted', () => {
  it('keeps the list in the order a full sort gives', () => {
    const words = ['shouji', '手机', 'pho', 'phone', 'a', '茶', 'z', 'ph', '𠀀字'];
    const sorted: string[] = [];
    for (const w of words) insertSorted(sorted, w);
    expect(sorted).toEqual([...words].sort());
  });
});

describe('prefix search after a new word arrives', () => {
  it('finds a word added after the first prefix search', () => {
    const index = indexOf(product('手机'));
    expect(find(index, 'sho').ids).toHaveLength(1);
    const later = product('手表');
    index.put(later);
    expect(find(index, 'shoub').ids).toEqual([later.id]);
    expect(find(index, 'sho').ids).toHaveLength(2);
  });
});
