// The home page's coupon floor reads /coupon/generalCouponList (issue 25, reference 2.8): the
// platform's receivable coupons, without the visitor's token (one shared answer), worded on the
// server in the page's language; a failed call leaves the floor empty, not the page broken.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import { fetchTransport, setServerTransport } from '../../lib/api.ts';
import { provideCatalog } from '../../lib/i18n.tsx';
import { apiContextFor } from '../../lib/request-api.server.ts';
import { loadHomeCoupons } from './home-coupons.server.ts';

const card = (over: Record<string, unknown>) => ({
  couponId: 1, shopId: 0, shopName: null, couponName: '全场通用券', couponType: 1, cashCondition: 19_900, reduceAmount: 2_000, couponDiscount: null,
  suitableProdType: 0, validTimeType: 2, startTime: null, endTime: null, afterReceiveDays: 0, validDays: 7, stocks: 10, limitNum: 1, receivedCount: 0, state: 'receivable',
  ...over,
});

let calls: Request[] = [];
let answer: () => Response;
beforeAll(() => {
  provideCatalog('zh', catalogs.zh);
  provideCatalog('en', catalogs.en);
});
beforeEach(() => {
  setServerTransport(fetchTransport);
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      calls.push(new Request(typeof input === 'string' || input instanceof URL ? input : input.url, init));
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const contextOf = (lang: 'zh' | 'en') => apiContextFor(new Request(`http://shop.test/${lang === 'en' ? 'en' : ''}`, { headers: { Cookie: 'token=t0k3n' } }));

describe('the home coupon floor', () => {
  it('shows no floor when the call fails or nothing is receivable', async () => {
    answer = () => json('down', 503);
    expect(await loadHomeCoupons(contextOf('zh'), 'zh')).toBeNull();
    answer = () => json({ records: [], total: 0, size: 5, current: 1, pages: 0 });
    expect(await loadHomeCoupons(contextOf('zh'), 'zh')).toBeNull();
  });

  it('reads generalCouponList without the token and words each coupon in the page language', async () => {
    answer = () => json({ records: [card({}), card({ couponId: 2, couponType: 2, couponDiscount: 8.5, cashCondition: 0, reduceAmount: 0, couponName: 'Ninety' })], total: 2, size: 5, current: 1, pages: 1 });
    const floor = await loadHomeCoupons(contextOf('en'), 'en');
    const [call] = calls;
    const url = new URL(call!.url);
    expect(url.pathname).toBe('/coupon/generalCouponList');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ receivableOnly: '1', current: '1', size: '5' });
    expect(call!.headers.get('authorization')).toBeNull();
    expect(floor).toEqual({
      title: 'Mall coupons',
      note: 'From the mall itself, taken off at checkout',
      more: 'Coupon center',
      coupons: [
        { couponId: 1, name: '全场通用券', value: '¥20.00', condition: 'On orders from ¥199.00' },
        { couponId: 2, name: 'Ninety', value: '15% off', condition: 'No minimum' },
      ],
    });
  });
});
