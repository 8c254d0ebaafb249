import { describe, expect, it } from 'vitest';
import { flashFacts } from '../../features/seckill/flash-sale-search.server.ts';
import { groupFacts } from '../../features/group/group-buy-search.server.ts';
import { nameMatches, pageActivities, type ActivityFacts } from './activity-search.server.ts';

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

interface Card extends ActivityFacts {
  id: number;
}
const card = (id: number, price: number, sold: number, start: string, inStock: boolean | null, names = [`商品 ${id}`]): Card => ({ id, names, price, sold, start, inStock });
const cards = [
  card(1, 5_900, 10, '2026-12-06T10:00:00Z', true, ['蓝牙耳机 Pro']),
  card(2, 1_200, 80, '2026-12-06T14:00:00Z', false, ['电饭煲']),
  card(3, 39_900, 45, '2026-12-06T20:00:00Z', true, ['Bluetooth 耳机']),
  card(4, 5_900, 99, '2026-12-05T20:00:00Z', true, ['保温杯']),
];
const ids = (page: { records: Card[] }) => page.records.map((c) => c.id);
const none = { pn: '', hasStock: false };
const same = (c: Card) => c;

describe('pageActivities (the /list tabs st = 3 and 4)', () => {
  it('keeps the list order for "overall", and pages it', () => {
    expect(ids(pageActivities(cards, same, none, 1, 20))).toEqual([1, 2, 3, 4]);
    const second = pageActivities(cards, same, none, 2, 3);
    expect(ids(second)).toEqual([4]);
    expect(second).toMatchObject({ total: 4, pages: 2, current: 2, size: 3 });
  });

  it('matches the term against any of the names', () => {
    expect(ids(pageActivities(cards, same, { ...none, pn: '耳机' }, 1, 20))).toEqual([1, 3]);
  });

  it('keeps the activity prices inside the range, both ends included', () => {
    expect(ids(pageActivities(cards, same, { ...none, minPrice: 1_200, maxPrice: 5_900 }, 1, 20))).toEqual([1, 2, 4]);
    expect(ids(pageActivities(cards, same, { ...none, minPrice: 6_000 }, 1, 20))).toEqual([3]);
  });

  it('leaves out the sold-out ones when asked, and never drops a card that keeps no stock', () => {
    expect(ids(pageActivities(cards, same, { ...none, hasStock: true }, 1, 20))).toEqual([1, 3, 4]);
    const noStock = [card(7, 100, 0, '2026-12-06T10:00:00Z', null)];
    expect(ids(pageActivities(noStock, same, { ...none, hasStock: true }, 1, 20))).toEqual([7]);
  });

  it('sorts by sales, newest start, and price either way, ties in the list order', () => {
    expect(ids(pageActivities(cards, same, { ...none, sort: 2 }, 1, 20))).toEqual([4, 2, 3, 1]);
    expect(ids(pageActivities(cards, same, { ...none, sort: 1 }, 1, 20))).toEqual([3, 2, 1, 4]);
    expect(ids(pageActivities(cards, same, { ...none, sort: 5 }, 1, 20))).toEqual([2, 1, 4, 3]);
    expect(ids(pageActivities(cards, same, { ...none, sort: 4 }, 1, 20))).toEqual([3, 1, 4, 2]);
  });
});

describe('what the tabs read of their cards', () => {
  it('a flash sale: its flash price, share sold, start, and whether units are left', () => {
    const facts = flashFacts({ seckillId: 1, prodId: 2, prodName: '电饭煲', pic: '', seckillPrice: 9_900, price: 19_900, startTime: 's', endTime: 'e', state: 2, totalStocks: 10, stocksLeft: 0, soldPercent: 100, maxNum: 1 });
    expect(facts).toEqual({ names: ['电饭煲'], price: 9_900, sold: 100, start: 's', inStock: false });
  });

  it('a group buy: the product and activity names, group price, units sold, start, and no stock of its own', () => {
    const facts = groupFacts({ groupActivityId: 1, prodId: 2, shopId: 3, shopName: '店', activityName: '两人团', prodName: '耳机', pic: '', groupPrice: 4_900, price: 5_900, groupNumber: 2, teamsFormed: 1, soldNum: 7, startTime: 's', endTime: 'e' });
    expect(facts).toEqual({ names: ['耳机', '两人团'], price: 4_900, sold: 7, start: 's', inStock: null });
  });
});
