// The storefront pages read the reference's calls (issue 25): the store page searches through
// /search/searchProdPage, the coupon centre's platform tab through /coupon/generalCouponList (its
// /p/myCoupon twin with a token), and the user centre's order list through /p/myOrder/myOrderSearch
// with the box's product name or order number and the time filter. fetch is stubbed and every
// call's address recorded; the answers fail, so only the addresses matter.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport, setServerTransport } from '../lib/api.ts';
import { loader as couponsLoader } from './coupons.tsx';
import { loader as storeLoader } from './shop-index.tsx';
import { loader as ordersLoader } from './user-center.uc-order.tsx';

let calls: URL[] = [];
beforeEach(() => {
  setServerTransport(fetchTransport);
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      calls.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url));
      return new Response(JSON.stringify('down'), { status: 503, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const run = async (loader: unknown, url: string, token = false) => {
  const request = new Request(`http://shop.test${url}`, { headers: token ? { Cookie: 'token=t0k3n' } : {} });
  await (loader as (args: { request: Request; params: Record<string, string> }) => Promise<unknown>)({ request, params: {} }).catch(() => undefined);
  return calls;
};
const called = (path: string) => calls.filter((u) => u.pathname.endsWith(path));

describe('the reference calls the pages use', () => {
  it('the store page searches with /search/searchProdPage', async () => {
    await run(storeLoader, '/shopIndex?sid=7&keyword=%E8%8C%B6&sort=5&current=2');
    const [search] = called('/search/searchProdPage');
    expect(search).toBeDefined();
    expect(search!.searchParams.get('shopId')).toBe('7');
    expect(search!.searchParams.get('current')).toBe('2');
    expect(called('/search/page')).toEqual([]);
  });

  it("the coupon centre's platform tab reads generalCouponList, the twin with a token", async () => {
    await run(couponsLoader, '/coupons?shopType=1&couponType=2');
    expect(called('/coupon/generalCouponList')[0]?.searchParams.get('couponType')).toBe('2');
    calls = [];
    await run(couponsLoader, '/coupons?shopType=1', true);
    expect(called('/p/myCoupon/generalCouponList')).toHaveLength(1);
    calls = [];
    await run(couponsLoader, '/coupons?shopType=2');
    expect(called('/coupon/getCouponPage')).toHaveLength(1);
    expect(called('/generalCouponList')).toEqual([]);
  });

  it('the order list searches with /p/myOrder/myOrderSearch: the product name or number and the time span', async () => {
    await run(ordersLoader, '/user-center/uc-order?status=1&q=%E6%89%8B%E6%9C%BA&time=2', true);
    const [search] = called('/p/myOrder/myOrderSearch');
    expect(search).toBeDefined();
    expect(Object.fromEntries(search!.searchParams)).toMatchObject({ status: '1', orderName: '手机', orderTimeStatus: '2' });
    calls = [];
    await run(ordersLoader, '/user-center/uc-order?q=1234567890123456789&time=9', true);
    expect(Object.fromEntries(called('/p/myOrder/myOrderSearch')[0]!.searchParams)).toMatchObject({ orderNumber: '1234567890123456789', orderTimeStatus: '0' });
    expect(called('/p/myOrder/myOrder')).toEqual([]);
  });
});
